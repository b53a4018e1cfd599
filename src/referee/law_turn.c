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

law_turn_verdict law_turn(const game_turns *turns, bool set_up, const bg_action *roll) {
  if (turns->expected_roller < 0)
    return law_opening_double(turns, set_up, roll) ? TURN_OPENING_DOUBLE : TURN_OK;
  return roll->player == turns->expected_roller ? TURN_OK : TURN_NOT_YOURS;
}
