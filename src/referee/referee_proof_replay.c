/*
 * referee_proof_replay.c — a play replayed as written, one die per move,
 * for the quick proof (referee_proof.c): its moves made in their written
 * order with the roll's dice, on a board seen by the roller or in place
 * on the referee's own position, taken back there where the play fails.
 * Asked of every play of every record: no view is copied, nor copied
 * back, for a play the walk proves.  The commonest plays, a die a step,
 * are walked without the dice's bookkeeping (referee_walk_a_die_a_step):
 * a non-double's two moves told from their moves and dice before any
 * step, a double's each move as it is made; plays in the home board are
 * walked there (walk_home).
 */
#include "referee_int.h"

/* The dice of a roll not yet played, as a count of each value in four
 * bits (a double is one value four times): the replay of a play written
 * one die per move asks for a die by its distance, which is a shift and a
 * mask, with no list to scan. */
typedef uint32_t dice_counts;

#define DICE_PAIR(a, b) ((a) == (b) ? 4u << 4 * (a) : (1u << 4 * (a)) + (1u << 4 * (b)))
#define DICE_ROW(a)                                                                      \
  0, DICE_PAIR(a, 1), DICE_PAIR(a, 2), DICE_PAIR(a, 3), DICE_PAIR(a, 4),                 \
      DICE_PAIR(a, 5), DICE_PAIR(a, 6), 0

/* The dice of a roll as dice_counts, 0 where either is no die (0 or 7):
 * asked of every play replayed, where one load of this table does the
 * range tests and the sum. */
static dice_counts dice_counts_of(const bg_action *roll) {
  static const dice_counts pairs[8][8] = {
      {0},           {DICE_ROW(1)}, {DICE_ROW(2)}, {DICE_ROW(3)},
      {DICE_ROW(4)}, {DICE_ROW(5)}, {DICE_ROW(6)}, {0}};
  unsigned die1 = (unsigned)roll->die1, die2 = (unsigned)roll->die2;
  return (die1 | die2) < 8 ? pairs[die1][die2] : 0;
}

/* The die that makes a move of `distance` (1..6) in one step: its
 * distance, or for a bear-off (`off`) the smallest larger die left
 * (whichever die bears the checker off, the position is the same; the
 * smallest leaves the most to the other moves); 0 when none does. */
static int die_for(dice_counts left, int distance, bool off) {
  dice_counts from_distance = left >> 4 * distance;
  if (from_distance & 0xfu)
    return distance;
  dice_counts larger = from_distance >> 4;
  return off && larger ? distance + 1 + __builtin_ctz(larger) / 4 : 0;
}

/* What referee_replay_on_board has played so far: the dice left, the points the
 * record marks as hits and those the steps hit. */
typedef struct {
  dice_counts left;
  uint32_t marked, hit;
} replay_state;

/* Takes back `steps` steps of one checker each from `from` to `to`, of
 * which the first hit or not (`hit`): the later ones land where the
 * roller stands. */
static void undo_steps(uint8_t *mine, uint8_t *theirs, int from, int to, int steps,
                       bool hit) {
  for (int k = steps - 1; k >= 0; k--)
    board_sides_undo_step(mine, theirs, from, to, k == 0 && hit);
}

/* One move of referee_replay_on_board's in steps of one die each, whatever its
 * count and destination (a bear-off too), on the sides `mine` and
 * `theirs` (board.h): false, with its steps taken back, when a step has
 * no die or is not legal. */
static bool replay_move_in_steps(const bg_move *move, uint8_t *mine, uint8_t *theirs,
                                 replay_state *state) {
  int from = move->from, to = move->to, distance = from - to;
  /* unsigned: one compare each for 0 <= to < from <= BG_BAR */
  if ((unsigned)to >= (unsigned)from || (unsigned)from > BG_BAR || distance > 6 ||
      move->count <= 0)
    return false;
  state->marked |= (uint32_t)move->hit << to;
  bool hit = false; /* by the first step: the others land on the roller's */
  for (int k = 0; k < move->count; k++) {
    int die = die_for(state->left, distance, to == BG_OFF);
    if (!die ||
        !(to == BG_OFF ? board_sides_step_target(mine, theirs, from, die) == BG_OFF
                       : board_sides_step_lands(mine, theirs, from, to))) {
      undo_steps(mine, theirs, from, to, k, hit);
      return false;
    }
    state->left -= 1u << 4 * die;
    hit |= board_sides_apply_step(mine, theirs, from, to);
  }
  state->hit |= (uint32_t)hit << to;
  return true;
}

/* referee_replay_on_board's commonest move: one checker onto a point, at most a
 * die below it (a move from 0, which a broken record may hold, is the
 * steps' to refuse): 1 <= distance <= 6, and 1 <= to <= BG_BAR - distance,
 * so that from = to + distance <= BG_BAR, in two unsigned compares. */
static inline bool is_one_step(const bg_move *move) {
  int distance = move->from - move->to;
  return (unsigned)(distance - 1) < 6 &&
         (unsigned)(move->to - 1) < (unsigned)(BG_BAR - distance) && move->count == 1;
}

/* Such a move made on the sides `mine` and `theirs` (board.h), judged
 * inline (board_sides_step_lands): false, with nothing made, when no die
 * of its distance is left or the step is not legal. */
static inline bool replay_one_step(const bg_move *move, uint8_t *mine, uint8_t *theirs,
                                   replay_state *state) {
  int from = move->from, to = move->to;
  dice_counts die = 1u << 4 * (from - to);
  if (!(state->left & 0xfu * die) || !board_sides_step_lands(mine, theirs, from, to))
    return false;
  state->left -= die;
  state->marked |= (uint32_t)move->hit << to;
  state->hit |= (uint32_t)board_sides_apply_step_onto_point(mine, theirs, from, to) << to;
  return true;
}

/* referee_replay_on_board's other common move: checkers borne off from
 * a home point (1..6). */
static inline bool is_bear_off(const bg_move *move) {
  return move->to == BG_OFF && (unsigned)(move->from - 1) < BG_HOME_TOP &&
         move->count > 0;
}

/* Such a move made on the roller's side `mine`, a checker by each die
 * die_for gives, judged inline (board_sides_bears_off): false, with
 * nothing made, when a checker has no die that bears it off or the step
 * is not legal.  A checker borne off leaves the rule's answer for the
 * next as it was, so every step is judged before any is made.  A hit
 * marked on it stays marked, where nothing is hit.  With `home`, the
 * roller's checkers are known to be home (walk_home): only the larger
 * die's "none above" is asked. */
static inline bool replay_bear_off(const bg_move *move, uint8_t *mine,
                                   replay_state *state, bool home) {
  int from = move->from, count = move->count;
  dice_counts left = state->left;
  if (mine[from] < count)
    return false;
  for (int k = 0; k < count; k++) {
    int die = die_for(left, from, true);
    bool bears_off = home ? die <= from || board_sides_none_above(mine, from)
                          : board_sides_bears_off(mine, from, die);
    if (!die || !bears_off)
      return false;
    left -= 1u << 4 * die;
  }
  state->left = left;
  state->marked |= (uint32_t)move->hit << BG_OFF;
  mine[from] -= (uint8_t)count;
  mine[BG_OFF] += (uint8_t)count;
  return true;
}

/* Every die used, and with `marks_hits` the record's marks on the points
 * the steps hit. */
static bool replay_done(bool marks_hits, const replay_state *state) {
  return state->left == 0 && (!marks_hits || state->marked == state->hit);
}

/* The play's moves made in their written order on the sides `mine` and
 * `theirs`, with what they played in *state: the first move not made
 * (none of its steps), or the end when every move is.  A bear-off is
 * judged inline (replay_bear_off), and so is a move of one checker onto
 * a point (replay_one_step), the others by replay_move_in_steps.  The
 * bear-off is asked first: most plays the walk a die a step leaves to
 * this replay bear off, and its destination alone tells a move that is
 * not one, where a step's test is several compares. */
static inline const bg_move *replay_moves(const bg_action *roll, uint8_t *mine,
                                          uint8_t *theirs, replay_state *state) {
  const bg_move *end = roll->moves + roll->move_count;
  for (const bg_move *move = roll->moves; move < end; move++) {
    if (is_bear_off(move)) {
      if (!replay_bear_off(move, mine, state, false))
        return move;
      continue;
    }
    if (is_one_step(move)) {
      if (!replay_one_step(move, mine, theirs, state))
        return move;
      continue;
    }
    /* a copy, so that `state` itself stays in registers */
    replay_state stepped = *state;
    if (!replay_move_in_steps(move, mine, theirs, &stepped))
      return move;
    *state = stepped;
  }
  return end;
}

/* The steps are made on `board` itself, which holds no position when
 * the play fails (referee_int.h says what is proved). */
bool referee_replay_on_board(bool marks_hits, const bg_action *roll, bg_board *board) {
  replay_state state = {.left = dice_counts_of(roll)};
  if (!state.left || roll->move_count == 0) /* no dice, or no move: not every die */
    return false;
  return replay_moves(roll, board->checkers[0], board->checkers[1], &state) ==
             roll->moves + roll->move_count &&
         replay_done(marks_hits, &state);
}

bool referee_replay_as_written(const bg_action *roll, const bg_board *view,
                               bg_board *result) {
  board_copy(result, view);
  return referee_replay_on_board(false, roll, result);
}

/* Did `move`, made by referee_replay_in_place after the moves from `first`, hit?
 * Only the first move onto a point can: the roller holds the point after
 * it.  `hit_points` are the points the play hit.  Asked only where a play
 * fails, not kept for every move. */
static bool move_hit(const bg_move *first, const bg_move *move, uint32_t hit_points) {
  if (!(hit_points >> move->to & 1))
    return false;
  for (const bg_move *earlier = first; earlier < move; earlier++)
    if (earlier->to == move->to)
      return false;
  return true;
}

/* Takes back the moves from `first` up to `stopped`, made in place on
 * `mine` against `theirs`, each from its hits (move_hit; `hit_points` the
 * points they hit).  Out of line: a valid record never needs it.  Returns
 * PROOF_NONE, the walk's answer, so that a walk ends in a tail call to
 * it. */
__attribute__((noinline)) static referee_proved
take_back_moves(const bg_move *first, const bg_move *stopped, uint8_t *mine,
                uint8_t *theirs, uint32_t hit_points) {
  for (const bg_move *made = stopped; made > first;) {
    made--;
    undo_steps(mine, theirs, made->from, made->to, made->count,
               move_hit(first, made, hit_points));
  }
  return PROOF_NONE;
}

/* The roller's sides of `absolute` in the roller's order: no view is
 * copied, nor copied back, and no wide load reads bytes just stored.
 * Unless proved, the moves made are taken back (take_back_moves). */
bool referee_replay_in_place(bool marks_hits, const bg_action *roll, bg_board *absolute) {
  uint8_t *mine, *theirs;
  board_roller_sides(absolute, roll->player, &mine, &theirs);
  replay_state state = {.left = dice_counts_of(roll)};
  if (!state.left || roll->move_count == 0)
    return false;
  const bg_move *first = roll->moves, *end = first + roll->move_count;
  const bg_move *stopped = replay_moves(roll, mine, theirs, &state);
  if (stopped == end && replay_done(marks_hits, &state))
    return true;
  take_back_moves(first, stopped, mine, theirs, state.hit);
  return false;
}

/* ---- in the home board: the plays that end a game ------------------ */

/* A move of walk_home's from a home point (1..6): its checkers borne off,
 * each by the die die_for gives, the larger only with none above (the
 * checkers are home), or moved onto a home point by their distance's
 * dice, the first step judged as a step (board_sides_step_lands, less
 * the bar: none stands there), the others landing on the roller's
 * point; false, with nothing made, where it does not so walk. */
static inline bool home_move(const bg_move *move, uint8_t *mine, uint8_t *theirs,
                             replay_state *state) {
  int from = move->from, to = move->to, count = move->count;
  if ((unsigned)(from - 1) >= BG_HOME_TOP || count <= 0 || mine[from] < count)
    return false;
  if (to == BG_OFF)
    return replay_bear_off(move, mine, state, true);
  dice_counts left = state->left;
  int shift = 4 * (from - to);
  if ((unsigned)(to - 1) >= (unsigned)(from - 1) || (int)(left >> shift & 0xfu) < count ||
      theirs[BG_BAR - to] >= 2)
    return false;
  state->left = left - ((dice_counts)count << shift);
  state->hit |= (uint32_t)board_sides_apply_step_onto_point(mine, theirs, from, to) << to;
  state->marked |= (uint32_t)move->hit << to;
  mine[from] -= (uint8_t)(count - 1);
  mine[to] += (uint8_t)(count - 1);
  return true;
}

/* referee_replay_in_place of a play whose moves all start in the home
 * board, every checker home: none leaves it, so the bear-off's "all
 * home" is asked once a play, not once a checker, and no step asks the
 * bar.  Its dice are taken as replay_moves takes them, so it proves what
 * that proves, with the same position; and a double that bears the last
 * checker off with dice left: each of its dice moves a checker by the
 * die or bears one off, so no order plays more (the proofs after it find
 * so by a longer way).  False, with nothing made, says nothing of the
 * play.  Out of line: entered in tail calls where
 * the walks a die a step give up. */
__attribute__((noinline)) static referee_proved
walk_home(bool marks_hits, const bg_action *roll, bg_board *absolute) {
  const bg_move *first = roll->moves, *end = first + roll->move_count;
  if (roll->move_count <= 0 || (unsigned)(first->from - 1) >= BG_HOME_TOP)
    return PROOF_NONE;
  uint8_t *mine, *theirs;
  board_roller_sides(absolute, roll->player, &mine, &theirs);
  replay_state state = {.left = dice_counts_of(roll)};
  if (board_sides_outside_home(mine))
    return PROOF_NONE;
  const bg_move *move = first;
  while (move < end && home_move(move, mine, theirs, &state))
    move++;
  if (move == end &&
      (state.left == 0 || (roll->die1 == roll->die2 && mine[BG_OFF] == BG_CHECKERS)) &&
      (!marks_hits || state.marked == state.hit))
    return PROOF_HOLDS;
  return take_back_moves(first, move, mine, theirs, state.hit);
}

/* ---- a die a step: most plays of every record ---------------------- */

/* Does `move` take its checkers onto a point (1..24) by `die` pips each,
 * from a point or the bar: from = to + die <= BG_BAR? */
static inline bool checkers_by(const bg_move *move, int die) {
  return move->from - move->to == die &&
         (unsigned)(move->to - 1) < (unsigned)(BG_BAR - die);
}

/* A non-double's two moves, each one checker by one die, and each die
 * so used once.  Told from the moves and the dice alone, before any
 * step; the die that moves first is told without a branch, as a record
 * writes them in either order. */
static inline bool a_die_a_step(const bg_action *roll) {
  int die1 = roll->die1, die2 = roll->die2;
  const bg_move *moves = roll->moves;
  if (die1 == die2 || roll->move_count != 2)
    return false;
  /* a test at a time, each of few values, so that the walk after them
   * saves few registers: a valid record passes every one */
  if ((unsigned)(die1 - 1) >= 6 || (unsigned)(die2 - 1) >= 6 || moves[0].count != 1 ||
      moves[1].count != 1)
    return false;
  int first = moves[0].from - moves[0].to;
  if (!((first == die1) | (first == die2)) ||
      (unsigned)(moves[0].to - 1) >= (unsigned)(BG_BAR - first))
    return false;
  int second = moves[1].from - moves[1].to;
  return second == die1 + die2 - first &&
         (unsigned)(moves[1].to - 1) < (unsigned)(BG_BAR - second);
}

/* A walk's step of `move`, which `hits` or not: its mark and its hit
 * gathered, as bits of its point, into *marked and *hit. */
static inline void gather_hit(const bg_move *move, bool hits, uint32_t *marked,
                              uint32_t *hit) {
  if (hits | move->hit) { /* rare: off the walk's path */
    *marked |= (uint32_t)move->hit << move->to;
    *hit |= (uint32_t)hits << move->to;
  }
}

/* a_die_a_step's two moves made in their written order on `mine`
 * against `theirs`: true when both steps are legal and, with
 * `marks_hits`, the marks fall on the blots hit; else false, with
 * nothing made. */
static inline referee_proved walk_two_steps(bool marks_hits, const bg_move *moves,
                                            uint8_t *mine, uint8_t *theirs) {
  int made = 0;
  uint32_t marked = 0, hit = 0;
  for (; made < 2; made++) {
    int from = moves[made].from, to = moves[made].to;
    /* the count asked first, though board_sides_step_lands asks it
     * too: so the compiler tests it once, before the bar */
    if (mine[from] < 1 || !board_sides_step_lands(mine, theirs, from, to))
      break;
    bool hits = board_sides_apply_step_onto_point(mine, theirs, from, to);
    gather_hit(&moves[made], hits, &marked, &hit);
  }
  if (made == 2 && (!marks_hits || marked == hit))
    return PROOF_ON_POINTS;
  /* false, in a tail call: the walk saves no register for after it */
  return take_back_moves(moves, moves + made, mine, theirs, hit);
}

static inline referee_proved walk_a_die_a_step(bool marks_hits, const bg_action *roll,
                                               bg_board *absolute) {
  if (!a_die_a_step(roll))
    return PROOF_NONE;
  uint8_t *mine, *theirs;
  board_roller_sides(absolute, roll->player, &mine, &theirs);
  /* the moves read anew for the walk: an empty asm hides that they are
   * the ones a_die_a_step read, whose fields would otherwise each hold a
   * register through the walk, and make it save them */
  const bg_move *moves = roll->moves;
  __asm__("" : "+r"(moves));
  return walk_two_steps(marks_hits, moves, mine, theirs);
}

/* The dice one checker of `move` takes onto its point, `die` pips a
 * step: one, the commonest, or more ("13/5" with 44) by stops open and
 * holding no blot of `theirs` (a hit there no mark shows: the proofs
 * after the walk judge it); 0 where it does not so land. */
static inline int hops_onto_point(const bg_move *move, int die, const uint8_t *theirs) {
  if (checkers_by(move, die))
    return 1;
  int from = move->from, to = move->to, hops = 1;
  if ((unsigned)(to - 1) >= (unsigned)(BG_BAR - 1) || from > BG_BAR)
    return 0;
  for (int stop = from - die; stop != to; stop -= die, hops++)
    if (stop < to || theirs[BG_BAR - stop] != 0)
      return 0;
  return hops;
}

/* A double's four steps of its die, in moves of one checker or more
 * ("8/4(2)"), each by one die or several (hops_onto_point), made in their
 * written order on the roller's side of `absolute`: true when every step
 * is legal and, with `marks_hits`, the marks fall on the blots hit; else
 * false, with nothing made.  One pass over the moves, each told (its
 * distance, its checkers) as it is made: a move told wrong, or steps
 * other than four, is taken back as an illegal step is.  A checker's
 * steps from a stop are legal where its first is, but for a checker
 * entering: then none may be left on the bar. */
static inline referee_proved walk_double(bool marks_hits, const bg_action *roll,
                                         bg_board *absolute) {
  int die = roll->die1, count = roll->move_count;
  if ((unsigned)(count - 1) >= 4 || (unsigned)(die - 1) >= 6)
    return PROOF_NONE;
  uint8_t *mine, *theirs;
  board_roller_sides(absolute, roll->player, &mine, &theirs);
  const bg_move *moves = roll->moves;
  int made = 0, steps = 0;
  uint32_t marked = 0, hit = 0;
  for (; made < count; made++) {
    int from = moves[made].from, to = moves[made].to, checkers = moves[made].count;
    int hops = hops_onto_point(&moves[made], die, theirs);
    steps += checkers * hops;
    /* the first checker's step, legal, is legal for the others, which
     * land on the roller's point */
    if ((unsigned)(checkers - 1) >= 4 || !hops || steps > 4 || mine[from] < checkers ||
        !board_sides_step_lands(mine, theirs, from, to))
      break;
    if (hops > 1 && from == BG_BAR && (checkers > 1 || mine[BG_BAR] > 1))
      break;
    bool hits = board_sides_apply_steps_onto_point(mine, theirs, from, to, checkers);
    gather_hit(&moves[made], hits, &marked, &hit);
  }
  if (made == count && steps == 4 && (!marks_hits || marked == hit))
    return PROOF_ON_POINTS;
  return take_back_moves(moves, moves + made, mine, theirs, hit);
}

/* walk_double, out of line: its loop takes more registers than a
 * non-double's two steps. */
__attribute__((noinline)) static referee_proved
walk_a_double(bool marks_hits, const bg_action *roll, bg_board *absolute) {
  referee_proved walked = walk_double(marks_hits, roll, absolute);
  if (walked)
    return walked;
  return walk_home(marks_hits, roll, absolute);
}

/* Out of line, and calling nothing but in tail calls, so that its
 * caller keeps what it needs after it in registers it has saved
 * already, and it saves few. */
__attribute__((noinline)) referee_proved
referee_walk_a_die_a_step(bool marks_hits, const bg_action *roll, bg_board *absolute) {
  if (roll->die1 == roll->die2)
    return walk_a_double(marks_hits, roll, absolute);
  if (!a_die_a_step(roll))
    return walk_home(marks_hits, roll, absolute);
  return walk_a_die_a_step(marks_hits, roll, absolute);
}

bool referee_walk_a_die_a_step_unmarked(const bg_action *roll, bg_board *absolute) {
  if (roll->die1 == roll->die2)
    return walk_double(false, roll, absolute);
  return walk_a_die_a_step(false, roll, absolute);
}
