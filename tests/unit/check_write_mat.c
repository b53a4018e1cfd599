/*
 * check_write_mat.c — unit tests of the canonical .mat writer (writer.h,
 * write_mat.c): small records read from memory and written again, the
 * output compared byte for byte with the layout the writer promises; and
 * every output written once more, which must give it unchanged (the
 * canonical layout is a fixed point of the writer).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_mat.h"
#include "replay.h"
#include "run_suite.h"
#include "writer.h"

/* `text` read and written in the canonical .mat layout; *errors counts
 * the diagnostics of the reader and the replay. */
static char *convert_once(const char *text, long *errors) {
  char *output = NULL;
  size_t output_size = 0;
  FILE *out = open_memstream(&output, &output_size);
  FILE *in = fmemopen((void *)text, strlen(text), "r");
  FILE *quiet = fopen("/dev/null", "w");
  ck_assert_ptr_nonnull(out);
  ck_assert_ptr_nonnull(in);
  bg_diag_sink sink;
  diag_sink_init(&sink, quiet, DIAG_TEXT);
  bg_mat_reader *reader = mat_reader_new(in, "test.mat", &sink);
  bg_replay_options options;
  bg_replay_options_init(&options);
  bg_format format;
  ck_assert(writer_format_named("mat", &format));
  bg_match *match;
  for (bool first = true; (match = mat_reader_next(reader)) != NULL; first = false) {
    bg_replay *replay = bg_replay_new(match, &options, &sink);
    ck_assert(writer_write(format, out, match, replay, first));
    bg_replay_free(replay);
    diag_flush(&sink);
    match_free(match);
  }
  mat_reader_free(reader);
  fclose(in);
  fclose(out);
  fclose(quiet);
  if (errors)
    *errors = sink.errors;
  diag_sink_free(&sink);
  return output;
}

/* `text` converted, checked to be a fixed point of the writer. */
static char *convert(const char *text) {
  long errors_before = 0, errors_after = 0;
  char *once = convert_once(text, &errors_before);
  char *twice = convert_once(once, &errors_after);
  ck_assert_str_eq(twice, once);
  ck_assert_int_eq(errors_after, errors_before);
  free(twice);
  return once;
}

static void assert_converts_to(const char *text, const char *expected) {
  char *output = convert(text);
  ck_assert_str_eq(output, expected);
  free(output);
}

/* The layout: tags, match line, a blank line before each game, the right
 * column at 34, keyword cells with their own leading blank, a result alone
 * on an unnumbered line or beside the drop it answers. */
START_TEST(layout) {
  assert_converts_to("; [Site \"Oslo\"]\n; [Crawford \"On\"]\n"
                     "3 point match\n\n"
                     " Game 1\n"
                     " Ana : 0  Bob : 0\n"
                     "  1)                   51: 13/8 24/23\n"
                     "  2) 42: 8/4 6/4    63: 24/18 18/15\n"
                     "  3)  Doubles => 2  Drops\n"
                     "   Wins 1 point\n"
                     " Game 2\n"
                     " Ana : 1  Bob : 0\n"
                     "  1) 31: 8/5 6/5   Doubles => 2\n"
                     "  2)  Drops      Wins 1 point\n",
                     "; [Site \"Oslo\"]\n; [Crawford \"On\"]\n"
                     "\n"
                     " 3 point match\n"
                     "\n"
                     " Game 1\n"
                     " Ana : 0                         Bob : 0\n"
                     "  1)                             51: 24/23 13/8\n"
                     "  2) 42: 8/4 6/4                 63: 24/18 18/15\n"
                     "  3)  Doubles => 2                Drops\n"
                     "      Wins 1 point\n"
                     "\n"
                     " Game 2\n"
                     " Ana : 1                         Bob : 0\n"
                     "  1) 31: 8/5 6/5                  Doubles => 2\n"
                     "  2)  Drops                       Wins 1 point\n");
}
END_TEST

/* A long name or a long left cell is followed by one blank: GNU
 * Backgammon's own export fuses them, and then misreads its score line. */
START_TEST(long_cells_never_fuse) {
  assert_converts_to("1 point match\n Game 1\n"
                     " Averyveryveryverylongplayername : 0   Bob : 0\n"
                     "  1) 11: 24/23 24/23 6/5 6/5   Doubles => 2\n"
                     "  2)  Takes                      22: 6/4 6/4 6/4 6/4\n",
                     " 1 point match\n\n Game 1\n"
                     " Averyveryveryverylongplayername : 0 Bob : 0\n"
                     "  1) 11: 24/23 24/23 6/5 6/5      Doubles => 2\n"
                     "  2)  Takes                      22: 6/4 6/4 6/4 6/4\n");
  assert_converts_to("1 point match\n Game 1\n"
                     " Anastasia Maria Longname-Dubois the Third of Somewhere Far : 0"
                     " Bob : 0\n"
                     "  1)                               51: 24/23 13/8\n",
                     " 1 point match\n\n Game 1\n"
                     " Anastasia Maria Longname-Dubois the Third of Somewhere Far : 0"
                     " Bob : 0\n"
                     "  1)                             51: 24/23 13/8\n");
  /* a roll cell past the column, then a keyword: the keyword's own blank
   * makes the two blanks GNU Backgammon splits such a line at */
  assert_converts_to("3 point match\n Game 1\n A : 0   B : 0\n"
                     "  1)                   43: 8/4 6/3\n"
                     "  2) 33: 24/21* 24/21 13/10 13/10   Doubles => 2\n"
                     "  3)  Drops   Wins 1 point\n",
                     " 3 point match\n\n Game 1\n"
                     " A : 0                           B : 0\n"
                     "  1)                             43: 8/4 6/3\n"
                     "  2) 33: 24/21* 24/21 13/10 13/10  Doubles => 2\n"
                     "  3)  Drops                       Wins 1 point\n");
  /* ...and a roll: one blank, GNU Backgammon splits at the second dice */
  assert_converts_to("3 point match\n Game 1\n A : 0   B : 0\n"
                     "  1)                   43: 8/4 6/3\n"
                     "  2) 33: 24/21* 24/21 13/10 13/10   21: bar/23 6/5\n",
                     " 3 point match\n\n Game 1\n"
                     " A : 0                           B : 0\n"
                     "  1)                             43: 8/4 6/3\n"
                     "  2) 33: 24/21* 24/21 13/10 13/10 21: 25/23 6/5\n");
}
END_TEST

/* Resolved plays are the engine's steps, bar 25 and off 0, hits marked;
 * a play the replay leaves open (8/1: over the blot on the 4, or over the
 * 5) or finds wrong (8/4 with 31) is written as the record wrote it. */
START_TEST(plays) {
  assert_converts_to("1 point match\n Game 1\n A : 0   B : 0\n"
                     "  1) 31: 8/5 6/5     64: 24/14\n"
                     "  2) 62: 13/11*/5       41: bar/21 24/23\n"
                     "  3) 66: 13/7(2) 24/18(2)   42: 13/9 13/11\n"
                     "  4) 43: 8/1    \n",
                     " 1 point match\n\n Game 1\n"
                     " A : 0                           B : 0\n"
                     "  1) 31: 8/5 6/5                 64: 24/18 18/14\n"
                     "  2) 62: 13/11* 11/5             41: 25/21 24/23\n"
                     "  3) 66: 24/18 24/18 13/7 13/7   42: 13/11 13/9\n"
                     "  4) 43: 8/1\n");
  assert_converts_to("1 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/4 6/5\n",
                     " 1 point match\n\n Game 1\n"
                     " A : 0                           B : 0\n"
                     "  1) 31: 8/4 6/5\n");
}
END_TEST

/* A record that marks no hit (Galaxy, FIBS clients, an SGF) gets the
 * marks the replay computes, as GNU Backgammon's own export has them: one
 * canonical layout whatever the source marked.  A play that hits nothing
 * stays unmarked. */
START_TEST(no_hit_marks) {
  assert_converts_to("1 point match\n Game 1\n A : 0   B : 0\n"
                     "  1) 31: 8/5 6/5     64: 24/18 13/9\n"
                     "  2) 62: 13/7 13/11\n",
                     " 1 point match\n\n Game 1\n"
                     " A : 0                           B : 0\n"
                     "  1) 31: 8/5 6/5                 64: 24/18 13/9\n"
                     "  2) 62: 13/11 13/7*\n");
}
END_TEST

/* Unknown plays, "Cannot Move", resignations in the resigner's column, a
 * DailyGammon result moved to its own line in the winner's column. */
START_TEST(turns_and_results) {
  assert_converts_to("1 point match\n Game 1\n A : 0   B : 0\n"
                     "  1) 31: 8/5 6/5     64: ????\n"
                     "  2) 33: Cannot Move   00: ????\n"
                     "  3)  Losses 1 point      Wins 1 point and the match\n",
                     " 1 point match\n\n Game 1\n"
                     " A : 0                           B : 0\n"
                     "  1) 31: 8/5 6/5                 64: ????\n"
                     "  2) 33: Cannot Move             00: ????\n"
                     "  3)  Resigns 1 point             Wins 1 point and the match\n");
  assert_converts_to("1 point match\n; [Variation \"Backgammon\"]\n Game 1\n"
                     " A : 0   B : 0\n"
                     "; Set Pos=-B----------------------b-/0\n"
                     "  1) 21: 1/off 1/off   Wins 1 point and the match\n",
                     "; [Variation \"Backgammon\"]\n\n 1 point match\n\n Game 1\n"
                     " A : 0                           B : 0\n"
                     "; Set Pos=-B----------------------b-/0\n"
                     "  1) 21: 1/0 1/0\n"
                     "      Wins 1 point and the match\n");
}
END_TEST

/* Matches one after another, a blank line between. */
START_TEST(several_matches) {
  assert_converts_to("1 point match\n Game 1\n A : 0   B : 0\n"
                     "  1) 31: 8/5 6/5\n"
                     "; [Site \"FIBS\"]\n"
                     "0 point match\n",
                     " 1 point match\n\n Game 1\n"
                     " A : 0                           B : 0\n"
                     "  1) 31: 8/5 6/5\n"
                     "\n; [Site \"FIBS\"]\n\n 0 point match\n");
}
END_TEST

int main(void) {
  Suite *suite = suite_create("write_mat");
  TCase *layout_case = tcase_create("layout");
  tcase_add_test(layout_case, layout);
  tcase_add_test(layout_case, long_cells_never_fuse);
  tcase_add_test(layout_case, plays);
  tcase_add_test(layout_case, no_hit_marks);
  tcase_add_test(layout_case, turns_and_results);
  tcase_add_test(layout_case, several_matches);
  suite_add_tcase(suite, layout_case);
  return run_suite(suite);
}
