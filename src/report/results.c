/*
 * results.c — a match's results row (results.h) from the replay's events:
 * the score and winner as the referee resolved them, and the fingerprint
 * of the plays, cube actions and results.  The fingerprint reads the
 * positions the plays leave, never the moves as written, so that a play
 * written "24/18/13" in a .mat and as two steps in an SGF are one play.
 */
#include "results.h"

#include <string.h>

#include "board.h"

/* One 64-bit value folded into the fingerprint (splitmix64's finaliser
 * over the running sum: the order of what is folded counts). */
static void fold(uint64_t *fingerprint, uint64_t value) {
  uint64_t z = *fingerprint + 0x9e3779b97f4a7c15u + value;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  *fingerprint = z ^ (z >> 31);
}

/* The pips the written moves of a play cover: the same for a hop
 * ("24/13") and its steps ("24/18 18/13"), as one notation or another
 * writes it. */
static uint64_t written_pips(const bg_action *action) {
  long pips = 0;
  for (int i = 0; i < action->move_count; i++)
    pips += (long)(action->moves[i].from - action->moves[i].to) * action->moves[i].count;
  return (uint64_t)pips;
}

/* A roll: who rolled, the dice in either order, and where the play left
 * the checkers (0 when the play could not be followed).  A play that is
 * not legal adds what was written: after it the referee follows a legal
 * play, which a copy with the play put right would give too. */
static uint64_t roll_value(const bg_replay_event *event) {
  const bg_action *action = event->action;
  int low = action->die1 < action->die2 ? action->die1 : action->die2;
  int high = action->die1 < action->die2 ? action->die2 : action->die1;
  uint64_t where = event->after_known ? board_hash(event->after) : 0;
  if (!event->play_legal)
    where ^= (written_pips(action) + 1) << 48;
  return where ^ ((uint64_t)event->player << 8 | (uint64_t)low << 4 | (uint64_t)high);
}

/* What an action adds to the fingerprint; false for what it leaves out:
 * a roll with no dice (the player resigned instead; not every notation
 * writes it), resignations and "Wins" lines (the game's result stands for
 * them), positions set up. */
static bool action_value(const bg_replay_event *event, uint64_t *value) {
  const bg_action *action = event->action;
  switch (action->kind) {
  case ACT_ROLL:
    if (!match_roll_has_dice(action))
      return false;
    *value = roll_value(event);
    return true;
  case ACT_DOUBLE:
  case ACT_TAKE:
  case ACT_DROP:
  case ACT_BEAVER:
    *value = (uint64_t)action->kind << 4 | (uint64_t)event->player;
    return true;
  default:
    return false;
  }
}

/* A game's result: its winner and its worth as the referee counts it.
 * Not the points a "Wins" line writes: programs write them differently
 * for one game (capped at the length or not), and SGF writes none. */
static uint64_t result_value(const bg_game_result *result) {
  return (uint64_t)(result->winner + 1) << 32 | (uint32_t)(result->points + 1);
}

static int capped(int score, int length) {
  return length > 0 && score > length ? length : score;
}

static void take_event(bg_results_row *row, const bg_replay_event *event,
                       bool *any_play) {
  uint64_t value;
  switch (event->kind) {
  case BG_REPLAY_GAME_START:
    row->games++;
    fold(&row->fingerprint, 0x67616d65u); /* "game" */
    break;
  case BG_REPLAY_ACTION:
    if (action_value(event, &value)) {
      fold(&row->fingerprint, value);
      *any_play = *any_play || event->action->kind == ACT_ROLL;
    }
    break;
  case BG_REPLAY_GAME_END:
    fold(&row->fingerprint, result_value(&event->result));
    break;
  case BG_REPLAY_MATCH_END:
    for (int side = 0; side < 2; side++)
      row->score[side] = capped(event->score[side], row->length);
    row->winner = event->match_winner;
    break;
  }
}

void results_of_match(const bg_match *match, const bg_replay_options *options,
                      bg_diag_sink *sink, bg_results_row *row) {
  memset(row, 0, sizeof *row);
  row->length = match->length_unknown ? -1 : match->length;
  row->winner = -1;
  bool any_play = false;
  bg_replay *replay = bg_replay_new(match, options, sink);
  const bg_replay_event *event;
  while ((event = bg_replay_next(replay)) != NULL)
    take_event(row, event, &any_play);
  bg_replay_free(replay);
  if (!any_play)
    row->fingerprint = 0;
}
