/*
 * referee_proof_search.c — the record's moves replayed with the dice by a
 * search over their orders and their splits into dice (a move that takes
 * two dice hops over a point it does not name), the walk of the moved
 * checkers one die at a time in any interleaving (referee_play_walk:
 * whether the dice make the moves from a position, and where they leave
 * it), and what no position changes: whether the dice can make the moves
 * at all.  referee_proof.c
 * runs the search when its quick replays do not settle a play;
 * referee_explain.c and replay.c run it too, replay.c (the steps as
 * written) after the search's first path followed alone, which settles
 * nearly every play.
 */
#include "referee_int.h"

/* ---- replaying the record's moves with the dice ---------------------- */

static bool search_moves(move_search *search, bg_board *view, const dice_left *left,
                         unsigned done, const bg_move *bent);

/* Does a step that lands on `landing` (-1: no step) stay on the way of a
 * move bound for `to`: at or short of it, off only when the move bears
 * off? */
static inline bool lands_on_the_way(int landing, int to) {
  return landing >= 0 && (landing == BG_OFF ? to == BG_OFF : landing >= to);
}

static void note_bent(move_search *search, const bg_move *move, const bg_board *view,
                      int die) {
  search->bent_move = move;
  search->bent_board = *view;
  search->bent_die = die;
}

/* Carries move `index`, now at point `at`, on to its destination with the
 * dice left, then goes on with the other moves.  Each step is made on
 * `view` and taken back after its branch (a copy per hop was a checked
 * call under AddressSanitizer). */
bool referee_search_hop(move_search *search, bg_board *view, const dice_left *left,
                        unsigned done, int index, int at, const bg_move *bent) {
  const bg_move *move = search->moves[index];
  if (at == move->to)
    return search_moves(search, view, left, done, bent);
  /* Dice that finish the move in one step first: "6/off" with 65 is the 6,
   * not 6/1/off. */
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < left->count; i++) {
      int die = left->dice[i];
      if (dice_seen_before(left, i))
        continue;
      int landing = board_step_target_relaxed(view, at, die, search->relaxed);
      if (!lands_on_the_way(landing, move->to))
        continue;
      if ((landing == move->to) != (pass == 0))
        continue;
      bool needs_relaxing = !bent && board_step_target(view, at, die) != landing;
      dice_left rest = *left;
      int steps_before = search->step_count;
      bool hit = board_apply_step(view, at, landing);
      if (search->in_written_order) /* its steps are wanted: the proofs want none */
        search->steps[search->step_count++] = (bg_step){
            .from = (int8_t)at, .to = (int8_t)landing, .die = (int8_t)die, .hit = hit};
      dice_remove(&rest, die);
      bool found = referee_search_hop(search, view, &rest, done, index, landing,
                                      needs_relaxing ? move : bent);
      board_undo_step(view, at, landing, hit);
      if (found) {
        if (needs_relaxing)
          note_bent(search, move, view, die);
        return true;
      }
      search->step_count = steps_before;
    }
  return false;
}

static bool same_move(const bg_move *a, const bg_move *b) {
  return a->from == b->from && a->to == b->to;
}

/* Plays the moves not yet done, in any order. */
static bool search_moves(move_search *search, bg_board *view, const dice_left *left,
                         unsigned done, const bg_move *bent) {
  if (done == (1u << search->count) - 1) {
    search->dice_used = search->dice_total - left->count;
    search->final_board = *view;
    search->final_dice = *left;
    if (!bent)
      search->bent_move = NULL;
    return true;
  }
  for (int i = 0; i < search->count; i++) {
    if (done & (1u << i))
      continue;
    bool tried = false; /* the same move twice: one order is enough */
    for (int j = 0; j < i && !tried; j++)
      tried = !(done & (1u << j)) && same_move(search->moves[j], search->moves[i]);
    if (!tried && referee_search_hop(search, view, left, done | (1u << i), i,
                                     search->moves[i]->from, bent))
      return true;
    if (search->in_written_order)
      return false;
  }
  return false;
}

/* The notation's moves, one entry per checker, into `checkers`; -1 when
 * it moves more checkers than a roll has dice, or one that does not go
 * forward.  In the written order only (`as_written`), a move that goes
 * nowhere ("6/6") is no step. */
static int checkers_moved(const bg_action *roll, bool as_written,
                          const bg_move *checkers[BG_MAX_DICE_STEPS]) {
  int count = 0;
  for (int i = 0; i < roll->move_count; i++)
    for (int k = 0; k < roll->moves[i].count; k++) {
      if (as_written && roll->moves[i].to == roll->moves[i].from)
        continue;
      if (count == BG_MAX_DICE_STEPS || roll->moves[i].to >= roll->moves[i].from)
        return -1;
      checkers[count++] = &roll->moves[i];
    }
  return count;
}

/* Sets up a search of the notation's moves, one entry per checker; false
 * when checkers_moved refuses them. */
static bool search_init(move_search *search, const bg_action *roll, unsigned relaxed,
                        bool as_written) {
  memset(search, 0, sizeof *search);
  search->relaxed = relaxed;
  search->in_written_order = as_written;
  dice_left left;
  dice_init(&left, roll->die1, roll->die2);
  search->dice_total = left.count;
  int count = checkers_moved(roll, as_written, search->moves);
  if (count < 0)
    return false;
  search->count = count;
  return true;
}

bool referee_search_init(move_search *search, const bg_action *roll, unsigned relaxed) {
  return search_init(search, roll, relaxed, false);
}

bool referee_search_init_as_written(move_search *search, const bg_action *roll) {
  return search_init(search, roll, 0, true);
}

/* Runs a search set up by referee_search_init with all the roll's dice. */
bool referee_search_run(move_search *search, const bg_action *roll,
                        const bg_board *view) {
  dice_left left;
  dice_init(&left, roll->die1, roll->die2);
  bg_board board = *view; /* stepped on and back */
  return search_moves(search, &board, &left, 0, NULL);
}

/* ---- the written order's first path ----------------------------------- */

/* The die the search in the written order tries first for a checker at
 * `at` bound for `to` (referee_search_hop's order: a die that lands on
 * `to`, else one that lands short of it, each in the order of `left`), its
 * landing in `*landing`; 0 when no die steps on the way. */
static int first_die(const bg_board *view, const dice_left *left, int at, int to,
                     int *landing) {
  /* Onto a point only the die of the distance lands, and most moves are
   * one die: that die is tried alone first. */
  int distance = at - to;
  if (to > BG_OFF && distance <= 6 && board_step_target(view, at, distance) == to)
    for (int i = 0; i < left->count; i++)
      if (left->dice[i] == distance) {
        *landing = to;
        return distance;
      }
  int short_die = 0, short_landing = -1;
  for (int i = 0; i < left->count; i++) {
    if (dice_seen_before(left, i))
      continue;
    int die = left->dice[i];
    int target = board_step_target(view, at, die);
    if (target == to && target >= 0) {
      *landing = target;
      return die;
    }
    if (!short_die && lands_on_the_way(target, to))
      short_die = die, short_landing = target;
  }
  *landing = short_landing;
  return short_die;
}

/* Carries one checker of `move` from its source to its destination by the
 * first die at each step; false at a dead end. */
static bool first_path_of_move(bg_board *view, dice_left *left, const bg_move *move,
                               bg_play *play) {
  for (int at = move->from; at != move->to;) {
    int landing;
    int die = first_die(view, left, at, move->to, &landing);
    if (!die)
      return false;
    bool hit = board_apply_step(view, at, landing);
    play->steps[play->step_count++] = (bg_step){
        .from = (int8_t)at, .to = (int8_t)landing, .die = (int8_t)die, .hit = hit};
    dice_remove(left, die);
    at = landing;
  }
  return true;
}

bool referee_search_first_path(const bg_action *roll, bg_play *play) {
  dice_left left;
  dice_init(&left, roll->die1, roll->die2);
  play->step_count = 0;
  int checkers = 0;
  for (int m = 0; m < roll->move_count; m++) {
    const bg_move *move = &roll->moves[m];
    if (move->to == move->from)
      continue; /* no step (checkers_moved) */
    for (int k = 0; k < move->count; k++)
      if (checkers++ == BG_MAX_DICE_STEPS || move->to > move->from ||
          !first_path_of_move(&play->result, &left, move, play))
        return false;
  }
  return true;
}

/* ---- what no position changes ----------------------------------------- */

/* Can the dice not in `used` be shared out among checkers `next`...: each
 * takes dice of its own whose pips add up to its distance, or for a
 * bear-off to at least its distance with all but its largest die short of
 * it (each step before the last lands on a point)? */
static bool dice_share_out(const dice_left *dice, unsigned used,
                           const bg_move *const *checkers, int count, int next) {
  if (next == count)
    return true;
  unsigned all = (1u << dice->count) - 1;
  int distance = checkers[next]->from - checkers[next]->to;
  bool off = checkers[next]->to == BG_OFF;
  for (unsigned subset = all & ~used; subset; subset = (subset - 1) & all & ~used) {
    int sum = 0, largest = 0;
    for (int i = 0; i < dice->count; i++)
      if (subset & (1u << i)) {
        sum += dice->dice[i];
        largest = dice->dice[i] > largest ? dice->dice[i] : largest;
      }
    bool fits = off ? sum >= distance && sum - largest < distance : sum == distance;
    if (fits && dice_share_out(dice, used | subset, checkers, count, next + 1))
      return true;
  }
  return false;
}

bool referee_dice_may_make_moves(const bg_action *roll) {
  if (roll->die1 < 1 || roll->die1 > 6 || roll->die2 < 1 || roll->die2 > 6)
    return true;
  const bg_move *checkers[BG_MAX_DICE_STEPS];
  int count = checkers_moved(roll, false, checkers);
  if (count < 0)
    return false;
  dice_left dice;
  dice_init(&dice, roll->die1, roll->die2);
  return dice_share_out(&dice, 0, checkers, count, 0);
}

/* ---- the checkers' paths, one die at a time ------------------------- */

/* The checkers the notation moves, each at `at` on its way to `to`: they
 * advance one die at a time, in any interleaving, since "bar/15*(2)" with
 * 55 enters both checkers before either moves on, and "8/off(2)" with 44
 * brings both home before either bears off. */
typedef struct {
  int at[BG_MAX_DICE_STEPS];
  int to[BG_MAX_DICE_STEPS];
  int count;
} checker_paths;

static bool paths_done(const checker_paths *paths) {
  for (int i = 0; i < paths->count; i++)
    if (paths->at[i] != paths->to[i])
      return false;
  return true;
}

/* Checker i again, where an earlier one stands and heads for the same
 * point: one of them is enough to try. */
static bool same_as_earlier(const checker_paths *paths, int i) {
  for (int j = 0; j < i; j++)
    if (paths->at[j] == paths->at[i] && paths->to[j] == paths->to[i])
      return true;
  return false;
}

static bool walk_paths(checker_paths *paths, const bg_board *view, const dice_left *left,
                       bg_board *after_all) {
  if (paths_done(paths)) {
    if (after_all)
      *after_all = *view;
    return true;
  }
  for (int i = 0; i < paths->count; i++) {
    int at = paths->at[i], to = paths->to[i];
    if (at == to || same_as_earlier(paths, i))
      continue;
    for (int d = 0; d < left->count; d++) {
      if (dice_seen_before(left, d))
        continue;
      int landing = board_step_target(view, at, left->dice[d]);
      if (landing < 0 || (landing == BG_OFF ? to != BG_OFF : landing < to))
        continue;
      bg_board after = *view;
      dice_left rest = *left;
      board_apply_step(&after, at, landing);
      dice_remove(&rest, left->dice[d]);
      paths->at[i] = landing;
      bool found = walk_paths(paths, &after, &rest, after_all);
      paths->at[i] = at;
      if (found)
        return true;
    }
  }
  return false;
}

bool referee_play_walk(const bg_action *roll, const bg_board *view, bg_board *after) {
  /* A play of one die per move, in its written order, is a walk, and the
   * only position a walk of it can leave: every step lands on a written
   * point (see referee_replay_as_written).  Most plays are such; no search. */
  bg_board replayed;
  if (referee_replay_as_written(roll, view, after ? after : &replayed))
    return true;
  checker_paths paths = {.count = 0};
  for (int i = 0; i < roll->move_count; i++)
    for (int k = 0; k < roll->moves[i].count; k++) {
      if (paths.count == BG_MAX_DICE_STEPS || roll->moves[i].to >= roll->moves[i].from)
        return false;
      paths.at[paths.count] = roll->moves[i].from;
      paths.to[paths.count++] = roll->moves[i].to;
    }
  dice_left left;
  dice_init(&left, roll->die1, roll->die2);
  return walk_paths(&paths, view, &left, after);
}

bool referee_play_is_made_by_dice(const bg_action *roll, const bg_board *view) {
  return referee_play_walk(roll, view, NULL);
}
