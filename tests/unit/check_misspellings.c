/*
 * check_misspellings.c — a transcriber's slips read as meant, not as a
 * record out of step (issue 22): the word a misspelt keyword is nearest
 * (notation.h), and where the .mat reader takes a word for a cube
 * action misspelt and where it must not; HedgeHog's "Resigns" alone; a
 * line of "??" with no move number, which takes no turn.
 *
 * What the whole program prints for such records is in tests/e2e/cases/check/
 * (syntax/cube-misspelt-*, score/resigns-alone*, syntax/stray-question-marks,
 * the yaml-* of each rule's folder); here the model the reader builds is
 * asserted.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "match.h"
#include "read_mat.h"
#include "notation.h"
#include "run_suite.h"

/* ---- the nearest word ---------------------------------------------------- */

enum { TAKE = 1, DROP = 2 };

static const notation_spelling_word answers[] = {
    {"Takes", TAKE}, {"Take", TAKE}, {"Drops", DROP}, {"Drop", DROP}};

static const char *nearest(const char *word) {
  int i = notation_spelling_nearest(word, strlen(word), answers, 4);
  return i < 0 ? NULL : answers[i].word;
}

START_TEST(nearest_word_by_letters_wrong) {
  ck_assert_str_eq(nearest("Tkaes"), "Takes"); /* neighbours swapped: one */
  ck_assert_str_eq(nearest("Drpos"), "Drops");
  ck_assert_str_eq(nearest("drapes"), "Drops"); /* two letters wrong, any case */
  ck_assert_str_eq(nearest("TAKS"), "Takes");   /* as near Take: one meaning */
  ck_assert_str_eq(nearest("Droo"), "Drop");
  ck_assert_ptr_null(nearest("Dropped")); /* three letters wrong */
  ck_assert_ptr_null(nearest("Trap"));    /* four letters or fewer: one at most */
  ck_assert_ptr_null(nearest("Tk"));
  ck_assert_ptr_null(nearest("Takesdropsoverandoverandover"));
  ck_assert_ptr_null(nearest(""));
  /* as near two meanings: no guess */
  static const notation_spelling_word two[] = {{"abcd", TAKE}, {"abce", DROP}};
  ck_assert_int_eq(notation_spelling_nearest("abcf", 4, two, 2), -1);
}
END_TEST

/* ---- the .mat reader ------------------------------------------------------- */

/* What reading a record gave: its first match and the syntax errors. */
typedef struct {
  bg_diag_sink sink;
  bg_match *match;
} parsed;

static void parse(parsed *result, const char *text) {
  memset(result, 0, sizeof *result);
  diag_sink_init(&result->sink, stderr, DIAG_TEXT);
  FILE *in = fmemopen((void *)text, strlen(text), "r");
  ck_assert_ptr_nonnull(in);
  bg_mat_reader *reader = mat_reader_new(in, "test.mat", &result->sink);
  ck_assert_ptr_nonnull(reader);
  result->match = mat_reader_next(reader);
  ck_assert_ptr_nonnull(result->match);
  mat_reader_free(reader);
  fclose(in);
}

static void parsed_free(parsed *result) {
  match_free(result->match);
  diag_sink_free(&result->sink);
}

static size_t diagnostics(const parsed *result) {
  return result->sink.pending_count;
}

static const bg_action *action(const parsed *result, int index) {
  const bg_game *game = &result->match->games[0];
  ck_assert_int_lt(index, game->action_count);
  return &game->actions[index];
}

static int action_count(const parsed *result) {
  return result->match->games[0].action_count;
}

#define HEAD "0 point match\n Game 1\n A : 0                          B : 0\n"

START_TEST(cube_words_misspelt) {
  parsed r;
  parse(&r, HEAD "  1) 31: 8/5 6/5                       DUBLES ==> 2\n"
                 "  2)  Beavres => 4                      Racoons => 8\n"
                 "  3)  Tkae                              62: 24/18 13/11\n"
                 "  4)  Doubels => 16\n"
                 "                                        drpo\n");
  ck_assert_uint_eq(diagnostics(&r), 6);
  ck_assert_int_eq(action_count(&r), 8);
  ck_assert_int_eq(action(&r, 1)->kind, ACT_DOUBLE);
  ck_assert_int_eq(action(&r, 1)->value, 2);
  ck_assert_int_eq(action(&r, 1)->player, 1);
  ck_assert_int_eq(action(&r, 1)->pos.column, 40);
  ck_assert_int_eq(action(&r, 2)->kind, ACT_BEAVER);
  ck_assert_int_eq(action(&r, 2)->value, 4);
  ck_assert_int_eq(action(&r, 3)->kind, ACT_BEAVER); /* a raccoon */
  ck_assert_int_eq(action(&r, 3)->value, 8);
  ck_assert_int_eq(action(&r, 4)->kind, ACT_TAKE);
  ck_assert_int_eq(action(&r, 4)->player, 0);
  ck_assert_int_eq(action(&r, 5)->kind, ACT_ROLL); /* the cell after it */
  ck_assert_int_eq(action(&r, 6)->value, 16);
  ck_assert_int_eq(action(&r, 7)->kind, ACT_DROP);
  ck_assert_int_eq(action(&r, 7)->player, 1);
  ck_assert_ptr_nonnull(strstr(r.sink.pending[0].message,
                               "'DUBLES' is not a cube action: read as 'Doubles => 2'"));
  parsed_free(&r);
}
END_TEST

/* Words near a cube word that are none: line noise ("make" is a letter
 * from "Take"), a word that is no whole cell, a word of the wrong shape. */
START_TEST(words_that_stay_unread) {
  parsed r;
  parse(&r, HEAD "  1) 31: 8/5 6/5                       Doubles => 2\n"
                 "Please make your move\n"
                 "  2)  Tkaes now                         Drpos => 4\n"
                 "  3)  Dubles\n");
  ck_assert_uint_eq(diagnostics(&r), 4);
  for (int i = 0; i < action_count(&r); i++)
    ck_assert_int_ne(action(&r, i)->kind, ACT_TAKE);
  for (size_t i = 0; i < diagnostics(&r); i++)
    ck_assert_ptr_null(strstr(r.sink.pending[i].message, "read as"));
  parsed_free(&r);
}
END_TEST

/* HedgeHog's "Resigns" alone is read as "Concedes"; "Resigns 2 points"
 * after it keeps its points (the memo must not answer it from the word). */
START_TEST(resigns_alone) {
  parsed r;
  parse(&r, HEAD "  1) 31: 8/5 6/5\n"
                 "  2)                                      Resigns\n"
                 "  3) 62: 13/7 13/11  Resigns\n"
                 "  4)  Resigns 2 points\n");
  ck_assert_uint_eq(diagnostics(&r), 0);
  ck_assert_int_eq(action(&r, 1)->kind, ACT_RESIGN);
  ck_assert_int_eq(action(&r, 1)->player, 1);
  ck_assert_int_eq(action(&r, 1)->resign_level, RESIGN_UNSAID);
  ck_assert_int_eq(action(&r, 3)->kind, ACT_RESIGN); /* the roller gives up */
  ck_assert_int_eq(action(&r, 3)->player, 0);
  ck_assert_int_eq(action(&r, 4)->kind, ACT_RESIGN);
  ck_assert_int_eq(action(&r, 4)->value, 2);
  parsed_free(&r);
}
END_TEST

/* "??" alone on a line with no move number takes no turn; numbered, after
 * dice, or before a cell on its line it is a turn nobody recorded. */
START_TEST(question_marks_without_a_number) {
  parsed r;
  parse(&r, HEAD "  1) 31: 8/5 6/5                       42: 8/4 6/4\n"
                 "??\n"
                 "                                        ????\n"
                 "  2)  ??                                63: ????\n"
                 "      ????                              Wins 1 point\n");
  ck_assert_uint_eq(diagnostics(&r), 2);
  ck_assert_int_eq(r.sink.pending[0].line, 5);
  ck_assert_int_eq(r.sink.pending[1].line, 6);
  ck_assert_int_eq(action_count(&r), 6);
  ck_assert(match_roll_marked_unknown(action(&r, 2)) && action(&r, 2)->move_number == 2);
  ck_assert(match_roll_marked_unknown(action(&r, 3)) && action(&r, 3)->die1 == 6);
  ck_assert(match_roll_marked_unknown(action(&r, 4)) && action(&r, 4)->player == 0);
  ck_assert_int_eq(action(&r, 5)->kind, ACT_WIN);
  parsed_free(&r);
}
END_TEST

int main(void) {
  Suite *suite = suite_create("misspellings");
  TCase *words = tcase_create("words");
  tcase_add_test(words, nearest_word_by_letters_wrong);
  suite_add_tcase(suite, words);
  TCase *mat = tcase_create("mat");
  tcase_add_test(mat, cube_words_misspelt);
  tcase_add_test(mat, words_that_stay_unread);
  tcase_add_test(mat, resigns_alone);
  tcase_add_test(mat, question_marks_without_a_number);
  suite_add_tcase(suite, mat);
  return run_suite(suite);
}
