/*
 * run_suite.h — the main() of every Check test program: runs one suite and
 * turns its failures into the exit status.
 */
#ifndef BG_TEST_RUN_SUITE_H
#define BG_TEST_RUN_SUITE_H

#include <check.h>
#include <stdlib.h>

static inline int run_suite(Suite *suite) {
  SRunner *runner = srunner_create(suite);
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
