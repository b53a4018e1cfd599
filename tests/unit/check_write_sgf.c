/*
 * check_write_sgf.c — the SGF writer (write_sgf.c), through writer_write:
 *
 *  - a small match is written exactly as GNU Backgammon writes one (its
 *    points, cube actions, Crawford game, results, match information);
 *  - what SGF cannot hold of a record (a cube's value) is a [lossy] warning;
 *  - a play the record gets wrong carries the diagnostic as a comment and
 *    is written as the record wrote it; a right one as the dice's steps,
 *    a hop split die by die; a move from off or to the bar, which SGF has
 *    no letters for, as one that goes nowhere, as illegal;
 *  - text is escaped and made UTF-8; a beaver is the taker's double;
 *  - each game's MI carries the score its score line gives, a resumed
 *    match's first game too;
 *  - every valid sample and gnubg corpus record written as SGF reads back
 *    (read_sgf.c) with the same verdict and the same games and actions.
 * That gnubg itself loads what is written is tests/sgf-interop.sh's.
 */
#include <check.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"
#include "replay.h"
#include "run_suite.h"
#include "writer.h"
#include "shared_path.h"

/* Every match of `text` (any notation) written as SGF; what was said on
 * the way in `*said` (the caller's to free) unless `said` is NULL. */
static char *sgf_and_diagnostics_of(const char *text, char **said) {
  char *output = NULL, *dropped = NULL;
  size_t output_size = 0, dropped_size = 0;
  FILE *out = open_memstream(&output, &output_size);
  FILE *quiet = open_memstream(&dropped, &dropped_size);
  FILE *in = fmemopen((void *)text, strlen(text), "r");
  ck_assert_ptr_nonnull(in);
  bg_diag_sink sink;
  diag_sink_init(&sink, quiet, DIAG_TEXT);
  const char *reason;
  bg_reader *reader = reader_open(in, "t", &sink, BG_NOTATION_AUTO, &reason);
  ck_assert_ptr_nonnull(reader);
  bg_replay_options options;
  bg_replay_options_init(&options);
  bg_match *match;
  for (bool first = true; (match = reader_next(reader)) != NULL; first = false) {
    bg_replay *replay = bg_replay_new(match, &options, &sink);
    ck_assert(writer_write(BG_FORMAT_SGF, out, match, replay, first));
    bg_replay_free(replay);
    diag_flush(&sink);
    match_free(match);
  }
  reader_free(reader);
  diag_sink_free(&sink);
  fclose(in);
  fclose(out);
  fclose(quiet);
  if (said)
    *said = dropped;
  else
    free(dropped);
  return output;
}

static char *sgf_of(const char *text) {
  return sgf_and_diagnostics_of(text, NULL);
}

static const char small_match[] = "; [Site \"Home\"]\n"
                                  "; [EventDate \"2024.05.06\"]\n"
                                  "\n"
                                  " 3 point match\n"
                                  "\n"
                                  " Game 1\n"
                                  " Alice : 0                      Bob : 0\n"
                                  "  1) 31: 8/5 6/5                62: 24/18 13/11\n"
                                  "  2)  Doubles => 2               Takes\n"
                                  "  3) 64: 24/18 13/9              Doubles => 4\n"
                                  "  4)  Drops                      Wins 2 points\n"
                                  "\n"
                                  " Game 2\n"
                                  " Alice : 0                      Bob : 2\n"
                                  "  1) 31: 8/5 6/5                31: 8/5 6/5\n"
                                  "  2) 52: 13/8 13/11\n"
                                  "      Wins 1 point\n"
                                  "\n"
                                  " Game 3\n"
                                  " Alice : 1                      Bob : 2\n"
                                  "  1) 31: 8/5 6/5                42: 8/4 6/4\n"
                                  "  2)  Doubles => 2               Takes\n"
                                  "  3) 64: 24/14\n"
                                  "      Wins 4 points\n";

/* Checked by eye against gnubg 1.07's own `save match` of such a match:
 * White the left column; White's 8 point h, Black's 24 point a; the
 * second game the Crawford game; resignations an R in the result. */
static const char small_sgf[] =
    "(;FF[4]GM[6]CA[UTF-8]AP[bgmatch]MI[length:3][game:0][ws:0][bs:0]PW[Alice]PB[Bob]"
    "DT[2024-05-06]PC[Home]RU[Crawford]RE[B+2]\n"
    ";W[31hefe]\n;B[62agln]\n;W[double]\n;B[take]\n;W[64xrmi]\n;B[double]\n;W[drop])\n"
    "(;FF[4]GM[6]CA[UTF-8]AP[bgmatch]MI[length:3][game:1][ws:0][bs:2]PW[Alice]PB[Bob]"
    "RU[Crawford:CrawfordGame]RE[W+1R]\n"
    ";W[31hefe]\n;B[31qtst]\n;W[52mhmk])\n"
    "(;FF[4]GM[6]CA[UTF-8]AP[bgmatch]MI[length:3][game:2][ws:1][bs:2]PW[Alice]PB[Bob]"
    "RU[Crawford]RE[W+4R]\n"
    ";W[31hefe]\n;B[42qusu]\n;W[double]\n;B[take]\n;W[64xrrn])\n";

START_TEST(a_match_as_gnubg_writes_it) {
  char *sgf = sgf_of(small_match);
  ck_assert_str_eq(sgf, small_sgf);
  free(sgf);
}
END_TEST

/* Written twice, the same bytes. */
START_TEST(the_same_bytes_every_time) {
  char *first = sgf_of(small_match), *second = sgf_of(small_match);
  ck_assert_str_eq(first, second);
  free(first);
  free(second);
}
END_TEST

static const char wrong_play[] = " 1 point match\n\n Game 1\n"
                                 " Alice : 0                      Bob : 0\n"
                                 "  1) 31: 8/4 6/5                62: 24/18 13/11\n"
                                 "      Wins 1 point\n";

/* The diagnostic on the node it concerns, the play as written; the next
 * node has none. */
START_TEST(diagnostics_are_comments_on_their_node) {
  char *sgf = sgf_of(wrong_play);
  ck_assert_ptr_nonnull(strstr(
      sgf, ";W[31hdfe]C[error: 6/5: the dice are already used up [illegal-move\\]\n"
           "legal plays: 8/5 6/5 | "));
  ck_assert_ptr_nonnull(
      strstr(sgf, "were the dice 41? [illegal-move\\]]\n;B[62agln])\n"));
  free(sgf);
  /* a right record has no comment at all */
  sgf = sgf_of(small_match);
  ck_assert_ptr_null(strstr(sgf, "]C[")); /* not PC[ */
  free(sgf);
}
END_TEST

/* A cube value SGF cannot hold: the record's error, then a [lossy]
 * warning at the same place that says what is not written. */
START_TEST(what_sgf_cannot_hold_is_lossy) {
  char *said;
  char *sgf = sgf_and_diagnostics_of(" 3 point match\n\n Game 1\n"
                                     " Alice : 0                      Bob : 0\n"
                                     "  1) 31: 8/5 6/5                 Doubles => 4\n"
                                     "  2)  Takes\n",
                                     &said);
  ck_assert_ptr_nonnull(
      strstr(said, "t:5:34: error: the cube goes from 1 to 2, not 4 [cube]\n"
                   "t:5:34: warning: SGF has no cube values: a double is "
                   "written without the value the record gives it [lossy]\n"));
  free(sgf);
  free(said);
}
END_TEST

/* ']' and '\' escaped, Latin-1 made UTF-8; a beaver is the taker's double;
 * a game that stops has no RE and says why on its last node. */
START_TEST(text_beavers_and_open_games) {
  char *sgf = sgf_of(" 0 point match\n\n Game 1\n"
                     " A]l\\x : 0                      B\xe9"
                     "b : 0\n"
                     "  1) 31: 8/5 6/5                 Doubles => 2\n"
                     "  2)  Beavers => 4                Takes\n");
  ck_assert_ptr_nonnull(strstr(sgf, "PW[A\\]l\\\\x]PB[B\xc3\xa9"
                                    "b]RU[Jacoby]\n"));
  ck_assert_ptr_nonnull(strstr(sgf,
                               ";W[31hefe]\n;B[double]\n;W[double]\n;B[take]C[warning: "
                               "game 1 stops before it was won [incomplete\\]])\n"));
  ck_assert_ptr_null(strstr(sgf, "RE["));
  /* money, the Jacoby rule unsaid: gnubg's default, with it (above) */
  free(sgf);
}
END_TEST

/* A money session that says the Jacoby rule is off goes without it: no
 * RU (the other side of "unsaid is gnubg's default, with it"). */
START_TEST(jacoby_off_is_kept) {
  static const struct {
    const char *tag;
    bool written;
  } sessions[] = {{"Off", false}, {"On", true}};
  for (size_t i = 0; i < sizeof sessions / sizeof sessions[0]; i++) {
    char record[512];
    snprintf(record, sizeof record,
             "; [Jacoby \"%s\"]\n 0 point match\n\n Game 1\n"
             " A : 0                      B : 0\n"
             "  1) 31: 8/5 6/5                 Doubles => 2\n"
             "  2)  Drops                      Wins 1 point\n",
             sessions[i].tag);
    char *sgf = sgf_of(record);
    ck_assert_msg((strstr(sgf, "RU[Jacoby]") != NULL) == sessions[i].written, "%s", sgf);
    free(sgf);
  }
}
END_TEST

/* A match resumed after a break (FIBS, archive/records/r045.txt) starts
 * at 1-0: each game's MI says the score its score line gives, which is
 * where gnubg takes the score of the game it loads. */
START_TEST(a_resumed_match_keeps_its_score) {
  char *sgf = sgf_of(" 7 point match\n\n Game 1\n"
                     " Alice : 1                      Bob : 0\n"
                     "  1) 31: 8/5 6/5                 Doubles => 2\n"
                     "  2)  Drops                      Wins 1 point\n"
                     "\n Game 2\n"
                     " Alice : 2                      Bob : 0\n"
                     "  1) 31: 8/5 6/5                 Doubles => 2\n"
                     "  2)  Takes                      Doubles => 4\n"
                     "  3)  Drops                      Wins 2 points\n");
  ck_assert_ptr_nonnull(strstr(sgf, "MI[length:7][game:0][ws:1][bs:0]PW[Alice]"));
  ck_assert_ptr_nonnull(strstr(sgf, "MI[length:7][game:1][ws:2][bs:0]PW[Alice]"));
  free(sgf);
}
END_TEST

/* A move SGF has no letters for (from off, to the bar) is written going
 * nowhere at a point of its own (else the mover's 24), said as [lossy]:
 * the copy reads back with the record's error, not a syntax error. */
START_TEST(a_move_from_off_goes_nowhere) {
  static const struct {
    const char *play, *node, *said;
  } moves[] = {
      {"off/4 6/5", ";W[31ddfe]", "off/4 is written as 4/4"},
      {"6/bar 6/5", ";W[31fffe]", "6/bar is written as 6/6"},
      {"off/bar 6/5", ";W[31xxfe]", "off/bar is written as 24/24"},
  };
  for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
    char record[256];
    snprintf(record, sizeof record,
             " 3 point match\n\n Game 1\n"
             " Alice : 0                      Bob : 0\n"
             "  1) 31: %s\n",
             moves[i].play);
    char *said;
    char *sgf = sgf_and_diagnostics_of(record, &said);
    ck_assert_msg(strstr(sgf, moves[i].node) != NULL, "%s: %s", moves[i].play, sgf);
    ck_assert_msg(strstr(said, moves[i].said) != NULL, "%s: %s", moves[i].play, said);
    ck_assert_ptr_nonnull(strstr(said, "goes nowhere and is as illegal [lossy]"));
    check_result back = check_record(sgf, "t.sgf", NULL);
    ck_assert_int_eq(back.errors, 1);
    ck_assert_msg(strstr(back.output, "moves backwards") &&
                      strstr(back.output, "[illegal-move]"),
                  "%s: %s", moves[i].play, back.output);
    free(back.output);
    free(said);
    free(sgf);
  }
}
END_TEST

/* ---- every record, read back ------------------------------------------ */

static char *slurp(const char *path) {
  FILE *in = fopen(path, "rb");
  ck_assert_ptr_nonnull(in);
  fseek(in, 0, SEEK_END);
  long size = ftell(in);
  rewind(in);
  char *text = malloc((size_t)size + 1);
  ck_assert_uint_eq(fread(text, 1, (size_t)size, in), (size_t)size);
  text[size] = '\0';
  fclose(in);
  return text;
}

/* The same verdict from the SGF as from the record, and a game tree for
 * each game. */
static void reads_back(const char *path) {
  char *text = slurp(path);
  char *sgf = sgf_of(text);
  check_result from_record = check_record(text, path, NULL);
  check_result from_sgf = check_record(sgf, path, NULL);
  if (from_record.errors != from_sgf.errors)
    ck_abort_msg("%s: %ld errors, %ld from its SGF:\n%s", path, from_record.errors,
                 from_sgf.errors, from_sgf.output);
  bg_match **matches;
  int count = read_all_matches(text, &matches);
  int games = 0;
  for (int m = 0; m < count; m++)
    games += matches[m]->game_count;
  free_all_matches(matches, count);
  int sgf_games = (int)(strlen(sgf) > 0);
  for (const char *at = sgf; (at = strstr(at + 1, "\n(;")) != NULL;)
    sgf_games++;
  ck_assert_int_eq(sgf_games, games);
  free(from_record.output);
  free(from_sgf.output);
  free(sgf);
  free(text);
}

START_TEST(records_read_back) {
  char pattern[512];
  shared_path("corpus/gnubg/*.mat", pattern, sizeof pattern);
  glob_t found;
  size_t from_corpus = glob(pattern, 0, NULL, &found) == 0 ? found.gl_pathc : 0;
  for (size_t i = 0; i < from_corpus; i++)
    reads_back(found.gl_pathv[i]);
  if (from_corpus)
    globfree(&found);
  glob_t samples;
  ck_assert_int_eq(glob("samples/*.mat", 0, NULL, &samples), 0);
  for (size_t i = 0; i < samples.gl_pathc; i++)
    reads_back(samples.gl_pathv[i]);
  printf("write_sgf: %zu corpus and %zu sample records read back from their SGF\n",
         from_corpus, samples.gl_pathc);
  globfree(&samples);
}
END_TEST

static Suite *write_sgf_suite(void) {
  Suite *suite = suite_create("write_sgf");
  TCase *written = tcase_create("written");
  tcase_add_test(written, a_match_as_gnubg_writes_it);
  tcase_add_test(written, the_same_bytes_every_time);
  tcase_add_test(written, diagnostics_are_comments_on_their_node);
  tcase_add_test(written, what_sgf_cannot_hold_is_lossy);
  tcase_add_test(written, text_beavers_and_open_games);
  tcase_add_test(written, jacoby_off_is_kept);
  tcase_add_test(written, a_resumed_match_keeps_its_score);
  tcase_add_test(written, a_move_from_off_goes_nowhere);
  suite_add_tcase(suite, written);
  TCase *records = tcase_create("records");
  tcase_set_timeout(records, 60);
  tcase_add_test(records, records_read_back);
  suite_add_tcase(suite, records);
  return suite;
}

int main(void) {
  return run_suite(write_sgf_suite());
}
