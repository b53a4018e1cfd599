/*
 * check_stats.c — the counts of stats.h on small hand-made records: plays
 * as show counts them, cube actions, how games were won, Crawford games,
 * pips moved, problems by rule (the registry's, rules.def, or "other"),
 * and totals that add up.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"
#include "rules.h"
#include "run_suite.h"
#include "stats.h"

/* A 3-point match: a dropped double, then a game won by a resignation
 * (Bob's checkers still on the board), then the Crawford game with a
 * play that breaks a rule, won the same way. */
static const char record[] = " 3 point match\n\n"
                             " Game 1\n"
                             " Alice : 0                      Bob : 0\n"
                             "  1)                             31: 8/5 6/5\n"
                             "  2) 41: 24/23 13/9              Doubles => 2\n"
                             "  3)  Drops\n"
                             "                                  Wins 1 point\n\n"
                             " Game 2\n"
                             " Alice : 0                      Bob : 1\n"
                             "  1) 31: 8/5 6/5                 41: 24/23 13/9\n"
                             "                                  Wins 1 point\n\n"
                             " Game 3\n"
                             " Alice : 0                      Bob : 2\n"
                             "  1) 62: 24/18 13/11             52: 13/5\n"
                             "  2)  Wins 1 point\n";

static void count(const char *text, bg_stats *stats) {
  bg_match **matches;
  int n = read_all_matches(text, &matches);
  char *dropped = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&dropped, &size);
  bg_diag_sink sink;
  diag_sink_init(&sink, out, DIAG_TEXT);
  bg_replay_options options;
  bg_replay_options_init(&options);
  stats_init(stats);
  for (int i = 0; i < n; i++) {
    stats_add_match(stats, matches[i], &options, &sink);
    stats_take_diagnostics(stats, &sink);
  }
  ck_assert_int_eq(sink.pending_count, 0); /* taken: memory stays per match */
  diag_sink_free(&sink);
  fclose(out);
  free(dropped);
  free_all_matches(matches, n);
}

START_TEST(counts_of_a_record) {
  bg_stats s;
  count(record, &s);
  ck_assert_int_eq(s.matches, 1);
  ck_assert_int_eq(s.games, 3);
  ck_assert_int_eq(s.plays, 6);
  ck_assert_int_eq(s.doubles, 1);
  ck_assert_int_eq(s.takes, 0);
  ck_assert_int_eq(s.drops, 1);
  ck_assert_int_eq(s.resignations, 2); /* games 2 and 3: checkers still on the board */
  ck_assert_int_eq(s.crawford_games, 1);
  /* 31 and 41 moved 4 and 5 pips in game 1, 4 and 5 in game 2. */
  ck_assert_int_ge(s.pip_games, 2);
  ck_assert(s.errors >= 1);
  bool found = false;
  for (int i = 0; i < s.rule_count; i++)
    found = found || (s.rules[i].errors > 0);
  ck_assert(found);
}
END_TEST

START_TEST(totals_add_up) {
  bg_stats a, total;
  count(record, &a);
  stats_init(&total);
  stats_merge(&total, &a);
  stats_merge(&total, &a);
  ck_assert_int_eq(total.plays, 2 * a.plays);
  ck_assert_int_eq(total.errors, 2 * a.errors);
  ck_assert_int_eq(total.rule_count, a.rule_count);
  for (int i = 0; i < a.rule_count; i++)
    ck_assert_int_eq(total.rules[i].errors, 2 * a.rules[i].errors);
  ck_assert(stats_pips_per_game(&total) == stats_pips_per_game(&a));
  bg_stats empty;
  stats_init(&empty);
  ck_assert(stats_pips_per_game(&empty) == 0.0);
}
END_TEST

/* A problem counts under its rule's slug as the registry holds it (the
 * sink's copy goes away), and a slug the registry lacks as "other". */
START_TEST(rules_are_the_registrys) {
  ck_assert_int_ge(STATS_MAX_RULES, RULE_COUNT + 1);
  for (int i = 0; i < RULE_COUNT; i++)
    ck_assert_ptr_eq(rules_find(bg_rules[i].slug), &bg_rules[i]);
  ck_assert_ptr_null(rules_find("cubes"));
  char *dropped = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&dropped, &size);
  bg_diag_sink sink;
  diag_sink_init(&sink, out, DIAG_TEXT);
  char cube[] = "cube", misspelt[] = "cubes";
  diag_emit(
      &sink,
      &(bg_diag){
          .file = "t", .line = 1, .severity = DIAG_ERROR, .rule = cube, .message = "m"});
  diag_emit(&sink, &(bg_diag){.file = "t",
                              .line = 2,
                              .severity = DIAG_WARNING,
                              .rule = misspelt,
                              .message = "m"});
  bg_stats s;
  stats_init(&s);
  stats_take_diagnostics(&s, &sink);
  diag_sink_free(&sink);
  fclose(out);
  free(dropped);
  ck_assert_int_eq(s.rule_count, 2);
  ck_assert_ptr_eq(s.rules[0].rule, RULE_SLUG(CUBE));
  ck_assert_int_eq(s.rules[0].errors, 1);
  ck_assert_str_eq(s.rules[1].rule, "other");
  ck_assert_int_eq(s.rules[1].warnings, 1);
}
END_TEST

int main(void) {
  Suite *suite = suite_create("stats");
  TCase *cases = tcase_create("counts");
  tcase_add_test(cases, counts_of_a_record);
  tcase_add_test(cases, totals_add_up);
  tcase_add_test(cases, rules_are_the_registrys);
  suite_add_tcase(suite, cases);
  return run_suite(suite);
}
