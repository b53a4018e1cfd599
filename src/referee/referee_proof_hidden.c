/*
 * referee_proof_hidden.c — whether a proved play's position is the only
 * one its reading allows: could another play that leaves the roller's
 * checkers where this one does hit a blot that this one passes over?
 * A combined hop ("13/8" with 32) or a double's moves may be walked in
 * several orders; when some order stops on a blot that no written move
 * lands on, two readings leave different positions, and the quick proof
 * (referee_proof.c) hands the play to the move generator.  Apart from the
 * proof because it reasons on the notation's paths, not on the replay.
 */
#include "referee_int.h"

/* referee_hidden_blot_on_the_way for a play of one checker that uses
 * every die of the roll: it stops on its way only where the dice, in
 * some order, take it (the steps of any play that moves one checker from
 * `from` to `to` make one path between them).  For a non-double, that is
 * after either die; a double's stops are the same in every order, so all
 * its readings hit alike. */
static bool blot_where_one_checker_may_land(const bg_action *roll,
                                            const uint8_t *theirs) {
  const bg_move *move = &roll->moves[0];
  if (roll->die1 == roll->die2)
    return false;
  const int dice[2] = {roll->die1, roll->die2};
  for (int i = 0; i < 2; i++) {
    int stop = move->from - dice[i];
    if (stop > move->to && board_sides_is_blot_of_opponent(theirs, stop))
      return true;
  }
  return false;
}

/* Can a double's checker that stops on `point` go on by steps of `die`
 * to a point that moves reach (a written "to"), its whole path from
 * `start` at most four steps?  Off, any step past point 1 will do. */
static bool double_goes_on_to_a_destination(const bg_action *roll, int start, int point,
                                            int die) {
  for (int i = 0; i < roll->move_count; i++) {
    int to = roll->moves[i].to;
    if (to == BG_OFF || (to < point && (point - to) % die == 0 && start - to <= 4 * die))
      return true;
  }
  return false;
}

/* Can a checker of some play stop on `point` on its way?  Its steps make
 * paths from points that moves leave (a written "from") of one die each:
 * it stops only where one die of a non-double, or up to three of a double,
 * takes it from such a point.  A double's paths, moreover, end where moves
 * reach (the steps of a play that leaves the same position make paths
 * from the points it empties to those it fills, or off), each of at most
 * four steps of the die: a stop from which no such path goes on is none
 * (of "15/13 12/8 3/1" with 22, the 12/8 passes the 11 point, where a
 * checker from the 15 stops after two 2s, but from where no destination
 * is within the two 2s left). */
static bool may_stop_at(const bg_action *roll, int point) {
  int die = roll->die1;
  bool double_roll = die == roll->die2;
  for (int i = 0; i < roll->move_count; i++) {
    int start = roll->moves[i].from, gap = start - point;
    if (double_roll ? gap > 0 && gap < 4 * die && gap % die == 0 &&
                          double_goes_on_to_a_destination(roll, start, point, die)
                    : gap == roll->die1 || gap == roll->die2)
      return true;
  }
  return false;
}

/* Could another play that leaves the roller's checkers where this one does
 * hit a blot this one passes over?  Every step of any such play lands on a
 * point some written move spans or ends on (the number of steps spanning a
 * point follows from where the checkers leave and arrive, whatever the
 * route), so a blot strictly inside a written move, on no destination and
 * where a checker may stop is the only way two readings can differ. */
bool referee_hidden_blot_on_the_way(const bg_action *roll, const uint8_t *theirs) {
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
