/*
 * referee_proof.c — proofs that a recorded play is legal without the move
 * generator: the record's moves replayed with the dice (the search over
 * their orders and splits into dice is referee_proof_search.c's), and
 * what makes the replayed play the only reading (every die used, or as
 * many as any play can; no blot another reading could hit on the way;
 * every hit marked where the record marks hits).  The commonest replay,
 * one die per move, is referee_proof_replay.c's.  Most plays are proved
 * so; the rest go to the move generator (referee_play.c).
 */
#include <string.h>

#include "referee_int.h"

/* ---- where the record's moves put the checkers ------------------------ */

/* The mover's checkers after the notation's moves, netted; false when the
 * notation takes a checker from a point more often than it holds one.
 * `view` is a board the referee follows, 15 checkers a side, so only the
 * points the moves touch can leave the range: only those are checked (this
 * is asked of every position followed, for every play). */
bool referee_moves_change(const bg_action *roll, int change[BG_SLOTS],
                          uint32_t *touched) {
  memset(change, 0, BG_SLOTS * sizeof *change);
  *touched = 0;
  bool on_board = true;
  for (int i = 0; i < roll->move_count; i++) {
    const bg_move *move = &roll->moves[i];
    on_board &=
        move->from >= 1 && move->from <= BG_BAR && move->to >= 0 && move->to < BG_BAR;
    if (move->from < 0 || move->from >= BG_SLOTS || move->to < 0 || move->to >= BG_SLOTS)
      continue;
    change[move->from] -= move->count;
    change[move->to] += move->count;
    *touched |= 1u << move->from | 1u << move->to;
  }
  return on_board;
}

bool referee_moves_target(const bg_board *view, const bg_action *roll, bg_board *target) {
  int change[BG_SLOTS];
  uint32_t touched;
  if (!referee_moves_change(roll, change, &touched))
    return false;
  board_copy(target, view);
  for (; touched; touched &= touched - 1) {
    int point = __builtin_ctz(touched);
    int count = view->checkers[0][point] + change[point];
    if (count < 0 || count > BG_CHECKERS)
      return false;
    target->checkers[0][point] = (uint8_t)count;
  }
  return true;
}

static bool dice_are_dice(const bg_action *roll) {
  return roll->die1 >= 1 && roll->die1 <= 6 && roll->die2 >= 1 && roll->die2 <= 6;
}

bool referee_replay_one_die_per_move(const bg_action *roll, const bg_board *view,
                                     bg_board *result) {
  if (roll->move_count == 0) /* no move: not every die */
    return false;
  if (referee_replay_as_written(roll, view, result))
    return true;
  move_search search;
  if (!referee_search_init(&search, roll, 0) || search.count != search.dice_total ||
      !referee_search_run(&search, roll, view))
    return false;
  *result = search.final_board;
  return true;
}

/* Can any checker of the roller (`mine`, against `theirs`: board.h's
 * sides) make one legal step with `die`?  With a checker on the bar, only
 * the bar's can (board_step_target refuses the others): asked of every
 * no-play, most of them a checker that cannot enter, which is one
 * question, not one a point. */
static bool any_step_of_sides(const uint8_t *mine, const uint8_t *theirs, int die) {
  if (mine[BG_BAR])
    return board_sides_step_target(mine, theirs, BG_BAR, die) >= 0;
  for (int from = BG_BAR - 1; from >= 1; from--)
    if (mine[from] && board_sides_step_target(mine, theirs, from, die) >= 0)
      return true;
  return false;
}

static bool any_step(const bg_board *view, int die) {
  return any_step_of_sides(view->checkers[0], view->checkers[1], die);
}

/* Can a step with die `first` be followed by one with die `second`?  (Of
 * the bar's checker alone when one is there, as in any_step.)  Each step
 * is made on the sides and taken back: no board is copied. */
static bool steps_follow(uint8_t *mine, uint8_t *theirs, int first, int second) {
  int lowest = mine[BG_BAR] ? BG_BAR : 1;
  for (int from = BG_BAR; from >= lowest; from--) {
    int to = mine[from] ? board_sides_step_target(mine, theirs, from, first) : -1;
    if (to < 0)
      continue;
    bool hit = board_sides_apply_step(mine, theirs, from, to);
    bool follows = any_step_of_sides(mine, theirs, second);
    board_sides_undo_step(mine, theirs, from, to, hit);
    if (follows)
      return true;
  }
  return false;
}

/* With a non-double of which one die, `used`, was played: is one die the
 * most any play can use, and `used` a die such a play may use?  No play
 * uses both dice when neither die can follow a step of the other; and of
 * two dice that can each be played alone, the larger must be (entering
 * "25/24" with 61 against a closed 6 point, bearing off the last checker
 * "1/off" with 54).  Asked of the sides before the play, which it leaves
 * as they were. */
static bool only_die_playable(uint8_t *mine, uint8_t *theirs, int used, int other) {
  /* two checkers or more on the bar, so `used` enters one: a checker
   * stays there after either die, and `other` plays only by its own
   * entry (the commonest such play: one checker of two enters) */
  if (mine[BG_BAR] >= 2)
    return !board_sides_step_lands(mine, theirs, BG_BAR, BG_BAR - other);
  if (other > used && any_step_of_sides(mine, theirs, other))
    return false;
  return !steps_follow(mine, theirs, used, other) &&
         !steps_follow(mine, theirs, other, used);
}

/* Did the search play as many dice as any play can?  All of them; none
 * when no die moves anything; of a double, as many as leave no step to
 * make (see below); one of a non-double when the other can never be
 * played.  Other partial plays are left to the move generator. */
static bool as_many_dice_as_can_be(const move_search *search, const bg_action *roll,
                                   const bg_board *view) {
  if (search->dice_used == search->dice_total)
    return true;
  /* With a double, a play after which no checker can step again is as long
   * as any: take a longer one and its first step that takes a checker past
   * where this play left it.  Before that step every checker stands where
   * this play left it or further back, so the step was legal here too: a
   * point the opponent holds stays held; all home there means all home
   * here; the highest point there is the highest here; no checker on the
   * bar there means none here. */
  if (roll->die1 == roll->die2)
    return !any_step(&search->final_board, roll->die1);
  if (search->dice_used == 0)
    return !any_step(view, roll->die1) && !any_step(view, roll->die2);
  if (search->dice_used != 1 || search->dice_total != 2)
    return false;
  int other = search->final_dice.dice[0];
  bg_board before = *view; /* stepped on and back */
  return only_die_playable(before.checkers[0], before.checkers[1],
                           roll->die1 + roll->die2 - other, other);
}

/* What referee_replay_maximal concludes from its search, run. */
static bool maximal_after_search(const move_search *search, const bg_action *roll,
                                 const bg_board *view, bg_board *result) {
  if (!as_many_dice_as_can_be(search, roll, view))
    return false;
  /* One die played: any play that leaves the same position is that one
   * step, which lands on the written destination only. */
  if (search->dice_used > 1 && referee_hidden_blot_on_the_way(roll, view->checkers[1]))
    return false;
  *result = search->final_board;
  return true;
}

bool referee_replay_maximal(const bg_action *roll, const bg_board *view,
                            bg_board *result) {
  move_search search;
  if (!dice_are_dice(roll) || !referee_search_init(&search, roll, 0) ||
      !referee_search_run(&search, roll, view))
    return false;
  return maximal_after_search(&search, roll, view, result);
}

/* ---- the quick proof, with the record's hit marks ------------------- */

/* Does the record mark a hit on `point` (any of its moves landing there)? */
bool referee_marked_at(const bg_action *roll, int point) {
  for (int i = 0; i < roll->move_count; i++)
    if (roll->moves[i].to == point && roll->moves[i].hit)
      return true;
  return false;
}

/* Where the play's written moves land, as a bit mask of points: those
 * that held a lone opposing checker (the return; the opponent's counts are
 * `theirs`, from their side), and into *marked those
 * a move marks as a hit.  A bear-off marked as a hit sets bit BG_OFF, and
 * a destination off the board the bit past the bar, where no blot stands:
 * with the marks written, they agree exactly when the masks are equal
 * (one die per move: no hidden landings).  Bits, not a loop over the
 * moves for each destination: this is asked of every play. */
static uint32_t blots_on_destinations(const bg_action *roll, const uint8_t *theirs,
                                      uint32_t *marked) {
  uint32_t blots = 0, hits = 0;
  for (int i = 0; i < roll->move_count; i++) {
    int point = roll->moves[i].to;
    unsigned bit = point >= 0 && point <= BG_BAR ? (unsigned)point : BG_BAR + 1;
    hits |= (uint32_t)roll->moves[i].hit << bit;
    blots |= (uint32_t)board_sides_is_blot_of_opponent(theirs, point) << bit;
  }
  *marked = hits;
  return blots;
}

/* With `marks_hits`, do the play's marks fall on the blots its moves land
 * on (the opponent's `theirs`)?  Without, yes.  *blots: those blots (none
 * without the marks).  The first question of every proof: a walk's hits
 * are the blots on its destinations. */
static bool marks_fit_destinations(bool marks_hits, const bg_action *roll,
                                   const uint8_t *theirs, uint32_t *blots) {
  uint32_t marked = 0;
  *blots = marks_hits ? blots_on_destinations(roll, theirs, &marked) : 0;
  return *blots == marked;
}

/* A hop's checker may hit a blot where it stops on its way (a double's
 * single checker stops at every die, whatever the order): no mark can show
 * that hit.  True when the play from `view` to `after` hit more blots than
 * stood on its destinations (`blots`, from blots_on_destinations). */
static int bit_count(uint32_t bits) {
  int count = 0;
  for (; bits; bits &= bits - 1) /* a few bits: no popcount call */
    count++;
  return count;
}

static bool hides_a_hit(uint32_t blots, const bg_board *view, const bg_board *after) {
  int hits = after->checkers[1][BG_BAR] - view->checkers[1][BG_BAR];
  return hits != bit_count(blots);
}

referee_marks_verdict referee_marks_of_quick_play(const bg_action *roll,
                                                  const bg_board *view,
                                                  const bg_board *after) {
  uint32_t marked, blots = blots_on_destinations(roll, view->checkers[1], &marked);
  if (marked != blots)
    return MARKS_DISAGREE;
  return hides_a_hit(blots, view, after) ? MARKS_HIDE_A_HIT : MARKS_AGREE;
}

/* One checker of a non-double moved by both dice ("24/13" with 65): it
 * stops after one die or the other; a blot on either stop is a hit
 * another reading could make (blot_where_one_checker_may_land): refused,
 * whether the hop is legal or not.  Else it is legal when the dice make
 * it in one order or the other, and hits what stands on its destination:
 * the search's own steps and position, made on the sides `mine` and
 * `theirs` (board.h), untouched where refused.  The stops lie between
 * the destination (a point) and the bar: points 2..24. */
static int hop_of_both_dice(const bg_action *roll, uint8_t *mine, uint8_t *theirs) {
  int die1 = roll->die1, die2 = roll->die2, from = roll->moves[0].from,
      to = roll->moves[0].to;
  if (theirs[BG_BAR - (from - die1)] == 1 || theirs[BG_BAR - (from - die2)] == 1)
    return 0;
  for (int order = 0; order < 2; order++) {
    int stop = from - (order ? die2 : die1);
    if (!board_sides_step_lands(mine, theirs, from, stop))
      continue;
    board_sides_apply_step_onto_point(mine, theirs, from, stop); /* no blot there */
    if (board_sides_step_lands(mine, theirs, stop, to)) {
      board_sides_apply_step_onto_point(mine, theirs, stop, to);
      return 1;
    }
    board_sides_undo_step(mine, theirs, from, stop, false);
  }
  return 0;
}

/* One checker of a non-double moved by one die ("25/23*" with 62, "1/off"
 * with 54), as the search plays it: by the first die of the roll whose
 * step lands on the written point; then it is legal when the other die
 * can never be played (only_die_playable, asked before the step).  The
 * step is made on the sides only where proved.  -1 when no die lands
 * there in one step. */
static int one_die_of_two(const bg_action *roll, uint8_t *mine, uint8_t *theirs) {
  const bg_move *move = &roll->moves[0];
  if (move->to < BG_OFF) /* board_sides_step_target's -1, "no step", is no point */
    return -1;
  for (int order = 0; order < 2; order++) {
    int used = order ? roll->die2 : roll->die1;
    if (board_sides_step_target(mine, theirs, move->from, used) != move->to)
      continue;
    if (!only_die_playable(mine, theirs, used, roll->die1 + roll->die2 - used))
      return 0;
    board_sides_apply_step(mine, theirs, move->from, move->to);
    return 1;
  }
  return -1;
}

/* What the search and maximal_after_search conclude, without them, of
 * the commonest plays they see: a no-play, and one checker of a
 * non-double moved by both dice or by one, its dice valid.  1: proved,
 * the play made on the sides `mine` and `theirs` (board.h); 0: refused,
 * the sides as they were; -1: none of these (search).  A no-play is as
 * long as any when no die moves a checker (of a double, its one die), and
 * leaves the position as it was.  None of these hides a hit: a hop's
 * stops hold no blot. */
static int common_case_on_sides(const bg_action *roll, uint8_t *mine, uint8_t *theirs) {
  int die1 = roll->die1, die2 = roll->die2;
  if (roll->move_count == 0)
    return any_step_of_sides(mine, theirs, die1) ||
                   (die1 != die2 && any_step_of_sides(mine, theirs, die2))
               ? 0
               : 1;
  const bg_move *move = &roll->moves[0];
  int from = move->from, to = move->to;
  if (roll->move_count != 1 || move->count != 1 || die1 == die2 || from > BG_BAR)
    return -1;
  if (to >= 1 && from - to == die1 + die2)
    return hop_of_both_dice(roll, mine, theirs);
  return one_die_of_two(roll, mine, theirs);
}

/* The steps double_walked_on_sides made, to take back. */
typedef struct {
  int8_t from, to;
  bool hit;
} made_step;

static void take_back(uint8_t *mine, uint8_t *theirs, const made_step *made, int count) {
  for (int i = count - 1; i >= 0; i--)
    board_sides_undo_step(mine, theirs, made[i].from, made[i].to, made[i].hit);
}

/* A double's moves made in their written order on the sides `mine` and
 * `theirs` (board.h), each by steps of the die through the points it
 * passes (bar/off too), into `made`: the dice used, -1 where they do not
 * walk so (the sides then as they were).  A double splits a move one way
 * only and stops its checkers on the same points in every order, so
 * every order that walks leaves this position with this count of dice:
 * what the search finds. */
static int double_walked_on_sides(const bg_action *roll, uint8_t *mine, uint8_t *theirs,
                                  made_step made[BG_MAX_DICE_STEPS]) {
  int die = roll->die1, used = 0;
  for (int i = 0; i < roll->move_count; i++) {
    const bg_move *move = &roll->moves[i];
    bool walks = (unsigned)move->to < (unsigned)move->from && move->count > 0;
    for (int k = 0; walks && k < move->count; k++)
      for (int at = move->from; walks && at != move->to; used++) {
        int landing = used < BG_MAX_DICE_STEPS
                          ? board_sides_step_target(mine, theirs, at, die)
                          : -1;
        walks = landing >= 0 &&
                (landing == BG_OFF ? move->to == BG_OFF : landing >= move->to);
        if (!walks)
          break;
        made[used] =
            (made_step){.from = (int8_t)at,
                        .to = (int8_t)landing,
                        .hit = board_sides_apply_step(mine, theirs, at, landing)};
        at = landing;
      }
    if (!walks) {
      take_back(mine, theirs, made, used);
      return -1;
    }
  }
  return used;
}

/* A double's play walked in steps on the sides (double_walked_on_sides)
 * and judged as maximal_after_search would: 1 proved, the play made; 0
 * refused and -1 not walked so (search), the sides as they were.  With
 * `hits` not -1, the play must hit that many blots (the marks').  No
 * other reading hides a hit: a double's readings all hit alike
 * (referee_hidden_blot_on_the_way). */
static int double_on_sides(const bg_action *roll, uint8_t *mine, uint8_t *theirs,
                           int hits) {
  made_step made[BG_MAX_DICE_STEPS];
  int bar_before = theirs[BG_BAR];
  int used = double_walked_on_sides(roll, mine, theirs, made);
  if (used < 0)
    return -1;
  if (!(used < BG_MAX_DICE_STEPS && any_step_of_sides(mine, theirs, roll->die1)) &&
      (hits < 0 || theirs[BG_BAR] - bar_before == hits))
    return 1;
  take_back(mine, theirs, made, used);
  return 0;
}

/* The plays the search need not see, its dice valid: a common case
 * (common_case_on_sides), or a double's moves walked in steps
 * (double_on_sides, with `hits` as there).  1 proved, the play made on
 * the sides; 0 refused and -1 none of these (search), the sides as they
 * were. */
static int known_play_on_sides(const bg_action *roll, uint8_t *mine, uint8_t *theirs,
                               int hits) {
  if (roll->die1 == roll->die2 && roll->move_count > 0)
    return double_on_sides(roll, mine, theirs, hits);
  return common_case_on_sides(roll, mine, theirs);
}

/* known_play_on_sides from `view`, the play made in *after. */
static int replay_known_play(const bg_action *roll, const bg_board *view,
                             bg_board *after) {
  board_copy(after, view);
  return known_play_on_sides(roll, after->checkers[0], after->checkers[1], -1);
}

/* referee_replay_one_die_per_move, else referee_replay_maximal, with their
 * one search run once: both set it up alike, so where the first searched
 * in vain the second would too (and a record followed after a mistake
 * asks this of every position, where most plays fail).  `walked`: the
 * play was replayed as written in vain already. */
static bool replay_either_way(bool walked, const bg_action *roll, const bg_board *view,
                              bg_board *after) {
  bool dice_valid = dice_are_dice(roll);
  if (!walked && referee_replay_as_written(roll, view, after))
    return true;
  /* most plays the one-die replay leaves (a no-play, a hop, one die of
   * two, a double's hops or dice left unplayed), told without the search */
  int known = dice_valid ? replay_known_play(roll, view, after) : -1;
  if (known >= 0)
    return known == 1;
  move_search search;
  if (!referee_search_init(&search, roll, 0))
    return false;
  bool every_die = roll->move_count > 0 && search.count == search.dice_total;
  if ((!every_die && !dice_valid) || !referee_search_run(&search, roll, view))
    return false;
  if (every_die) {
    *after = search.final_board;
    return true;
  }
  return maximal_after_search(&search, roll, view, after);
}

/* referee_prove_quickly, told whether the play was `walked` as written
 * in vain already (replay_either_way). */
static bool prove_quickly(bool marks_hits, bool walked, const bg_action *roll,
                          const bg_board *view, bg_board *after) {
  /* the marks first: they are read off the position, the proof searches */
  uint32_t blots;
  if (!marks_fit_destinations(marks_hits, roll, view->checkers[1], &blots))
    return false;
  if (!replay_either_way(walked, roll, view, after))
    return false;
  return !marks_hits || !hides_a_hit(blots, view, after);
}

bool referee_prove_quickly(bool marks_hits, const bg_action *roll, const bg_board *view,
                           bg_board *after) {
  return prove_quickly(marks_hits, false, roll, view, after);
}

/* referee_prove_onto of a play the walk in place refused.  Most are
 * common cases, proved in place too once the marks agree (prove_quickly's
 * order); the others from a view of the position.  Out of line, so that
 * the walk every play takes saves no more registers than it uses. */
__attribute__((noinline)) static bool
prove_refused_walk_onto(bool marks_hits, const bg_action *roll, bg_board *absolute) {
  uint8_t *mine, *theirs;
  board_roller_sides(absolute, roll->player, &mine, &theirs);
  if (dice_are_dice(roll)) {
    uint32_t blots;
    if (!marks_fit_destinations(marks_hits, roll, theirs, &blots))
      return false;
    int known =
        known_play_on_sides(roll, mine, theirs, marks_hits ? bit_count(blots) : -1);
    if (known >= 0)
      return known == 1;
  }
  bg_board view, after;
  board_seen_by(absolute, roll->player, &view);
  /* Where the marks fail, prove_quickly refuses before it replays: a
   * walk's hits are the blots on its destinations.  So where it replays,
   * the walk failed here: it is not made again. */
  if (!prove_quickly(marks_hits, true, roll, &view, &after))
    return false;
  board_seen_by(&after, roll->player, absolute);
  return true;
}

/* prove_onto_otherwise of a play the walk in place may prove: it, else
 * the others. */
__attribute__((noinline)) static bool
prove_in_place_onto(bool marks_hits, const bg_action *roll, bg_board *absolute) {
  if (referee_replay_in_place(marks_hits, roll, absolute))
    return true;
  return prove_refused_walk_onto(marks_hits, roll, absolute);
}

/* Does a double's move go further than its die ("13/5(2)" with 44, "6/2"
 * with 22)?  The walk in place steps a move by one die, so never proves
 * such a play. */
static bool moves_past_its_die(const bg_action *roll) {
  for (int i = 0; i < roll->move_count; i++)
    if (roll->moves[i].from - roll->moves[i].to > roll->die1)
      return true;
  return false;
}

/* A non-double's one move of one checker (a hop, one die of two), as
 * prove_refused_walk_onto proves it: its destination's mark asked first,
 * then the common case's question; the others' where that has no
 * answer. */
__attribute__((noinline)) static bool
prove_one_checker_onto(bool marks_hits, const bg_action *roll, bg_board *absolute) {
  if (!dice_are_dice(roll))
    return prove_refused_walk_onto(marks_hits, roll, absolute);
  uint8_t *mine, *theirs;
  board_roller_sides(absolute, roll->player, &mine, &theirs);
  const bg_move *move = &roll->moves[0];
  if (marks_hits && move->hit != board_sides_is_blot_of_opponent(theirs, move->to))
    return false;
  int known = common_case_on_sides(roll, mine, theirs);
  return known >= 0 ? known == 1 : prove_refused_walk_onto(marks_hits, roll, absolute);
}

/* A no-play, as prove_refused_walk_onto proves it: it marks no hit, so
 * only the common case's question is asked, none of the moves'. */
__attribute__((noinline)) static bool
prove_no_play_onto(bool marks_hits, const bg_action *roll, bg_board *absolute) {
  if (!dice_are_dice(roll))
    return prove_refused_walk_onto(marks_hits, roll, absolute);
  uint8_t *mine, *theirs;
  board_roller_sides(absolute, roll->player, &mine, &theirs);
  return common_case_on_sides(roll, mine, theirs) == 1;
}

/* referee_prove_onto of a play that is not a die a step: the walk in
 * place, else the others.  Out of line, so that the commonest play saves
 * no more registers than it uses; and a choice of tail calls only, so
 * that it saves none itself.  No move, or a non-double's one move of one
 * checker (a hop, one die of two), has fewer steps than dice, which the
 * walk in place never proves; nor has a double's hop. */
__attribute__((noinline)) static bool
prove_onto_otherwise(bool marks_hits, const bg_action *roll, bg_board *absolute) {
  if (roll->move_count == 0)
    return prove_no_play_onto(marks_hits, roll, absolute);
  if (roll->die1 != roll->die2 && roll->move_count == 1 && roll->moves[0].count == 1)
    return prove_one_checker_onto(marks_hits, roll, absolute);
  if (roll->die1 == roll->die2 && moves_past_its_die(roll))
    return prove_refused_walk_onto(marks_hits, roll, absolute);
  return prove_in_place_onto(marks_hits, roll, absolute);
}

bool referee_prove_onto_otherwise(bool marks_hits, const bg_action *roll,
                                  bg_board *absolute) {
  return prove_onto_otherwise(marks_hits, roll, absolute);
}
