/*
 * check_read_xg_hostile.c — the .xg reader (read_xg*.c) on files built in
 * memory (xg_build.h):
 *
 *  - a small match becomes the model a .mat of it gives: points from the
 *    mover's side, the bar, off, no play, a beaver, the roll XG stores
 *    after a game kept before a resignation and dropped after the
 *    winner's last checker, the resignation its footer's code says,
 *    results; comments said in one note;
 *  - hostile files: truncated anywhere, a corrupt zlib stream, counts and
 *    sizes that lie, strings without an end, a zip bomb, an empty
 *    archive: one clear error of one line (or, for what is inside the
 *    records, capped diagnostics), never a crash, in bounded time;
 *  - one move of a real file changed (its record patched, the game file
 *    deflated again): one diagnostic, naming the game and the play.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run_suite.h"
#include "xg_build.h"
#include "xg_fixture.h"

/* ---- a small match ------------------------------------------------------- */

/* Two games of a 3-point match: a resignation after the loser's roll, and
 * a win by bearing off with XG's roll after it. */
static xgb_file small_match(void) {
  xgb_file file = {0};
  xgb_match_header(&file, 3, true, "Alice", "Bob");
  xgb_game_header(&file, 0, 0, false);
  xgb_move(&file, 1, 3, 1, (const int[]){7, 4, 5, 4}, 2, XGB_MOVER_LEFT); /* 8/5 6/5 */
  xgb_cube(&file, -1, -2, -1, 0); /* no decision recorded */
  xgb_move(&file, -1, 6, 2, (const int[]){24, 18, 3, -2}, 2, XGB_MOVER_LEFT);
  xgb_cube(&file, 1, 1, 1, 0);                       /* Alice doubles, Bob takes */
  xgb_move(&file, 1, 6, 4, NULL, 0, XGB_MOVER_LEFT); /* no play */
  xgb_move(&file, -1, 4, 1, (const int[]){12, 8, 8, 7}, 2, XGB_MOVER_LEFT);
  xgb_move(&file, 1, 5, 3, NULL, 0, XGB_EMPTY); /* then Alice resigns */
  xgb_game_footer(&file, -1, 2, 101);           /* a single game */
  xgb_game_header(&file, 0, 2, false);
  xgb_move(&file, -1, 2, 1, (const int[]){1, -2, 0, -1}, 2, XGB_MOVER_OFF);
  xgb_move(&file, 1, 4, 4, NULL, 0, XGB_EMPTY); /* after the game's end */
  xgb_game_footer(&file, -1, 1, 1);
  xgb_match_footer(&file);
  return file;
}

static unsigned char *small_archive(size_t *size, const char *comments) {
  xgb_file file = small_match();
  unsigned char *bytes = xg_build_archive(file.bytes, file.size, comments, size);
  free(file.bytes);
  return bytes;
}

static void assert_move(const bg_action *roll, int m, int from, int to) {
  ck_assert_int_gt(roll->move_count, m);
  ck_assert_int_eq(roll->moves[m].from, from);
  ck_assert_int_eq(roll->moves[m].to, to);
}

START_TEST(a_built_match_as_the_model) {
  size_t size;
  unsigned char *bytes = small_archive(&size, NULL);
  xg_read_result r = xg_read_bytes(bytes, size, "t.xg", false, DIAG_TEXT);
  ck_assert_msg(!r.io_error, "%s", r.reason);
  ck_assert_str_eq(r.said, "");
  ck_assert_int_eq(r.count, 1);
  const bg_match *match = r.matches[0];
  ck_assert_int_eq(match->length, 3);
  ck_assert_str_eq(match->players[0], "Alice");
  ck_assert_str_eq(match->players[1], "Bob");
  ck_assert_int_eq(match->crawford, RULE_ON);
  ck_assert_int_eq(match->cube_limit, 1024);
  ck_assert_int_eq(match->game_count, 2);
  const bg_game *game = &match->games[0];
  ck_assert_int_eq(game->action_count, 9);
  const bg_action *a = game->actions;
  ck_assert(a[0].kind == ACT_ROLL && a[0].player == 0 && a[0].die1 == 3 &&
            a[0].die2 == 1);
  ck_assert_int_eq(a[0].move_count, 2);
  assert_move(&a[0], 0, 8, 5);
  assert_move(&a[0], 1, 6, 5);
  ck_assert(a[1].kind == ACT_ROLL && a[1].player == 1 && a[1].move_count == 2);
  assert_move(&a[1], 0, 25, 19); /* from the bar */
  assert_move(&a[1], 1, 4, 0);   /* off */
  ck_assert(a[2].kind == ACT_DOUBLE && a[2].player == 0 && a[2].value == 2);
  ck_assert(a[3].kind == ACT_TAKE && a[3].player == 1);
  ck_assert(a[4].kind == ACT_ROLL && a[4].move_count == 0 &&
            match_roll_as_written(&a[4]));
  ck_assert(a[5].kind == ACT_ROLL && a[5].player == 1 && a[5].move_count == 2);
  assert_move(&a[5], 0, 13, 9);
  /* Alice's 53 before she resigned: rolled, not played */
  ck_assert(a[6].kind == ACT_ROLL && a[6].player == 0 &&
            a[6].play == ROLL_PLAY_UNRECORDED && a[6].dice == ROLL_DICE_READ);
  ck_assert(a[6].die1 == 5 && a[6].resigns_after);
  /* and resigned a single game: the footer's termination code 101 */
  ck_assert(a[7].kind == ACT_RESIGN && a[7].player == 0 && a[7].value == 0);
  ck_assert_int_eq(a[7].resign_level, RESIGN_SINGLE);
  ck_assert(a[8].kind == ACT_WIN && a[8].player == 1 && a[8].value == 2);
  /* places: game 1, plays 1, 2, the double and take of play 3, ... */
  ck_assert(a[0].pos.line < 0 && a[0].pos.column == 1 && a[1].pos.column == 2);
  ck_assert(a[2].pos.column == 3 && a[3].pos.column == 3 && a[4].pos.column == 3);
  ck_assert(a[6].pos.column == 5 && a[7].pos.column == 5 && a[8].pos.column == 0);
  for (int i = 1; i < 9; i++)
    ck_assert(a[i].pos.line > a[i - 1].pos.line);
  game = &match->games[1];
  ck_assert_int_eq(game->score[1], 2);
  ck_assert_int_eq(game->action_count, 2); /* the roll after the end dropped */
  ck_assert(game->actions[1].kind == ACT_WIN && game->actions[1].value == 1);
  xg_read_free(&r);
  free(bytes);
}
END_TEST

START_TEST(comments_said_once) {
  size_t size;
  unsigned char *bytes = small_archive(&size, "{\\rtf1 well played}");
  xg_read_result r = xg_read_bytes(bytes, size, "t.xg", false, DIAG_TEXT);
  ck_assert_int_eq(r.count, 1);
  ck_assert_str_eq(r.said, "t.xg: note: the file's comments are not read (nor XG's "
                           "analysis): only the match is [syntax]\n");
  xg_read_free(&r);
  free(bytes);
}
END_TEST

/* A built beaver: doubled, beavered, raccooned, taken. */
START_TEST(a_beaver_and_its_answers) {
  xgb_file file = {0};
  xgb_match_header(&file, 99999, false, "A", "B");
  xgb_game_header(&file, 0, 0, false);
  xgb_move(&file, 1, 3, 1, (const int[]){7, 4, 5, 4}, 2, XGB_MOVER_LEFT);
  xgb_cube(&file, -1, 1, 2, 0);
  unsigned char *cube = file.bytes + file.size - XGB_RECORD;
  xgb_put32(cube + 24, 2); /* raccoon */
  xgb_put32(cube + 28, 1); /* taken */
  size_t size;
  unsigned char *bytes = xg_build_archive(file.bytes, file.size, NULL, &size);
  xg_read_result r = xg_read_bytes(bytes, size, "t.xg", false, DIAG_TEXT);
  ck_assert_int_eq(r.count, 1);
  const bg_match *match = r.matches[0];
  ck_assert_int_eq(match->length, 0); /* 99999: a money session */
  const bg_action *a = match->games[0].actions;
  ck_assert_int_eq(match->games[0].action_count, 5);
  ck_assert(a[1].kind == ACT_DOUBLE && a[1].player == 1 && a[1].value == 2);
  ck_assert(a[2].kind == ACT_BEAVER && a[2].player == 0 && a[2].value == 4);
  ck_assert(a[3].kind == ACT_BEAVER && a[3].player == 1 && a[3].value == 8);
  ck_assert(a[4].kind == ACT_TAKE && a[4].player == 0);
  xg_read_free(&r);
  free(bytes);
  free(file.bytes);
}
END_TEST

/* A game that starts from another position than the usual one. */
START_TEST(a_set_up_position) {
  xgb_file file = {0};
  xgb_match_header(&file, 5, true, "A", "B");
  xgb_game_header(&file, 0, 0, false);
  unsigned char *position = file.bytes + file.size - XGB_RECORD + 21;
  position[6] = 15;   /* A's fifteen on its 6 point */
  position[19] = 242; /* -14: B's fourteen on its 6 point, */
  position[0] = 255;  /* -1: and one on its bar */
  size_t size;
  unsigned char *bytes = xg_build_archive(file.bytes, file.size, NULL, &size);
  xg_read_result r = xg_read_bytes(bytes, size, "t.xg", false, DIAG_TEXT);
  ck_assert_int_eq(r.count, 1);
  ck_assert_str_eq(r.said, "");
  const bg_game *game = &r.matches[0]->games[0];
  ck_assert_int_eq(game->action_count, 1);
  const bg_action *set_up = &game->actions[0];
  bg_board board;
  ck_assert(set_up->kind == ACT_SET_POSITION && match_setup_board(set_up, &board));
  ck_assert_int_eq(set_up->setup->checkers[0][6], 15);
  ck_assert_int_eq(set_up->setup->checkers[1][6], 14);
  ck_assert_int_eq(set_up->setup->checkers[1][25], 1);
  xg_read_free(&r);
  free(bytes);
  free(file.bytes);
}
END_TEST

/* ---- hostile files --------------------------------------------------------- */

/* `bytes` cannot be read: no match, one line saying why. */
static void assert_refused(const unsigned char *bytes, size_t size, const char *why) {
  xg_read_result r = xg_read_bytes(bytes, size, "t.xg", true, DIAG_TEXT);
  ck_assert_msg(r.io_error, "read although %s", why);
  ck_assert_int_eq(r.count, 0);
  ck_assert_msg(r.reason[0] && !strchr(r.reason, '\n'), "reason '%s'", r.reason);
  ck_assert_msg(strstr(r.reason, why) != NULL, "'%s' is not '%s'", r.reason, why);
  xg_read_free(&r);
}

START_TEST(truncated_anywhere) {
  size_t size;
  unsigned char *bytes = small_archive(&size, NULL);
  size_t cuts[] = {4,        100,      XGB_HEADER,        XGB_HEADER + XGB_TRAILER + 1,
                   size / 2, size - 1, size - XGB_TRAILER};
  for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
    xg_read_result r = xg_read_bytes(bytes, cuts[i], "t.xg", true, DIAG_TEXT);
    ck_assert_msg(r.io_error && r.count == 0, "cut at %zu read", cuts[i]);
    ck_assert(r.reason[0] && !strchr(r.reason, '\n'));
    xg_read_free(&r);
  }
  free(bytes);
}
END_TEST

START_TEST(a_corrupt_zlib_stream) {
  size_t size;
  unsigned char *bytes = small_archive(&size, NULL);
  memset(bytes + XGB_HEADER + 2, 0xA5, 40);
  xg_read_result r = xg_read_bytes(bytes, size, "t.xg", true, DIAG_TEXT);
  ck_assert(r.io_error && r.count == 0);
  ck_assert_msg(strstr(r.reason, "corrupt .xg file") != NULL, "%s", r.reason);
  xg_read_free(&r);
  free(bytes);
}
END_TEST

START_TEST(sizes_that_lie) {
  size_t size;
  unsigned char *bytes = small_archive(&size, NULL);
  size_t trailer = size - XGB_TRAILER, entry = size - XGB_TRAILER - XGB_MEMBER;
  long original = xgb_get32(bytes + entry + 512);
  const struct {
    size_t at;
    long value;
    const char *why;
  } lies[] = {
      {trailer + 4, 1000, "sizes do not fit"},              /* members */
      {trailer + 12, 0x7fffffff, "sizes do not fit"},       /* the index's size */
      {trailer + 16, 0x7ffffff0, "sizes do not fit"},       /* the data's size */
      {trailer + 4, 0, "empty .xg archive"},                /* no member */
      {entry + 512, original + XGB_RECORD, "shorter than"}, /* the game file's size */
      {entry + 512, original - XGB_RECORD, "longer than"},  /* ... too small */
      {entry + 512, 300L << 20, "over 256 MB"},             /* a bomb announced */
      {entry + 520, 1000000000, "outside the archive"},     /* where it starts */
      {entry + 516, 0x7fffffff, "outside the archive"},     /* its stored size */
      {entry + 524, 12345, "checksum"},                     /* its CRC */
  };
  for (size_t i = 0; i < sizeof lies / sizeof lies[0]; i++) {
    unsigned char *copy = malloc(size);
    memcpy(copy, bytes, size);
    xgb_put32(copy + lies[i].at, lies[i].value);
    assert_refused(copy, size, lies[i].why);
    free(copy);
  }
  free(bytes);
}
END_TEST

START_TEST(strings_that_do_not_end) {
  xgb_file file = {0};
  xgb_match_header(&file, 5, true, "", "");
  unsigned char *header = file.bytes;
  for (int i = 0; i < 129; i++)
    header[880 + 2 * i] = 'C'; /* a Unicode name of 129 units, no NUL */
  header[50] = 255;            /* an ANSI name "255 bytes" long in 40 */
  memset(header + 51, 'B', 40);
  xgb_game_header(&file, 0, 0, false);
  size_t size;
  unsigned char *bytes = xg_build_archive(file.bytes, file.size, NULL, &size);
  xg_read_result r = xg_read_bytes(bytes, size, "t.xg", false, DIAG_TEXT);
  ck_assert_int_eq(r.count, 1);
  ck_assert_int_eq(strlen(r.matches[0]->players[0]), 128);
  ck_assert_int_eq(strspn(r.matches[0]->players[0], "C"), 128);
  ck_assert_str_eq(r.matches[0]->players[1], "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB");
  xg_read_free(&r);
  free(bytes);
  free(file.bytes);
}
END_TEST

/* A game file of 50 MB of empty records after its header: read through,
 * its problems said 50 times and then one note (diag.h). */
START_TEST(a_zip_bomb) {
  enum { RECORDS = 20000 };
  unsigned char *game_file = calloc(RECORDS, XGB_RECORD);
  xgb_file header = {0};
  xgb_match_header(&header, 5, true, "A", "B");
  memcpy(game_file, header.bytes, XGB_RECORD);
  free(header.bytes);
  size_t size;
  unsigned char *bytes =
      xg_build_archive(game_file, (size_t)RECORDS * XGB_RECORD, NULL, &size);
  ck_assert_int_lt(size, 300000); /* 50 MB from so little */
  xg_read_result r = xg_read_bytes(bytes, size, "t.xg", true, DIAG_TEXT);
  ck_assert(!r.io_error && r.count == 1);
  ck_assert_int_eq(r.errors, 50);
  ck_assert_msg(strstr(r.said, "record 2: a match header without XG's mark") != NULL,
                "%.500s", r.said);
  ck_assert(strstr(r.said, "further syntax errors in this match not reported"));
  xg_read_free(&r);
  free(bytes);
  free(game_file);
}
END_TEST

START_TEST(no_xg_at_all) {
  static const char junk[] = "RGMH and then nothing an eXtreme Gammon file holds";
  assert_refused((const unsigned char *)junk, sizeof junk - 1, "truncated .xg file");
  size_t size;
  unsigned char *bytes = small_archive(&size, NULL);
  bytes[size - XGB_TRAILER - XGB_MEMBER + 1] = 'x'; /* "xemp.xg": no game file */
  assert_refused(bytes, size, "no game file (temp.xg)");
  free(bytes);
}
END_TEST

/* ---- one move changed --------------------------------------------------- */

/* The record of play `play` of game 1 in XG's game file. */
static unsigned char *play_record(unsigned char *game_file, size_t length, int play) {
  int plays = 0;
  for (size_t at = 0; at + XGB_RECORD <= length; at += XGB_RECORD) {
    unsigned char *record = game_file + at;
    bool empty_after = true;
    for (int i = 0; i < 26; i++)
      empty_after = empty_after && record[35 + i] == 0;
    if (record[8] == 3 && !empty_after && ++plays == play)
      return record;
  }
  return NULL;
}

/* test.xg with the field at `offset` of the record of game 1, play 3
 * (43: 24/20 23/20) set to `value`, the game file deflated again: one
 * error, and its notes, all at game 1, play 3, in both forms. */
static void one_change(const char *test, int offset, long was, long value) {
  char path[1100];
  snprintf(path, sizeof path, "%s/test.xg", xg_corpus_dir());
  size_t size, length;
  unsigned char *bytes = xg_slurp(path, &size);
  if (!bytes) {
    printf("SKIP: %s: no %s\n", test, path);
    return;
  }
  unsigned char *game_file = xg_game_file_of(bytes, size, &length);
  ck_assert_ptr_nonnull(game_file);
  unsigned char *record = play_record(game_file, length, 3);
  ck_assert_ptr_nonnull(record);
  ck_assert_int_eq(xgb_get32(record + offset), was);
  xgb_put32(record + offset, value);
  size_t patched_size;
  unsigned char *patched = xg_build_archive(game_file, length, NULL, &patched_size);
  xg_read_result r = xg_read_bytes(patched, patched_size, "test.xg", true, DIAG_TEXT);
  ck_assert_int_eq(r.errors, 1); /* and the notes that go with it */
  ck_assert_int_eq(r.warnings, 0);
  ck_assert_msg(strncmp(r.said, "test.xg: game 1, play 3: error: ", 32) == 0, "%s",
                r.said);
  for (const char *line = r.said; *line; line = strchr(line, '\n') + 1)
    ck_assert_msg(strncmp(line, "test.xg: game 1, play 3: ", 25) == 0, "%s", r.said);
  ck_assert_msg(strstr(r.said, "[illegal-move]\ntest.xg: game 1, play 3: note: legal "
                               "plays: ") != NULL,
                "%s", r.said);
  xg_read_free(&r);
  r = xg_read_bytes(patched, patched_size, "test.xg", true, DIAG_JSON);
  for (const char *line = r.said; *line; line = strchr(line, '\n') + 1) {
    static const char place[] =
        "{\"file\":{\"text\":\"test.xg\"},\"line\":0,\"column\":0,";
    ck_assert_msg(strncmp(line, place, sizeof place - 1) == 0, "%s", r.said);
    const char *end = strchr(line, '\n');
    const char *named = strstr(line, ",\"game\":1,\"play\":3,");
    ck_assert_msg(named && named < end, "%s", r.said);
  }
  xg_read_free(&r);
  free(patched);
  free(game_file);
  free(bytes);
}

START_TEST(changed_dice_are_one_diagnostic) {
  one_change("changed_dice_are_one_diagnostic", 100, 4, 5); /* rolled 53 */
}
END_TEST

START_TEST(a_changed_step_is_one_diagnostic) {
  one_change("a_changed_step_is_one_diagnostic", 72, 19, 20); /* 24/21 23/20 */
}
END_TEST

static Suite *read_xg_hostile_suite(void) {
  Suite *suite = suite_create("read_xg_hostile");
  TCase *built = tcase_create("built");
  tcase_add_test(built, a_built_match_as_the_model);
  tcase_add_test(built, comments_said_once);
  tcase_add_test(built, a_beaver_and_its_answers);
  tcase_add_test(built, a_set_up_position);
  suite_add_tcase(suite, built);
  TCase *hostile = tcase_create("hostile");
  tcase_set_timeout(hostile, 30);
  tcase_add_test(hostile, truncated_anywhere);
  tcase_add_test(hostile, a_corrupt_zlib_stream);
  tcase_add_test(hostile, sizes_that_lie);
  tcase_add_test(hostile, strings_that_do_not_end);
  tcase_add_test(hostile, a_zip_bomb);
  tcase_add_test(hostile, no_xg_at_all);
  suite_add_tcase(suite, hostile);
  TCase *changed = tcase_create("changed");
  tcase_set_timeout(changed, 30);
  tcase_add_test(changed, changed_dice_are_one_diagnostic);
  tcase_add_test(changed, a_changed_step_is_one_diagnostic);
  suite_add_tcase(suite, changed);
  return suite;
}

int main(void) {
  return run_suite(read_xg_hostile_suite());
}
