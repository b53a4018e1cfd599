/*
 * check_engine.c — unit tests of the rules engine (board.c, movegen.c).
 *
 * Every rule the engine enforces is tested on both sides of its line: the
 * bar, blocked points and hits, doubles, the use of both dice and of the
 * higher die, bear-offs, the value of a won game, and the notation plays are
 * written in.  Positions are built from short strings such as
 * "13:1 1:14" (see make_board); plays are compared as gnubg writes them,
 * sorted and joined with " | ".
 */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "movegen.h"
#include "notation.h"
#include "random_games.h"
#include "run_suite.h"

/* ---- helpers ---- */

/* Adds "point:count" pairs ("bar:1", "13:5") to one side of the board. */
static void read_placements(const char *spec, bg_board *board, int side) {
  const char *at = spec;
  while (*at) {
    int point, count, used;
    if (strncmp(at, "bar:", 4) == 0) {
      point = BG_BAR;
      ck_assert_int_eq(sscanf(at + 4, "%d%n", &count, &used), 1);
      used += 4;
    } else {
      ck_assert_int_eq(sscanf(at, "%d:%d%n", &point, &count, &used), 2);
      /* The opponent is written in the roller's point numbers. */
      if (side == 1)
        point = 25 - point;
    }
    board->checkers[side][point] += (uint8_t)count;
    at += used;
    at += strspn(at, " ");
  }
}

/* A board from the roller's checkers and the opponent's, both written in
 * the ROLLER's point numbers ("bar" is each side's own bar).  Checkers not
 * placed are borne off. */
static bg_board make_board(const char *roller, const char *opponent) {
  bg_board board;
  memset(&board, 0, sizeof board);
  read_placements(roller, &board, 0);
  read_placements(opponent, &board, 1);
  for (int side = 0; side < 2; side++) {
    int placed = 0;
    for (int slot = 1; slot < BG_SLOTS; slot++)
      placed += board.checkers[side][slot];
    ck_assert_int_le(placed, BG_CHECKERS);
    board.checkers[side][BG_OFF] = (uint8_t)(BG_CHECKERS - placed);
  }
  ck_assert(board_is_valid(&board));
  return board;
}

static int compare_strings(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The plays of a list as text, sorted, " | "-joined (static buffer). */
static const char *list_text(const bg_playlist *list) {
  static char joined[16384];
  static char texts[1024][48];
  static char *sorted[1024];
  ck_assert_int_le(list->count, 1024);
  for (int i = 0; i < list->count; i++) {
    sorted[i] = texts[i];
    notation_format_play(&list->plays[i], texts[i], sizeof texts[i]);
  }
  qsort(sorted, (size_t)list->count, sizeof sorted[0], compare_strings);
  size_t used = 0;
  joined[0] = '\0';
  for (int i = 0; i < list->count; i++) {
    int written =
        snprintf(joined + used, sizeof joined - used, "%s%s", i ? " | " : "", sorted[i]);
    ck_assert_int_lt(written, (int)(sizeof joined - used));
    used += (size_t)written;
  }
  return joined;
}

static bg_playlist plays; /* reused by every test */

static void setup(void) {
  movegen_playlist_init(&plays);
}

static void teardown(void) {
  movegen_playlist_free(&plays);
}

/* The legal plays of a roll, as text. */
static const char *legal(const bg_board *board, int die1, int die2) {
  ck_assert_int_ge(movegen_legal_plays(board, die1, die2, &plays), 1);
  return list_text(&plays);
}

/* The play in `list` that reaches the position written as `text`, or NULL. */
static const bg_play *find_play(const bg_playlist *list, const char *text) {
  char buf[64];
  for (int i = 0; i < list->count; i++)
    if (strcmp(notation_format_play(&list->plays[i], buf, sizeof buf), text) == 0)
      return &list->plays[i];
  return NULL;
}

/* The opponent out of the way: all 15 on its bar, so no point is blocked
 * and no blot can be hit. */
#define OPPONENT_AWAY "bar:15"

/* ---- board: the position itself ---- */

START_TEST(test_nackgammon_position) {
  bg_board board;
  board_initial_nackgammon(&board);
  ck_assert(board_is_valid(&board));
  for (int side = 0; side < 2; side++) {
    ck_assert_int_eq(board.checkers[side][6], 4);
    ck_assert_int_eq(board.checkers[side][8], 3);
    ck_assert_int_eq(board.checkers[side][13], 4);
    ck_assert_int_eq(board.checkers[side][23], 2);
    ck_assert_int_eq(board.checkers[side][24], 2);
    ck_assert_int_eq(board.checkers[side][BG_OFF], 0);
  }
  /* The opponent's two back checkers on its 23 make the roller's 2 point
   * blocked: 8/2 with a 6 cannot be played, unlike in backgammon. */
  ck_assert_int_eq(board_step_target(&board, 8, 6), -1);
  bg_board standard;
  board_initial(&standard);
  ck_assert_int_eq(board_step_target(&standard, 8, 6), 2);
}
END_TEST

START_TEST(test_longgammon_position) {
  bg_board board;
  board_initial_longgammon(&board);
  ck_assert(board_is_valid(&board));
  ck_assert_int_eq(board.checkers[0][24], 15);
  ck_assert_int_eq(board.checkers[1][24], 15);
  ck_assert_int_eq(board_highest_point(&board, 0), 24);
  /* The opponent's fifteen stand on the roller's 1 point: a 6 lands free
   * on the 18, nothing can reach the 1. */
  ck_assert_int_eq(board_step_target(&board, 24, 6), 18);
  ck_assert_int_eq(board_opponent_checkers_on(&board, 1), 15);
}
END_TEST

START_TEST(test_initial_position) {
  bg_board board;
  board_initial(&board);
  ck_assert(board_is_valid(&board));
  for (int side = 0; side < 2; side++) {
    ck_assert_int_eq(board.checkers[side][6], 5);
    ck_assert_int_eq(board.checkers[side][8], 3);
    ck_assert_int_eq(board.checkers[side][13], 5);
    ck_assert_int_eq(board.checkers[side][24], 2);
    ck_assert_int_eq(board.checkers[side][BG_OFF], 0);
    ck_assert_int_eq(board.checkers[side][BG_BAR], 0);
    ck_assert_int_eq(board_checkers_outside_home(&board, side), 10);
    ck_assert_int_eq(board_highest_point(&board, side), 24);
  }
  ck_assert_int_eq(board_opponent_checkers_on(&board, 12), 5);
  ck_assert_int_eq(board_opponent_checkers_on(&board, 1), 2);
}
END_TEST

START_TEST(test_swap_exchanges_the_sides) {
  bg_board board = make_board("6:5 8:3 13:5 bar:1", "20:2 1:3");
  bg_board swapped = board;
  board_swap(&swapped);
  ck_assert(!board_equal(&board, &swapped));
  ck_assert_int_eq(swapped.checkers[1][BG_BAR], 1);
  ck_assert_int_eq(swapped.checkers[0][5], 2);  /* was on the roller's 20 */
  ck_assert_int_eq(swapped.checkers[0][24], 3); /* was on the roller's 1 */
  ck_assert(board_is_valid(&swapped));
  board_swap(&swapped);
  ck_assert(board_equal(&board, &swapped));
}
END_TEST

START_TEST(test_valid_needs_fifteen_a_side) {
  bg_board board;
  board_initial(&board);
  board.checkers[0][6]--;
  ck_assert(!board_is_valid(&board)); /* 14 */
  board.checkers[0][6] += 2;
  ck_assert(!board_is_valid(&board)); /* 16 */
  board.checkers[0][6]--;
  board.checkers[1][BG_OFF] = 200;
  ck_assert(!board_is_valid(&board)); /* far too many, does not crash */
}
END_TEST

START_TEST(test_valid_sides_never_share_a_point) {
  bg_board board = make_board("5:1", "6:1");
  ck_assert(board_is_valid(&board));
  board.checkers[1][BG_OFF]--;
  board.checkers[1][25 - 5]++; /* the opponent joins the roller's 5 */
  ck_assert(!board_is_valid(&board));
}
END_TEST

START_TEST(test_equal_and_hash) {
  bg_board a, b;
  board_initial(&a);
  board_initial(&b);
  ck_assert(board_equal(&a, &b));
  ck_assert(board_hash(&a) == board_hash(&b));
  b.checkers[0][13]--;
  b.checkers[0][12]++;
  ck_assert(!board_equal(&a, &b));
  ck_assert(board_hash(&a) != board_hash(&b));
  bg_board swapped = make_board("6:5 8:3", "1:1");
  bg_board other = make_board("6:5 8:3", "2:1");
  ck_assert(board_hash(&swapped) != board_hash(&other));
}
END_TEST

/* Every byte counts, the first and the last of each side (the compare
 * goes by words), and the roller's compare looks at the roller's only. */
START_TEST(test_equal_every_slot_and_the_roller_alone) {
  bg_board a;
  board_initial(&a);
  for (int side = 0; side < 2; side++)
    for (int slot = 0; slot < BG_SLOTS; slot++) {
      bg_board b = a;
      b.checkers[side][slot] ^= 0x40;
      ck_assert_msg(!board_equal(&a, &b), "side %d slot %d", side, slot);
      ck_assert_int_eq(board_roller_equal(&a, &b), side == 1);
    }
  ck_assert(board_roller_equal(&a, &a));
}
END_TEST

START_TEST(test_highest_point_and_outside_home) {
  bg_board board = make_board("bar:1 3:2", "");
  ck_assert_int_eq(board_highest_point(&board, 0), BG_BAR);
  ck_assert_int_eq(board_checkers_outside_home(&board, 0), 1); /* the bar counts */
  board = make_board("", "");
  ck_assert_int_eq(board_highest_point(&board, 0), 0);
  ck_assert_int_eq(board_checkers_outside_home(&board, 0), 0);
}
END_TEST

/* The opening position is 167 pips a side; the bar counts 25, a checker
 * borne off nothing, and each side is counted from its own side (the
 * opponent's checkers below are written in the roller's numbers). */
START_TEST(test_pip_count) {
  bg_board board;
  board_initial(&board);
  ck_assert_int_eq(board_pip_count(&board, 0), 167);
  ck_assert_int_eq(board_pip_count(&board, 1), 167);
  board = make_board("bar:1 1:2", "24:1 2:1"); /* the rest borne off */
  ck_assert_int_eq(board_pip_count(&board, 0), 25 + 2);
  ck_assert_int_eq(board_pip_count(&board, 1), 1 + 23);
  board = make_board("", "");
  ck_assert_int_eq(board_pip_count(&board, 0), 0);
}
END_TEST

/* ---- board: single steps ---- */

START_TEST(test_step_to_an_open_point) {
  bg_board board;
  board_initial(&board);
  ck_assert_int_eq(board_step_target(&board, 13, 5), 8); /* own checkers there */
  ck_assert_int_eq(board_step_target(&board, 24, 6), 18);
  ck_assert_int_eq(board_step_target(&board, 14, 1), -1); /* no checker on 14 */
  ck_assert_int_eq(board_step_target(&board, 13, 0), -1);
  ck_assert_int_eq(board_step_target(&board, 13, 7), -1);
  ck_assert_int_eq(board_step_target(&board, 0, 3), -1);
  ck_assert_int_eq(board_step_target(&board, 26, 3), -1);
}
END_TEST

START_TEST(test_step_onto_a_blocked_point) {
  bg_board board;
  board_initial(&board);
  ck_assert_int_eq(board_step_target(&board, 13, 1), -1); /* 5 opposing on 12 */
  ck_assert_int_eq(board_step_target(&board, 24, 5), -1); /* 5 opposing on 19 */
  board = make_board("13:1", "9:2");
  ck_assert_int_eq(board_step_target(&board, 13, 4), -1); /* exactly 2 block */
}
END_TEST

START_TEST(test_step_onto_a_blot_hits) {
  bg_board board = make_board("13:1", "9:1");
  ck_assert(board_is_blot_of_opponent(&board, 9));
  ck_assert(!board_is_blot_of_opponent(&board, 8));
  ck_assert_int_eq(board_step_target(&board, 13, 4), 9);
  ck_assert(board_apply_step(&board, 13, 9));
  ck_assert_int_eq(board.checkers[0][9], 1);
  ck_assert_int_eq(board.checkers[0][13], 0);
  ck_assert_int_eq(board_opponent_checkers_on(&board, 9), 0);
  ck_assert_int_eq(board.checkers[1][BG_BAR], 1); /* the opponent's point 25 */
  ck_assert(board_is_valid(&board));
  ck_assert(!board_apply_step(&board, 9, 5)); /* nothing to hit */
}
END_TEST

/* board_undo_step takes back a step, with a hit and without one (bearing
 * off too): the searches step on one board and back. */
START_TEST(test_undo_step_restores_the_board) {
  const bg_board before = make_board("13:1 10:2 2:1", "9:1 12:2");
  bg_board board = before;
  bool hit = board_apply_step(&board, 13, 9);
  ck_assert(hit);
  ck_assert(!board_equal(&board, &before));
  board_undo_step(&board, 13, 9, hit);
  ck_assert(board_equal(&board, &before));
  ck_assert_int_eq(board_opponent_checkers_on(&board, 9), 1); /* the blot is back */
  hit = board_apply_step(&board, 10, 5);
  ck_assert(!hit);
  board_undo_step(&board, 10, 5, hit);
  ck_assert(board_equal(&board, &before));
  hit = board_apply_step(&board, 2, BG_OFF);
  board_undo_step(&board, 2, BG_OFF, hit);
  ck_assert(board_equal(&board, &before));
}
END_TEST

START_TEST(test_opponent_checkers_outside_the_board) {
  bg_board board = make_board("6:1", "bar:2");
  ck_assert_int_eq(board_opponent_checkers_on(&board, 0), 0);
  ck_assert_int_eq(board_opponent_checkers_on(&board, 25), 0);
  ck_assert(!board_is_blot_of_opponent(&board, 0));
}
END_TEST

START_TEST(test_step_bar_first) {
  bg_board board = make_board("bar:1 13:5 6:5", "22:2 20:1");
  ck_assert_int_eq(board_step_target(&board, 13, 4), -1); /* the bar goes first */
  ck_assert_int_eq(board_step_target(&board, 6, 1), -1);
  ck_assert_int_eq(board_step_target(&board, BG_BAR, 4), 21);
  ck_assert_int_eq(board_step_target(&board, BG_BAR, 3), -1); /* 22 is held */
  ck_assert_int_eq(board_step_target(&board, BG_BAR, 5), 20); /* a blot */
  ck_assert(board_apply_step(&board, BG_BAR, 20));
  ck_assert_int_eq(board_step_target(&board, 13, 4), 9); /* free again */
}
END_TEST

START_TEST(test_bear_off_exact) {
  bg_board board = make_board("6:1 5:1 3:1", OPPONENT_AWAY);
  ck_assert_int_eq(board_step_target(&board, 6, 6), BG_OFF);
  ck_assert_int_eq(board_step_target(&board, 5, 5), BG_OFF);
  ck_assert_int_eq(board_step_target(&board, 3, 3), BG_OFF);
  ck_assert_int_eq(board_step_target(&board, 3, 2), 1);  /* an ordinary step */
  ck_assert_int_eq(board_step_target(&board, 3, 4), -1); /* 5 and 6 stand higher */
}
END_TEST

START_TEST(test_bear_off_from_the_4_with_a_6) {
  bg_board board = make_board("4:2 2:1", OPPONENT_AWAY);
  ck_assert_int_eq(board_step_target(&board, 4, 6), BG_OFF); /* 5 and 6 empty */
  ck_assert_int_eq(board_step_target(&board, 2, 6), -1);     /* the 4 is higher */
  board = make_board("5:1 4:2", OPPONENT_AWAY);
  ck_assert_int_eq(board_step_target(&board, 4, 6), -1); /* a checker on the 5 */
  ck_assert_int_eq(board_step_target(&board, 5, 6), BG_OFF);
}
END_TEST

START_TEST(test_no_bear_off_with_a_checker_outside) {
  bg_board board = make_board("7:1 6:14", OPPONENT_AWAY);
  ck_assert_int_eq(board_step_target(&board, 6, 6), -1);
  ck_assert_int_eq(board_step_target(&board, 7, 6), 1);
  board_apply_step(&board, 7, 1);
  ck_assert_int_eq(board_step_target(&board, 6, 6), BG_OFF); /* all home now */
}
END_TEST

START_TEST(test_no_bear_off_with_a_checker_on_the_bar) {
  bg_board board = make_board("bar:1 6:14", OPPONENT_AWAY);
  ck_assert_int_eq(board_step_target(&board, 6, 6), -1);
  ck_assert_int_eq(board_step_target(&board, BG_BAR, 6), 19);
}
END_TEST

/* ---- board: the value of a won game ---- */

/* board_step_target_relaxed sets aside exactly the rule it is told to,
 * so the referee can name the rule a recorded play breaks. */
START_TEST(test_relaxed_bear_off_ignores_checkers_outside) {
  bg_board board = make_board("13:1 4:2", "20:2");
  ck_assert_int_eq(board_step_target(&board, 4, 4), -1);
  ck_assert_int_eq(board_step_target_relaxed(&board, 4, 4, BG_RELAX_BEAR_OFF), BG_OFF);
  ck_assert_int_eq(board_step_target_relaxed(&board, 4, 4, BG_RELAX_BAR), -1);
  /* Other steps are judged as before. */
  ck_assert_int_eq(board_step_target_relaxed(&board, 13, 6, BG_RELAX_BEAR_OFF), 7);
}
END_TEST

START_TEST(test_relaxed_bear_off_ignores_a_higher_checker) {
  bg_board board = make_board("5:1 4:1", "20:2");
  ck_assert_int_eq(board_step_target(&board, 4, 6), -1);
  ck_assert_int_eq(board_step_target_relaxed(&board, 4, 6, BG_RELAX_BEAR_OFF), BG_OFF);
}
END_TEST

START_TEST(test_relaxed_bar_rule) {
  bg_board board = make_board("bar:1 13:2", "20:2 7:2");
  ck_assert_int_eq(board_step_target(&board, 13, 3), -1);
  ck_assert_int_eq(board_step_target_relaxed(&board, 13, 3, BG_RELAX_BAR), 10);
  ck_assert_int_eq(board_step_target_relaxed(&board, 13, 3, BG_RELAX_BEAR_OFF), -1);
  /* A blocked point stays blocked whatever is relaxed. */
  ck_assert_int_eq(
      board_step_target_relaxed(&board, 13, 6, BG_RELAX_BAR | BG_RELAX_BEAR_OFF), -1);
}
END_TEST

START_TEST(test_win_not_finished) {
  bg_board board = make_board("1:1", "6:15");
  ck_assert_int_eq(board_win_multiplier(&board, 0), 0);
  ck_assert_int_eq(board_win_multiplier(&board, 1), 0);
}
END_TEST

START_TEST(test_win_single_gammon_backgammon) {
  /* Opponent placed in the roller's numbers: its checkers on the roller's
   * 1..6 stand in the winner's home board. */
  bg_board single = make_board("", "20:14");
  ck_assert_int_eq(board_win_multiplier(&single, 0), 1); /* one borne off */
  bg_board gammon = make_board("", "20:14 12:1");
  ck_assert_int_eq(board_win_multiplier(&gammon, 0), 2);
  bg_board gammon_on_7 = make_board("", "20:14 7:1");
  ck_assert_int_eq(board_win_multiplier(&gammon_on_7, 0), 2);
  bg_board home_board = make_board("", "20:14 6:1");
  ck_assert_int_eq(board_win_multiplier(&home_board, 0), 3);
  bg_board on_bar = make_board("", "20:14 bar:1");
  ck_assert_int_eq(board_win_multiplier(&on_bar, 0), 3);
  bg_board one_off_but_on_bar = make_board("", "20:13 bar:1");
  ck_assert_int_eq(board_win_multiplier(&one_off_but_on_bar, 0), 1);
}
END_TEST

/* A game that ends before the last bear-off (a resignation): what it could
 * still have been worth.  Opponent placed in the roller's numbers. */
START_TEST(test_most_multiplier_of_an_unfinished_game) {
  bg_board one_off = make_board("21:1 3:1", "20:13 bar:1");
  ck_assert_int_eq(board_most_multiplier(&one_off, 0), 1); /* even on the bar */
  bg_board on_bar = make_board("3:2", "20:14 bar:1");
  ck_assert_int_eq(board_most_multiplier(&on_bar, 0), 3);
  bg_board in_home = make_board("3:2", "20:14 5:1");
  ck_assert_int_eq(board_most_multiplier(&in_home, 0), 3);
  bg_board no_contact = make_board("6:2 3:2", "12:14 7:1");
  ck_assert_int_eq(board_most_multiplier(&no_contact, 0), 2);
  /* a checker of the winner behind one of the loser's may still hit it */
  bg_board behind = make_board("8:1 3:1", "12:14 7:1");
  ck_assert_int_eq(board_most_multiplier(&behind, 0), 3);
  bg_board beside = make_board("7:1 3:1", "12:14 8:1");
  ck_assert_int_eq(board_most_multiplier(&beside, 0), 2);
  bg_board winner_on_bar = make_board("bar:1 3:1", "20:15");
  ck_assert_int_eq(board_most_multiplier(&winner_on_bar, 0), 3);
  /* the other side winning: the loser's checkers on its own home board */
  bg_board apart = make_board("3:15", "20:2 22:2");
  ck_assert_int_eq(board_most_multiplier(&apart, 1), 2);
  bg_board crossing = make_board("12:15", "6:2 3:2");
  ck_assert_int_eq(board_most_multiplier(&crossing, 1), 3);
  bg_board apart_one_off = make_board("3:14", "20:2 22:2");
  ck_assert_int_eq(board_most_multiplier(&apart_one_off, 1), 1);
}
END_TEST

START_TEST(test_win_by_the_opponent_side) {
  bg_board board = make_board("24:1 20:14", "");
  ck_assert_int_eq(board_win_multiplier(&board, 1), 3); /* 24 is its 1 point */
  ck_assert_int_eq(board_win_multiplier(&board, 0), 0);
  board = make_board("18:1 12:14", "");
  ck_assert_int_eq(board_win_multiplier(&board, 1), 2); /* its 7 point */
}
END_TEST

/* ---- movegen: entering from the bar ---- */

START_TEST(test_opening_rolls_match_gnubg_counts) {
  /* Counts of distinct plays gnubg 1.07 lists from the opening position. */
  static const int rolls[][3] = {{3, 1, 16}, {2, 1, 15}, {5, 3, 9},  {5, 1, 8},
                                 {1, 1, 42}, {4, 4, 52}, {3, 3, 73}, {6, 6, 11}};
  bg_board board;
  board_initial(&board);
  for (size_t i = 0; i < sizeof rolls / sizeof rolls[0]; i++) {
    int count = movegen_legal_plays(&board, rolls[i][0], rolls[i][1], &plays);
    ck_assert_msg(count == rolls[i][2], "roll %d%d: %d plays", rolls[i][0], rolls[i][1],
                  count);
  }
  movegen_legal_plays(&board, 3, 1, &plays);
  ck_assert_ptr_nonnull(find_play(&plays, "8/5 6/5"));
  /* 6/1 is blocked; 13/8 8/2 reaches the same position as 13/2. */
  ck_assert_str_eq(legal(&board, 6, 5), "13/2 | 13/7 8/3 | 13/8 13/7 | 24/13 | "
                                        "24/18 13/8 | 24/18 8/3 | 8/3 8/2");
}
END_TEST

START_TEST(test_bar_enters_before_anything_moves) {
  bg_board board = make_board("bar:1 13:14", "");
  ck_assert_str_eq(legal(&board, 6, 4), "bar/15 | bar/19 13/9 | bar/21 13/7");
  for (int i = 0; i < plays.count; i++)
    ck_assert_int_eq(plays.plays[i].result.checkers[0][BG_BAR], 0);
}
END_TEST

START_TEST(test_enter_five_point_board_open_die) {
  /* The opponent holds the roller's 20..24; only a 6 enters, on the 19. */
  bg_board board = make_board("bar:1 13:14", "20:2 21:2 22:2 23:2 24:2");
  ck_assert_str_eq(legal(&board, 6, 3), "bar/16 | bar/19 13/10");
}
END_TEST

START_TEST(test_enter_five_point_board_closed_die) {
  bg_board board = make_board("bar:1 13:14", "20:2 21:2 22:2 23:2 24:2");
  ck_assert_int_eq(movegen_legal_plays(&board, 5, 3, &plays), 1);
  ck_assert_int_eq(plays.plays[0].step_count, 0);
  ck_assert(board_equal(&plays.plays[0].result, &board));
  ck_assert_str_eq(list_text(&plays), "");
}
END_TEST

START_TEST(test_closed_board_no_play) {
  bg_board board = make_board("bar:1 13:14", "19:2 20:2 21:2 22:2 23:2 24:2");
  for (int die1 = 1; die1 <= 6; die1++)
    for (int die2 = 1; die2 <= die1; die2++) {
      ck_assert_int_eq(movegen_legal_plays(&board, die1, die2, &plays), 1);
      ck_assert_int_eq(plays.plays[0].step_count, 0);
      ck_assert(board_equal(&plays.plays[0].result, &board));
    }
}
END_TEST

START_TEST(test_two_on_the_bar) {
  bg_board board = make_board("bar:2 13:13", "20:2 21:2 22:2 23:2 24:2");
  ck_assert_str_eq(legal(&board, 6, 3), "bar/19"); /* the 3 cannot be played */
  movegen_legal_plays(&board, 6, 6, &plays);
  ck_assert_ptr_nonnull(find_play(&plays, "bar/13(2)"));
  for (int i = 0; i < plays.count; i++) {
    ck_assert_int_eq(plays.plays[i].steps[0].from, BG_BAR); /* both enter first */
    ck_assert_int_eq(plays.plays[i].steps[1].from, BG_BAR);
    ck_assert_int_eq(plays.plays[i].step_count, 4);
  }
}
END_TEST

/* ---- movegen: blocked points and hits ---- */

START_TEST(test_blocked_point_is_not_landed_on) {
  bg_board board = make_board("13:1 1:14", "9:2");
  ck_assert_str_eq(legal(&board, 4, 2), "13/7"); /* only by way of the 11 */
  ck_assert_int_eq(plays.plays[0].steps[0].to, 11);
}
END_TEST

START_TEST(test_blot_is_hit) {
  bg_board board = make_board("13:1 1:14", "9:1");
  ck_assert_str_eq(legal(&board, 4, 2), "13/7 | 13/9*/7");
  const bg_play *hit = find_play(&plays, "13/9*/7");
  ck_assert_ptr_nonnull(hit);
  ck_assert_int_eq(hit->result.checkers[1][BG_BAR], 1);
  ck_assert_int_eq(board_opponent_checkers_on(&hit->result, 9), 0);
  const bg_play *around = find_play(&plays, "13/7");
  ck_assert_int_eq(around->result.checkers[1][BG_BAR], 0);
}
END_TEST

/* ---- movegen: doubles ---- */

START_TEST(test_doubles_play_four_times) {
  bg_board board = make_board("13:1 1:14", "");
  ck_assert_str_eq(legal(&board, 3, 3), "13/1");
  ck_assert_int_eq(plays.plays[0].step_count, 4);
  board_initial(&board);
  movegen_legal_plays(&board, 2, 2, &plays);
  for (int i = 0; i < plays.count; i++)
    ck_assert_int_eq(plays.plays[i].step_count, 4);
}
END_TEST

START_TEST(test_doubles_fewer_when_blocked) {
  bg_board board = make_board("13:1 1:14", "5:2");
  ck_assert_str_eq(legal(&board, 4, 4), "13/9"); /* 9/5 is blocked */
  ck_assert_int_eq(plays.plays[0].step_count, 1);
  board = make_board("13:1 2:14", "1:2");
  ck_assert_str_eq(legal(&board, 4, 4), "13/5"); /* 5/1 blocked, no bear-off */
  ck_assert_int_eq(plays.plays[0].step_count, 2);
}
END_TEST

/* Pairs of legal plays of (die1, die2) that leave the roller's checkers
 * alike: movegen keeps one play a resulting position, so such two differ
 * in the blots they hit. */
static int readings_alike(const bg_board *board, int die1, int die2) {
  movegen_legal_plays(board, die1, die2, &plays);
  int alike = 0;
  for (int i = 0; i < plays.count; i++)
    for (int j = i + 1; j < plays.count; j++)
      alike += memcmp(plays.plays[i].result.checkers[0],
                      plays.plays[j].result.checkers[0], BG_SLOTS) == 0;
  return alike;
}

static int doubles_readings_alike(const bg_board *board, int die1, int die2) {
  return die1 == die2 ? readings_alike(board, die1, die2) : 0;
}

static int other_readings_alike(const bg_board *board, int die1, int die2) {
  return die1 != die2 ? readings_alike(board, die1, die2) : 0;
}

/* A double's readings hit alike: every step is one die, so the points a
 * play lands on follow from where its checkers leave and arrive, and so
 * do the blots it hits (the referee asks no double for a hidden hit:
 * referee_hidden_blot_on_the_way).  A non-double's need not ("13/8" with
 * 32 over a blot on the 10 may hit it or not). */
START_TEST(test_a_doubles_readings_hit_alike) {
  ck_assert_int_eq(random_games_walk(20261129, 40, doubles_readings_alike), 0);
  ck_assert_int_gt(random_games_walk(20261129, 40, other_readings_alike), 0);
}
END_TEST

/* ---- movegen: as many dice as possible, the higher die ---- */

START_TEST(test_must_play_both_dice) {
  /* 13/7 alone leaves no 3 (7/4 and 12/9 are blocked), but 6-3 can be played
   * whole, so 13/7 is not legal. */
  bg_board board = make_board("13:1 12:1 1:13", "9:2 4:2");
  ck_assert_str_eq(legal(&board, 6, 3), "12/3 | 13/10 12/6");
  movegen_reachable(&board, 6, 3, &plays);
  const bg_play *one_die = find_play(&plays, "13/7");
  ck_assert_ptr_nonnull(one_die);
  ck_assert_int_eq(one_die->step_count, 1);
}
END_TEST

START_TEST(test_six_five_only_five_playable) {
  bg_board board = make_board("13:1 1:14", "7:2 2:2");
  ck_assert_str_eq(legal(&board, 6, 5), "13/8");
  ck_assert_int_eq(plays.plays[0].steps[0].die, 5);
}
END_TEST

START_TEST(test_higher_die_forced) {
  /* Either die alone fits, both never do (the 2 is held): the 6 is played. */
  bg_board board = make_board("13:1 1:14", "2:2");
  ck_assert_str_eq(legal(&board, 6, 5), "13/7");
  ck_assert_str_eq(legal(&board, 5, 6), "13/7"); /* the order given does not matter */
  movegen_reachable(&board, 6, 5, &plays);
  ck_assert_str_eq(list_text(&plays), " | 13/7 | 13/8");
}
END_TEST

START_TEST(test_lower_die_when_the_higher_cannot_move) {
  bg_board board = make_board("13:1 1:14", "7:2 5:2");
  ck_assert_str_eq(legal(&board, 6, 2), "13/11");
}
END_TEST

/* ---- movegen: bearing off ---- */

START_TEST(test_bear_off_plays_exact) {
  bg_board board = make_board("6:1 5:1", OPPONENT_AWAY);
  /* The 5 first from the 6 leaves the 5 highest, so the 6 bears it off. */
  ck_assert_str_eq(legal(&board, 6, 5), "6/1 5/off | 6/off 5/off");
  const bg_play *both_off = find_play(&plays, "6/off 5/off");
  ck_assert_ptr_nonnull(both_off);
  ck_assert_int_eq(both_off->result.checkers[0][BG_OFF], 15);
  /* The opponent still sits on its bar: a backgammon. */
  ck_assert_int_eq(board_win_multiplier(&both_off->result, 0), 3);
}
END_TEST

START_TEST(test_bear_off_plays_from_the_4_with_a_6) {
  bg_board board = make_board("4:2 1:1", OPPONENT_AWAY);
  ck_assert_str_eq(legal(&board, 6, 1), "4/3 4/off | 4/off 1/off");
}
END_TEST

START_TEST(test_bear_off_plays_not_from_the_4_when_the_5_is_held) {
  /* The 6 bears off the 4 only once 5/1 has emptied the 5. */
  bg_board board = make_board("5:1 4:1", OPPONENT_AWAY);
  ck_assert_str_eq(legal(&board, 6, 4), "5/1 4/off | 5/off 4/off");
  const bg_play *late = find_play(&plays, "5/1 4/off");
  ck_assert_ptr_nonnull(late);
  ck_assert_int_eq(late->steps[0].from, 5);
  ck_assert_int_eq(late->steps[1].die, 6);
  board = make_board("5:1 4:2", OPPONENT_AWAY);
  ck_assert_str_eq(legal(&board, 6, 2), "5/3 4/off | 5/off 4/2"); /* never 4/off 4/2 */
}
END_TEST

START_TEST(test_bear_off_once_the_last_checker_is_home) {
  bg_board board = make_board("7:1 6:14", OPPONENT_AWAY);
  ck_assert_str_eq(legal(&board, 6, 6), "7/1 6/off(3)");
  ck_assert_str_eq(legal(&board, 6, 5), "7/1 6/1 | 7/2 6/off");
}
END_TEST

START_TEST(test_no_bear_off_from_the_bar) {
  bg_board board = make_board("bar:1 6:14", OPPONENT_AWAY);
  ck_assert_str_eq(legal(&board, 2, 1), "bar/22 | bar/23 6/5 | bar/24 6/4");
}
END_TEST

/* ---- movegen: the lists themselves ---- */

START_TEST(test_plays_are_distinct_and_valid) {
  bg_board board;
  board_initial(&board);
  for (int die1 = 1; die1 <= 6; die1++)
    for (int die2 = 1; die2 <= die1; die2++) {
      movegen_legal_plays(&board, die1, die2, &plays);
      for (int i = 0; i < plays.count; i++) {
        ck_assert(board_is_valid(&plays.plays[i].result));
        ck_assert_int_eq(plays.plays[i].step_count, die1 == die2 ? 4 : 2);
        for (int j = 0; j < i; j++)
          ck_assert(!board_equal(&plays.plays[i].result, &plays.plays[j].result));
      }
    }
}
END_TEST

START_TEST(test_reachable_counts_zero_one_and_two_dice) {
  bg_board board;
  board_initial(&board);
  movegen_reachable(&board, 6, 5, &plays);
  ck_assert_int_eq(plays.plays[0].step_count, 0);
  ck_assert(board_equal(&plays.plays[0].result, &board));
  ck_assert_ptr_nonnull(find_play(&plays, "13/8"));
  ck_assert_ptr_nonnull(find_play(&plays, "24/18"));
  ck_assert_ptr_nonnull(find_play(&plays, "24/13"));
  bg_playlist legal_list;
  movegen_playlist_init(&legal_list);
  movegen_legal_plays(&board, 6, 5, &legal_list);
  /* No die, five single dice (24/18 13/7 8/2 13/8 8/3), both dice. */
  ck_assert_int_eq(plays.count, 1 + 5 + legal_list.count);
  movegen_playlist_free(&legal_list);
}
END_TEST

START_TEST(test_reachable_keeps_the_longest_way) {
  /* 6/off with the 6 and 6/5/off with both dice end in the same position. */
  bg_board board = make_board("6:1 2:1", OPPONENT_AWAY);
  movegen_reachable(&board, 6, 1, &plays);
  bg_board six_off = board;
  six_off.checkers[0][6] = 0;
  six_off.checkers[0][BG_OFF]++;
  bool found = false;
  for (int i = 0; i < plays.count; i++)
    if (board_equal(&plays.plays[i].result, &six_off)) {
      found = true;
      ck_assert_int_eq(plays.plays[i].step_count, 2);
    }
  ck_assert(found);
}
END_TEST

START_TEST(test_playlist_grows_and_clears) {
  bg_board board = make_board("24:1 23:1 22:1 21:1 20:1 19:1 18:1 17:1 16:1 15:1 14:1 "
                              "13:1 12:1 11:1 10:1",
                              OPPONENT_AWAY);
  int count = movegen_legal_plays(&board, 1, 1, &plays);
  ck_assert_int_gt(count, 64);
  size_t capacity = plays.capacity;
  movegen_playlist_clear(&plays);
  ck_assert_int_eq(plays.count, 0);
  ck_assert_uint_eq(plays.capacity, capacity);
  ck_assert_int_eq(movegen_reachable(&board, 1, 1, &plays), plays.count);
  ck_assert_int_gt(plays.count, count);
}
END_TEST

START_TEST(test_dice_out_of_range) {
  bg_board board;
  board_initial(&board);
  ck_assert_int_eq(movegen_legal_plays(&board, 0, 3, &plays), 0);
  ck_assert_int_eq(movegen_legal_plays(&board, 7, 3, &plays), 0);
  ck_assert_int_eq(movegen_reachable(&board, 3, 0, &plays), 0);
}
END_TEST

/* ---- movegen_play_to: the one play to a given position ---- */

static bool same_play(const bg_play *a, const bg_play *b) {
  if (a->step_count != b->step_count || !board_equal(&a->result, &b->result))
    return false;
  for (int i = 0; i < a->step_count; i++)
    if (a->steps[i].from != b->steps[i].from || a->steps[i].to != b->steps[i].to ||
        a->steps[i].die != b->steps[i].die || a->steps[i].hit != b->steps[i].hit)
      return false;
  return true;
}

/* Every legal play of `board` with (die1, die2) found again from its
 * result, step for step; returns how many were compared. */
static int play_to_agrees(const bg_board *board, int die1, int die2) {
  movegen_legal_plays(board, die1, die2, &plays);
  for (int i = 0; i < plays.count; i++) {
    bg_play found;
    ck_assert_msg(movegen_play_to(board, die1, die2, &plays.plays[i].result, &found),
                  "no play found for legal play %d of %d%d", i, die1, die2);
    ck_assert_msg(same_play(&found, &plays.plays[i]),
                  "play %d of %d%d found with other steps", i, die1, die2);
  }
  return plays.count;
}

START_TEST(test_play_to_agrees_with_the_generator) {
  ck_assert_int_gt(random_games_walk(20261126, 6, play_to_agrees), 20000);
}
END_TEST

/* A position of the bear-off or close to it: the roller's checkers home
 * but for at most one (on 7..9), some borne off, and the opponent's on
 * the roller's empty points (blots to hit, points that block) or off. */
static bg_board random_bear_off(unsigned *seed) {
  bg_board board;
  memset(&board, 0, sizeof board);
  int off = (int)(random_games_next(seed) % 14);
  board.checkers[0][BG_OFF] = (uint8_t)off;
  for (int left = BG_CHECKERS - off; left > 0; left--) {
    bool outside = left == 1 && random_games_next(seed) % 4 == 0;
    int point = outside ? 7 + (int)(random_games_next(seed) % 3)
                        : 1 + (int)(random_games_next(seed) % 6);
    board.checkers[0][point]++;
  }
  int opponent_left = BG_CHECKERS;
  for (int point = 1; point <= 24 && opponent_left > 0; point++) {
    if (board.checkers[0][point] || random_games_next(seed) % 3 != 0)
      continue;
    int count = 1 + (int)(random_games_next(seed) % 2);
    count = count < opponent_left ? count : opponent_left;
    board.checkers[1][BG_BAR - point] = (uint8_t)count;
    opponent_left -= count;
  }
  board.checkers[1][BG_OFF] = (uint8_t)opponent_left;
  ck_assert(board_is_valid(&board));
  return board;
}

START_TEST(test_play_to_agrees_in_bear_offs) {
  /* the direct path takes two checkers borne off without the search: the
   * same steps, in the same order, as the generator's, on every roll */
  unsigned seed = 20261129;
  int compared = 0;
  for (int position = 0; position < 3000; position++) {
    bg_board board = random_bear_off(&seed);
    for (int die1 = 1; die1 <= 6; die1++)
      for (int die2 = 1; die2 <= die1; die2++)
        compared += play_to_agrees(&board, die1, die2);
  }
  ck_assert_int_gt(compared, 100000);
}
END_TEST

START_TEST(test_play_to_a_position_no_play_reaches) {
  bg_board board, target;
  board_initial(&board);
  target = board;
  target.checkers[0][24] = 1; /* a checker gone from the 24 to the 12 */
  target.checkers[0][12] = 1;
  bg_play found;
  ck_assert(!movegen_play_to(&board, 6, 5, &target, &found)); /* 11 pips: a 6 and a 5 */
  ck_assert(!movegen_play_to(&board, 6, 3, &target, &found));
  target.checkers[0][12] = 0;
  target.checkers[0][13] += 1; /* 24/13 with 65 */
  ck_assert(movegen_play_to(&board, 6, 5, &target, &found));
  ck_assert_int_eq(found.step_count, 2);
  ck_assert(!movegen_play_to(&board, 0, 5, &target, &found));
}
END_TEST

/* ---- movegen_may_be_legal: a cut before listing the legal plays ------- */

static bool roller_side_among(const bg_playlist *list, const bg_board *target) {
  for (int i = 0; i < list->count; i++)
    if (memcmp(list->plays[i].result.checkers[0], target->checkers[0], BG_SLOTS) == 0)
      return true;
  return false;
}

static int most_steps_of(const bg_playlist *list) {
  int most = 0;
  for (int i = 0; i < list->count; i++)
    most = list->plays[i].step_count > most ? list->plays[i].step_count : most;
  return most;
}

/* Reachable positions the cut rejected (none of them a legal play's). */
static int cut_by_may_be_legal;

/* Asks movegen_may_be_legal about `target`: it may never say no to a
 * roller side that a legal play has. */
static void may_be_legal_agrees_on(const bg_board *board, int die1, int die2,
                                   const bg_playlist *legal, const bg_board *target) {
  bool legal_side = roller_side_among(legal, target);
  bool may = movegen_may_be_legal(board, die1, die2, target);
  ck_assert_msg(may || !legal_side, "a legal play's position of %d%d was cut", die1,
                die2);
  cut_by_may_be_legal += !may;
}

/* For (die1, die2) on `board`: movegen_most_dice is the dice every legal
 * play plays; every reachable position (every legal play's among them),
 * and of every fourth the roller sides one pip off it, are asked about.
 * Returns how many targets were asked about. */
static int may_be_legal_agrees(const bg_board *board, int die1, int die2) {
  static bg_playlist reachable, legal;
  movegen_reachable(board, die1, die2, &reachable);
  movegen_legal_plays(board, die1, die2, &legal);
  ck_assert_int_eq(movegen_most_dice(board, die1, die2), most_steps_of(&legal));
  int asked = 0;
  for (int i = 0; i < reachable.count; i++, asked++) {
    const bg_board *result = &reachable.plays[i].result;
    may_be_legal_agrees_on(board, die1, die2, &legal, result);
    if (i % 4 != 0)
      continue; /* the targets one pip off: of every fourth (the suite's time) */
    for (int point = 1; point <= 24; point++) {
      if (!result->checkers[0][point])
        continue;
      bg_board off_by_one = *result;
      off_by_one.checkers[0][point]--;
      off_by_one.checkers[0][point - 1]++;
      may_be_legal_agrees_on(board, die1, die2, &legal, &off_by_one);
      asked++;
    }
  }
  return asked;
}

START_TEST(test_may_be_legal_agrees_with_the_generator) {
  cut_by_may_be_legal = 0;
  ck_assert_int_gt(random_games_walk(20261127, 1, may_be_legal_agrees), 10000);
  /* and it cuts: most reachable positions play fewer dice than a legal play */
  ck_assert_int_gt(cut_by_may_be_legal, 5000);
}
END_TEST

START_TEST(test_may_be_legal_by_hand) {
  bg_board board, target;
  board_initial(&board);
  target = board;
  target.checkers[0][24] = 1; /* 24/13 with 65: yes; with 63, no */
  target.checkers[0][13] += 1;
  ck_assert(movegen_may_be_legal(&board, 6, 5, &target));
  ck_assert(!movegen_may_be_legal(&board, 6, 3, &target));
  /* the opponent's side is not looked at: a hit or not, the same answer */
  target.checkers[1][BG_BAR] = 3;
  ck_assert(movegen_may_be_legal(&board, 6, 5, &target));
  /* nothing moved, or the 6 alone (24/18): reached, but by fewer dice than
   * can be played */
  ck_assert(!movegen_may_be_legal(&board, 6, 5, &board));
  target = board;
  target.checkers[0][24] = 1;
  target.checkers[0][18] = 1;
  ck_assert(!movegen_may_be_legal(&board, 6, 5, &target));
  ck_assert_int_eq(movegen_most_dice(&board, 6, 5), 2);
  ck_assert_int_eq(movegen_most_dice(&board, 6, 6), 4);
  /* dice out of range: no cut, the move generator decides */
  ck_assert(movegen_may_be_legal(&board, 0, 5, &target));
  ck_assert_int_eq(movegen_most_dice(&board, 0, 5), 0);
}
END_TEST

/* Where only one die can be played (a checker on the bar, the entry point
 * of the 5 the only one open, and the 6 from there blocked), that die's
 * play may be legal, nothing less.  The opponent's checkers are counted
 * from its own side: its point i is the roller's 25 - i. */
START_TEST(test_may_be_legal_one_die) {
  bg_board board;
  memset(&board, 0, sizeof board);
  board.checkers[0][BG_BAR] = 1;
  board.checkers[0][6] = 14;
  for (int point = 1; point <= 6; point++) /* the roller's 19..24 */
    board.checkers[1][point] = point == 5 ? 0 : 2;
  board.checkers[1][11] = 2; /* the roller's 14: bar/20/14 is blocked */
  board.checkers[1][12] = 3;
  ck_assert_int_eq(movegen_most_dice(&board, 6, 5), 1);
  bg_board entered = board;
  entered.checkers[0][BG_BAR] = 0;
  entered.checkers[0][20] = 1; /* bar/20 with the 5 */
  ck_assert(movegen_may_be_legal(&board, 6, 5, &entered));
  ck_assert(!movegen_may_be_legal(&board, 6, 5, &board));
}
END_TEST

/* ---- play_format ---- */

static bg_play play_of(const int (*steps)[3], int count) {
  bg_play play;
  memset(&play, 0, sizeof play);
  for (int i = 0; i < count; i++)
    play.steps[i] = (bg_step){.from = (int8_t)steps[i][0],
                              .to = (int8_t)steps[i][1],
                              .die = (int8_t)(steps[i][0] - steps[i][1]),
                              .hit = steps[i][2] != 0};
  play.step_count = count;
  return play;
}

static const char *format_steps(const int (*steps)[3], int count) {
  static char buf[64];
  bg_play play = play_of(steps, count);
  return notation_format_play(&play, buf, sizeof buf);
}

START_TEST(test_format_bar_off_and_hits) {
  ck_assert_str_eq(format_steps((const int[][3]){{25, 21, 0}}, 1), "bar/21");
  ck_assert_str_eq(format_steps((const int[][3]){{6, 0, 0}}, 1), "6/off");
  ck_assert_str_eq(format_steps((const int[][3]){{13, 9, 1}, {9, 4, 0}}, 2), "13/9*/4");
  ck_assert_str_eq(format_steps((const int[][3]){{13, 9, 0}, {9, 4, 0}}, 2), "13/4");
  ck_assert_str_eq(format_steps((const int[][3]){{9, 4, 1}, {25, 21, 0}}, 2),
                   "bar/21 9/4*");
  ck_assert_str_eq(format_steps((const int[][3]){{25, 21, 0}, {21, 15, 0}}, 2), "bar/15");
  ck_assert_str_eq(format_steps(NULL, 0), "");
}
END_TEST

START_TEST(test_format_repeats_and_order) {
  ck_assert_str_eq(format_steps((const int[][3]){{8, 3, 0}, {8, 3, 0}}, 2), "8/3(2)");
  ck_assert_str_eq(
      format_steps((const int[][3]){{13, 8, 0}, {8, 3, 0}, {13, 8, 0}, {13, 8, 0}}, 4),
      "13/3 13/8(2)");
  ck_assert_str_eq(format_steps((const int[][3]){{24, 18, 0}, {24, 23, 0}}, 2),
                   "24/23 24/18");
  ck_assert_str_eq(
      format_steps((const int[][3]){{6, 1, 1}, {6, 1, 0}, {6, 1, 0}, {6, 1, 0}}, 4),
      "6/1*(4)");
  ck_assert_str_eq(
      format_steps((const int[][3]){{6, 1, 1}, {16, 11, 0}, {11, 6, 0}, {6, 1, 0}}, 4),
      "16/1* 6/1");
}
END_TEST

START_TEST(test_format_never_overflows) {
  char buf[8];
  memset(buf, 'x', sizeof buf);
  bg_play play = play_of((const int[][3]){{13, 9, 1}, {9, 4, 0}, {24, 20, 0}}, 3);
  notation_format_play(&play, buf, 5);
  ck_assert_str_eq(buf, "24/2");
  ck_assert_int_eq(buf[5], 'x');
  buf[0] = 'y';
  notation_format_play(&play, buf, 0);
  ck_assert_int_eq(buf[0], 'y');
}
END_TEST

/* The one decimal writer of the plays and the writers: both sides of
 * its table of pairs (9, 10, 99, 100), and the extremes of a long. */
static const char *decimal_text(long value) {
  static char buf[NOTATION_DECIMAL_SIZE + 1];
  buf[notation_decimal(buf, value)] = '\0';
  return buf;
}

START_TEST(test_decimal_both_sides_of_the_pairs) {
  ck_assert_str_eq(decimal_text(0), "0");
  ck_assert_str_eq(decimal_text(9), "9");
  ck_assert_str_eq(decimal_text(10), "10");
  ck_assert_str_eq(decimal_text(25), "25");
  ck_assert_str_eq(decimal_text(99), "99");
  ck_assert_str_eq(decimal_text(100), "100");
  ck_assert_str_eq(decimal_text(65536), "65536");
  ck_assert_str_eq(decimal_text(-1), "-1");
  ck_assert_str_eq(decimal_text(-64), "-64");
  char expected[32];
  snprintf(expected, sizeof expected, "%ld", LONG_MAX);
  ck_assert_str_eq(decimal_text(LONG_MAX), expected);
  snprintf(expected, sizeof expected, "%ld", LONG_MIN);
  ck_assert_str_eq(decimal_text(LONG_MIN), expected);
}
END_TEST

/* ---- the runner ---- */

/* Adds a test case of `count` tests, each with a fresh play list. */
static void add_case(Suite *suite, const char *name, const TTest *const *tests,
                     size_t count) {
  TCase *tc = tcase_create(name);
  /* The cases that walk thousands of random games take 3 to 4 s under
   * AddressSanitizer, at Check's default limit of 4 s: one CI run beside
   * another timed out there.  A limit for a hang, not a speed test. */
  tcase_set_timeout(tc, 60);
  tcase_add_checked_fixture(tc, setup, teardown);
  for (size_t i = 0; i < count; i++)
    tcase_add_test(tc, tests[i]);
  suite_add_tcase(suite, tc);
}

#define ADD_CASE(suite, name, ...)                                                       \
  do {                                                                                   \
    const TTest *const tests[] = {__VA_ARGS__};                                          \
    add_case(suite, name, tests, sizeof tests / sizeof tests[0]);                        \
  } while (0)

static Suite *engine_suite(void) {
  Suite *suite = suite_create("engine");
  ADD_CASE(suite, "board", test_initial_position, test_nackgammon_position,
           test_longgammon_position, test_swap_exchanges_the_sides,
           test_valid_needs_fifteen_a_side, test_valid_sides_never_share_a_point,
           test_equal_and_hash, test_equal_every_slot_and_the_roller_alone,
           test_highest_point_and_outside_home, test_pip_count);
  ADD_CASE(suite, "steps", test_step_to_an_open_point, test_step_onto_a_blocked_point,
           test_step_onto_a_blot_hits, test_undo_step_restores_the_board,
           test_opponent_checkers_outside_the_board, test_step_bar_first,
           test_bear_off_exact, test_bear_off_from_the_4_with_a_6,
           test_no_bear_off_with_a_checker_outside,
           test_no_bear_off_with_a_checker_on_the_bar);
  ADD_CASE(suite, "relaxed", test_relaxed_bear_off_ignores_checkers_outside,
           test_relaxed_bear_off_ignores_a_higher_checker, test_relaxed_bar_rule);
  ADD_CASE(suite, "win", test_win_not_finished, test_win_single_gammon_backgammon,
           test_win_by_the_opponent_side, test_most_multiplier_of_an_unfinished_game);
  ADD_CASE(suite, "movegen", test_opening_rolls_match_gnubg_counts,
           test_bar_enters_before_anything_moves, test_enter_five_point_board_open_die,
           test_enter_five_point_board_closed_die, test_closed_board_no_play,
           test_two_on_the_bar, test_blocked_point_is_not_landed_on, test_blot_is_hit,
           test_doubles_play_four_times, test_doubles_fewer_when_blocked,
           test_a_doubles_readings_hit_alike, test_must_play_both_dice,
           test_six_five_only_five_playable, test_higher_die_forced,
           test_lower_die_when_the_higher_cannot_move, test_bear_off_plays_exact,
           test_bear_off_plays_from_the_4_with_a_6,
           test_bear_off_plays_not_from_the_4_when_the_5_is_held,
           test_bear_off_once_the_last_checker_is_home, test_no_bear_off_from_the_bar,
           test_plays_are_distinct_and_valid, test_reachable_counts_zero_one_and_two_dice,
           test_reachable_keeps_the_longest_way, test_playlist_grows_and_clears,
           test_dice_out_of_range);
  ADD_CASE(suite, "play_to", test_play_to_agrees_with_the_generator,
           test_play_to_agrees_in_bear_offs, test_play_to_a_position_no_play_reaches);
  ADD_CASE(suite, "may_be_legal", test_may_be_legal_agrees_with_the_generator,
           test_may_be_legal_by_hand, test_may_be_legal_one_die);
  ADD_CASE(suite, "format", test_format_bar_off_and_hits, test_format_repeats_and_order,
           test_format_never_overflows, test_decimal_both_sides_of_the_pairs);
  return suite;
}

int main(void) {
  return run_suite(engine_suite());
}
