/*
 * stats.c — the counts of stats.h, taken from the replay's events (the
 * referee has resolved what each game was worth and how it was won) and
 * from the diagnostics the sink holds.
 */
#include "stats.h"

#include <string.h>

#include "board.h"
#include "replay.h"
#include "rules.h"

void stats_init(bg_stats *stats) {
  memset(stats, 0, sizeof *stats);
}

static void count_action(bg_stats *stats, const bg_replay_event *event, bool *followed,
                         long *pips) {
  const bg_action *action = event->action;
  switch (action->kind) {
  case ACT_DOUBLE:
    stats->doubles++;
    break;
  case ACT_TAKE:
    stats->takes++;
    break;
  case ACT_DROP:
    stats->drops++;
    break;
  case ACT_BEAVER:
    stats->beavers++;
    break;
  case ACT_ROLL:
    if (!match_action_is_play(action))
      break;
    stats->plays++;
    /* The pips a play moved: the mover's pip count before less after
     * (a hit does not change the mover's own count). */
    if (event->before_known && event->after_known)
      *pips += board_pip_count(event->before, action->player) -
               board_pip_count(event->after, action->player);
    else
      *followed = false;
    break;
  default:
    break;
  }
}

static void count_result(bg_stats *stats, const bg_game_result *result) {
  if (result->by == BG_BY_GAMMON)
    stats->gammons++;
  else if (result->by == BG_BY_BACKGAMMON)
    stats->backgammons++;
  else if (result->by == BG_BY_RESIGN)
    stats->resignations++;
}

void stats_add_event(bg_stats *stats, const bg_match *match,
                     const bg_replay_event *event) {
  switch (event->kind) {
  case BG_REPLAY_GAME_START:
    stats->games++;
    stats->crawford_games += match->length > 0 && event->cube.crawford;
    stats->game_followed = true;
    stats->game_pips = 0;
    break;
  case BG_REPLAY_ACTION:
    count_action(stats, event, &stats->game_followed, &stats->game_pips);
    break;
  case BG_REPLAY_GAME_END:
    count_result(stats, &event->result);
    if (stats->game_followed) {
      stats->pips += stats->game_pips;
      stats->pip_games++;
    }
    break;
  case BG_REPLAY_MATCH_END:
    stats->matches++;
    break;
  }
}

void stats_add_match(bg_stats *stats, const bg_match *match,
                     const bg_replay_options *options, bg_diag_sink *sink) {
  bg_replay *replay = bg_replay_new(match, options, sink);
  const bg_replay_event *event;
  while ((event = bg_replay_next(replay)) != NULL)
    stats_add_event(stats, match, event);
  bg_replay_free(replay);
}

static bg_stats_rule *rule_entry(bg_stats *stats, const char *rule) {
  for (int i = 0; i < stats->rule_count; i++)
    if (strcmp(stats->rules[i].rule, rule) == 0)
      return &stats->rules[i];
  if (stats->rule_count == STATS_MAX_RULES)
    return NULL;
  bg_stats_rule *entry = &stats->rules[stats->rule_count++];
  *entry = (bg_stats_rule){.rule = rule};
  return entry;
}

/* The slug of a rule as a static string, the registry's (rules.def): the
 * sink's copy goes with it; a slug the registry lacks counts as "other". */
static const char *static_slug(const char *rule) {
  const bg_rule_entry *entry = rules_find(rule);
  return entry ? entry->slug : "other";
}

void stats_take_diagnostics(bg_stats *stats, bg_diag_sink *sink) {
  for (size_t i = 0; i < diag_sink_held_count(sink); i++) {
    const bg_diag *diag = &diag_sink_held(sink)[i];
    if (diag->severity == DIAG_NOTE)
      continue;
    bg_stats_rule *entry = rule_entry(stats, static_slug(diag->rule ? diag->rule : ""));
    bool error = diag->severity == DIAG_ERROR;
    stats->errors += error;
    stats->warnings += !error;
    if (entry) {
      entry->errors += error;
      entry->warnings += !error;
    }
  }
  diag_sink_reset(sink);
}

void stats_merge(bg_stats *total, const bg_stats *part) {
  total->matches += part->matches;
  total->games += part->games;
  total->plays += part->plays;
  total->doubles += part->doubles;
  total->takes += part->takes;
  total->drops += part->drops;
  total->beavers += part->beavers;
  total->gammons += part->gammons;
  total->backgammons += part->backgammons;
  total->resignations += part->resignations;
  total->crawford_games += part->crawford_games;
  total->pips += part->pips;
  total->pip_games += part->pip_games;
  total->errors += part->errors;
  total->warnings += part->warnings;
  for (int i = 0; i < part->rule_count; i++) {
    bg_stats_rule *entry = rule_entry(total, part->rules[i].rule);
    if (entry) {
      entry->errors += part->rules[i].errors;
      entry->warnings += part->rules[i].warnings;
    }
  }
}

double stats_pips_per_game(const bg_stats *stats) {
  return stats->pip_games > 0 ? (double)stats->pips / (double)stats->pip_games : 0.0;
}
