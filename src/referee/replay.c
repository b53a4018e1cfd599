/*
 * replay.c — the walk of replay.h: drives the referee (referee.c) one
 * action at a time and turns what it keeps into events.  The referee does
 * the judging and reports into the sink; this file only watches its state
 * before and after each step.
 */
#include "replay.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "referee_int.h"

typedef enum {
  AT_GAME_START,
  AT_ACTION,
  AT_GAME_END,
  AT_MATCH_END,
  AT_DONE
} replay_phase;

void bg_replay_options_init(bg_replay_options *options) {
  options->crawford = RULE_UNSET;
  options->jacoby = RULE_UNSET;
  options->beavers = RULE_UNSET;
}

struct bg_replay {
  referee ref;
  game_state state;
  bg_replay_event event;
  replay_phase phase;
  int game_index;
  int action_index;
  size_t diag_first; /* the sink's first diagnostic of the event */
  /* The position before an action: the referee plays on its own, which
   * the event's `after` points at. */
  bg_board before;
  /* The referee follows every legal play of a roll whose play is unknown
   * (????, or unreadable) until the plays after it leave one position: the
   * first of them is no position to show or to count pips from. */
  bool guessing;
};

/* The block of the thread's last freed replay, kept for its next match:
 * a stream of matches is checked one by one, and a fresh block each match
 * cost a malloc of ~100 KB and the first touch of its pages. */
static _Thread_local bg_replay *kept_replay;

bg_replay *bg_replay_new(const bg_match *match, const bg_replay_options *options,
                         bg_diag_sink *sink) {
  /* Not calloc: the referee and the game state clear what they use
   * (referee_begin_match, referee_begin_game), and most of this is room for
   * positions that a short match never touches. */
  bg_replay *replay = kept_replay ? kept_replay : bg_malloc(sizeof *replay);
  kept_replay = NULL;
  referee_begin_match(&replay->ref, match, options, sink);
  replay->game_index = 0;
  replay->action_index = 0;
  replay->phase = match->game_count > 0 ? AT_GAME_START : AT_MATCH_END;
  /* no event yet: a lossy warning said before the walk (a writer's, at
   * the start) has no event's diagnostics to point at again */
  replay->event.diags = NULL;
  replay->event.diag_count = 0;
  return replay;
}

void bg_replay_free(bg_replay *replay) {
  if (!replay)
    return;
  if (replay->phase != AT_DONE)
    referee_play_checker_free(&replay->ref.plays);
  if (kept_replay)
    free(replay);
  else
    kept_replay = replay;
}

void bg_replay_pool_release(void) {
  free(kept_replay);
  kept_replay = NULL;
}

static bg_cube_state cube_now(const game_state *state) {
  return (bg_cube_state){.value = state->cube.value,
                         .owner = state->cube.owner,
                         .crawford = state->crawford_game};
}

/* Whether the referee follows a position (the likeliest of those the
 * record allows, its boards[0]). */
static bool position_known(const game_state *state) {
  return state->positions.count > 0;
}

/* A fresh event of `kind`, the diagnostics counted from here.  Field by
 * field, not a memset: this runs for every action `check` reads, and the
 * two boards are read only when their flags say they are known. */
static bg_replay_event *begin_event(bg_replay *replay, bg_replay_kind kind) {
  bg_replay_event *event = &replay->event;
  const bg_match *match = replay->ref.match;
  event->kind = kind;
  event->action = NULL;
  event->action_index = 0;
  event->player = -1;
  event->ends_match = false;
  event->cube = (bg_cube_state){0};
  event->before_known = event->after_known = false;
  event->before = event->after = &replay->state.positions.boards[0];
  event->readings = 0;
  event->result = (bg_game_result){.winner = -1, .points = -1, .credited = -1};
  event->game_index = replay->game_index;
  event->game =
      replay->game_index < match->game_count ? &match->games[replay->game_index] : NULL;
  event->score[0] = replay->ref.tally.score[0];
  event->score[1] = replay->ref.tally.score[1];
  event->errors = diag_sink_errors(replay->ref.sink);
  event->warnings = diag_sink_warnings(replay->ref.sink);
  event->match_winner = -1;
  replay->diag_first = diag_sink_held_count(replay->ref.sink);
  return event;
}

/* begin_event for an action, most of the events a walk makes.  It follows
 * its game's start or the game's action before it, whose event left the
 * game, its index, `after`, the result and the match's winner as
 * begin_event sets them; the fields action() sets are set once, there. */
static bg_replay_event *begin_action_event(bg_replay *replay) {
  bg_replay_event *event = &replay->event;
  event->kind = BG_REPLAY_ACTION;
  event->ends_match = false;
  event->before = &replay->state.positions.boards[0];
  event->score[0] = replay->ref.tally.score[0];
  event->score[1] = replay->ref.tally.score[1];
  event->errors = diag_sink_errors(replay->ref.sink);
  event->warnings = diag_sink_warnings(replay->ref.sink);
  replay->diag_first = diag_sink_held_count(replay->ref.sink);
  return event;
}

static const bg_replay_event *end_event(bg_replay *replay) {
  bg_replay_event *event = &replay->event;
  event->errors = diag_sink_errors(replay->ref.sink) - event->errors;
  event->warnings = diag_sink_warnings(replay->ref.sink) - event->warnings;
  /* The sink holds what it was given until diag_flush, which nothing
   * calls during a walk. */
  const bg_diag_sink *sink = replay->ref.sink;
  size_t first = replay->diag_first <= diag_sink_held_count(sink)
                     ? replay->diag_first
                     : diag_sink_held_count(sink);
  event->diags = diag_sink_held(sink) ? diag_sink_held(sink) + first : NULL;
  event->diag_count = diag_sink_held_count(sink) - first;
  return event;
}

static const bg_replay_event *game_start(bg_replay *replay) {
  const bg_game *game = &replay->ref.match->games[replay->game_index];
  /* The score line is checked first: the event's score is the referee's
   * reading of it. */
  long errors = diag_sink_errors(replay->ref.sink),
       warnings = diag_sink_warnings(replay->ref.sink);
  size_t diag_first = diag_sink_held_count(replay->ref.sink);
  referee_begin_game(&replay->ref, &replay->state, game, replay->game_index == 0);
  replay->guessing = false;
  bg_replay_event *event = begin_event(replay, BG_REPLAY_GAME_START);
  event->errors = errors;
  event->warnings = warnings;
  replay->diag_first = diag_first;
  event->cube = cube_now(&replay->state);
  event->before_known = position_known(&replay->state);
  replay->action_index = 0;
  replay->phase = game->action_count > 0 ? AT_ACTION : AT_GAME_END;
  return end_event(replay);
}

static const bg_replay_event *action(bg_replay *replay) {
  const bg_game *game = &replay->ref.match->games[replay->game_index];
  int index = replay->action_index;
  bg_replay_event *event = begin_action_event(replay);
  event->action = &game->actions[index];
  event->action_index = index;
  event->cube = cube_now(&replay->state);
  /* copied long after the last play's stores: a wide load of them waits
   * for nothing */
  event->before_known = position_known(&replay->state) && !replay->guessing;
  if (event->before_known) {
    board_copy(&replay->before, &replay->state.positions.boards[0]);
    event->before = &replay->before;
  }
  replay->ref.plays.last_play_legal = false;
  referee_act(&replay->ref, &replay->state, game, index);
  const bg_action *act = event->action;
  if (act->kind == ACT_ROLL && match_roll_play_unknown(act))
    replay->guessing = true;
  if (replay->state.positions.count <= 1)
    replay->guessing = false;
  event->player = act->player;
  if (act->kind == ACT_WIN && replay->state.result.action == act) {
    const game_state *state = &replay->state;
    int length = replay->ref.match->length;
    event->player = state->result.credited_winner;
    event->ends_match =
        length > 0 &&
        replay->ref.tally.score[state->result.winner] + state->result.points >= length;
  }
  event->play_legal = replay->ref.plays.last_play_legal;
  event->after_known = position_known(&replay->state) && !replay->guessing;
  event->readings = replay->state.positions.count;
  if (++replay->action_index == game->action_count)
    replay->phase = AT_GAME_END;
  return end_event(replay);
}

static const bg_replay_event *game_end(bg_replay *replay) {
  const bg_game *game = &replay->ref.match->games[replay->game_index];
  bg_replay_event *event = begin_event(replay, BG_REPLAY_GAME_END);
  event->cube = cube_now(&replay->state);
  /* a copy: the game's end is the referee's to change */
  event->before_known = position_known(&replay->state);
  if (event->before_known) {
    board_copy(&replay->before, &replay->state.positions.boards[0]);
    event->before = &replay->before;
  }
  referee_end_game(&replay->ref, &replay->state, game, &event->result);
  replay->game_index++;
  replay->phase =
      replay->game_index < replay->ref.match->game_count ? AT_GAME_START : AT_MATCH_END;
  return end_event(replay);
}

static int play_of_diag(const bg_diag *diag, const void *data) {
  bg_srcpos pos = {diag->line, diag->column};
  return match_play_at(data, diag->game, pos);
}

/* The match is said: each diagnostic names the play whose position it is
 * about, in every notation alike. */
static void end_match(bg_replay *replay) {
  referee_end_match(&replay->ref);
  diag_sink_number_plays(replay->ref.sink, play_of_diag, replay->ref.match);
}

static const bg_replay_event *match_end(bg_replay *replay) {
  bg_replay_event *event = begin_event(replay, BG_REPLAY_MATCH_END);
  end_match(replay);
  event->score[0] = replay->ref.tally.score[0];
  event->score[1] = replay->ref.tally.score[1];
  event->match_winner = replay->ref.tally.match_won_by;
  replay->phase = AT_DONE;
  return end_event(replay);
}

const bg_replay_event *bg_replay_next(bg_replay *replay) {
  switch (replay->phase) {
  case AT_GAME_START:
    return game_start(replay);
  case AT_ACTION:
    return action(replay);
  case AT_GAME_END:
    return game_end(replay);
  case AT_MATCH_END:
    return match_end(replay);
  case AT_DONE:
    break;
  }
  return NULL;
}

/* The same walk as bg_replay_next's, in the same order, without its events:
 * check reads none (the referee reports into the sink), and making them
 * (two boards copied per action) was a tenth of its time. */
void bg_replay_run(bg_replay *replay) {
  const bg_match *match = replay->ref.match;
  if (replay->phase != AT_GAME_START && replay->phase != AT_MATCH_END)
    return; /* walked already, or being walked by events */
  for (int g = 0; g < match->game_count; g++) {
    const bg_game *game = &match->games[g];
    replay->game_index = g;
    referee_begin_game(&replay->ref, &replay->state, game, g == 0);
    /* the count read once: the referee's stores might be the game's */
    for (int i = 0, count = game->action_count; i < count; i++)
      referee_act(&replay->ref, &replay->state, game, i);
    bg_game_result result = {.winner = -1, .points = -1, .credited = -1};
    referee_end_game(&replay->ref, &replay->state, game, &result);
  }
  replay->game_index = match->game_count;
  end_match(replay);
  replay->phase = AT_DONE;
}

/* check is the replay's first consumer: the walk reports as it goes. */
void bg_replay_check(const bg_match *match, const bg_replay_options *options,
                     bg_diag_sink *sink) {
  bg_replay *replay = bg_replay_new(match, options, sink);
  bg_replay_run(replay); /* the referee reports into the sink as it walks */
  bg_replay_free(replay);
}

/* ---- the state of the match, as a Match ID gives it ------------------ */

void bg_replay_match_state(const bg_match *match, const bg_replay_options *options,
                           const bg_replay_event *event, posid_match *state) {
  const bg_action *roll = event->action;
  posid_match_init(state, roll->player, match->length, event->score[0], event->score[1]);
  state->dice[0] = roll->die1;
  state->dice[1] = roll->die2;
  state->cube = event->cube.value;
  state->cube_owner = event->cube.owner;
  state->crawford = match->length > 0 && event->cube.crawford;
  if (match->length == 0) {
    state->jacoby = law_option_setting(LAW_JACOBY, options->jacoby, match->jacoby).on;
    state->beavers = law_option_setting(LAW_BEAVERS, options->beavers, match->beavers).on;
  }
  state->max_cube = match->cube_limit;
}

/* ---- the play as steps ------------------------------------------------ */

/* Whether `event` is a roll whose both positions are known. */
static bool roll_positions_known(const bg_replay_event *event) {
  return event->kind == BG_REPLAY_ACTION && event->action->kind == ACT_ROLL &&
         event->before_known && event->after_known;
}

/* The positions before and after a roll's play, from the roller's side,
 * when `event` is a roll whose both positions are known. */
static bool roll_positions(const bg_replay_event *event, bg_board *before,
                           bg_board *after) {
  const bg_action *roll = event->action;
  if (!roll_positions_known(event))
    return false;
  board_seen_by(event->before, roll->player, before);
  board_seen_by(event->after, roll->player, after);
  return true;
}

bool bg_replay_steps_as_written(const bg_replay_event *event, bg_play *play) {
  const bg_action *roll = event->action;
  bg_board before, after;
  /* The position before is seen straight into the play's result, where
   * the steps are made: a copy there read back, at other offsets, the
   * bytes just stored, and waited for them. */
  if (!roll_positions(event, &play->result, &after))
    return false;
  /* Nearly every play is the search's first path: followed without the
   * search's stack, frames and copies.  A dead end is left to the search,
   * which steps back. */
  if (referee_search_first_path(roll, play))
    return board_equal(&play->result, &after);
  board_seen_by(event->before, roll->player, &before);
  move_search search;
  if (!referee_search_init_as_written(&search, roll) ||
      !referee_search_run(&search, roll, &before) ||
      !board_equal(&search.final_board, &after))
    return false;
  memcpy(play->steps, search.steps, sizeof play->steps);
  play->step_count = search.step_count;
  play->result = after;
  return true;
}

/* roll_positions' views, where the left player's are the event's own
 * positions (side 0 of the absolute position is theirs): the search reads a
 * view 16 bytes at a time, which waits for a view just made (its two
 * blocks overlap: no block read is one block stored). */
static bool roll_views(const bg_replay_event *event, bg_board room[2],
                       const bg_board **before, const bg_board **after) {
  if (board_side_of(event->action->player) != 0) {
    *before = &room[0];
    *after = &room[1];
    return roll_positions(event, &room[0], &room[1]);
  }
  *before = event->before;
  *after = event->after;
  return roll_positions_known(event);
}

bool bg_replay_play(const bg_replay_event *event, bg_play *play) {
  const bg_action *roll = event->action;
  bg_board room[2];
  const bg_board *before, *after;
  if (!roll_views(event, room, &before, &after) || !match_roll_has_dice(roll))
    return false;
  /* The referee proved `after` the result of a legal play: its steps are
   * found without generating the roll's other plays. */
  if (event->play_legal)
    return movegen_play_to(before, roll->die1, roll->die2, after, play);
  bg_playlist legal;
  movegen_playlist_init(&legal);
  movegen_legal_plays(before, roll->die1, roll->die2, &legal);
  bool found = false;
  for (int i = 0; i < legal.count && !found; i++)
    if (board_equal(&legal.plays[i].result, after)) {
      *play = legal.plays[i];
      found = true;
    }
  movegen_playlist_free(&legal);
  return found;
}

void bg_replay_say_lossy(bg_replay *replay, bg_srcpos pos, const char *fmt, ...) {
  char message[512];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof message, fmt, args);
  va_end(args);
  /* The event's diagnostics live in the sink, which this warning may move:
   * the event points at them again after it. */
  bg_replay_event *event = &replay->event;
  bg_diag_sink *sink = replay->ref.sink;
  size_t first = event->diags ? (size_t)(event->diags - diag_sink_held(sink)) : 0;
  diag_emitf(sink, replay->ref.match->file, pos.line, pos.column, DIAG_WARNING,
             RULE_SLUG(LOSSY), "%s", message);
  if (event->diags)
    event->diags = diag_sink_held(sink) + first;
}

void bg_replay_say_crawford_unmarked(bg_replay *replay, const bg_replay_event *event,
                                     const char *message) {
  /* a game has one mark; said after the loop, since saying it adds to the
   * sink that holds the event's diagnostics */
  bg_srcpos mark = {0, 0};
  bool found = false;
  for (size_t i = 0; i < event->diag_count && !found; i++) {
    const bg_diag *diag = &event->diags[i];
    if (diag->severity == DIAG_ERROR && diag->rule &&
        strcmp(diag->rule, RULE_SLUG(CRAWFORD)) == 0)
      found = true, mark = (bg_srcpos){diag->line, diag->column};
  }
  if (found)
    bg_replay_say_lossy(replay, mark, "%s", message);
}

/* Does the model keep the text of the line `line`, as an action's own
 * (match_keep_text) or, when the writer writes them, as an unread line,
 * so that the writer writes it again? */
static bool keeps_line(const bg_match *match, int line, bool unread_lines) {
  for (int i = 0; unread_lines && i < match->unread_count; i++)
    if (match->unread_lines[i].pos.line == line)
      return true;
  for (int g = 0; g < match->game_count; g++)
    for (int i = 0; i < match->games[g].action_count; i++) {
      const bg_action *act = &match->games[g].actions[i];
      if (act->written && act->pos.line == line)
        return true;
    }
  return false;
}

void bg_replay_say_unkept_syntax(bg_replay *replay, bool unread_lines) {
  const bg_match *match = replay->ref.match;
  bg_diag_sink *sink = replay->ref.sink;
  size_t count = diag_sink_held_count(sink);
  bg_srcpos *lost = count ? bg_malloc(count * sizeof *lost) : NULL;
  size_t lost_count = 0;
  const bg_diag *held = diag_sink_held(sink);
  for (size_t i = 0; i < count; i++)
    if (held[i].severity == DIAG_ERROR && held[i].rule &&
        strcmp(held[i].rule, RULE_SLUG(SYNTAX)) == 0 &&
        !keeps_line(match, held[i].line, unread_lines))
      lost[lost_count++] = (bg_srcpos){held[i].line, held[i].column};
  /* said once the held diagnostics are read: saying adds to them */
  for (size_t i = 0; i < lost_count; i++)
    bg_replay_say_lossy(replay, lost[i],
                        "what the reader could not read here is not written: this "
                        "syntax error cannot come back from the output");
  free(lost);
}
