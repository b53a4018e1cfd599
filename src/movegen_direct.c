/*
 * movegen_direct.c — the commonest plays of movegen_play_to, found from
 * the points whose counts a play changed instead of by the target search
 * (movegen.c): the same steps in the same order as the search's first way
 * there, or nothing, and the search decides.
 */
#include "movegen_int.h"

/* Plays `count` steps of `path`, each legal on its own, on a copy of
 * `board` in `out`; true when they lead to `target`.  Every step here
 * lands on a point (bear-offs: bear_offs_lead_to) `die` pips below where
 * it starts, so the inline test of board.h decides it, and the copy
 * stepped on is the answer's own, not one more. */
static bool path_leads_to(const bg_board *board, const bg_step *path, int count,
                          const bg_board *target, bg_play *out) {
  bg_board *at = &out->result;
  board_copy(at, board);
  for (int i = 0; i < count; i++) {
    int from = path[i].from, to = path[i].to;
    if (!board_step_lands(at, from, to))
      return false;
    out->steps[i] = path[i];
    out->steps[i].hit = board_apply_step_onto_point(at, from, to);
  }
  out->step_count = count;
  return board_equal(at, target);
}

/* path_leads_to for steps that each bear a checker off, which
 * board_step_target decides (the rule of the highest point); kept apart
 * so that the commonest plays' loop tests no bear-off. */
static bool bear_offs_lead_to(const bg_board *board, const bg_step *path, int count,
                              const bg_board *target, bg_play *out) {
  bg_board *at = &out->result;
  board_copy(at, board);
  for (int i = 0; i < count; i++) {
    if (board_step_target(at, path[i].from, path[i].die) != BG_OFF)
      return false;
    out->steps[i] = path[i];
    at->checkers[0][path[i].from]--;
    at->checkers[0][BG_OFF]++;
  }
  out->step_count = count;
  return board_equal(at, target);
}

/* A double's steps are where its checkers flow: across each gap of `die`
 * pips as many checkers as the points at and above it, in the same
 * residue, lose; so a play has one multiset of steps, and the search finds
 * it in the order of non-increasing starting points.  Not for bear-offs
 * (a larger die may bear a checker off).  Only the points whose counts
 * changed, and those a flow reaches, can carry one: they are taken from
 * the highest down, where the loop over every point was a fortieth of
 * `convert --to mat`. */
static bool double_by_flow(const bg_board *board, int die, uint32_t changed,
                           const bg_board *target, bg_play *out) {
  bg_step path[BG_MAX_DICE_STEPS] = {{0}}; /* zeroed: cppcheck sees no `count` set */
  int count = 0;
  /* flow[p + die] for p up to the bar; bytes, since no more checkers flow
   * than the dice move: two stores zero them, where ints would need a
   * string store, slow to start, on this path of every double written */
  int8_t flow[BG_SLOTS + 6] = {0};
  uint32_t pending = changed & ~(1u << BG_OFF);
  while (pending) {
    int point = 31 - __builtin_clz(pending);
    pending &= ~(1u << point);
    int lost = board->checkers[0][point] - target->checkers[0][point];
    int flowing = lost + flow[point + die];
    if (flowing < 0 || flowing > BG_MAX_DICE_STEPS || (flowing > 0 && point - die < 1))
      return false;
    flow[point] = (int8_t)flowing;
    if (flow[point] > 0)
      pending |= 1u << (point - die);
    for (int k = 0; k < flow[point]; k++) {
      if (count == BG_MAX_DICE_STEPS)
        return false;
      path[count++] = (bg_step){
          .from = (int8_t)point, .to = (int8_t)(point - die), .die = (int8_t)die};
    }
  }
  return count > 0 && path_leads_to(board, path, count, target, out);
}

/* One checker from `from` to `to` by both dice, as the search's first way
 * there.  In each order of the dice (the higher first), the search tries
 * starting points from the highest down: the mover's own two steps first,
 * then the relay where a checker already standing where the mover would
 * stop plays the first die to `to` and the mover takes its place. */
static bool one_checker_by_both(const bg_board *board, int from, int to, int higher,
                                int lower, const bg_board *target, bg_play *out) {
  const int orders[2][2] = {{higher, lower}, {lower, higher}};
  for (int order = 0; order < 2; order++) {
    int first = orders[order][0], second = orders[order][1];
    int own_stop = from - first, relay_stop = from - second;
    bg_step path[2] = {
        {.from = (int8_t)from, .to = (int8_t)own_stop, .die = (int8_t)first},
        {.from = (int8_t)own_stop, .to = (int8_t)to, .die = (int8_t)second}};
    if (path_leads_to(board, path, 2, target, out))
      return true;
    if (!board->checkers[0][relay_stop])
      continue;
    path[0] =
        (bg_step){.from = (int8_t)relay_stop, .to = (int8_t)to, .die = (int8_t)first};
    path[1] =
        (bg_step){.from = (int8_t)from, .to = (int8_t)relay_stop, .die = (int8_t)second};
    if (path_leads_to(board, path, 2, target, out))
      return true;
  }
  return false;
}

/* Two checkers one die each: the search's first way there plays the
 * higher die first where that order is legal (entering from the bar may
 * force the other), and no other pair of steps leaves them so. */
static bool two_checkers_one_die_each(const bg_board *board, const int *from,
                                      const int *to, int higher, int lower,
                                      const bg_board *target, bg_play *out) {
  for (int swap = 0; swap < 2; swap++) {
    int high_from = from[0], high_to = to[swap], low_from = from[1],
        low_to = to[1 - swap];
    if (high_from - high_to != higher || low_from - low_to != lower) {
      high_from = from[1], high_to = to[1 - swap], low_from = from[0], low_to = to[swap];
      if (high_from - high_to != higher || low_from - low_to != lower)
        continue;
    }
    bg_step high = {
        .from = (int8_t)high_from, .to = (int8_t)high_to, .die = (int8_t)higher};
    bg_step low = {.from = (int8_t)low_from, .to = (int8_t)low_to, .die = (int8_t)lower};
    bg_step path[2] = {high, low};
    if (path_leads_to(board, path, 2, target, out))
      return true;
    path[0] = low; /* the other order, made only where it is tried */
    path[1] = high;
    return path_leads_to(board, path, 2, target, out);
  }
  return false;
}

/* Two checkers borne off (`from`, the higher first), one die each: both
 * steps of any play there bear one off, so its ways are the dice on the
 * checkers in either order, and the search tries the higher die first,
 * each die from the higher point first. */
static bool two_borne_off(const bg_board *board, const int *from, int higher, int lower,
                          const bg_board *target, bg_play *out) {
  const int orders[2][2] = {{higher, lower}, {lower, higher}};
  for (int order = 0; order < 2; order++)
    for (int first = 0; first < 2; first++) {
      bg_step path[2] = {
          {.from = (int8_t)from[first], .to = BG_OFF, .die = (int8_t)orders[order][0]},
          {.from = (int8_t)from[1 - first],
           .to = BG_OFF,
           .die = (int8_t)orders[order][1]}};
      if (bear_offs_lead_to(board, path, 2, target, out))
        return true;
    }
  return false;
}

/* The highest two points of `points` in two[0] and two[1] (left as they
 * are where fewer); how many it has, 3 for more than two. */
static int highest_two(uint32_t points, int *two) {
  for (int count = 0; count < 2; count++) {
    if (!points)
      return count;
    two[count] = 31 - __builtin_clz(points);
    points ^= 1u << two[count];
  }
  return points ? 3 : 2;
}

/* The points checkers left (`from`) and landed on (`to`), each from the
 * highest, a point once a checker, at most two of each: false when more
 * checkers moved than two dice move.  Where every point changed by one
 * checker (nearly every play) they are told from bits, with no loop. */
static bool moved_checkers(const bg_board *board, uint32_t changed,
                           const bg_board *target, int *from, int *to, int *sources,
                           int *landings) {
  uint32_t lost, gained;
  if (movegen_points_moved_one(board->checkers[0], target->checkers[0], changed, &lost,
                               &gained)) {
    *sources = highest_two(lost, from);
    *landings = highest_two(gained, to);
    return *sources <= 2 && *landings <= 2;
  }
  while (changed) {
    int point = 31 - __builtin_clz(changed);
    changed &= ~(1u << point);
    int change = target->checkers[0][point] - board->checkers[0][point];
    for (; change < 0 && *sources < 2; change++)
      from[(*sources)++] = point;
    for (; change > 0 && *landings < 2; change--)
      to[(*landings)++] = point;
    if (change != 0)
      return false;
  }
  return true;
}

/* A non-double that moves two checkers one die each, one checker by both
 * dice, or one checker by one die, found from the points whose counts it
 * changed (`changed`) in the order the search would find it.  Of the
 * bear-offs, only two checkers borne off are: the others are left to the
 * search. */
static bool two_dice_directly(const bg_board *board, int higher, int lower,
                              uint32_t changed, const bg_board *target, bg_play *out) {
  int from[2] = {0, 0}, to[2] = {0, 0}, sources = 0, landings = 0;
  if (!moved_checkers(board, changed, target, from, to, &sources, &landings))
    return false; /* more checkers moved than two dice move */
  if (sources == 2 && landings == 2 && to[0] == BG_OFF)
    return two_borne_off(board, from, higher, lower, target, out);
  if (sources != landings || (landings > 0 && to[landings - 1] == BG_OFF))
    return false;
  if (sources == 2)
    return two_checkers_one_die_each(board, from, to, higher, lower, target, out);
  int distance = from[0] - to[0];
  if (distance == higher + lower)
    return one_checker_by_both(board, from[0], to[0], higher, lower, target, out);
  /* One die alone, off no point: any play of both dice moves its checkers
   * higher + lower pips, so the search finds no play of more dice there,
   * and this step is its only way there. */
  bg_step step = {.from = (int8_t)from[0], .to = (int8_t)to[0], .die = (int8_t)distance};
  return sources == 1 && (distance == higher || distance == lower) &&
         path_leads_to(board, &step, 1, target, out);
}

bool movegen_play_directly(const bg_board *board, int die1, int die2,
                           const bg_board *target, bg_play *out) {
  /* bit p: the roller's count on p changed (few do) */
  uint32_t changed = movegen_points_differ(board->checkers[0], target->checkers[0]);
  if (!changed) { /* no checker moved: the play of no dice, as the search finds it */
    out->step_count = 0;
    board_copy(&out->result, board);
    return board_equal(board, target);
  }
  if (die1 == die2)
    return double_by_flow(board, die1, changed, target, out);
  int higher = die1 > die2 ? die1 : die2, lower = die1 > die2 ? die2 : die1;
  return two_dice_directly(board, higher, lower, changed, target, out);
}
