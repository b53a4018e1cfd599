/*
 * check_referee.c — the referee on small hand-made records: for every rule
 * it enforces, a record that breaks it (the diagnostic must name the rule at
 * the right line and column) and one just on the legal side of the line
 * (no diagnostic of that rule).
 *
 * Records are written in GNU Backgammon's layout by `row` so the tests read
 * like the files they stand for.  Left column: Alice; right column: Bob.
 */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"
#include "records.h"
#include "run_suite.h"

/* A legal opening used by several tests: lines 4..6 of the record. */
static void opening(char *record) {
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "41: 24/23 13/9", "62: 24/18 13/11");
}

START_TEST(legal_game_is_clean) {
  char record[RECORD_SIZE] = "";
  opening(record);
  row(record, RECORD_SIZE, 3, "63: 24/18 13/10", " Doubles => 2");
  row(record, RECORD_SIZE, 4, " Drops", " Wins 1 point");
  verdict result = judge(record, NULL);
  ck_assert_msg(result.errors == 0, "%s", result.output);
  free(result.output);
}
END_TEST

/* One line of a game's start that breaks a rule, on line 5 of its record,
 * and the diagnostic it must give (the legal side of each line is in
 * legal_game_is_clean and the other tests). */
static const struct {
  const char *left, *right;
  int column;
  const char *rule, *says;
} opening_mistakes[] = {
    {"31: 7/4 6/5", "", 10, "illegal-move", "no checker"},
    /* 24/19 lands on Bob's 6 point, five checkers */
    {"51: 24/19 6/5", "", 10, "illegal-move", "blocked"},
    {"31: 8/5", "", 6, "unplayed-dice", "as many dice as possible"},
    {"31:", "62: 24/18 13/11", 6, "wrong-no-play", "recorded as no play"},
    {"33: 8/5(2) 6/3(2)", "", 6, "turn-order", "opening roll"},
    /* a move from 0 ("off"): refused, never replayed as a step of -4 */
    {"31: off/4 6/5", "", 10, "illegal-move", "moves backwards"},
};

START_TEST(opening_mistake) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, opening_mistakes[_i].left, opening_mistakes[_i].right);
  verdict result = judge(record, NULL);
  ck_assert_msg(reports(&result, 5, opening_mistakes[_i].column, "error",
                        opening_mistakes[_i].rule),
                "%s", result.output);
  ck_assert_msg(strstr(result.output, opening_mistakes[_i].says) != NULL, "%s",
                result.output);
  free(result.output);
}
END_TEST

START_TEST(same_player_twice_is_turn_order) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "", "62: 24/18 13/11");
  verdict result = judge(record, NULL);
  ck_assert_msg(reports(&result, 6, 34, "error", "turn-order"), "%s", result.output);
  free(result.output);
}
END_TEST

START_TEST(double_by_non_owner_is_cube_error) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "41: 24/23 13/9", " Doubles => 2");
  row(record, RECORD_SIZE, 3, " Takes", "62: 24/18 13/11");
  row(record, RECORD_SIZE, 4, "63: 24/18 13/10", " Doubles => 4");
  verdict result = judge(record, NULL);
  ck_assert_msg(reports(&result, 8, 35, "error", "cube"), "%s", result.output);
  ck_assert_msg(!reports(&result, 6, 35, "error", "cube"), "%s", result.output);
  free(result.output);
}
END_TEST

START_TEST(owner_may_redouble) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "41: 24/23 13/9", " Doubles => 2");
  row(record, RECORD_SIZE, 3, " Takes", "62: 24/18 13/11");
  row(record, RECORD_SIZE, 4, " Doubles => 4", " Drops");
  row(record, RECORD_SIZE, 0, " Wins 2 points", "");
  verdict result = judge(record, NULL);
  ck_assert_msg(!mentions_rule(&result, "cube"), "%s", result.output);
  ck_assert_msg(!mentions_rule(&result, "score"), "%s", result.output);
  free(result.output);
}
END_TEST

START_TEST(take_without_double_is_cube_error) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, " Takes", "");
  verdict result = judge(record, NULL);
  ck_assert_msg(reports(&result, 6, 7, "error", "cube"), "%s", result.output);
  free(result.output);
}
END_TEST

START_TEST(dropped_double_is_worth_the_old_cube) {
  char record[RECORD_SIZE] = "";
  opening(record);
  row(record, RECORD_SIZE, 3, "63: 24/18 13/10", " Doubles => 2");
  row(record, RECORD_SIZE, 4, " Drops", " Wins 2 points");
  verdict result = judge(record, NULL);
  ck_assert_msg(reports(&result, 8, 35, "error", "score"), "%s", result.output);
  free(result.output);
}
END_TEST

START_TEST(resignation_must_be_a_cube_multiple) {
  char record[RECORD_SIZE] = "";
  opening(record);
  row(record, RECORD_SIZE, 0, "", " Wins 3 points");
  verdict good = judge(record, NULL);
  ck_assert_msg(!mentions_rule(&good, "score"), "%s", good.output);
  free(good.output);
  record[0] = '\0';
  opening(record);
  row(record, RECORD_SIZE, 0, "", " Wins 4 points");
  verdict bad = judge(record, NULL);
  ck_assert_msg(reports(&bad, 7, 35, "error", "score"), "%s", bad.output);
  free(bad.output);
}
END_TEST

START_TEST(score_line_must_add_up) {
  char record[RECORD_SIZE] = "";
  opening(record);
  row(record, RECORD_SIZE, 3, "63: 24/18 13/10", " Doubles => 2");
  row(record, RECORD_SIZE, 4, " Drops", " Wins 1 point");
  header(record, RECORD_SIZE, 3, 2, 0, 2);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  verdict result = judge(record, NULL);
  ck_assert_msg(strstr(result.output, "t.mat:11:") != NULL, "%s", result.output);
  ck_assert_msg(mentions_rule(&result, "score"), "%s", result.output);
  free(result.output);
}
END_TEST

/* Game 1 ends with Bob resigning (`result`), game 2's score line says
 * Alice has `alice_next`: lines 7 (the result) and 11 (the score line). */
static void resignation_then_score(char *record, const char *result, int alice_next) {
  header(record, RECORD_SIZE, 5, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "41: 24/23 13/9", "");
  row(record, RECORD_SIZE, 0, result, "");
  header(record, RECORD_SIZE, 5, 2, alice_next, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
}

/* A resignation's value is the record's word alone: when the score line
 * implies another resignation value, the "Wins" line is the one blamed,
 * once. */
START_TEST(score_line_after_resignation_blames_the_wins_line) {
  char record[RECORD_SIZE] = "";
  resignation_then_score(record, " Wins 2 points", 1);
  verdict result = judge(record, NULL);
  ck_assert_msg(reports(&result, 7, 7, "error", "score"), "%s", result.output);
  ck_assert_msg(strstr(result.output, "(line 10)") != NULL, "%s", result.output);
  ck_assert_int_eq(result.errors, 1);
  free(result.output);
}
END_TEST

START_TEST(score_line_agreeing_with_resignation_is_clean) {
  char record[RECORD_SIZE] = "";
  resignation_then_score(record, " Wins 2 points", 2);
  verdict result = judge(record, NULL);
  ck_assert_msg(!mentions_rule(&result, "score"), "%s", result.output);
  free(result.output);
}
END_TEST

START_TEST(score_line_after_drop_blames_the_score_line_only) {
  char record[RECORD_SIZE] = "";
  opening(record);
  row(record, RECORD_SIZE, 3, "63: 24/18 13/10", " Doubles => 2");
  row(record, RECORD_SIZE, 4, " Drops", " Wins 1 point");
  header(record, RECORD_SIZE, 3, 2, 0, 2);
  verdict result = judge(record, NULL);
  ck_assert_int_eq(result.errors, 1);
  ck_assert_msg(strstr(result.output, "t.mat:11:") != NULL, "%s", result.output);
  free(result.output);
}
END_TEST

/* 2-point match: Bob leads 1-0, so game 2 is the Crawford game. */
static void crawford_record(char *record, const char *game2_cube,
                            const char *game3_cube) {
  header(record, RECORD_SIZE, 2, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "41: 24/23 13/9", " Doubles => 2");
  row(record, RECORD_SIZE, 3, " Drops", " Wins 1 point");
  header(record, RECORD_SIZE, 2, 2, 0, 1);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, game2_cube, "");
  row(record, RECORD_SIZE, 0, " Wins 1 point", "");
  header(record, RECORD_SIZE, 2, 3, 1, 1);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, game3_cube, "");
  row(record, RECORD_SIZE, 0, " Wins 2 points and the match", "");
}

START_TEST(no_double_in_crawford_game) {
  char record[RECORD_SIZE] = "";
  crawford_record(record, " Doubles => 2", "41: 24/23 13/9");
  verdict result = judge(record, NULL);
  ck_assert_msg(reports(&result, 12, 7, "error", "cube"), "%s", result.output);
  free(result.output);
}
END_TEST

START_TEST(double_after_crawford_is_fine) {
  char record[RECORD_SIZE] = "";
  crawford_record(record, "41: 24/23 13/9", " Doubles => 2");
  /* Game 3 ends with Bob resigning 2 points after the double. */
  verdict result = judge(record, NULL);
  ck_assert_msg(!mentions_rule(&result, "cube"), "%s", result.output);
  ck_assert_msg(result.errors == 0, "%s", result.output);
  free(result.output);
}
END_TEST

START_TEST(truncated_record_is_incomplete_warning) {
  char record[RECORD_SIZE] = "";
  opening(record);
  verdict result = judge(record, NULL);
  ck_assert_int_eq(result.errors, 0);
  ck_assert_msg(mentions_rule(&result, "incomplete"), "%s", result.output);
  free(result.output);
}
END_TEST

START_TEST(unknown_play_is_unrecorded_warning) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: ????");
  row(record, RECORD_SIZE, 2, "41: 24/23 13/9", "");
  verdict result = judge(record, NULL);
  ck_assert_msg(reports(&result, 5, 34, "warning", "unrecorded"), "%s", result.output);
  ck_assert_int_eq(result.errors, 0);
  free(result.output);
}
END_TEST

START_TEST(hit_marks_checked_only_where_written) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "31: 8/5 6/5", "64: 24/18 18/14");
  row(record, RECORD_SIZE, 2, "62: 13/11* 13/7", "43: 25/21 24/21");
  verdict marked = judge(record, NULL);
  ck_assert_msg(!mentions_rule(&marked, "hit-marker"), "%s", marked.output);
  free(marked.output);

  record[0] = '\0';
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "31: 8/5 6/5", "64: 24/18 18/14");
  row(record, RECORD_SIZE, 2, "62: 13/11 13/7", "43: 25/21 24/21");
  verdict unmarked_record = judge(record, NULL);
  ck_assert_msg(!mentions_rule(&unmarked_record, "hit-marker"), "%s",
                unmarked_record.output);
  ck_assert_int_eq(unmarked_record.errors, 0);
  free(unmarked_record.output);

  record[0] = '\0';
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "31: 8/5 6/5", "64: 24/18 18/14");
  row(record, RECORD_SIZE, 2, "62: 13/11 13/7*", "43: 25/21 24/21");
  verdict wrong = judge(record, NULL);
  ck_assert_msg(mentions_rule(&wrong, "hit-marker"), "%s", wrong.output);
  ck_assert_int_eq(wrong.errors, 0);
  free(wrong.output);
}
END_TEST

/* Bob leaves a blot on Alice's 7 point; Alice's 62 from the 13 to the 5
 * passes the 7 (hitting it) or the 11 (not).  Game 2 marks two hits with
 * '*', so the record marks hits as a habit, and a play without one is
 * checked against its written path. */
static verdict path_record(const char *alice_play, const char *bob_answer) {
  static char record[RECORD_SIZE];
  record[0] = '\0';
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "31: 8/5 6/5", "64: 24/18 13/9");
  row(record, RECORD_SIZE, 2, alice_play, bob_answer);
  row(record, RECORD_SIZE, 0, " Wins 1 point", "");
  header(record, RECORD_SIZE, 3, 2, 1, 0);
  row(record, RECORD_SIZE, 1, "31: 8/5 6/5", "64: 24/18 13/9");
  row(record, RECORD_SIZE, 2, "62: 13/7* 7/5", "43: 25/21 24/21");
  row(record, RECORD_SIZE, 3, "53: 24/21 21/16*", "");
  return judge(record, NULL);
}

START_TEST(written_path_decides_the_hit) {
  /* The hit is not marked, but the path says it happened: a warning, and
   * Bob, on the bar, enters. */
  verdict via_seven = path_record("62: 13/7 7/5", "43: 25/21 24/21");
  ck_assert_msg(via_seven.errors == 0, "%s", via_seven.output);
  ck_assert_msg(reports(&via_seven, 6, 10, "warning", "hit-marker"), "%s",
                via_seven.output);
  free(via_seven.output);
  /* Past the 11: no hit, nothing to mark; Bob's checker still stands. */
  verdict via_eleven = path_record("62: 13/11 11/5", "43: 24/21 18/14");
  ck_assert_msg(via_eleven.errors == 0 && via_eleven.warnings == 1, "%s",
                via_eleven.output);
  free(via_eleven.output);
  verdict no_hit_then_enter = path_record("62: 13/11 11/5", "43: 25/21 24/21");
  ck_assert_msg(reports(&no_hit_then_enter, 6, 38, "error", "illegal-move"), "%s",
                no_hit_then_enter.output);
  free(no_hit_then_enter.output);
}
END_TEST

/* A combined hop hides its path: 13/5 with 62 may have hit the blot on the
 * 7 or not.  Both readings are kept until Bob's next play shows which. */
static verdict hop_record(const char *bob_answer) {
  static char record[RECORD_SIZE];
  record[0] = '\0';
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "31: 8/5 6/5", "64: 24/18 13/9");
  row(record, RECORD_SIZE, 2, "62: 13/5", bob_answer);
  return judge(record, NULL);
}

START_TEST(ambiguous_hop_is_decided_later) {
  verdict hit = hop_record("43: 25/21 24/21");
  ck_assert_msg(hit.errors == 0, "%s", hit.output);
  free(hit.output);
  verdict no_hit = hop_record("43: 24/21 18/14");
  ck_assert_msg(no_hit.errors == 0, "%s", no_hit.output);
  free(no_hit.output);
  /* Legal in neither reading: Bob has no checker on his 17 point. */
  verdict neither = hop_record("43: 17/14 24/20");
  ck_assert_msg(reports(&neither, 6, 38, "error", "illegal-move"), "%s", neither.output);
  free(neither.output);
}
END_TEST

/* In a record that marks hits, the hop 13/5 that hit the blot on the 7
 * on its way wants a '*' ("13/7*\/5"): a warning at the hop, given once
 * Bob's entry shows the hit happened; none when Bob's play shows that the
 * hop went by the 11 (the notation's blind spot is no mistake). */
START_TEST(unmarked_hit_on_a_hop_is_warned_once_shown) {
  verdict hit = path_record("62: 13/5", "43: 25/21 24/21");
  ck_assert_msg(hit.errors == 0, "%s", hit.output);
  ck_assert_msg(reports(&hit, 6, 10, "warning", "hit-marker"), "%s", hit.output);
  ck_assert_msg(strstr(hit.output, "13/5 hits the blot on the 7 point on its way"), "%s",
                hit.output);
  free(hit.output);
  verdict no_hit = path_record("62: 13/5", "43: 24/21 18/14");
  ck_assert_msg(no_hit.errors == 0, "%s", no_hit.output);
  ck_assert_msg(!mentions_rule(&no_hit, "hit-marker"), "%s", no_hit.output);
  free(no_hit.output);
  verdict marked = path_record("62: 13/7*/5", "43: 25/21 24/21");
  ck_assert_msg(marked.errors == 0 && !mentions_rule(&marked, "hit-marker"), "%s",
                marked.output);
  free(marked.output);
  /* A record that never marks hits (hop_record): nothing to warn about. */
  verdict unmarked_record = hop_record("43: 25/21 24/21");
  ck_assert_msg(!mentions_rule(&unmarked_record, "hit-marker"), "%s",
                unmarked_record.output);
  free(unmarked_record.output);
}
END_TEST

/* A player who gives up after rolling may leave the play blank or cut
 * short (eXtreme Gammon writes what was moved): no rule error when the
 * opponent is credited with the game right after.  The same short play
 * followed by the roller's own win is one die too few. */
START_TEST(short_play_before_resignation) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "62: 24/18", "");
  row(record, RECORD_SIZE, 0, "", " Wins 1 point");
  verdict resigned = judge(record, NULL);
  ck_assert_msg(!mentions_rule(&resigned, "unplayed-dice"), "%s", resigned.output);
  ck_assert_int_eq(resigned.errors, 0);
  free(resigned.output);

  record[0] = '\0';
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "62: 24/18", "");
  row(record, RECORD_SIZE, 0, " Wins 1 point", "");
  verdict own_win = judge(record, NULL);
  ck_assert_msg(reports(&own_win, 6, 6, "error", "unplayed-dice"), "%s", own_win.output);
  free(own_win.output);
}
END_TEST

/* After a play left out, the referee follows every play the player could
 * have made: a later play that only one of them allows is no new error. */
START_TEST(missing_play_is_reported_once) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "31:", "62: 24/18 13/11");
  /* Two checkers leave the 5: only 31 played 8/5 6/5 puts two there. */
  row(record, RECORD_SIZE, 2, "41: 5/1* 5/4", "");
  verdict result = judge(record, NULL);
  ck_assert_msg(reports(&result, 5, 6, "error", "wrong-no-play"), "%s", result.output);
  ck_assert_msg(result.errors == 1, "%s", result.output);
  free(result.output);
}
END_TEST

START_TEST(error_is_reported_once) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "31: 8/5 8/4", "62: 24/18 13/11");
  row(record, RECORD_SIZE, 2, "41: 24/23 13/9", "52: 13/8 13/11");
  verdict result = judge(record, NULL);
  ck_assert_int_eq(result.errors, 1);
  free(result.output);
}
END_TEST

static Suite *referee_suite(void) {
  Suite *suite = suite_create("referee");
  TCase *plays = tcase_create("plays");
  tcase_add_test(plays, legal_game_is_clean);
  tcase_add_loop_test(plays, opening_mistake, 0,
                      (int)(sizeof opening_mistakes / sizeof opening_mistakes[0]));
  tcase_add_test(plays, hit_marks_checked_only_where_written);
  tcase_add_test(plays, error_is_reported_once);
  tcase_add_test(plays, missing_play_is_reported_once);
  tcase_add_test(plays, short_play_before_resignation);
  tcase_add_test(plays, unmarked_hit_on_a_hop_is_warned_once_shown);
  tcase_add_test(plays, written_path_decides_the_hit);
  tcase_add_test(plays, ambiguous_hop_is_decided_later);
  tcase_add_test(plays, unknown_play_is_unrecorded_warning);
  suite_add_tcase(suite, plays);
  TCase *turns = tcase_create("turns and cube");
  tcase_add_test(turns, same_player_twice_is_turn_order);
  tcase_add_test(turns, double_by_non_owner_is_cube_error);
  tcase_add_test(turns, owner_may_redouble);
  tcase_add_test(turns, take_without_double_is_cube_error);
  tcase_add_test(turns, no_double_in_crawford_game);
  tcase_add_test(turns, double_after_crawford_is_fine);
  suite_add_tcase(suite, turns);
  TCase *score = tcase_create("score");
  tcase_add_test(score, dropped_double_is_worth_the_old_cube);
  tcase_add_test(score, resignation_must_be_a_cube_multiple);
  tcase_add_test(score, score_line_must_add_up);
  tcase_add_test(score, score_line_after_resignation_blames_the_wins_line);
  tcase_add_test(score, score_line_agreeing_with_resignation_is_clean);
  tcase_add_test(score, score_line_after_drop_blames_the_score_line_only);
  tcase_add_test(score, truncated_record_is_incomplete_warning);
  suite_add_tcase(suite, score);
  return suite;
}

int main(void) {
  return run_suite(referee_suite());
}
