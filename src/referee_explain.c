/*
 * referee_explain.c — a recorded play is not among the legal plays: say
 * which rule it breaks, in the user's terms, at the move that breaks it.
 *
 * The record's own moves are replayed with the dice, trying every order of
 * the moves and every way of splitting a hop into dice, first under the full
 * rules, then with one rule set aside at a time (the bear-off rule, the bar
 * rule).  The first that lets the play through names the rule it breaks:
 *  - playable under the full rules: too few dice (or the lower one) played;
 *  - playable without the bear-off rule: a wrong bear-off;
 *  - playable without the bar rule: a checker moved while one is on the bar;
 *  - otherwise the first move that cannot be made at all says why.
 * This runs only for plays that are wrong, so it may be thorough.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "referee_play.h"

typedef struct {
  int dice[BG_MAX_DICE_STEPS];
  int count;
} dice_left;

static void dice_init(dice_left *left, int die1, int die2) {
  left->count = die1 == die2 ? 4 : 2;
  for (int i = 0; i < left->count; i++)
    left->dice[i] = i % 2 ? die2 : die1;
}

static void dice_remove(dice_left *left, int die) {
  for (int i = 0; i < left->count; i++)
    if (left->dice[i] == die) {
      left->dice[i] = left->dice[--left->count];
      return;
    }
}

static bool dice_seen_before(const dice_left *left, int index) {
  for (int i = 0; i < index; i++)
    if (left->dice[i] == left->dice[index])
      return true;
  return false;
}

static int dice_sum(const dice_left *left) {
  int sum = 0;
  for (int i = 0; i < left->count; i++)
    sum += left->dice[i];
  return sum;
}

/* ---- replaying the record's moves with the dice ---------------------- */

typedef struct {
  unsigned relaxed;                        /* BG_RELAX_* rules set aside */
  const bg_move *moves[BG_MAX_DICE_STEPS]; /* one checker each */
  int count;
  int dice_total;
  /* what the search found */
  int dice_used;
  const bg_move *bent_move; /* the first move that needed a rule set aside */
  bg_board bent_board;      /* the position at that step */
  int bent_die;
  bg_board final_board; /* the position after the last move */
  dice_left final_dice; /* and the dice still unused */
} move_search;

static bool search_moves(move_search *search, const bg_board *view, const dice_left *left,
                         unsigned done, const bg_move *bent);

static void note_bent(move_search *search, const bg_move *move, const bg_board *view,
                      int die) {
  search->bent_move = move;
  search->bent_board = *view;
  search->bent_die = die;
}

/* Carries move `index`, now at point `at`, on to its destination with the
 * dice left, then goes on with the other moves. */
static bool search_hop(move_search *search, const bg_board *view, const dice_left *left,
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
      if (landing < 0 || (landing == BG_OFF ? move->to != BG_OFF : landing < move->to))
        continue;
      if ((landing == move->to) != (pass == 0))
        continue;
      bool needs_relaxing = !bent && board_step_target(view, at, die) != landing;
      bg_board after = *view;
      dice_left rest = *left;
      board_apply_step(&after, at, landing);
      dice_remove(&rest, die);
      if (search_hop(search, &after, &rest, done, index, landing,
                     needs_relaxing ? move : bent)) {
        if (needs_relaxing)
          note_bent(search, move, view, die);
        return true;
      }
    }
  return false;
}

static bool same_move(const bg_move *a, const bg_move *b) {
  return a->from == b->from && a->to == b->to;
}

/* Plays the moves not yet done, in any order. */
static bool search_moves(move_search *search, const bg_board *view, const dice_left *left,
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
    if (!tried &&
        search_hop(search, view, left, done | (1u << i), i, search->moves[i]->from, bent))
      return true;
  }
  return false;
}

/* Expands the notation to one entry per checker; false when it moves more
 * checkers than the roll has dice. */
static bool search_init(move_search *search, const bg_action *roll, unsigned relaxed) {
  memset(search, 0, sizeof *search);
  search->relaxed = relaxed;
  dice_left left;
  dice_init(&left, roll->die1, roll->die2);
  search->dice_total = left.count;
  for (int i = 0; i < roll->move_count; i++)
    for (int k = 0; k < roll->moves[i].count; k++) {
      if (search->count == BG_MAX_DICE_STEPS || roll->moves[i].to >= roll->moves[i].from)
        return false;
      search->moves[search->count++] = &roll->moves[i];
    }
  return true;
}

/* Runs a search set up by search_init with all the roll's dice. */
static bool search_run(move_search *search, const bg_action *roll, const bg_board *view) {
  dice_left left;
  dice_init(&left, roll->die1, roll->die2);
  return search_moves(search, view, &left, 0, NULL);
}

static bool playable(move_search *search, const bg_action *roll, const bg_board *view,
                     unsigned relaxed) {
  return search_init(search, roll, relaxed) && search_run(search, roll, view);
}

/* The commonest case of the one below, without the search: each move one
 * step of exactly its distance, legal in the written order.  The steps
 * land on the written points only, so every order that works leaves this
 * position; a play this does not prove goes to the search. */
static bool replay_as_written(const bg_action *roll, const bg_board *view,
                              bg_board *result) {
  dice_left left;
  dice_init(&left, roll->die1, roll->die2);
  bg_board board = *view;
  for (int i = 0; i < roll->move_count; i++) {
    const bg_move *move = &roll->moves[i];
    int die = move->from - move->to;
    for (int k = 0; k < move->count; k++) {
      int before = left.count;
      if (die < 1 || die > 6)
        return false;
      dice_remove(&left, die); /* no such die left: the count stays */
      if (left.count == before || board_step_target(&board, move->from, die) != move->to)
        return false;
      board_apply_step(&board, move->from, move->to);
    }
  }
  if (left.count != 0)
    return false;
  *result = board;
  return true;
}

bool referee_replay_one_die_per_move(const bg_action *roll, const bg_board *view,
                                     bg_board *result) {
  if (roll->die1 >= 1 && roll->die1 <= 6 && roll->die2 >= 1 && roll->die2 <= 6 &&
      replay_as_written(roll, view, result))
    return true;
  move_search search;
  if (!search_init(&search, roll, 0) || search.count != search.dice_total ||
      !search_run(&search, roll, view))
    return false;
  *result = search.final_board;
  return true;
}

/* Can any checker of the roller make one legal step with `die`? */
static bool any_step(const bg_board *view, int die) {
  for (int from = BG_BAR; from >= 1; from--)
    if (view->checkers[0][from] && board_step_target(view, from, die) >= 0)
      return true;
  return false;
}

/* Can a step with die `first` be followed by one with die `second`? */
static bool steps_follow(const bg_board *view, int first, int second) {
  for (int from = BG_BAR; from >= 1; from--) {
    int to = view->checkers[0][from] ? board_step_target(view, from, first) : -1;
    if (to < 0)
      continue;
    bg_board after = *view;
    board_apply_step(&after, from, to);
    if (any_step(&after, second))
      return true;
  }
  return false;
}

/* With a non-double of which one die, `used`, was played: is one die the
 * most any play can use, and `used` a die such a play may use?  No play
 * uses both dice when neither die can follow a step of the other; and of
 * two dice that can each be played alone, the larger must be (entering
 * "25/24" with 61 against a closed 6 point, bearing off the last checker
 * "1/off" with 54). */
static bool only_die_playable(const bg_board *view, int used, int other) {
  if (other > used && any_step(view, other))
    return false;
  return !steps_follow(view, used, other) && !steps_follow(view, other, used);
}

/* The same for a play of one checker that uses every die of the roll: it
 * stops on its way only where the dice, in some order, take it (the steps
 * of any play that moves one checker from `from` to `to` make one path
 * between them).  For a non-double, that is after either die; a double's
 * stops are the same in every order, so all its readings hit alike. */
static bool blot_where_one_checker_may_land(const bg_action *roll, const bg_board *view) {
  const bg_move *move = &roll->moves[0];
  if (roll->die1 == roll->die2)
    return false;
  const int dice[2] = {roll->die1, roll->die2};
  for (int i = 0; i < 2; i++) {
    int stop = move->from - dice[i];
    if (stop > move->to && stop <= 24 && board_is_blot_of_opponent(view, stop))
      return true;
  }
  return false;
}

/* Could another play that leaves the roller's checkers where this one does
 * hit a blot this one passes over?  Every step of any such play lands on a
 * point some written move spans or ends on (the number of steps spanning a
 * point follows from where the checkers leave and arrive, whatever the
 * route), so a blot strictly inside a written move and on no destination
 * is the only way two readings can differ. */
static bool hidden_blot_on_the_way(const bg_action *roll, const bg_board *view) {
  if (roll->move_count == 1 && roll->moves[0].count == 1)
    return blot_where_one_checker_may_land(roll, view);
  bool destination[BG_SLOTS] = {false};
  for (int i = 0; i < roll->move_count; i++)
    destination[roll->moves[i].to] = true;
  for (int i = 0; i < roll->move_count; i++)
    for (int point = roll->moves[i].to + 1; point < roll->moves[i].from; point++)
      if (point <= 24 && !destination[point] && board_is_blot_of_opponent(view, point))
        return true;
  return false;
}

/* Did the search play as many dice as any play can?  All of them; none
 * when no die moves anything; one of a non-double when the other can never
 * be played.  Other partial plays are left to the move generator. */
static bool as_many_dice_as_can_be(const move_search *search, const bg_action *roll,
                                   const bg_board *view) {
  if (search->dice_used == search->dice_total)
    return true;
  if (search->dice_used == 0)
    return !any_step(view, roll->die1) && !any_step(view, roll->die2);
  if (search->dice_used != 1 || search->dice_total != 2)
    return false;
  int other = search->final_dice.dice[0];
  return only_die_playable(view, roll->die1 + roll->die2 - other, other);
}

bool referee_replay_maximal(const bg_action *roll, const bg_board *view,
                            bg_board *result) {
  move_search search;
  if (roll->die1 < 1 || roll->die1 > 6 || roll->die2 < 1 || roll->die2 > 6 ||
      !search_init(&search, roll, 0) || !search_run(&search, roll, view))
    return false;
  if (!as_many_dice_as_can_be(&search, roll, view))
    return false;
  /* One die played: any play that leaves the same position is that one
   * step, which lands on the written destination only. */
  if (search.dice_used > 1 && hidden_blot_on_the_way(roll, view))
    return false;
  *result = search.final_board;
  return true;
}

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

/* ---- the messages ---------------------------------------------------- */

static int max_dice(const bg_playlist *legal) {
  int most = 0;
  for (int i = 0; i < legal->count; i++)
    most = legal->plays[i].step_count > most ? legal->plays[i].step_count : most;
  return most;
}

static void explain_unplayed(play_checker *checker, const bg_action *roll,
                             const move_search *search, const char *legal) {
  char message[512], text[256];
  notation_play_text(roll, text, sizeof text);
  int most = max_dice(&checker->legal);
  int higher = roll->die1 > roll->die2 ? roll->die1 : roll->die2;
  int lower = roll->die1 > roll->die2 ? roll->die2 : roll->die1;
  if (search->dice_used < most)
    snprintf(message, sizeof message,
             "%d%d: %s plays %d %s, but %d can be played: play as many dice as possible",
             roll->die1, roll->die2, text, search->dice_used,
             search->dice_used == 1 ? "die" : "dice", most);
  else
    snprintf(message, sizeof message,
             "%d%d: %s plays the %d, but the higher die (%d) can be played and must be",
             roll->die1, roll->die2, text, lower, higher);
  referee_report_play(checker, roll, roll->pos, DIAG_ERROR, "unplayed-dice", message,
                      legal);
}

/* Why `text` (a bear-off from `board`) is not a legal one: checkers stand
 * outside the home board (`outside` of them), or a die larger than the
 * point (`die`, 0 when not known) was used while a checker stands higher. */
static void bear_off_message(const bg_board *board, int outside, int die,
                             const char *text, char *message, int size) {
  char highest_name[8], die_name[16];
  int highest = board_highest_point(board, 0);
  notation_point_name(highest, highest_name, sizeof highest_name);
  if (die > 0)
    snprintf(die_name, sizeof die_name, "%d", die);
  else
    snprintf(die_name, sizeof die_name, "higher die");
  if (outside > 0)
    snprintf(message, size,
             "%s is not a legal bear-off: not all checkers are home (one stands on the "
             "%s%s)",
             text, highest_name, highest == BG_BAR ? "" : " point");
  else
    snprintf(message, size,
             "%s is not a legal bear-off: a %s bears off from a lower point only when no "
             "checker stands higher, and one stands on the %d point",
             text, die_name, highest);
}

static void explain_bear_off(play_checker *checker, const bg_action *roll,
                             const move_search *search, const char *legal) {
  char message[512], text[32];
  const bg_move *move = search->bent_move;
  notation_move_text(move, text, sizeof text);
  bear_off_message(&search->bent_board,
                   board_checkers_outside_home(&search->bent_board, 0), search->bent_die,
                   text, message, sizeof message);
  referee_report_play(checker, roll, move->pos, DIAG_ERROR, "wrong-bear-off", message,
                      legal);
}

static int dice_max(const dice_left *left) {
  int high = 0;
  for (int i = 0; i < left->count; i++)
    high = left->dice[i] > high ? left->dice[i] : high;
  return high;
}

/* A bear-off that breaks the bear-off rule itself: checkers outside the home
 * board, or a larger die used while a checker stands higher. */
static bool explain_bear_off_move(const bg_board *view, const dice_left *left,
                                  const bg_move *move, const char *text, char *message,
                                  int size) {
  int outside = board_checkers_outside_home(view, 0) - (move->from > 6);
  if (move->to != BG_OFF || view->checkers[0][move->from] == 0)
    return false;
  if (outside > 0 || (move->from <= 6 && dice_max(left) > move->from &&
                      board_highest_point(view, 0) > move->from)) {
    bear_off_message(view, outside, 0, text, message, size);
    return true;
  }
  return false;
}

/* Why the move cannot be made at all, for the first such move in the
 * record's order; returns the rule it breaks. */
static const char *explain_move(const bg_board *view, const dice_left *left,
                                const bg_move *move, char *message, int size) {
  char text[32], from_name[8], to_name[8];
  notation_move_text(move, text, sizeof text);
  notation_point_name(move->from, from_name, sizeof from_name);
  notation_point_name(move->to, to_name, sizeof to_name);
  int distance = move->from - move->to;
  int opposing = move->to == BG_OFF ? 0 : board_opponent_checkers_on(view, move->to);
  if (move->to < move->from &&
      explain_bear_off_move(view, left, move, text, message, size))
    return "wrong-bear-off";
  if (move->to >= move->from)
    snprintf(message, size,
             "%s moves backwards: checkers move from higher to lower points", text);
  else if (view->checkers[0][move->from] == 0)
    snprintf(message, size, "%s: no checker of the mover stands on the %s point", text,
             from_name);
  else if (opposing >= 2)
    snprintf(message, size,
             "%s lands on the %s point, which is blocked (%d opposing checkers)", text,
             to_name, opposing);
  else if (left->count == 0)
    snprintf(message, size, "%s: the dice are already used up", text);
  else if (move->to != BG_OFF && distance > dice_sum(left))
    snprintf(message, size, "%s is %d %s, more than the dice left (%d) allow", text,
             distance, distance == 1 ? "pip" : "pips", dice_sum(left));
  else
    snprintf(message, size,
             "%s cannot be played with the dice left: no die moves %d %s, and no path of "
             "dice gets there through open points",
             text, distance, distance == 1 ? "pip" : "pips");
  return "illegal-move";
}

/* Walks the moves in the record's order; reports the first that cannot be
 * made.  Returns true when one was reported. */
static bool explain_by_walking(play_checker *checker, const bg_action *roll,
                               const bg_board *start, const char *legal) {
  bg_board view = *start;
  dice_left left;
  dice_init(&left, roll->die1, roll->die2);
  for (int i = 0; i < roll->move_count; i++) {
    const bg_move *move = &roll->moves[i];
    for (int k = 0; k < move->count; k++) {
      move_search one = {.relaxed = 0, .moves = {move}, .count = 1};
      one.dice_total = left.count;
      if (move->from > move->to &&
          search_hop(&one, &view, &left, 1, 0, move->from, NULL)) {
        view = one.final_board;
        left = one.final_dice;
        continue;
      }
      char message[512];
      const char *rule = explain_move(&view, &left, move, message, sizeof message);
      referee_report_play(checker, roll, move->pos, DIAG_ERROR, rule, message, legal);
      return true;
    }
  }
  return false;
}

/* A typo in the dice is the likeliest mistake behind a play that another
 * roll makes legal: a note says which roll. */
static void hint_other_roll(play_checker *checker, const bg_action *roll,
                            const bg_board *view) {
  if (roll->move_count == 0)
    return;
  for (int high = 6; high >= 1; high--)
    for (int low = high; low >= 1; low--) {
      bool recorded = (roll->die1 == high && roll->die2 == low) ||
                      (roll->die1 == low && roll->die2 == high);
      if (recorded ||
          referee_plays_of_roll(roll, view, high, low, &checker->reachable, NULL) == 0)
        continue;
      char message[128];
      snprintf(message, sizeof message,
               "the play is legal with %d%d: were the dice %d%d?", high, low, high, low);
      referee_report_play(checker, roll, checker->last_pos, DIAG_NOTE, checker->last_rule,
                          message, NULL);
      return;
    }
}

static void explain_play(play_checker *checker, const bg_action *roll,
                         const bg_board *view);

void referee_explain_miss(play_checker *checker, const bg_action *roll,
                          const bg_board *view) {
  explain_play(checker, roll, view);
  if (!referee_play_is_made_by_dice(roll, view))
    hint_other_roll(checker, roll, view);
}

/* How far apart two positions are: checkers of either side to move. */
static int board_distance(const bg_board *a, const bg_board *b) {
  int distance = 0;
  for (int side = 0; side < 2; side++)
    for (int slot = 0; slot < BG_SLOTS; slot++)
      distance += abs(a->checkers[side][slot] - b->checkers[side][slot]);
  return distance;
}

typedef struct {
  int distance; /* from the record's own position */
  int index;    /* in the engine's list: ties keep its order */
} ranked_play;

static int by_distance(const void *a, const void *b) {
  const ranked_play *x = a, *y = b;
  if (x->distance != y->distance)
    return x->distance < y->distance ? -1 : 1;
  return (x->index > y->index) - (x->index < y->index);
}

/* Puts the legal plays nearest to what the record wrote first: a slip of
 * the pen (17/14 for 17/15) is likelier than another play, so the note
 * shows it among its first few, and the referee, which follows at most
 * BG_MAX_CANDIDATES positions after a mistake, keeps it. */
static void sort_nearest_first(bg_playlist *legal, const bg_action *roll,
                               const bg_board *view) {
  bg_board written;
  if (legal->count < 2 || !referee_moves_target(view, roll, &written))
    return;
  size_t count = (size_t)legal->count;
  ranked_play *ranked = bg_malloc(count * sizeof *ranked);
  bg_play *sorted = bg_malloc(count * sizeof *sorted);
  for (int i = 0; i < legal->count; i++)
    ranked[i] = (ranked_play){board_distance(&legal->plays[i].result, &written), i};
  qsort(ranked, count, sizeof *ranked, by_distance);
  for (size_t i = 0; i < count; i++)
    sorted[i] = legal->plays[ranked[i].index];
  memcpy(legal->plays, sorted, count * sizeof *sorted);
  free(sorted);
  free(ranked);
}

static void explain_play(play_checker *checker, const bg_action *roll,
                         const bg_board *view) {
  movegen_legal_plays(view, roll->die1, roll->die2, &checker->legal);
  sort_nearest_first(&checker->legal, roll, view);
  char legal[1024], message[512], text[256];
  notation_legal_list(&checker->legal, legal, sizeof legal);
  notation_play_text(roll, text, sizeof text);
  if (roll->move_count == 0) {
    snprintf(message, sizeof message, "%d%d is recorded as no play, but %d legal %s",
             roll->die1, roll->die2, checker->legal.count,
             checker->legal.count == 1 ? "play exists" : "plays exist");
    referee_report_play(checker, roll, roll->pos, DIAG_ERROR, "wrong-no-play", message,
                        legal);
    return;
  }
  if (max_dice(&checker->legal) == 0) {
    snprintf(message, sizeof message,
             "%d%d cannot be played in this position, but the record plays %s",
             roll->die1, roll->die2, text);
    referee_report_play(checker, roll, roll->pos, DIAG_ERROR, "illegal-move", message,
                        NULL);
    return;
  }
  move_search search;
  if (playable(&search, roll, view, 0)) {
    explain_unplayed(checker, roll, &search, legal);
    return;
  }
  if (playable(&search, roll, view, BG_RELAX_BEAR_OFF) && search.bent_move) {
    explain_bear_off(checker, roll, &search, legal);
    return;
  }
  if (playable(&search, roll, view, BG_RELAX_BAR) && search.bent_move) {
    notation_move_text(search.bent_move, text, sizeof text);
    snprintf(message, sizeof message,
             "%s moves a checker while one is on the bar: it must enter first", text);
    referee_report_play(checker, roll, search.bent_move->pos, DIAG_ERROR, "illegal-move",
                        message, legal);
    return;
  }
  if (explain_by_walking(checker, roll, view, legal))
    return;
  snprintf(message, sizeof message, "%s is not a legal play of %d%d", text, roll->die1,
           roll->die2);
  referee_report_play(checker, roll, roll->pos, DIAG_ERROR, "illegal-move", message,
                      legal);
}
