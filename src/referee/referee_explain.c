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
 * This runs only for plays that are wrong, so it may be thorough.  The
 * replay itself is referee_proof.c's (referee_int.h).
 */
#include <stdio.h>
#include <string.h>

#include "referee_int.h"

/* Can the record's moves be played with the dice, `relaxed` rules set
 * aside? */
static bool playable(move_search *search, const bg_action *roll, const bg_board *view,
                     unsigned relaxed) {
  return referee_search_init(search, roll, relaxed) &&
         referee_search_run(search, roll, view);
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
  int most = max_dice(&checker->legal.plays);
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
  referee_report_play(checker, roll, roll->pos, DIAG_ERROR, RULE_SLUG(UNPLAYED_DICE),
                      message, legal);
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
  referee_report_play(checker, roll, move->pos, DIAG_ERROR, RULE_SLUG(WRONG_BEAR_OFF),
                      message, legal);
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
    return RULE_SLUG(WRONG_BEAR_OFF);
  if (move->to >= move->from)
    snprintf(message, size,
             "%s moves backwards: checkers move from higher to lower points", text);
  else if (view->checkers[0][move->from] == 0)
    snprintf(message, size, "%s: no checker of the mover stands on the %s point", text,
             from_name);
  else if (move->from != BG_BAR && view->checkers[0][BG_BAR] > 0)
    snprintf(message, size,
             "%s moves a checker while one is on the bar: it must enter first", text);
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
  return RULE_SLUG(ILLEGAL_MOVE);
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
          referee_search_hop(&one, &view, &left, 1, 0, move->from, NULL)) {
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
      if (recorded || referee_plays_of_roll(roll, view, high, low,
                                            &checker->scratch.plays, NULL) == 0)
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

/* "63:" with no play where a legal play exists. */
static void say_no_play_recorded(play_checker *checker, const bg_action *roll,
                                 const char *legal) {
  char message[512];
  snprintf(message, sizeof message, "%d%d is recorded as no play, but %d legal %s",
           roll->die1, roll->die2, checker->legal.plays.count,
           checker->legal.plays.count == 1 ? "play exists" : "plays exist");
  referee_report_play(checker, roll, roll->pos, DIAG_ERROR, RULE_SLUG(WRONG_NO_PLAY),
                      message, legal);
}

/* A play recorded for a roll that cannot be played at all. */
static void say_unplayable_roll(play_checker *checker, const bg_action *roll,
                                const char *text) {
  char message[512];
  snprintf(message, sizeof message,
           "%d%d cannot be played in this position, but the record plays %s", roll->die1,
           roll->die2, text);
  referee_report_play(checker, roll, roll->pos, DIAG_ERROR, RULE_SLUG(ILLEGAL_MOVE),
                      message, NULL);
}

/* A checker moved while one stood on the bar, as the search bent it. */
static void say_moved_from_bar(play_checker *checker, const bg_action *roll,
                               const bg_move *bent, const char *legal) {
  char message[512], text[256];
  notation_move_text(bent, text, sizeof text);
  snprintf(message, sizeof message,
           "%s moves a checker while one is on the bar: it must enter first", text);
  referee_report_play(checker, roll, bent->pos, DIAG_ERROR, RULE_SLUG(ILLEGAL_MOVE),
                      message, legal);
}

/* Is the play legal once a rule is relaxed (fewer dice, bearing off, the
 * bar)?  Then that rule is the one it breaks, reported.  True when one
 * was. */
static bool explain_by_relaxing(play_checker *checker, const bg_action *roll,
                                const bg_board *view, const char *legal) {
  move_search search;
  if (playable(&search, roll, view, 0)) {
    explain_unplayed(checker, roll, &search, legal);
    return true;
  }
  if (playable(&search, roll, view, BG_RELAX_BEAR_OFF) && search.bent_move) {
    explain_bear_off(checker, roll, &search, legal);
    return true;
  }
  if (playable(&search, roll, view, BG_RELAX_BAR) && search.bent_move) {
    say_moved_from_bar(checker, roll, search.bent_move, legal);
    return true;
  }
  return false;
}

static void explain_play(play_checker *checker, const bg_action *roll,
                         const bg_board *view) {
  referee_legal_nearest_first(checker, roll, view);
  char legal[1024], message[512], text[256];
  notation_legal_list(&checker->legal.plays, legal, sizeof legal);
  notation_play_text(roll, text, sizeof text);
  if (roll->move_count == 0)
    say_no_play_recorded(checker, roll, legal);
  else if (max_dice(&checker->legal.plays) == 0)
    say_unplayable_roll(checker, roll, text);
  else if (!explain_by_relaxing(checker, roll, view, legal) &&
           !explain_by_walking(checker, roll, view, legal)) {
    snprintf(message, sizeof message, "%s is not a legal play of %d%d", text, roll->die1,
             roll->die2);
    referee_report_play(checker, roll, roll->pos, DIAG_ERROR, RULE_SLUG(ILLEGAL_MOVE),
                        message, legal);
  }
}
