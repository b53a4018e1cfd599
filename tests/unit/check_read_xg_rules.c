/*
 * check_read_xg_rules.c — what a .xg says about the rules and the ends of
 * its games drives the referee as a .mat's tags and lines do:
 *
 *  - a game footer's termination code: 101, 102, 103 a single game, a
 *    gammon, a backgammon resigned, 104 the match, 1000 and more a
 *    settlement; on copies of test.xg whose footer is patched (the game
 *    file inflated, the record changed, deflated again) and on a built
 *    money game (where no points are capped): the points that fit what
 *    was resigned are clean, those that do not get the [score] error the
 *    canonical .mat of the same match gets;
 *  - the match header's rules, on files built in memory: Jacoby (a gammon
 *    with the cube in the middle of a money session worth 1 point or 2),
 *    beavers, the Crawford rule and the cube limit, each on and off.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"
#include "replay.h"
#include "run_suite.h"
#include "writer.h"
#include "xg_build.h"
#include "xg_fixture.h"

/* ---- what was said -------------------------------------------------------- */

/* The errors of `said` by rule: how many end in "[rule]". */
static int errors_of(const char *said, const char *rule) {
  char tail[64];
  snprintf(tail, sizeof tail, "[%s]\n", rule);
  int count = 0;
  for (const char *line = said; *line;) {
    const char *end = strchr(line, '\n');
    size_t length = (size_t)(end - line + 1);
    if (strstr(line, ": error: ") && strstr(line, ": error: ") < end &&
        length >= strlen(tail) &&
        strncmp(end + 1 - strlen(tail), tail, strlen(tail)) == 0)
      count++;
    line = end + 1;
  }
  return count;
}

/* The errors of `said` from "error: " on, one a line, malloc'ed: what
 * they say without where. */
static char *error_texts(const char *said) {
  char *texts = calloc(1, strlen(said) + 1);
  ck_assert_ptr_nonnull(texts);
  for (const char *line = said; *line; line = strchr(line, '\n') + 1) {
    const char *error = strstr(line, "error: ");
    if (error && error < strchr(line, '\n'))
      strncat(texts, error, (size_t)(strchr(error, '\n') - error + 1));
  }
  return texts;
}

/* The canonical .mat of `match`. */
static char *canonical_mat(const bg_match *match) {
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&text, &size);
  bg_diag_sink sink;
  diag_sink_init(&sink, NULL, DIAG_TEXT);
  bg_replay_options options;
  bg_replay_options_init(&options);
  bg_replay *replay = bg_replay_new(match, &options, &sink);
  ck_assert(writer_write(BG_FORMAT_MAT, out, match, replay, true));
  bg_replay_free(replay);
  diag_sink_free(&sink);
  fclose(out);
  return text;
}

/* ---- test.xg with a footer changed ------------------------------------------- */

/* The footer record of game `game` in XG's game file. */
static unsigned char *footer_record(unsigned char *game_file, size_t length, int game) {
  int footers = 0;
  for (size_t at = 0; at + XGB_RECORD <= length; at += XGB_RECORD)
    if (game_file[at + 8] == 4 && ++footers == game)
      return game_file + at;
  return NULL;
}

/* test.xg with the footer of `game` (won by player 1, resigned a single
 * game, 101) saying `termination` and `points`, checked; false (SKIP)
 * without the corpus. */
static bool read_patched(int game, int termination, int points, xg_read_result *r) {
  char path[1100];
  snprintf(path, sizeof path, "%s/test.xg", xg_corpus_dir());
  size_t size, length;
  unsigned char *bytes = xg_slurp(path, &size);
  if (!bytes) {
    printf("SKIP: no %s\n", path);
    return false;
  }
  unsigned char *game_file = xg_game_file_of(bytes, size, &length);
  ck_assert_ptr_nonnull(game_file);
  unsigned char *footer = footer_record(game_file, length, game);
  ck_assert_ptr_nonnull(footer);
  ck_assert_int_eq(xgb_get32(footer + 24), 1);   /* player 1 won */
  ck_assert_int_eq(xgb_get32(footer + 32), 101); /* as XG saved it */
  xgb_put32(footer + 28, points);
  xgb_put32(footer + 32, termination);
  size_t patched_size;
  unsigned char *patched = xg_build_archive(game_file, length, NULL, &patched_size);
  *r = xg_read_bytes(patched, patched_size, "test.xg", true, DIAG_TEXT);
  ck_assert_int_eq(r->count, 1);
  free(patched);
  free(game_file);
  free(bytes);
  return true;
}

/* `r` holds `errors` [score] errors, the first at `place` saying
 * `message`, and the canonical .mat written from its match the same. */
static void assert_said(xg_read_result *r, const char *place, int errors,
                        const char *message) {
  ck_assert_msg(r->errors == errors && errors_of(r->said, "score") == errors, "%s",
                r->said);
  if (errors > 0) {
    ck_assert_msg(strncmp(r->said, place, strlen(place)) == 0, "%s", r->said);
    ck_assert_msg(strstr(r->said, message) != NULL, "%s", r->said);
  }
  char *mat = canonical_mat(r->matches[0]);
  check_result twin = check_record(mat, "twin.mat", NULL);
  char *from_xg = error_texts(r->said), *from_mat = error_texts(twin.output);
  ck_assert_str_eq(from_xg, from_mat);
  free(from_xg);
  free(from_mat);
  free(twin.output);
  free(mat);
  xg_read_free(r);
}

/* test.xg's game `game` ended by `termination` for `points`. */
static void assert_footer(int game, int termination, int points, int errors,
                          const char *message) {
  xg_read_result r;
  if (!read_patched(game, termination, points, &r))
    return;
  char place[64];
  snprintf(place, sizeof place, "test.xg: game %d: error: ", game);
  assert_said(&r, place, errors, message);
}

/* `file` as an archive, read and checked. */
static xg_read_result read_built(xgb_file *file) {
  size_t size;
  unsigned char *bytes = xg_build_archive(file->bytes, file->size, NULL, &size);
  xg_read_result r = xg_read_bytes(bytes, size, "t.xg", true, DIAG_TEXT);
  ck_assert_int_eq(r.count, 1);
  free(bytes);
  free(file->bytes);
  return r;
}

/* A game of a money session, the cube in the middle: A opens with 31, B
 * rolls 42 and resigns; the footer says `termination` and gives A
 * `points`. */
static void assert_built(int termination, int points, int errors, const char *message) {
  xgb_file file = {0};
  xgb_match_header(&file, 99999, false, "A", "B");
  xgb_game_header(&file, 0, 0, false);
  xgb_move(&file, 1, 3, 1, (const int[]){7, 4, 5, 4}, 2, XGB_MOVER_LEFT);
  xgb_move(&file, -1, 4, 2, NULL, 0, XGB_EMPTY);
  xgb_game_footer(&file, 1, points, termination);
  xgb_match_footer(&file);
  xg_read_result r = read_built(&file);
  assert_said(&r, "t.xg: game 1: error: ", errors, message);
}

/* Game 2 of test.xg: resigned by player 2 with the cube at 2, player 1
 * needing 6 points. */
START_TEST(a_resigned_single_game) {
  assert_footer(2, 101, 2, 0, NULL);
  assert_footer(2, 101, 4, 1,
                "Wins 4 points, but the game was worth 2 (the points resigned)");
  assert_built(101, 1, 0, NULL);
  assert_built(101, 2, 1, "Wins 2 points, but the game was worth 1");
}
END_TEST

START_TEST(a_resigned_gammon) {
  assert_built(102, 2, 0, NULL);
  assert_built(102, 1, 1, "Wins 1 point, but the game was worth 2 (the points resigned)");
  assert_built(102, 3, 1, "Wins 3 points, but the game was worth 2");
}
END_TEST

START_TEST(a_resigned_backgammon) {
  assert_built(103, 3, 0, NULL);
  assert_built(103, 2, 1,
               "Wins 2 points, but the game was worth 3 (the points resigned)");
}
END_TEST

/* Game 7, the last: player 1 at 5 of 7 points. */
START_TEST(a_resigned_match) {
  assert_footer(7, 104, 2, 0, NULL);
  assert_footer(7, 104, 1, 1, "Wins 1 point after a resigned match, but");
}
END_TEST

/* A settlement: worth what the "Wins" says, if a resignation could be. */
START_TEST(a_settlement) {
  assert_footer(2, 1000, 2, 0, NULL);
  assert_footer(2, 1000, 3, 1,
                "Wins 3 points after a resignation: it must be 1, 2 or 3 times the "
                "cube (2)");
  assert_built(1000, 3, 0, NULL);
  assert_built(1000, 4, 1, "it must be 1, 2 or 3 times the cube (1)");
}
END_TEST

/* The resignation is said where the loser gave up: after its last roll. */
START_TEST(the_resignation_in_the_model) {
  xg_read_result r;
  if (!read_patched(2, 102, 4, &r))
    return;
  const bg_game *game = &r.matches[0]->games[1];
  const bg_action *last = &game->actions[game->action_count - 1];
  ck_assert(last[-2].kind == ACT_ROLL && last[-2].player == 1 &&
            last[-2].play == ROLL_PLAY_UNRECORDED && last[-2].dice == ROLL_DICE_READ);
  ck_assert(last[-1].kind == ACT_RESIGN && last[-1].player == 1);
  ck_assert_int_eq(last[-1].resign_level, RESIGN_GAMMON);
  ck_assert_int_eq(last[-1].pos.column, last[-2].pos.column);
  ck_assert(last->kind == ACT_WIN && last->player == 0 && last->value == 4);
  xg_read_free(&r);
}
END_TEST

/* ---- the match header's rules ----------------------------------------------- */

enum { JACOBY = 101, BEAVER = 102, CUBE_LIMIT = 612 };

/* A money session, the Jacoby rule `jacoby`: A bears off its last
 * checker while B has borne off none, the cube in the middle; the
 * footer gives A `points`, a gammon. */
static xg_read_result gammon_for(bool jacoby, int points) {
  xgb_file file = {0};
  xgb_match_header(&file, 99999, false, "A", "B");
  file.bytes[JACOBY] = jacoby;
  xgb_game_header(&file, 0, 0, false);
  unsigned char *position = file.bytes + file.size - XGB_RECORD + 21;
  position[1] = 1;    /* A's last checker on its 1 point */
  position[19] = 241; /* -15: all of B's on its 6 point */
  xgb_move(&file, 1, 2, 1, (const int[]){0, -1}, 1, XGB_MOVER_OFF); /* 1/off */
  xgb_game_footer(&file, 1, points, 2);
  xgb_match_footer(&file);
  return read_built(&file);
}

START_TEST(jacoby_from_the_header) {
  static const struct {
    bool jacoby;
    int points, errors;
  } cases[] = {{true, 1, 0}, {true, 2, 1}, {false, 2, 0}, {false, 1, 1}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    xg_read_result r = gammon_for(cases[i].jacoby, cases[i].points);
    ck_assert_int_eq(r.matches[0]->jacoby, (cases[i].jacoby ? RULE_ON : RULE_OFF));
    ck_assert_msg(r.errors == cases[i].errors && errors_of(r.said, "score") == r.errors,
                  "Jacoby %d, %d points: %s", cases[i].jacoby, cases[i].points, r.said);
    xg_read_free(&r);
  }
}
END_TEST

/* A money session: A opens with 31, B doubles and A beavers. */
static xg_read_result beaver_when(bool beavers) {
  xgb_file file = {0};
  xgb_match_header(&file, 99999, false, "A", "B");
  file.bytes[BEAVER] = beavers;
  xgb_game_header(&file, 0, 0, false);
  xgb_move(&file, 1, 3, 1, (const int[]){7, 4, 5, 4}, 2, XGB_MOVER_LEFT);
  xgb_cube(&file, -1, 1, 2, 0);
  return read_built(&file);
}

START_TEST(beavers_from_the_header) {
  xg_read_result r = beaver_when(true);
  ck_assert_msg(errors_of(r.said, "cube") == 0, "%s", r.said);
  xg_read_free(&r);
  r = beaver_when(false);
  ck_assert_msg(errors_of(r.said, "cube") == 1 &&
                    strstr(r.said, "beavers are not allowed") != NULL,
                "%s", r.said);
  xg_read_free(&r);
}
END_TEST

/* A 3-point match at 2-0, the Crawford rule `crawford` (and the game
 * marked as the Crawford game when it is on): A opens, B doubles. */
static xg_read_result double_at_two_away(bool crawford) {
  xgb_file file = {0};
  xgb_match_header(&file, 3, crawford, "A", "B");
  xgb_game_header(&file, 2, 0, crawford);
  xgb_move(&file, 1, 3, 1, (const int[]){7, 4, 5, 4}, 2, XGB_MOVER_LEFT);
  xgb_cube(&file, -1, 1, 0, 0);
  xgb_game_footer(&file, -1, 1, 0);
  return read_built(&file);
}

START_TEST(crawford_from_the_header) {
  xg_read_result r = double_at_two_away(true);
  ck_assert_msg(errors_of(r.said, "cube") == 1 && strstr(r.said, "Crawford") != NULL,
                "%s", r.said);
  xg_read_free(&r);
  r = double_at_two_away(false);
  ck_assert_msg(errors_of(r.said, "cube") == 0 && errors_of(r.said, "crawford") == 0,
                "%s", r.said);
  xg_read_free(&r);
}
END_TEST

/* A 7-point match whose cube stops at 2^`limit`: A doubles to 2, B takes
 * and redoubles to 4. */
static xg_read_result redouble_under(int limit) {
  xgb_file file = {0};
  xgb_match_header(&file, 7, true, "A", "B");
  xgb_put32(file.bytes + CUBE_LIMIT, limit);
  xgb_game_header(&file, 0, 0, false);
  xgb_move(&file, 1, 3, 1, (const int[]){7, 4, 5, 4}, 2, XGB_MOVER_LEFT);  /* 8/5 6/5 */
  xgb_move(&file, -1, 4, 2, (const int[]){7, 3, 5, 3}, 2, XGB_MOVER_LEFT); /* 8/4 6/4 */
  xgb_cube(&file, 1, 1, 1, 0);
  xgb_move(&file, 1, 3, 1, (const int[]){7, 4, 5, 4}, 2, XGB_MOVER_LEFT);
  xgb_cube(&file, -1, 1, 1, -1);
  return read_built(&file);
}

START_TEST(the_cube_limit_from_the_header) {
  xg_read_result r = redouble_under(1);
  ck_assert_int_eq(r.matches[0]->cube_limit, 2);
  ck_assert_msg(errors_of(r.said, "cube") == 1, "%s", r.said);
  xg_read_free(&r);
  r = redouble_under(10);
  ck_assert_msg(errors_of(r.said, "cube") == 0, "%s", r.said);
  xg_read_free(&r);
}
END_TEST

static Suite *read_xg_rules_suite(void) {
  Suite *suite = suite_create("read_xg_rules");
  TCase *ends = tcase_create("terminations");
  tcase_set_timeout(ends, 30);
  tcase_add_test(ends, a_resigned_single_game);
  tcase_add_test(ends, a_resigned_gammon);
  tcase_add_test(ends, a_resigned_backgammon);
  tcase_add_test(ends, a_resigned_match);
  tcase_add_test(ends, a_settlement);
  tcase_add_test(ends, the_resignation_in_the_model);
  suite_add_tcase(suite, ends);
  TCase *rules = tcase_create("rules");
  tcase_add_test(rules, jacoby_from_the_header);
  tcase_add_test(rules, beavers_from_the_header);
  tcase_add_test(rules, crawford_from_the_header);
  tcase_add_test(rules, the_cube_limit_from_the_header);
  suite_add_tcase(suite, rules);
  return suite;
}

int main(void) {
  return run_suite(read_xg_rules_suite());
}
