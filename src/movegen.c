/*
 * movegen.c — every way the player on roll can play a roll.
 *
 * Implements movegen.h with one depth-first search over the board:
 * each level plays one die (board_step_target decides whether a single step
 * is legal), and the positions found are deduplicated with a set of
 * indices into the output list (position_set.h).
 *
 * Two things keep the search small and fast:
 *  - with doubles, the steps of a play are searched in non-increasing order
 *    of their starting point.  Any legal sequence of steps can be reordered
 *    that way and stay legal (moving a higher checker first never makes a
 *    lower step illegal: blocks do not change during a play, and the bar,
 *    all-home and highest-point conditions only get easier), so nothing is
 *    lost and each multiset of steps is tried once instead of up to 24 times;
 *  - with other rolls, the dice are searched in both orders, but in the
 *    second order (lower die first) a second step that commutes with the
 *    first is skipped: see search_run;
 *  - nothing is allocated or copied per node: each step is made on one
 *    board and taken back after its branch, the set starts on the stack
 *    and the play list grows geometrically.
 */
#include "movegen.h"
#include "movegen_int.h"

#include "alloc.h"
#include "position_set.h"

#include <stdlib.h>
#include <string.h>

#define FIRST_CAPACITY 32
#define LOCAL_SLOTS 512 /* set slots on the stack: enough for most rolls */

void movegen_playlist_init(bg_playlist *list) {
  list->plays = NULL;
  list->count = 0;
  list->capacity = 0;
}

void movegen_playlist_clear(bg_playlist *list) {
  list->count = 0;
}

void movegen_playlist_free(bg_playlist *list) {
  free(list->plays);
  movegen_playlist_init(list);
}

/* Room for one more play (out of memory ends the program: alloc.h). */
static bg_play *playlist_push(bg_playlist *list) {
  if ((size_t)list->count == list->capacity)
    list->plays = bg_grow(list->plays, &list->capacity, (size_t)list->count + 1,
                          sizeof *list->plays, FIRST_CAPACITY);
  return &list->plays[list->count++];
}

/* What one search is looking for and what it has found so far. */
typedef struct {
  bg_playlist *out;
  int dice[BG_MAX_DICE_STEPS]; /* the die of each step, in playing order */
  int dice_count;              /* 4 for doubles, 2 otherwise */
  bool is_double;
  bool every_node; /* reachable: record each position, not only plays */
  int most_steps;  /* most dice in a recorded play (legal plays only) */
  bg_step path[BG_MAX_DICE_STEPS];
  uint32_t commuting_starts; /* second steps already found the other way round */
  /* The positions of out->plays: a slot holds 1 + an index there. */
  position_set set;
  uint32_t local_slots[LOCAL_SLOTS];
} search;

/* The results of the plays found, as the set finds them. */
static position_boards found_boards(const search *s) {
  const bg_play *plays = s->out->plays;
  return (position_boards){plays ? &plays->result : NULL, sizeof *plays};
}

/* The slot of `board` (whose board_hash is `hash`): its play's, or the
 * empty one where it goes. */
static uint32_t *set_slot_for(search *s, const bg_board *board, uint64_t hash) {
  return position_set_slot(&s->set, found_boards(s), board, hash);
}

/* Doubles the set when it would pass half full, so probes stay short;
 * says whether it did (the slots then moved). */
static bool set_make_room(search *s) {
  uint32_t size = s->set.mask + 1;
  if ((uint32_t)s->out->count + 1 <= size / 2)
    return false;
  uint32_t *old = s->set.slots;
  uint32_t *bigger = bg_malloc((size_t)size * 2 * sizeof *bigger);
  position_set_rebuild(&s->set, bigger, size * 2, found_boards(s),
                       (uint32_t)s->out->count);
  if (old != s->local_slots)
    free(old);
  return true;
}

static void store_play(bg_play *play, const bg_step *path, int steps,
                       const bg_board *board) {
  for (int i = 0; i < steps; i++) /* a step a word: no checked memcpy (board.h) */
    play->steps[i] = path[i];
  play->step_count = steps;
  board_copy(&play->result, board);
}

/* Records the position reached after `steps` steps of s->path. */
static void record(search *s, const bg_board *board, int steps) {
  if (!s->every_node) {
    if (steps < s->most_steps)
      return; /* the rules demand as many dice as can be played */
    if (steps > s->most_steps) {
      s->most_steps = steps;
      s->out->count = 0;
      position_set_clear(&s->set);
    }
  }
  uint64_t hash = board_hash(board);
  uint32_t *slot = set_slot_for(s, board, hash);
  if (*slot) {
    bg_play *known = &s->out->plays[*slot - 1];
    if (s->every_node && steps > known->step_count)
      store_play(known, s->path, steps, board); /* keep the longest way there */
    return;
  }
  if (set_make_room(s))
    slot = set_slot_for(s, board, hash);
  bg_play *play = playlist_push(s->out);
  store_play(play, s->path, steps, board);
  *slot = (uint32_t)s->out->count;
}

/* Bit p set when the roller has a checker on point p (1..25). */
static uint32_t occupied_points(const bg_board *board) {
  static const uint8_t empty[BG_SLOTS];
  return movegen_points_differ(board->checkers[0], empty) & ~(1u << BG_OFF);
}

/* `occupied` after a step from `from` to `to` that left `left_on_from`
 * checkers there.  Given the count, not the board: a board whose address
 * goes to a call that is not inlined gets a guarded stack slot of its own
 * under AddressSanitizer, in the loops the fuzz targets spend most time in. */
static inline uint32_t occupied_after(uint32_t occupied, int from, int to,
                                      int left_on_from) {
  if (to != BG_OFF)
    occupied |= 1u << to;
  if (!left_on_from)
    occupied &= ~(1u << from);
  return occupied;
}

/* The points a step may start from: occupied ones not above `highest_from`,
 * or only the bar while a checker stands there.  Only a shortcut past empty
 * points: board_step_target still decides every step. */
static uint32_t starting_points(uint32_t occupied, int highest_from) {
  if (occupied & (1u << BG_BAR))
    return highest_from == BG_BAR ? 1u << BG_BAR : 0;
  return occupied & ((2u << highest_from) - 1);
}

/* Plays die s->dice[depth] from each point in `occupied` not above
 * `highest_from`, then the next dice, recording what the caller asked for. */
static void search_steps(search *s, bg_board *board, uint32_t occupied, int depth,
                         int highest_from) {
  if (s->every_node)
    record(s, board, depth);
  bool stepped = false;
  if (depth < s->dice_count &&
      depth < BG_MAX_DICE_STEPS) { /* the bound, for the compiler */
    int die = s->dice[depth];
    uint32_t starts = starting_points(occupied, highest_from);
    if (depth == 1) /* the checker just moved may always go on */
      starts &= ~(s->commuting_starts & ~(1u << s->path[0].to));
    while (starts) {
      int from = 31 - __builtin_clz(starts);
      starts &= ~(1u << from);
      int to = board_step_target(board, from, die);
      if (to < 0)
        continue;
      bool hit = board_apply_step(board, from, to);
      uint32_t next_occupied =
          occupied_after(occupied, from, to, board->checkers[0][from]);
      s->path[depth] = (bg_step){
          .from = (int8_t)from, .to = (int8_t)to, .die = (int8_t)die, .hit = hit};
      stepped = true;
      search_steps(s, board, next_occupied, depth + 1, s->is_double ? from : BG_BAR);
      board_undo_step(board, from, to, hit);
    }
  }
  /* A play ends where no further die fits.  A shorter play found here is
   * dropped later if a longer one exists. */
  if (!stepped && !s->every_node)
    record(s, board, depth);
}

static void search_init(search *s, bg_playlist *out, int die1, int die2,
                        bool every_node) {
  s->out = out;
  s->every_node = every_node;
  s->most_steps = 0;
  s->commuting_starts = 0;
  s->is_double = die1 == die2;
  s->dice_count = s->is_double ? 4 : 2;
  int higher = die1 > die2 ? die1 : die2;
  int lower = die1 > die2 ? die2 : die1;
  for (int i = 0; i < s->dice_count; i++)
    s->dice[i] = i % 2 == 0 ? higher : lower;
  position_set_init(&s->set, s->local_slots, LOCAL_SLOTS);
  movegen_playlist_clear(out);
}

/* The points from which a step of `die` is legal on `board`. */
static uint32_t legal_starts(const bg_board *board, uint32_t occupied, int die) {
  uint32_t starts = 0;
  for (uint32_t left = starting_points(occupied, BG_BAR); left; left &= left - 1) {
    int from = __builtin_ctz(left);
    if (board_step_target(board, from, die) >= 0)
      starts |= 1u << from;
  }
  return starts;
}

/* Runs the search: doubles once, other rolls once per order of the dice.
 * The higher die goes first, so when one die alone can be played the
 * higher-die version of a position is the one kept by the set.
 *
 * In the second order, lower die from x then higher die from y: when the
 * higher die could already move from y at the start (and y is not where the
 * first step landed), the first order has played higher-from-y then
 * lower-from-x, which is legal too (the higher step only lowers a checker,
 * so the bar, all-home and highest-point conditions of the lower step still
 * hold, and blocks never change) and reaches the same position.  Those
 * second steps are skipped; it halves the second order's work. */
static int search_run(search *s, const bg_board *start) {
  bg_board working = *start, *board = &working; /* stepped on and back */
  uint32_t occupied = occupied_points(board);
  search_steps(s, board, occupied, 0, BG_BAR);
  if (!s->is_double) {
    int higher = s->dice[0];
    s->commuting_starts = legal_starts(board, occupied, higher);
    s->dice[0] = s->dice[1];
    s->dice[1] = higher;
    search_steps(s, board, occupied, 0, BG_BAR);
    s->dice[1] = s->dice[0];
    s->dice[0] = higher;
  }
  if (s->set.slots != s->local_slots)
    free(s->set.slots);
  return s->out->count;
}

/* Only one die of a non-double can be played: if the higher die can be, the
 * plays with the lower die are not legal. */
static void keep_higher_die(bg_playlist *out, int higher) {
  bool higher_playable = false;
  for (int i = 0; i < out->count; i++)
    higher_playable |= out->plays[i].steps[0].die == higher;
  if (!higher_playable)
    return;
  int kept = 0;
  for (int i = 0; i < out->count; i++)
    if (out->plays[i].steps[0].die == higher)
      out->plays[kept++] = out->plays[i];
  out->count = kept;
}

static bool dice_are_valid(int die1, int die2) {
  return die1 >= 1 && die1 <= 6 && die2 >= 1 && die2 <= 6;
}

int movegen_legal_plays(const bg_board *board, int die1, int die2, bg_playlist *out) {
  if (!dice_are_valid(die1, die2)) {
    movegen_playlist_clear(out);
    return 0;
  }
  search s;
  search_init(&s, out, die1, die2, false);
  int count = search_run(&s, board);
  if (count > 0 && s.most_steps == 1 && !s.is_double)
    keep_higher_die(out, s.dice[0]);
  return out->count;
}

int movegen_reachable(const bg_board *board, int die1, int die2, bg_playlist *out) {
  if (!dice_are_valid(die1, die2)) {
    movegen_playlist_clear(out);
    return 0;
  }
  search s;
  search_init(&s, out, die1, die2, true);
  return search_run(&s, board);
}

/* ---- the one play that leads to a given position ---------------------- */

/* A search for the first play, in the order search_run tries them, that
 * leads to `target`.  Checkers only move down and a hit checker never comes
 * back during the play, so a branch is cut as soon as fewer of the roller's
 * checkers stand at or above some point than the target has there, or a
 * blot the target keeps is hit: what is left is little more than the
 * checkers the play moved. */
typedef struct {
  const bg_board *target;
  int dice[BG_MAX_DICE_STEPS];
  int dice_count;
  bool is_double;
  /* surplus[p]: the roller's checkers at points >= p now, less the
   * target's (never negative on a branch that can still reach it); bit p
   * of `movable` is set where it is at least 1, the only points a checker
   * may still leave */
  int surplus[BG_SLOTS];
  uint32_t movable;
  bg_step path[BG_MAX_DICE_STEPS];
  bg_play *found;
  int found_steps;  /* steps of the play in `found`, -1 none yet */
  int enough_steps; /* the search ends once a play of as many is found */
  bool roller_only; /* only the roller's checkers must be where the target has them */
} target_search;

static bool at_target(const target_search *t, const bg_board *board) {
  if (t->roller_only)
    return board_roller_equal(board, t->target);
  return board_equal(board, t->target);
}

/* Only the points from the highest to the lowest whose counts differ are
 * counted one by one: above them the surplus is 0, below them it stays
 * what it is at the lowest (0 when no checker is missing), and a target
 * search runs for every play the direct path leaves. */
static void count_surplus(target_search *t, const bg_board *board) {
  memset(t->surplus, 0, sizeof t->surplus);
  t->movable = 0;
  uint32_t differ = movegen_points_differ(board->checkers[0], t->target->checkers[0]);
  if (!differ)
    return;
  int highest = 31 - __builtin_clz(differ), lowest = __builtin_ctz(differ);
  int now = 0, wanted = 0;
  for (int point = highest; point >= lowest; point--) {
    now += board->checkers[0][point];
    wanted += t->target->checkers[0][point];
    t->surplus[point] = now - wanted;
    t->movable |= (uint32_t)(now > wanted) << point;
  }
  for (int point = lowest - 1; point >= BG_OFF && now != wanted; point--) {
    t->surplus[point] = now - wanted;
    t->movable |= (uint32_t)(now > wanted) << point;
  }
}

/* Bits to+1 .. from: the points a step from `from` to `to` passes. */
static uint32_t passed_points(int from, int to) {
  return (2u << from) - (2u << to);
}

/* Moves a checker from `from` to `to` in the counts (change -1), or back
 * (+1). */
static void move_surplus(target_search *t, int from, int to, int change) {
  for (int point = to + 1; point <= from; point++) {
    t->surplus[point] += change;
    if (t->surplus[point] >= 1)
      t->movable |= 1u << point;
    else
      t->movable &= ~(1u << point);
  }
}

static void search_target(target_search *t, bg_board *board, uint32_t occupied, int depth,
                          int highest_from) {
  if (depth > t->found_steps && at_target(t, board)) {
    store_play(t->found, t->path, depth, board);
    t->found_steps = depth;
  }
  if (depth >= t->dice_count || depth >= BG_MAX_DICE_STEPS)
    return;
  int die = t->dice[depth];
  uint32_t starts = starting_points(occupied, highest_from) & t->movable;
  while (starts && t->found_steps < t->enough_steps) {
    int from = 31 - __builtin_clz(starts);
    starts &= ~(1u << from);
    int to = board_step_target(board, from, die);
    /* a step that would take a checker past a point where the target
     * keeps every checker it has now cannot lead there */
    if (to < 0 || (passed_points(from, to) & ~t->movable))
      continue;
    bool hit = board_is_blot_of_opponent(board, to);
    if (hit && !t->roller_only && t->target->checkers[1][BG_BAR - to])
      continue; /* the target keeps the blot this hits */
    board_apply_step(board, from, to);
    uint32_t next_occupied = occupied_after(occupied, from, to, board->checkers[0][from]);
    t->path[depth] =
        (bg_step){.from = (int8_t)from, .to = (int8_t)to, .die = (int8_t)die, .hit = hit};
    move_surplus(t, from, to, -1);
    search_target(t, board, next_occupied, depth + 1, t->is_double ? from : BG_BAR);
    move_surplus(t, from, to, +1);
    board_undo_step(board, from, to, hit);
  }
}

/* Runs the target search of dice (die1, die2): the higher die first, then
 * (not a double, no play of every die found) the lower first. */
static void search_target_both_orders(target_search *t, const bg_board *start, int die1,
                                      int die2) {
  bg_board working = *start, *board = &working; /* stepped on and back */
  t->is_double = die1 == die2;
  t->dice_count = t->is_double ? 4 : 2;
  int higher = die1 > die2 ? die1 : die2, lower = die1 > die2 ? die2 : die1;
  for (int i = 0; i < t->dice_count; i++)
    t->dice[i] = i % 2 == 0 ? higher : lower;
  count_surplus(t, board);
  uint32_t occupied = occupied_points(board);
  search_target(t, board, occupied, 0, BG_BAR);
  if (!t->is_double && t->found_steps < t->enough_steps) {
    t->dice[0] = lower;
    t->dice[1] = higher;
    search_target(t, board, occupied, 0, BG_BAR);
  }
}

bool movegen_play_to(const bg_board *board, int die1, int die2, const bg_board *target,
                     bg_play *out) {
  if (!dice_are_valid(die1, die2))
    return false;
  if (movegen_play_directly(board, die1, die2, target, out))
    return true;
  target_search t = {.target = target, .found = out, .found_steps = -1};
  t.enough_steps = die1 == die2 ? 4 : 2;
  search_target_both_orders(&t, board, die1, die2);
  return t.found_steps >= 0;
}

/* ---- how many dice can be played -------------------------------------- */

/* The most of dice[depth..count-1] that can be played in turn from
 * `board`, in the order search_steps tries them; ends as soon as every die
 * is played. */
static int most_dice_from(const int *dice, int count, bg_board *board, uint32_t occupied,
                          int depth, int highest_from) {
  int most = depth;
  uint32_t starts = starting_points(occupied, highest_from);
  while (starts && most < count) {
    int from = 31 - __builtin_clz(starts);
    starts &= ~(1u << from);
    int to = board_step_target(board, from, dice[depth]);
    if (to < 0)
      continue;
    if (depth + 1 == count)
      return count;
    bool hit = board_apply_step(board, from, to);
    uint32_t next_occupied = occupied_after(occupied, from, to, board->checkers[0][from]);
    int reached = most_dice_from(dice, count, board, next_occupied, depth + 1,
                                 dice[0] == dice[1] ? from : BG_BAR);
    board_undo_step(board, from, to, hit);
    most = reached > most ? reached : most;
  }
  return most;
}

int movegen_most_dice(const bg_board *board, int die1, int die2) {
  if (!dice_are_valid(die1, die2))
    return 0;
  bool is_double = die1 == die2;
  int higher = die1 > die2 ? die1 : die2, lower = die1 > die2 ? die2 : die1;
  int dice[BG_MAX_DICE_STEPS] = {higher, is_double ? higher : lower, higher, higher};
  int count = is_double ? 4 : 2;
  bg_board working = *board; /* stepped on and back */
  uint32_t occupied = occupied_points(board);
  int most = most_dice_from(dice, count, &working, occupied, 0, BG_BAR);
  if (!is_double && most < count) {
    int swapped[2] = {lower, higher};
    int other = most_dice_from(swapped, count, &working, occupied, 0, BG_BAR);
    most = other > most ? other : most;
  }
  return most;
}

bool movegen_may_be_legal(const bg_board *board, int die1, int die2,
                          const bg_board *target) {
  if (!dice_are_valid(die1, die2))
    return true; /* no search to cut short: the caller's own decides */
  bg_play found;
  target_search t = {.target = target,
                     .found = &found,
                     .found_steps = -1,
                     .enough_steps = die1 == die2 ? 4 : 2,
                     .roller_only = true};
  search_target_both_orders(&t, board, die1, die2);
  /* most positions are not reached at all, and most ways there play every
   * die: only the rest need the count of dice that can be played */
  if (t.found_steps < 0)
    return false;
  return t.found_steps == t.dice_count ||
         t.found_steps >= movegen_most_dice(board, die1, die2);
}
