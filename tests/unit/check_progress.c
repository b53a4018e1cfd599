/*
 * check_progress.c — the progress line of cli.h (cli_walk.c) without a
 * terminal: what it says (files done of the total when the total is
 * known, as after a directory walk; files done alone when it is not) and
 * when it is drawn (stderr a terminal, several files, not -q).
 * tests/progress.sh watches the line itself on a pseudo-terminal.
 */
#include <check.h>
#include <stdlib.h>

#include "cli.h"
#include "run_suite.h"

START_TEST(test_line_counts_files_of_the_total) {
  char line[96];
  cli_progress_format(line, sizeof line, 3, 12, 4.24);
  ck_assert_str_eq(line, "bgmatch: 3/12 files, 4.2 MB/s");
  cli_progress_format(line, sizeof line, 12, 12, 0.0);
  ck_assert_str_eq(line, "bgmatch: 12/12 files, 0.0 MB/s");
}
END_TEST

START_TEST(test_line_without_a_total) {
  char line[96];
  cli_progress_format(line, sizeof line, 3, PROGRESS_UNKNOWN_TOTAL, 12.0);
  ck_assert_str_eq(line, "bgmatch: 3 files, 12.0 MB/s");
}
END_TEST

START_TEST(test_line_cut_to_its_buffer) {
  char line[12];
  cli_progress_format(line, sizeof line, 123456, 1234567, 1e6);
  ck_assert_str_eq(line, "bgmatch: 12");
}
END_TEST

START_TEST(test_drawn_for_several_files_at_a_terminal) {
  ck_assert(cli_progress_wanted(true, 2, false));
  ck_assert(cli_progress_wanted(true, PROGRESS_UNKNOWN_TOTAL, false));
}
END_TEST

START_TEST(test_never_under_quiet) {
  ck_assert(!cli_progress_wanted(true, 2, true));
  ck_assert(!cli_progress_wanted(true, PROGRESS_UNKNOWN_TOTAL, true));
}
END_TEST

START_TEST(test_never_off_a_terminal_nor_for_one_file) {
  ck_assert(!cli_progress_wanted(false, 1000, false));
  ck_assert(!cli_progress_wanted(true, 1, false));
  ck_assert(!cli_progress_wanted(true, 0, false));
}
END_TEST

static Suite *progress_suite(void) {
  Suite *suite = suite_create("progress");
  TCase *line = tcase_create("line");
  tcase_add_test(line, test_line_counts_files_of_the_total);
  tcase_add_test(line, test_line_without_a_total);
  tcase_add_test(line, test_line_cut_to_its_buffer);
  suite_add_tcase(suite, line);
  TCase *when = tcase_create("when drawn");
  tcase_add_test(when, test_drawn_for_several_files_at_a_terminal);
  tcase_add_test(when, test_never_under_quiet);
  tcase_add_test(when, test_never_off_a_terminal_nor_for_one_file);
  suite_add_tcase(suite, when);
  return suite;
}

int main(void) {
  return run_suite(progress_suite());
}
