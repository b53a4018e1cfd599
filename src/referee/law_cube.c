/*
 * law_cube.c — the doubling cube: a double comes before the roll, by the
 * cube's owner or by either player while it is centred, to twice its
 * value, never in the Crawford game nor past a cube limit; the answer is
 * the opponent's; a beaver (the taker redoubles at once and keeps the
 * cube) and a raccoon (the doubler answers a beaver the same way) are a
 * money session's, where its rules allow them.
 */
#include "law.h"

int law_cube_doubled(int value) {
  return value < (1 << 20) ? 2 * value : value;
}

law_double_verdict law_double(const game_cube *cube, const game_turns *turns,
                              bool crawford_game, int cube_limit, const bg_action *act) {
  int player = act->player;
  if (cube->double_by >= 0 && !cube->beavered)
    return DOUBLE_WHILE_WAITING;
  if (turns->expected_roller < 0)
    return DOUBLE_BEFORE_OPENING;
  if (turns->expected_roller != player)
    return DOUBLE_AFTER_ROLLING;
  if (crawford_game)
    return DOUBLE_IN_CRAWFORD;
  if (cube->owner == 1 - player)
    return DOUBLE_NOT_OWNER;
  if (act->value != law_cube_doubled(cube->value))
    return DOUBLE_WRONG_VALUE;
  if (cube_limit > 0 && act->value > cube_limit)
    return DOUBLE_PAST_LIMIT;
  return DOUBLE_OK;
}

bool law_answers_double(const game_cube *cube, const bg_action *act) {
  return cube->double_by >= 0 && (cube->double_by != act->player || cube->beavered);
}

law_beaver_verdict law_beaver(const game_cube *cube, int length, const match_rules *rules,
                              const bg_action *act) {
  if (length > 0)
    return BEAVER_IN_MATCH;
  if (!rules->beavers)
    return BEAVER_NOT_ALLOWED;
  if (act->value != law_cube_doubled(cube->double_value))
    return BEAVER_WRONG_VALUE;
  return BEAVER_OK;
}
