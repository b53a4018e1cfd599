/*
 * check_read_sgf.c — the SGF reader (read_sgf.c, read_sgf_match.c) and
 * the `crawford` rule it feeds:
 *
 *  - what gnubg writes becomes the model a .mat of the match gives:
 *    players, length, scores, points from each side, bar and off, cube
 *    actions with their values, beavers, rolls without a play, results,
 *    match information as gnubg's .mat tags;
 *  - several matches a file, split where a game 0 starts;
 *  - variations: the main line, said once;
 *  - malformed and hostile input: a `syntax` diagnostic at the
 *    property's line:column, and bounded time and memory (a 10 MB value,
 *    10,000 nested variations, 100,000 games, a backslash at the end);
 *  - the Crawford mark: right, on the wrong game, missing.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"
#include "read_sgf.h"
#include "run_suite.h"

/* Reads every match of `text` through the dispatcher; the diagnostics of
 * the reader alone (no referee) in *said when not NULL. */
static int read_sgf_text(const char *text, size_t length, bg_match **matches, int max,
                         char **said) {
  char *output = NULL;
  size_t output_size = 0;
  FILE *out = open_memstream(&output, &output_size);
  FILE *in = fmemopen((void *)text, length, "r");
  ck_assert_ptr_nonnull(in);
  bg_diag_sink sink;
  diag_sink_init(&sink, out, DIAG_TEXT);
  const char *reason;
  bg_reader *reader = reader_open(in, "t.sgf", &sink, BG_NOTATION_SGF, &reason);
  ck_assert_ptr_nonnull(reader);
  int count = 0;
  bg_match *match;
  while ((match = reader_next(reader)) != NULL) {
    if (count < max)
      matches[count] = match;
    else
      match_free(match);
    count++;
  }
  ck_assert(!reader_io_error(reader));
  reader_free(reader);
  diag_flush(&sink);
  diag_sink_free(&sink);
  fclose(in);
  fclose(out);
  if (said)
    *said = output;
  else
    free(output);
  return count;
}

static const char gnubg_game[] =
    "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:5][game:0][ws:0][bs:0]"
    "PW[gnubgA]PB[gnubgB]DT[2024-01-01]EV[Big Cup]PC[Paris]RU[Crawford]RE[B+2]"
    "GS[M:9 10][C:4 7]\n"
    ";B[63aggj]A[0][aggj E ver 3 0.51]MR[]LU[0.00186]\n"
    ";W[53yvmh]DA[E ver 3 2C 1]\n"
    ";W[double]\n;B[double]\n;W[take]\n"
    ";B[62xzwz]\n"
    ";PL[W]DI[43]\n"
    ";W[double]\n;B[drop])\n";

START_TEST(gnubg_game_as_the_model) {
  bg_match *matches[2];
  char *said;
  ck_assert_int_eq(read_sgf_text(gnubg_game, strlen(gnubg_game), matches, 2, &said), 1);
  ck_assert_str_eq(said, "");
  bg_match *match = matches[0];
  ck_assert_int_eq(match->length, 5);
  ck_assert_str_eq(match->players[0], "gnubgA");
  ck_assert_str_eq(match->players[1], "gnubgB");
  ck_assert_int_eq(match->crawford, RULE_ON);
  ck_assert_str_eq(match_tag(match, "EventDate"), "2024.01.01");
  ck_assert_str_eq(match_tag(match, "Site"), "Paris");
  ck_assert_str_eq(match->tags[0].key, "Site"); /* gnubg's .mat order */
  ck_assert_int_eq(match->game_count, 1);
  const bg_game *game = &match->games[0];
  ck_assert_int_eq(game->number, 1);
  ck_assert_int_eq(game->crawford_marked, RULE_OFF);
  ck_assert_int_eq(game->action_count, 10);
  const bg_action *a = game->actions;
  /* Black's 24/18 18/15: a = its 24 point */
  ck_assert_int_eq(a[0].kind, ACT_ROLL);
  ck_assert_int_eq(a[0].player, 1);
  ck_assert_int_eq(a[0].die1 * 10 + a[0].die2, 63);
  ck_assert_int_eq(a[0].move_count, 2);
  ck_assert_int_eq(a[0].moves[0].from, 24);
  ck_assert_int_eq(a[0].moves[0].to, 18);
  ck_assert_int_eq(a[0].moves[1].to, 15);
  ck_assert_int_eq(a[0].pos.line, 2);
  ck_assert_int_eq(a[0].pos.column, 2);
  /* White's bar/22 13/8 */
  ck_assert_int_eq(a[1].player, 0);
  ck_assert_int_eq(a[1].moves[0].from, 25);
  ck_assert_int_eq(a[1].moves[0].to, 22);
  ck_assert_int_eq(a[1].moves[1].from, 13);
  ck_assert_int_eq(a[1].moves[1].to, 8);
  /* a double answered by a double is a beaver; the cube is counted */
  ck_assert_int_eq(a[2].kind, ACT_DOUBLE);
  ck_assert_int_eq(a[2].value, 2);
  ck_assert_int_eq(a[3].kind, ACT_BEAVER);
  ck_assert_int_eq(a[3].value, 4);
  ck_assert_int_eq(a[4].kind, ACT_TAKE);
  /* Black bears off from its 1 point (White's 24, x... and z off) */
  ck_assert_int_eq(a[5].moves[0].from, 1);
  ck_assert_int_eq(a[5].moves[0].to, 0);
  ck_assert_int_eq(a[5].moves[1].from, 2);
  /* dice with no play */
  ck_assert(a[6].play == ROLL_PLAY_UNRECORDED && a[6].dice == ROLL_DICE_READ);
  ck_assert_int_eq(a[6].player, 0);
  ck_assert_int_eq(a[7].value, 8);
  ck_assert_int_eq(a[8].kind, ACT_DROP);
  ck_assert_int_eq(a[9].kind, ACT_WIN);
  ck_assert_int_eq(a[9].player, 1);
  ck_assert_int_eq(a[9].value, 2);
  match_free(match);
  free(said);
}
END_TEST

START_TEST(matches_split_at_game_zero) {
  static const char two[] =
      "(;GM[6]MI[length:1][game:0][ws:0][bs:0]PW[a]PB[b]RE[W+1];W[31hefe])\n"
      "(;GM[6]MI[length:1][game:0][ws:0][bs:0]PW[a]PB[b]RE[B+1];W[31hefe])\n"
      "(;GM[6]MI[length:1][game:1][ws:0][bs:1]PW[a]PB[b];W[31hefe])\n";
  bg_match *matches[3];
  ck_assert_int_eq(read_sgf_text(two, strlen(two), matches, 3, NULL), 2);
  ck_assert_int_eq(matches[0]->game_count, 1);
  ck_assert_int_eq(matches[1]->game_count, 2);
  ck_assert_int_eq(matches[1]->games[1].score[1], 1);
  match_free(matches[0]);
  match_free(matches[1]);
}
END_TEST

/* The first branch at each level is the game; the others are said once. */
/* A file that ends inside a tree starting a new match: both matches come
 * out (none lost, none leaked). */
START_TEST(a_new_match_in_an_unclosed_tree) {
  static const char two[] = "(;GM[6]MI[length:1][game:0]RE[W+1];W[31hefe])\n"
                            "(;GM[6]MI[length:1][game:0];W[31hefe]";
  bg_match *matches[2];
  ck_assert_int_eq(read_sgf_text(two, strlen(two), matches, 2, NULL), 2);
  match_free(matches[0]);
  match_free(matches[1]);
}
END_TEST

START_TEST(variations_follow_the_main_line) {
  static const char varied[] =
      "(;GM[6]MI[length:0]PW[a]PB[b]\n"
      ";W[31hefe](;B[62agln](;W[double])(;W[43]))(;B[11])(;B[22]))";
  bg_match *matches[1];
  char *said;
  ck_assert_int_eq(read_sgf_text(varied, strlen(varied), matches, 1, &said), 1);
  ck_assert_int_eq(matches[0]->games[0].action_count, 3);
  ck_assert_int_eq(matches[0]->games[0].actions[2].kind, ACT_DOUBLE);
  ck_assert_str_eq(said,
                   "t.sgf:2:34: note: the record has variations: only the main line is "
                   "read [syntax]\n");
  match_free(matches[0]);
  free(said);
  /* no variation: nothing said */
  ck_assert_int_eq(read_sgf_text("(;GM[6];W[31hefe])", 18, matches, 1, &said), 1);
  ck_assert_str_eq(said, "");
  match_free(matches[0]);
  free(said);
}
END_TEST

/* NB[found:expected] (bgmatch's SGF writer): the node's action breaks the
 * move numbers as a .mat line would, and so does the right player's
 * action after the left player's on that line, as the .mat reader flags
 * a line's actions; the left player's after the right one's is the next
 * line's.  Two breaks on one line of text are two breaks (their places
 * differ). */
START_TEST(numbering_break_is_read_back) {
  static const char text[] =
      "(;GM[6]MI[length:1][game:0]PW[a]PB[b];W[31hefe];NB[10:9]B[62agln]"
      ";NB[12:11]W[double];B[take])";
  bg_match *matches[1];
  char *said;
  ck_assert_int_eq(read_sgf_text(text, strlen(text), matches, 1, &said), 1);
  ck_assert_str_eq(said, "");
  const bg_game *game = &matches[0]->games[0];
  ck_assert_int_eq(game->action_count, 4);
  ck_assert(!game->actions[0].after_numbering_break);
  ck_assert(game->actions[1].after_numbering_break);
  ck_assert_int_eq(game->actions[1].move_number, 10);
  ck_assert_int_eq(game->actions[1].numbering_expected, 9);
  ck_assert(game->actions[2].after_numbering_break);
  ck_assert(game->actions[3].after_numbering_break); /* the take, on the double's line */
  ck_assert(!match_numbering_breaks_at(game, 0));
  ck_assert(match_numbering_breaks_at(game, 1));
  ck_assert(match_numbering_breaks_at(game, 2)); /* one line of text, two breaks */
  ck_assert(!match_numbering_breaks_at(game, 3));
  ck_assert(!match_same_numbering_break(&game->actions[1], &game->actions[2]));
  ck_assert(match_same_numbering_break(&game->actions[2], &game->actions[3]));
  ck_assert_int_eq(game->actions[3].numbering_expected, 11);
  match_free(matches[0]);
  free(said);
  /* after the right player's action, the left one's starts the next line */
  static const char right[] =
      "(;GM[6]MI[length:1][game:0]PW[a]PB[b];W[31hefe];NB[10:9]B[62agln]"
      ";W[double];B[take])";
  ck_assert_int_eq(read_sgf_text(right, strlen(right), matches, 1, &said), 1);
  game = &matches[0]->games[0];
  ck_assert(game->actions[1].after_numbering_break);
  ck_assert(!game->actions[2].after_numbering_break);
  ck_assert(!game->actions[3].after_numbering_break);
  match_free(matches[0]);
  free(said);
}
END_TEST

/* Each malformed text: the diagnostic, at the property's place. */
START_TEST(malformed_text_is_placed) {
  static const struct {
    const char *text;
    const char *said;
  } cases[] = {
      {"(;GM[6]\n;W[31hefe]\n;B[7]\n;W[31hxfe])",
       "t.sgf:3:2: error: B[7] is not a play: two dice 1-6, then up to four from/to "
       "pairs "
       "of points a-x (y the bar, z off) [syntax]\n"},
      {"(;GM[6];W[31zefe])", "t.sgf:1:9: error: W[31zefe] is not a play"},
      {"(;GM[6];W[31hefe]",
       "t.sgf:1:18: error: the input ends inside a game tree: 1 ')'"},
      {"(;GM[6];W[31hefe", "t.sgf:1:10: error: a property value opened here is never"},
      {"(;GM[6];C[\\", "t.sgf:1:10: error: a property value opened here is never"},
      {"(;GM[1];W[31hefe])",
       "t.sgf:1:2: error: GM[1] is not backgammon (GM[6]): not read"},
      {"(;FF[4];W[31hefe])", "t.sgf:1:2: error: a game tree without GM[6]"},
      {"(;GM[6]RE[W+x])", "t.sgf:1:8: error: RE[W+x] is not a result"},
      {"(;GM[6]) junk (;GM[6])", "t.sgf:1:10: error: text outside a game tree"},
      {"", "t.sgf:1:1: error: no backgammon game tree (GM[6]) found"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    bg_match *matches[2];
    char *said;
    int count = read_sgf_text(cases[i].text, strlen(cases[i].text), matches, 2, &said);
    for (int m = 0; m < count && m < 2; m++)
      match_free(matches[m]);
    if (!strstr(said, cases[i].said))
      ck_abort_msg("%s: said %s, not %s", cases[i].text, said, cases[i].said);
    free(said);
  }
}
END_TEST

/* ---- hostile input: bounded --------------------------------------------- */

static char *repeated(const char *head, const char *unit, size_t times,
                      const char *tail) {
  size_t unit_length = strlen(unit);
  char *text = malloc(strlen(head) + unit_length * times + strlen(tail) + 1);
  char *at = stpcpy(text, head);
  for (size_t i = 0; i < times; i++, at += unit_length)
    memcpy(at, unit, unit_length);
  strcpy(at, tail);
  return text;
}

START_TEST(a_ten_megabyte_value) {
  char *text = repeated("(;GM[6]PW[", "x", 10 * 1000 * 1000, "];W[31hefe])");
  bg_match *matches[1];
  char *said;
  ck_assert_int_eq(read_sgf_text(text, strlen(text), matches, 1, &said), 1);
  ck_assert_str_eq(said,
                   "t.sgf:1:10: error: a property value longer than 65536 bytes: the "
                   "rest is not read [syntax]\n");
  ck_assert_uint_eq(strlen(matches[0]->players[0]), SGF_MAX_VALUE);
  ck_assert_int_eq(matches[0]->games[0].action_count, 1);
  match_free(matches[0]);
  free(said);
  free(text);
}
END_TEST

START_TEST(ten_thousand_nested_variations) {
  char *open = repeated("(;GM[6];W[31hefe]", "(;B[11]", 10000, "");
  char *text = repeated(open, ")", 10001, "");
  bg_match *matches[1];
  char *said;
  ck_assert_int_eq(read_sgf_text(text, strlen(text), matches, 1, &said), 1);
  ck_assert_int_eq(matches[0]->games[0].action_count, 10001); /* all main line */
  ck_assert_str_eq(said, "");
  match_free(matches[0]);
  free(said);
  /* unbalanced: said once, not 10,000 times */
  ck_assert_int_eq(read_sgf_text(open, strlen(open), matches, 1, &said), 1);
  ck_assert_ptr_nonnull(
      strstr(said, "the input ends inside a game tree: 10001 ')' missing"));
  ck_assert_ptr_null(strchr(strchr(said, '\n') + 1, '\n'));
  match_free(matches[0]);
  free(said);
  free(open);
  free(text);
}
END_TEST

START_TEST(a_hundred_thousand_games) {
  char *text = repeated("", "(;GM[6]PW[a]PB[b];W[31hefe])", 100000, "");
  bg_match *matches[1];
  ck_assert_int_eq(read_sgf_text(text, strlen(text), matches, 1, NULL), 1);
  ck_assert_int_eq(matches[0]->game_count, 100000);
  match_free(matches[0]);
  free(text);
  /* as many matches: handed out one at a time */
  text = repeated("", "(;GM[6]MI[length:1][game:0]RE[W+1];W[31hefe])", 100000, "");
  ck_assert_int_eq(read_sgf_text(text, strlen(text), matches, 1, NULL), 100000);
  match_free(matches[0]);
  free(text);
}
END_TEST

/* ---- the Crawford mark ----------------------------------------------------- */

/* A 3 point match whose second game is the Crawford game; `mark1` and
 * `mark2` the RU of the first two games. */
static check_result crawford_record(const char *mark1, const char *mark2) {
  char text[1024];
  snprintf(text, sizeof text,
           "(;GM[6]MI[length:3][game:0][ws:0][bs:0]PW[a]PB[b]RU[%s]RE[W+2]\n"
           ";W[31hefe];B[double];W[take];B[31qtst];W[double];B[drop])\n"
           "(;GM[6]MI[length:3][game:1][ws:2][bs:0]PW[a]PB[b]RU[%s]RE[W+1]\n"
           ";W[31hefe];B[31qtst];W[52mhmk])\n",
           mark1, mark2);
  return check_record(text, "c.sgf", NULL);
}

START_TEST(crawford_mark_on_the_right_game) {
  check_result r = crawford_record("Crawford", "Crawford:CrawfordGame");
  ck_assert_str_eq(r.output, "");
  free(r.output);
}
END_TEST

START_TEST(crawford_mark_on_the_wrong_game) {
  check_result r = crawford_record("Crawford:CrawfordGame", "Crawford:CrawfordGame");
  ck_assert_str_eq(r.output, "c.sgf:1:50: error: game 1 is marked as the Crawford game, "
                             "but at 0-0 neither player has just reached 2 [crawford]\n");
  free(r.output);
}
END_TEST

START_TEST(crawford_game_not_marked) {
  check_result r = crawford_record("Crawford", "Crawford");
  ck_assert_str_eq(r.output,
                   "c.sgf:3:50: error: game 2 is the Crawford game (a has 2 of 3 "
                   "points), but the record does not mark it [crawford]\n");
  free(r.output);
}
END_TEST

static Suite *read_sgf_suite(void) {
  Suite *suite = suite_create("read_sgf");
  TCase *model = tcase_create("model");
  tcase_add_test(model, gnubg_game_as_the_model);
  tcase_add_test(model, matches_split_at_game_zero);
  tcase_add_test(model, a_new_match_in_an_unclosed_tree);
  tcase_add_test(model, variations_follow_the_main_line);
  tcase_add_test(model, malformed_text_is_placed);
  tcase_add_test(model, numbering_break_is_read_back);
  suite_add_tcase(suite, model);
  TCase *hostile = tcase_create("hostile");
  tcase_set_timeout(hostile, 30);
  tcase_add_test(hostile, a_ten_megabyte_value);
  tcase_add_test(hostile, ten_thousand_nested_variations);
  tcase_add_test(hostile, a_hundred_thousand_games);
  suite_add_tcase(suite, hostile);
  TCase *crawford = tcase_create("crawford");
  tcase_add_test(crawford, crawford_mark_on_the_right_game);
  tcase_add_test(crawford, crawford_mark_on_the_wrong_game);
  tcase_add_test(crawford, crawford_game_not_marked);
  suite_add_tcase(suite, crawford);
  return suite;
}

int main(void) {
  return run_suite(read_sgf_suite());
}
