/*
 * match_resolve.c — the dialects' conventions resolved into the model once
 * a reader has filled a match (match_resolve), and the look-ups of a play
 * by its place in the record that the diagnostics and `show` ask for.
 */
#include <string.h>
#include <strings.h>

#include "match.h"

/* ---- conventions resolved ----------------------------------------------- */

/* The dialects' conventions, resolved into the model once a match is read
 * (match_resolve, match.h): the referee then judges, and writers print,
 * what happened rather than where a program put it.  Only the record's
 * structure is read here, never the rules: a convention that needs the
 * position is left to the referee. */

static bg_variation variation_named(const char *name) {
  static const struct {
    const char *prefix;
    bg_variation variation;
  } known[] = {
      {"Backgammon", VARIATION_BACKGAMMON},
      {"Nackgammon", VARIATION_NACKGAMMON},
      {"Longgammon", VARIATION_LONGGAMMON},
  };
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (strncasecmp(name, known[i].prefix, strlen(known[i].prefix)) == 0)
      return known[i].variation;
  return VARIATION_OTHER;
}

/* The last [Variation] tag decides (a record has one). */
static void resolve_variation(bg_match *match) {
  match->variation = VARIATION_BACKGAMMON;
  match->variation_tag = NULL;
  for (int i = 0; i < match->tag_count; i++)
    if (strcasecmp(match->tags[i].key, "Variation") == 0) {
      match->variation = variation_named(match->tags[i].value);
      match->variation_tag = &match->tags[i];
    }
}

/* Written by Backgammon Galaxy (its `[Site "BackgammonGalaxy"]` tag)? */
static bool is_from_galaxy(const bg_match *match) {
  const char *site = match_tag(match, "Site");
  return site && strcasecmp(site, "BackgammonGalaxy") == 0;
}

static int compare_pos(bg_srcpos a, bg_srcpos b) {
  if (a.line != b.line)
    return a.line < b.line ? -1 : 1;
  return (a.column > b.column) - (a.column < b.column);
}

/* The play action `index` of `game` is, or the next play after it comes
 * before: its number from 1, 0 when no play follows. */
static int play_from_action(const bg_game *game, int index) {
  int plays = 0;
  for (int i = 0; i < game->action_count; i++) {
    plays += match_action_is_play(&game->actions[i]);
    if (i >= index && match_action_is_play(&game->actions[i]))
      return plays;
  }
  return 0;
}

/* The action of `game` written last at or before `pos`, by place, not
 * by order (two lines written in each other's place are read in the
 * order of their numbers); -1 when none. */
static int action_at(const bg_game *game, bg_srcpos pos) {
  int best = -1;
  for (int i = 0; i < game->action_count; i++) {
    bg_srcpos at = game->actions[i].pos;
    if (compare_pos(at, pos) <= 0 &&
        (best < 0 || compare_pos(at, game->actions[best].pos) > 0))
      best = i;
  }
  return best;
}

int match_play_at(const bg_match *match, int game, bg_srcpos pos) {
  if (game < 1 || game > match->game_count)
    return 0;
  const bg_game *g = &match->games[game - 1];
  if (pos.line < 0) /* a place without lines: the play is its column */
    return pos.column > 0 && pos.column <= match_game_play_count(g) ? pos.column : 0;
  int index = action_at(g, pos);
  return index < 0 ? 0 : play_from_action(g, index);
}

/* The column of the first action written on `line` in `game`, 0 when
 * none is. */
static int first_column_on(const bg_game *game, int line) {
  int first = 0;
  for (int i = 0; i < game->action_count; i++) {
    const bg_srcpos *at = &game->actions[i].pos;
    if (at->line == line && (first == 0 || at->column < first))
      first = at->column;
  }
  return first;
}

bool match_play_on_line(const bg_match *match, int line, int column, int *game,
                        int *play) {
  for (int g = 0; g < match->game_count; g++) {
    int first = first_column_on(&match->games[g], line);
    if (first == 0)
      continue;
    bg_srcpos pos = {line, column > first ? column : first};
    *game = g + 1;
    *play = play_from_action(&match->games[g], action_at(&match->games[g], pos));
    return true;
  }
  return false;
}

const bg_action *match_game_result(const bg_game *game) {
  for (int i = game->action_count - 1; i >= 0; i--)
    if (game->actions[i].kind == ACT_WIN)
      return &game->actions[i];
  return NULL;
}

/* The writer's conventions the referee must know, as facts of the record
 * (match.h): Backgammon Galaxy caps its "Wins" lines at the match length,
 * and writes a one-off game as a "16 point match" holding one game, owed
 * nothing more once won. */
static void resolve_conventions(bg_match *match) {
  bool galaxy = is_from_galaxy(match);
  match->results_capped_at_length = galaxy;
  match->one_off_game = galaxy && match->length == 16 && match->game_count == 1 &&
                        match_game_result(&match->games[0]) != NULL;
}

/* The rolls after which the game was given up, once who acted is known
 * (each reader sets an action's column along with its player, so no pass
 * over every action copies one into the other here): the
 * roller resigned, its play possibly cut short; or, with no play written,
 * the opponent resigned once the roller had rolled (FIBS allows it, and
 * its clients write that roll with an empty play before the roller's
 * "Wins"): an empty cell there claims no dance.  With `resigners`, a
 * resignation is the loser's of the next "Wins" line: Backgammon Galaxy
 * writes one in either column, and that line names the winner.  One pass
 * from the end over the actions (they are many: a pass each cost more). */
static void resolve_actions(bg_game *game, bool resigners, bool endings_counted) {
  /* `winner`: the player a "Wins" line gives the game to right after the
   * action before the one looked at (no roll or double between), -1 when
   * none does; only a "Wins" line decides, not a resignation line between
   * them.  `next_win`: the player of the next "Wins" line, -1 none.
   * `unmet`: the "Wins" and resignation lines not met yet, where the
   * reader counted them: before the first of them, once the roll a
   * "Wins" line follows is met, no action has anything to resolve (a
   * valid game's pass is its last few actions, not all of them). */
  int winner = -1, next_win = -1;
  int unmet = endings_counted ? game->ending_actions : game->action_count;
  for (int i = game->action_count - 1; i >= 0 && (unmet > 0 || winner >= 0); i--) {
    bg_action *act = &game->actions[i];
    /* Most actions are rolls no "Wins" line follows: their resigns_after
     * stays false, as a new action has it (match_resolve runs once). */
    if (act->kind == ACT_ROLL && winner < 0)
      continue;
    if (act->kind == ACT_WIN) {
      unmet--;
      winner = next_win = act->player;
    } else if (act->kind == ACT_DOUBLE) {
      winner = -1;
    } else if (act->kind == ACT_RESIGN) {
      unmet--;
      if (resigners && next_win >= 0)
        act->player = 1 - next_win;
    } else if (act->kind == ACT_ROLL) {
      bool roller_gave_up = winner >= 0 && winner != act->player;
      bool opponent_gave_up = winner == act->player && act->move_count == 0;
      act->resigns_after = !act->cannot_move && (roller_gave_up || opponent_gave_up);
      winner = -1;
    }
  }
}

void match_resolve(bg_match *match) {
  resolve_variation(match);
  resolve_conventions(match);
  for (int g = 0; g < match->game_count; g++)
    resolve_actions(&match->games[g], true, match->endings_counted);
}

void match_resolve_named(bg_match *match) {
  match->actions_named = true;
  resolve_variation(match);
  resolve_conventions(match);
  for (int g = 0; g < match->game_count; g++)
    resolve_actions(&match->games[g], false, match->endings_counted);
}
