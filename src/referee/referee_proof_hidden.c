/*
 * referee_proof_hidden.c — whether a proved play's position is the only
 * one its reading allows: could another play that leaves the roller's
 * checkers where this one does hit a blot that this one passes over?
 * A combined hop ("13/8" with 32) may be walked in two orders; when one
 * order stops on a blot that no written move lands on, two readings leave
 * different positions, and the quick proof (referee_proof.c) hands the
 * play to the move generator.  A double's readings never differ so (see
 * referee_hidden_blot_on_the_way).  Apart from the proof because it
 * reasons on the notation's paths, not on the replay.
 */
#include "referee_int.h"

/* referee_hidden_blot_on_the_way for a play of one checker that uses
 * both dice of a non-double: it stops on its way only where the dice, in
 * some order, take it (the steps of any play that moves one checker from
 * `from` to `to` make one path between them), after either die. */
static bool blot_where_one_checker_may_land(const bg_action *roll,
                                            const uint8_t *theirs) {
  const bg_move *move = &roll->moves[0];
  const int dice[2] = {roll->die1, roll->die2};
  for (int i = 0; i < 2; i++) {
    int stop = move->from - dice[i];
    if (stop > move->to && board_sides_is_blot_of_opponent(theirs, stop))
      return true;
  }
  return false;
}

/* Can a checker of some play of a non-double stop on `point` on its way?
 * Its steps make paths of one die each from points that moves leave (a
 * written "from"): it stops only where one die takes it from such a
 * point. */
static bool may_stop_at(const bg_action *roll, int point) {
  for (int i = 0; i < roll->move_count; i++) {
    int gap = roll->moves[i].from - point;
    if (gap == roll->die1 || gap == roll->die2)
      return true;
  }
  return false;
}

/* Could another play that leaves the roller's checkers where this one does
 * hit a blot this one passes over?  Every step of any such play lands on a
 * point some written move spans or ends on (the number of steps spanning a
 * point follows from where the checkers leave and arrive, whatever the
 * route), so a blot strictly inside a written move, on no destination and
 * where a checker may stop is the only way two readings can differ.
 *
 * Never with a double: every step is one die d, so a checker stays on the
 * points of its start's class modulo d, and lands on each of them down to
 * where it stops (off below the 1 point).  The checkers that land on a
 * point p are then those that leave a point of p's class above p and
 * arrive at p or below: as many as the roller's checkers on those points
 * before the play, less those after it, whatever the route.  So every
 * reading that leaves the roller's checkers alike lands on the same
 * points, and hits the same blots. */
bool referee_hidden_blot_on_the_way(const bg_action *roll, const uint8_t *theirs) {
  if (roll->die1 == roll->die2)
    return false;
  if (roll->move_count == 1 && roll->moves[0].count == 1)
    return blot_where_one_checker_may_land(roll, theirs);
  uint32_t destinations = 0; /* a bit a point: no array to clear */
  for (int i = 0; i < roll->move_count; i++)
    destinations |= 1u << roll->moves[i].to;
  for (int i = 0; i < roll->move_count; i++)
    for (int point = roll->moves[i].to + 1; point < roll->moves[i].from; point++)
      if (!(destinations >> point & 1) &&
          board_sides_is_blot_of_opponent(theirs, point) && may_stop_at(roll, point))
        return true;
  return false;
}
