/*
 * law_turn.c — the turn: the players roll by turns, and the opening roll
 * is no double (FIBS rules: each player throws a single die, and the
 * higher moves first with both numbers, so a tie is thrown again).
 */
#include "law.h"

bool law_opening_double(const game_turns *turns, bool set_up, const bg_action *roll) {
  return turns->expected_roller < 0 && match_roll_has_dice(roll) &&
         roll->die1 == roll->die2 && !match_roll_marked_unknown(roll) && !set_up;
}

/* The roller expected decides most rolls at one test: a player is 0 or 1,
 * never the -1 of a game before its opening roll. */
law_turn_verdict law_turn(const game_turns *turns, bool set_up, const bg_action *roll) {
  if (roll->player == turns->expected_roller)
    return TURN_OK;
  if (turns->expected_roller < 0)
    return law_opening_double(turns, set_up, roll) ? TURN_OPENING_DOUBLE : TURN_OK;
  return TURN_NOT_YOURS;
}
