/*
 * check_read_yaml.c — the YAML reader (read_yaml*.c) through reader.h:
 *
 *  - a valid document is read exactly: header, rules, every tag in order,
 *    games, scores, every kind of action with its fields, the places of
 *    actions and moves (columns in bytes, after non-ASCII names), players
 *    named by index, several documents one at a time;
 *  - each kind of notation error gives exactly one `syntax` diagnostic,
 *    at its line:column, saying what was expected; the reader then reads
 *    on (the next action, game or document);
 *  - hostile YAML (an alias bomb, 10,000-deep nesting, tags, !!binary, a
 *    100 MB scalar, 100,000 empty documents) gives a bounded number of
 *    diagnostics, reading at most a bounded number of bytes;
 *  - what the writer writes reads back to the same text (example.mat).
 * tests/yaml_roundtrip.sh does the last over every record and self-play.
 */
#define _GNU_SOURCE /* fopencookie: a 100 MB input made as it is read */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "read_yaml.h"
#include "reader.h"
#include "replay.h"
#include "run_suite.h"
#include "writer.h"

/* ---- reading ------------------------------------------------------------- */

typedef struct {
  bg_match *matches[8];
  int count;
  char *output; /* the reader's diagnostics, text form: free it */
  long errors;
  long notes;
} read_result;

/* Reads every match of the stream `in` as YAML (without the referee). */
static read_result read_stream(FILE *in) {
  read_result result = {.count = 0};
  size_t size = 0;
  FILE *out = open_memstream(&result.output, &size);
  ck_assert_ptr_nonnull(out);
  bg_diag_sink sink;
  diag_sink_init(&sink, out, DIAG_TEXT);
  const char *reason;
  bg_reader *reader = reader_open(in, "t.yaml", &sink, BG_NOTATION_YAML, &reason);
  ck_assert_ptr_nonnull(reader);
  bg_match *match;
  while ((match = reader_next(reader)) != NULL) {
    if (result.count < 8)
      result.matches[result.count++] = match;
    else
      match_free(match);
    diag_flush(&sink);
  }
  ck_assert(!reader_io_error(reader));
  reader_free(reader);
  diag_flush(&sink);
  result.errors = sink.errors;
  result.notes = sink.notes;
  diag_sink_free(&sink);
  fclose(out);
  return result;
}

static read_result read_text(const char *text) {
  FILE *in = fmemopen((void *)text, strlen(text), "r");
  ck_assert_ptr_nonnull(in);
  read_result result = read_stream(in);
  fclose(in);
  return result;
}

static void free_result(read_result *result) {
  for (int i = 0; i < result->count; i++)
    match_free(result->matches[i]);
  free(result->output);
}

/* ---- valid documents ----------------------------------------------------- */

static const char full[] =
    "bgmatch: 1\n"
    "match:\n"
    "  length: 3\n"
    "  players: [Ana María, Bob]\n"
    "  rules: {crawford: true, jacoby: false, beavers: null, cube_limit: 64}\n"
    "  info: {event: Club night}\n"
    "  tags:\n"
    "  - [Event, Club night]\n"
    "  - [Crawford, 'On']\n"
    "  - [ClockType, Fischer 60/12]\n"
    "games:\n"
    "- game: 1\n"
    "  score: [0, 0]\n"
    "  actions:\n"
    "  - [Bob, 52, 13/11 13/8]\n"         /* 15 */
    "  - [Ana María, 31, 8/5* 6/5]\n"     /* 16 */
    "  - [Bob, 66, bar/19(2) 13/7*(2)]\n" /* 17 */
    "  - [Ana María, 63, '?\??\?']\n"     /* 18 */
    "  - [Bob, 64, '']\n"                 /* 19 */
    "  - [Ana María, double, 2]\n"        /* 20 */
    "  - [Bob, beaver, 4]\n"              /* 21 */
    "  - [Ana María, take]\n"             /* 22 */
    "  - [Bob, '?\?', 24/18]\n"           /* 23 */
    "  - [Ana María, 0, '?\??\?']\n"      /* 24 */
    "  - [Bob, resign, gammon]\n"         /* 25 */
    "  - [Ana María, wins, 8, match]\n"   /* 26 */
    "  result: {winner: Ana María, points: 8, by: resign, recorded: 8}\n"
    "- game: 2\n"
    "  score: [3, 0]\n"
    "  actions:\n"
    "  - [position, '------B------------bbbbbbA']\n" /* 31 */
    "  - [1, resign, 2]\n"
    "  - [Bob, drop]\n"
    "  - [Ana María, wins, 1]\n";

START_TEST(valid_document_read_exactly) {
  read_result r = read_text(full);
  ck_assert_str_eq(r.output, "");
  ck_assert_int_eq(r.count, 1);
  const bg_match *m = r.matches[0];
  ck_assert_int_eq(m->length, 3);
  ck_assert_str_eq(m->players[0], "Ana María");
  ck_assert_str_eq(m->players[1], "Bob");
  ck_assert_int_eq(m->crawford, RULE_ON);
  ck_assert_int_eq(m->jacoby, RULE_OFF);
  ck_assert_int_eq(m->beavers, RULE_UNSET);
  ck_assert_int_eq(m->cube_limit, 64);
  ck_assert_int_eq(m->tag_count, 3); /* tags, not info, when both are there */
  ck_assert_str_eq(m->tags[1].key, "Crawford");
  ck_assert_str_eq(m->tags[1].value, "On");
  ck_assert_str_eq(m->tags[2].key, "ClockType");
  ck_assert_int_eq(m->tags[2].pos.line, 10);
  ck_assert_int_eq(m->game_count, 2);
  const bg_game *g = &m->games[0];
  ck_assert_int_eq(g->number, 1);
  ck_assert_int_eq(g->action_count, 12);
  ck_assert_int_eq(g->pos.line, 12);
  ck_assert_int_eq(g->score_pos.line, 13);
  const bg_action *a = g->actions;
  ck_assert_int_eq(a[0].kind, ACT_ROLL);
  ck_assert_int_eq(a[0].player, 1);
  ck_assert_int_eq(a[0].column, 1);
  ck_assert_int_eq(a[0].die1, 5);
  ck_assert_int_eq(a[0].die2, 2);
  ck_assert_int_eq(a[0].move_count, 2);
  ck_assert_int_eq(a[0].moves[1].from, 13);
  ck_assert_int_eq(a[0].moves[1].to, 8);
  ck_assert_int_eq(a[0].pos.line, 15);
  ck_assert_int_eq(a[0].pos.column, 5);           /* the '[' */
  ck_assert_int_eq(a[0].moves[1].pos.column, 21); /* "13/8" */
  ck_assert_int_eq(a[1].player, 0);
  ck_assert(a[1].moves[0].hit);
  ck_assert(!a[1].moves[1].hit);
  /* "Ana María" is 10 bytes in 9 characters: columns count bytes */
  ck_assert_int_eq(a[1].moves[1].pos.column, 27);
  ck_assert_int_eq(a[2].moves[0].from, 25);
  ck_assert_int_eq(a[2].moves[0].count, 2);
  ck_assert(a[2].moves[1].hit);
  ck_assert_int_eq(a[2].moves[1].count, 2);
  ck_assert(a[3].play == ROLL_PLAY_UNRECORDED && a[3].dice == ROLL_DICE_READ);
  ck_assert(match_roll_as_written(&a[4]) && a[4].move_count == 0);
  ck_assert_int_eq(a[5].kind, ACT_DOUBLE);
  ck_assert_int_eq(a[5].value, 2);
  ck_assert_int_eq(a[6].kind, ACT_BEAVER);
  ck_assert_int_eq(a[6].value, 4);
  ck_assert_int_eq(a[7].kind, ACT_TAKE);
  ck_assert(a[8].dice == ROLL_DICE_UNREAD && a[8].play == ROLL_PLAY_AS_WRITTEN &&
            a[8].move_count == 1);
  ck_assert(a[9].die1 == 0 && a[9].dice == ROLL_DICE_NONE &&
            a[9].play == ROLL_PLAY_UNRECORDED);
  ck_assert_int_eq(a[10].kind, ACT_RESIGN);
  ck_assert_int_eq(a[10].resign_level, RESIGN_GAMMON);
  ck_assert_int_eq(a[11].kind, ACT_WIN);
  ck_assert_int_eq(a[11].value, 8);
  ck_assert(a[11].and_match);
  a = m->games[1].actions;
  ck_assert_int_eq(m->games[1].score[0], 3);
  ck_assert_int_eq(a[0].kind, ACT_SET_POSITION);
  ck_assert_int_eq(a[0].setup->checkers[0][6], 2);  /* B on slot 6 */
  ck_assert_int_eq(a[0].setup->checkers[0][25], 1); /* A on the left bar */
  ck_assert_int_eq(a[0].setup->checkers[1][1], 2);  /* b on slots 19..24 */
  ck_assert_int_eq(a[0].setup->checkers[1][6], 2);
  ck_assert_int_eq(a[1].player, 1); /* by index */
  ck_assert_int_eq(a[1].value, 2);
  ck_assert_int_eq(a[2].kind, ACT_DROP);
  ck_assert(!a[3].and_match);
  free_result(&r);
}
END_TEST

/* The writer names two players of one name by index; match_resolve is
 * not applied again: the player written is the player read. */
START_TEST(same_names_and_resolved_players) {
  read_result r = read_text("bgmatch: 1\nmatch: {length: 1, players: [X, X]}\n"
                            "games:\n- game: 1\n  score: [0, 0]\n  actions:\n"
                            "  - [0, 31, 8/5 6/5]\n  - [1, 42, 8/4 6/4]\n"
                            "  - [0, 61, 13/7 8/7]\n"
                            "  - [1, resign, game]\n  - [1, wins, 1]\n");
  ck_assert_str_eq(r.output, "");
  const bg_game *g = &r.matches[0]->games[0];
  ck_assert_int_eq(g->actions[1].player, 1);
  ck_assert_int_eq(g->actions[3].player, 1); /* as written (match_resolve: 0) */
  ck_assert_int_eq(g->actions[3].column, 1);
  ck_assert(!g->actions[1].resigns_after); /* a roll follows */
  ck_assert(g->actions[2].resigns_after);  /* the opponent wins next */
  free_result(&r);
  r = read_text("bgmatch: 1\nmatch: {length: 1, players: [X, X]}\n"
                "games:\n- game: 1\n  actions:\n  - [X, 31, 8/5 6/5]\n");
  ck_assert_str_eq(r.output,
                   "t.yaml:6:6: error: game 1, action 1: expected 0 or 1 (both players "
                   "are named 'X': the index in players says who), found 'X' [syntax]\n");
  free_result(&r);
}
END_TEST

/* An action's items are read whole however long they are: a name of 120
 * bytes fits the room the items' texts share (read_yaml_action.c), one of
 * 300 is a copy of its own; each still names its player. */
START_TEST(long_items_read_whole) {
  char name[301], other[121], text[4096];
  memset(name, 'a', 300);
  name[300] = '\0';
  memset(other, 'b', 120);
  other[120] = '\0';
  snprintf(text, sizeof text,
           "bgmatch: 1\nmatch: {length: 1, players: [%s, %s]}\n"
           "games:\n- game: 1\n  score: [0, 0]\n  actions:\n"
           "  - [%s, 31, 8/5 6/5]\n  - [%s, 42, 8/4 6/4]\n"
           "  - [%s, resign, game]\n  - [%s, wins, 1]\n",
           name, other, name, other, other, name);
  read_result r = read_text(text);
  ck_assert_str_eq(r.output, "");
  const bg_game *g = &r.matches[0]->games[0];
  ck_assert_int_eq(g->action_count, 4);
  ck_assert_int_eq(g->actions[0].player, 0);
  ck_assert_int_eq(g->actions[1].player, 1);
  ck_assert_int_eq(g->actions[2].player, 1);
  ck_assert_int_eq(g->actions[3].player, 0);
  free_result(&r);
}
END_TEST

/* One match a document, in order; a record written by hand may give info
 * without tags, and a variation in rules only. */
START_TEST(documents_one_at_a_time) {
  read_result r = read_text("# two matches\n---\nbgmatch: 1\n"
                            "match: {length: 0, players: [A, B], info: {site: Oslo},\n"
                            "  rules: {variation: nackgammon}}\n"
                            "games: []\n...\n---\nbgmatch: 1\n"
                            "match: {length: 5, players: [C, D]}\ngames: []\n");
  ck_assert_str_eq(r.output, "");
  ck_assert_int_eq(r.count, 2);
  ck_assert_str_eq(r.matches[0]->tags[0].key, "Site");
  ck_assert_str_eq(r.matches[0]->tags[1].key, "Variation");
  ck_assert_int_eq(r.matches[0]->variation, VARIATION_NACKGAMMON);
  ck_assert_int_eq(r.matches[0]->pos.line, 6); /* "games:": where none are */
  ck_assert_int_eq(r.matches[1]->length, 5);
  ck_assert_int_eq(r.matches[1]->variation, VARIATION_BACKGAMMON);
  free_result(&r);
}
END_TEST

/* Columns count bytes wherever the record is: the reader keeps the bytes
 * and line starts it needs in rings that grow as the record does
 * (read_yaml_int.h), so a move after 3,000 two-byte characters on line
 * 300 is at its byte column, and one on a line longer than the whole
 * ring at its character column (libyaml's count: the bytes are gone). */
static char *long_record(const char *name, int actions) {
  size_t size = 0;
  char *text = NULL;
  FILE *out = open_memstream(&text, &size);
  ck_assert_ptr_nonnull(out);
  fprintf(out,
          "bgmatch: 1\nmatch: {length: 0, players: ['%s', Bob]}\n"
          "games:\n- game: 1\n  actions:\n",
          name);
  for (int i = 0; i < actions; i++)
    fprintf(out, "  - [Bob, 52, 13/11 13/8]\n");
  fprintf(out, "  - ['%s', 31, 8/5* 6/5]\n", name);
  fclose(out);
  return text;
}

static char *repeated(const char *piece, int times) {
  size_t length = strlen(piece);
  char *text = malloc(length * (size_t)times + 1);
  ck_assert_ptr_nonnull(text);
  for (int i = 0; i < times; i++)
    memcpy(text + length * (size_t)i, piece, length);
  text[length * (size_t)times] = '\0';
  return text;
}

START_TEST(byte_columns_on_long_records) {
  char *name = repeated("\xc3\xa9", 3000); /* é: 6,000 bytes, 3,000 characters */
  char *text = long_record(name, 300);
  read_result r = read_text(text);
  ck_assert_str_eq(r.output, "");
  const bg_game *g = &r.matches[0]->games[0];
  ck_assert_int_eq(g->action_count, 301);
  const bg_action *last = &g->actions[300];
  ck_assert_int_eq(last->pos.line, 306);
  /* "  - ['" + 6,000 bytes + "', 31, 8/5* " */
  ck_assert_int_eq(last->moves[1].pos.column, 6 + 6000 + 12 + 1);
  free_result(&r);
  free(text);
  free(name);

  /* 200,000 characters of 2 bytes: the line outgrows the 256 KB ring */
  name = repeated("\xc3\xa9", 200000);
  text = long_record(name, 0);
  r = read_text(text);
  ck_assert_str_eq(r.output, "");
  last = &r.matches[0]->games[0].actions[0];
  ck_assert_int_eq(last->moves[1].pos.column, 6 + 200000 + 12 + 1);
  free_result(&r);
  free(text);
  free(name);
}
END_TEST

/* ---- notation errors ------------------------------------------------------ */

static const char head[] = "bgmatch: 1\nmatch: {length: 3, players: [Ana, Bob]}\n"
                           "games:\n- game: 1\n  score: [0, 0]\n  actions:\n"
                           "  - [Bob, 52, 13/11 13/8]\n";

/* head + `rest`: the one diagnostic it gives, and how many matches. */
static void expect_one(const char *rest, const char *diagnostic, int matches) {
  char text[2048];
  snprintf(text, sizeof text, "%s%s", head, rest);
  read_result r = read_text(text);
  ck_assert_msg(strcmp(r.output, diagnostic) == 0, "for:\n%s\ngot:\n%s", rest, r.output);
  ck_assert_int_eq(r.errors, 1);
  ck_assert_int_eq(r.count, matches);
  free_result(&r);
}

START_TEST(action_errors) {
  expect_one("  - [Ana, raise, 2]\n",
             "t.yaml:8:11: error: game 1, action 2: expected a roll like 63, or double, "
             "take, drop, beaver, resign or wins, found 'raise' [syntax]\n",
             1);
  /* a cube word misspelt is read as the nearest one of its shape */
  expect_one("  - [Ana, dubble, 2]\n",
             "t.yaml:8:11: error: game 1, action 2: 'dubble' is not a cube action: read "
             "as 'double' [syntax]\n",
             1);
  expect_one("  - [Ana, double, 2]\n  - [Bob, tkae]\n",
             "t.yaml:9:11: error: game 1, action 3: 'tkae' is not a cube action: read "
             "as 'take' [syntax]\n",
             1);
  expect_one(
      "  - [Carol, 31, 8/5 6/5]\n",
      "t.yaml:8:6: error: game 1, action 2: expected a player, 'Ana' or 'Bob' (or 0 "
      "or 1), found 'Carol' [syntax]\n",
      1);
  expect_one("  - [Ana, 72, 8/5 6/5]\n",
             "t.yaml:8:11: error: game 1, action 2: expected dice like 63 (each die 1 to "
             "6), 0 or '?\?', found '72' [syntax]\n",
             1);
  expect_one(
      "  - [Ana, 31, 8/5 6/x]\n",
      "t.yaml:8:19: error: game 1, action 2: expected a play like '13/11 13/8' (at "
      "most 16 moves, each like 24/18, bar/22*, 6/off or 8/4(2)), '' or '?\??\?', "
      "found '6/x' [syntax]\n",
      1);
  expect_one(
      "  - [Ana, 31, '8/5 6/5 7/0(0)']\n",
      "t.yaml:8:24: error: game 1, action 2: expected a play like '13/11 13/8' (at "
      "most 16 moves, each like 24/18, bar/22*, 6/off or 8/4(2)), '' or '?\??\?', "
      "found '7/0(0)' [syntax]\n",
      1);
  expect_one("  - [Ana, 31]\n",
             "t.yaml:8:13: error: game 1, action 2: expected a play after the dice ('' "
             "for none), found nothing [syntax]\n",
             1);
  expect_one(
      "  - [Ana, take, 2]\n",
      "t.yaml:8:17: error: game 1, action 2: expected nothing, found '2' [syntax]\n", 1);
  expect_one("  - [Ana, wins, 2, and]\n",
             "t.yaml:8:20: error: game 1, action 2: expected 'match' or nothing, found "
             "'and' [syntax]\n",
             1);
  expect_one("  - [Ana, resign, all]\n",
             "t.yaml:8:19: error: game 1, action 2: expected points like 2, or single, "
             "gammon, backgammon, game or match, found 'all' [syntax]\n",
             1);
  expect_one(
      "  - [position, '-B-']\n",
      "t.yaml:8:16: error: game 1, action 2: expected a board of 26 slots, each '-' "
      "or a letter A-P (left player) or a-p (right player), found '-B-' [syntax]\n",
      1);
  expect_one("  - {Ana: 31}\n",
             "t.yaml:8:5: error: game 1, action 2: expected an action like [Bob, 52, "
             "13/11 13/8], found a mapping [syntax]\n",
             1);
  expect_one("  - [Ana, [31]]\n",
             "t.yaml:8:11: error: game 1, action 2: expected a scalar of the action, "
             "found a sequence [syntax]\n",
             1);
}
END_TEST

START_TEST(structure_errors) {
  expect_one("  result: {winner: Ana}\n  rezult: 1\n",
             "t.yaml:9:3: error: game 1: expected game, score, actions or result, found "
             "the key 'rezult' [syntax]\n",
             1);
  expect_one("- game: 3\n  score: [0, 1]\n  actions: []\n",
             "t.yaml:8:9: error: game 3: expected game: 2 after game 1, found game: 3 "
             "[syntax]\n",
             1);
  expect_one("- game: 2\n  score: [zero, 1]\n  actions: []\n",
             "t.yaml:9:11: error: game 2: expected a score like [0, 0], found 'zero' "
             "[syntax]\n",
             1);
  expect_one("  - [Ana, 31, 8/5 6/5\n",
             "t.yaml:9:1: error: game 1, action 2: not valid YAML: while parsing a flow "
             "sequence, did not find expected ',' or ']': reading stopped [syntax]\n",
             0);
  expect_one("players: [Carol, Dan]\n",
             "t.yaml:8:1: error: expected the end of the document, found the key "
             "'players' [syntax]\n",
             0);
}
END_TEST

START_TEST(document_errors) {
  static const struct {
    const char *text, *diagnostic;
  } cases[] = {
      {"bgmatch: 2\nmatch: {length: 1, players: [A, B]}\ngames: []\n",
       "t.yaml:1:10: error: expected the notation's version, 1 (this bgmatch reads "
       "version 1), found 2 [syntax]\n"},
      {"match: {length: 1, players: [A, B]}\nbgmatch: 1\ngames: []\n",
       "t.yaml:1:1: error: expected 'bgmatch: 1' first, found the key 'match' "
       "[syntax]\n"},
      {"bgmatch: 1\nmatch: {length: 1}\ngames: []\n",
       "t.yaml:2:18: error: expected players: [left, right] in 'match', found none "
       "[syntax]\n"},
      {"bgmatch: 1\nmatch: {length: 1, players: [A, B, C]}\ngames: []\n",
       "t.yaml:2:36: error: expected two players, [left, right], found 'C' [syntax]\n"},
      {"bgmatch: 1\nmatch: {length: 1, players: [A, B]}\n",
       "t.yaml:3:1: error: expected 'games' before the end of the document [syntax]\n"},
      {"bgmatch: 1\ngames: []\n",
       "t.yaml:2:1: error: expected match, found the key 'games' [syntax]\n"},
      {"- bgmatch: 1\n",
       "t.yaml:1:1: error: expected a bgmatch document (a mapping that starts 'bgmatch: "
       "1'), found a sequence [syntax]\n"},
      {"---\n",
       "t.yaml:2:1: error: expected a bgmatch document (a mapping that starts 'bgmatch: "
       "1'), found an empty document [syntax]\n"},
      {"# nothing\n",
       "t.yaml:1:1: error: no match found: expected a YAML document that starts "
       "'bgmatch: 1' [syntax]\n"},
      {"bgmatch: 1\nmatch:\n\tlength: 1\n",
       "t.yaml:3:1: error: not valid YAML: while scanning for the next token, found "
       "character that cannot start any token: reading stopped [syntax]\n"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    read_result r = read_text(cases[i].text);
    ck_assert_msg(strcmp(r.output, cases[i].diagnostic) == 0, "case %zu: %s", i,
                  r.output);
    ck_assert_int_eq(r.errors, 1);
    ck_assert_int_eq(r.count, 0);
    free_result(&r);
  }
  /* A rule given wrong is said and left unset: the match is read. */
  read_result r =
      read_text("bgmatch: 1\n"
                "match: {length: 1, players: [A, B], rules: {cube_limit: 0}}\n"
                "games: []\n");
  ck_assert_str_eq(
      r.output, "t.yaml:2:57: error: expected a cube limit like 64, found 0 [syntax]\n");
  ck_assert_int_eq(r.count, 1);
  ck_assert_int_eq(r.matches[0]->cube_limit, 0);
  free_result(&r);
}
END_TEST

/* After an error the reader reads on: the action left out or made an
 * unreadable roll of its player, the game dropped, the document skipped. */
START_TEST(recovery) {
  char text[2048];
  snprintf(text, sizeof text,
           "%s  - [Ana, 31, 8/5 6/x]\n  - [Bob, raise, 2]\n  - [Ana, take]\n"
           "- game: 2\n  score: [x, 0]\n  actions: [[Ana, 31, 8/5 6/5]]\n"
           "- game: 3\n  score: [1, 0]\n  actions: [[Ana, 31, 8/5 6/5]]\n"
           "---\nbgmatch: 1\nmatch: []\ngames: []\n"
           "---\nbgmatch: 1\nmatch: {length: 1, players: [C, D]}\ngames: []\n",
           head);
  read_result r = read_text(text);
  ck_assert_int_eq(r.errors, 4);
  ck_assert_int_eq(r.count, 2);
  const bg_match *m = r.matches[0];
  ck_assert_int_eq(m->game_count, 2);
  ck_assert_int_eq(m->games[1].number, 3);
  const bg_game *g = &m->games[0];
  ck_assert_int_eq(g->action_count, 3);
  ck_assert(g->actions[1].play == ROLL_PLAY_UNREADABLE &&
            g->actions[1].dice == ROLL_DICE_READ);
  ck_assert_int_eq(g->actions[1].player, 0);
  ck_assert_int_eq(g->actions[1].die1, 3);
  ck_assert_int_eq(g->actions[2].kind, ACT_TAKE);
  ck_assert_str_eq(r.matches[1]->players[0], "C");
  free_result(&r);
}
END_TEST

/* ---- a break of the move numbers ----------------------------------------- */

/* The actions of game 1 of head + `rest` as `flags`, one a action: 0 not
 * after a numbering break, 1 after one of its own, 2 after the break of
 * the action before it; no error expected. */
static void expect_break_flags(const char *rest, const char *flags) {
  char text[2048];
  snprintf(text, sizeof text, "%s%s", head, rest);
  read_result r = read_text(text);
  ck_assert_msg(r.errors == 0, "for:\n%s\ngot:\n%s", rest, r.output);
  const bg_game *g = &r.matches[0]->games[0];
  char got[32] = "";
  for (int i = 0; i < g->action_count && i < 31; i++)
    got[i] = !g->actions[i].after_numbering_break ? '0'
             : i > 0 && match_same_numbering_break(&g->actions[i - 1], &g->actions[i])
                 ? '2'
                 : '1';
  ck_assert_msg(strcmp(got, flags) == 0, "for:\n%s\nflags %s, not %s", rest, got, flags);
  free_result(&r);
}

START_TEST(numbering_break_is_the_line) {
  /* the left player's roll and the right player's after it: one .mat line */
  expect_break_flags("  - [numbered, 3, expected, 2]\n  - [Ana, 31, 8/5 6/5]\n"
                     "  - [Bob, 64, 24/18 13/9]\n  - [Ana, 21, 13/11 6/5]\n",
                     "0120");
  /* the right player's cell alone: the next action is the next line's */
  expect_break_flags("  - [Ana, 31, 8/5 6/5]\n  - [numbered, 3, expected, 2]\n"
                     "  - [Bob, 64, 24/18 13/9]\n  - [Ana, 21, 13/11 6/5]\n",
                     "0010");
  /* a result after the left player's roll stands on a line of its own */
  expect_break_flags("  - [numbered, 3, expected, 2]\n  - [Ana, 31, 8/5 6/5]\n"
                     "  - [Bob, wins, 1]\n",
                     "010");
  /* the left player's drop and the result after it share the line; after
   * the right player's, the result is the next line's */
  expect_break_flags("  - [Bob, double, 2]\n  - [numbered, 3, expected, 2]\n"
                     "  - [Ana, drop]\n  - [Bob, wins, 1]\n",
                     "0012");
  expect_break_flags(
      "  - [Ana, 31, 8/5 6/5]\n  - [Ana, double, 2]\n"
      "  - [numbered, 3, expected, 2]\n  - [Bob, drop]\n  - [Ana, wins, 1]\n",
      "00010");
  /* the count given: one action only, or three whatever their places */
  expect_break_flags(
      "  - [numbered, 3, expected, 2, actions, 1]\n  - [Ana, 31, 8/5 6/5]\n"
      "  - [Bob, 64, 24/18 13/9]\n",
      "010");
  expect_break_flags(
      "  - [numbered, 3, expected, 2, actions, 3]\n  - [Ana, 31, 8/5 6/5]\n"
      "  - [Bob, 64, 24/18 13/9]\n  - [Ana, 21, 13/11 6/5]\n"
      "  - [Bob, 43, 24/20 13/10]\n",
      "01220");
  /* a break of its own on the next action is that action's */
  expect_break_flags("  - [numbered, 3, expected, 2]\n  - [Ana, 31, 8/5 6/5]\n"
                     "  - [numbered, 7, expected, 3]\n  - [Bob, 64, 24/18 13/9]\n",
                     "011");
}
END_TEST

START_TEST(score_null_is_no_score_line) {
  /* null: the record gave none, as a .mat game with no score line */
  read_result r = read_text("bgmatch: 1\nmatch: {length: 3, players: [Ana, Bob]}\n"
                            "games:\n- game: 1\n  score: null\n  actions: []\n"
                            "- game: 2\n  score: [1, 0]\n  actions: []\n");
  ck_assert_int_eq(r.errors, 0);
  const bg_match *m = r.matches[0];
  ck_assert_int_eq(m->games[0].score_pos.line, 0);
  ck_assert_int_eq(m->games[0].score[0] + m->games[0].score[1], 0);
  ck_assert_int_eq(m->games[1].score_pos.line, 8);
  ck_assert_int_eq(m->games[1].score[0], 1);
  free_result(&r);
  /* a word other than null is no score */
  expect_one("- game: 2\n  score: none\n  actions: []\n",
             "t.yaml:9:10: error: game 2: expected a score like [0, 0], or null (not "
             "given), found 'none' [syntax]\n",
             1);
}
END_TEST

START_TEST(unreadable_entry_beside_a_player_so_named) {
  /* the shape tells the entry from an action: no action has "mat" */
  read_result r = read_text("bgmatch: 1\nmatch: {length: 3, players: [unreadable, Bob]}\n"
                            "games:\n- game: 1\n  score: [0, 0]\n  actions:\n"
                            "  - [Bob, 52, 13/11 13/8]\n"
                            "  - [unreadable, mat, '31: 8/5 6/']\n"
                            "  - [unreadable, 31, '?\?\?\?']\n");
  ck_assert_int_eq(r.errors, 1); /* the cell's syntax error, said again */
  const bg_game *g = &r.matches[0]->games[0];
  ck_assert_int_eq(g->action_count, 2);
  ck_assert_ptr_nonnull(g->actions[1].written);
  ck_assert_int_eq(g->actions[1].player, 0);
  free_result(&r);
}
END_TEST

/* ---- hostile input -------------------------------------------------------- */

START_TEST(alias_bomb_refused) {
  char text[4096] = "bgmatch: 1\nmatch: {length: 1, players: [A, B]}\ngames:\n"
                    "- game: 1\n  actions:\n  - &a [A, 31, 8/5 6/5]\n";
  for (int level = 0; level < 9; level++) {
    size_t used = strlen(text);
    snprintf(text + used, sizeof text - used, "  - &%c [*%c,*%c,*%c,*%c,*%c,*%c,*%c]\n",
             'b' + level, 'a' + level, 'a' + level, 'a' + level, 'a' + level, 'a' + level,
             'a' + level, 'a' + level);
  }
  read_result r = read_text(text);
  ck_assert_int_eq(r.count, 1);
  ck_assert_int_eq(r.matches[0]->games[0].action_count, 0);
  ck_assert_ptr_nonnull(strstr(r.output, "t.yaml:6:5: error: game 1, action 1: an anchor "
                                         "(&a): the bgmatch notation has no anchors or "
                                         "aliases [syntax]\n"));
  ck_assert_int_eq(r.errors, 10); /* one a line: no alias is expanded */
  free_result(&r);
}
END_TEST

START_TEST(deep_nesting_bounded) {
  size_t depth = 10000;
  char *text = malloc(depth * 2 + 64);
  ck_assert_ptr_nonnull(text);
  strcpy(text, "bgmatch: ");
  size_t at = strlen(text);
  memset(text + at, '[', depth);
  memset(text + at + depth, ']', depth);
  strcpy(text + at + 2 * depth, "\n");
  read_result r = read_text(text);
  /* The version is no number; the node is skipped, and its depth stops
   * reading: libyaml's stacks would otherwise grow with the input. */
  ck_assert_str_eq(r.output, "t.yaml:1:10: error: expected the notation's version, 1, "
                             "found a sequence [syntax]\n"
                             "t.yaml:1:41: error: YAML nested deeper than 32 collections "
                             "(the notation needs 5): reading stopped [syntax]\n");
  ck_assert_int_eq(r.count, 0);
  free_result(&r);
  free(text);
}
END_TEST

START_TEST(tags_refused) {
  read_result r = read_text("bgmatch: 1\nmatch: {length: 1, players: [A, B]}\n"
                            "games:\n- game: 1\n  actions:\n  - !!binary aGVsbG8=\n"
                            "  - [A, !foo 31, 8/5 6/5]\n  - [B, 42, 8/4 6/4]\n");
  ck_assert_str_eq(
      r.output, "t.yaml:6:5: error: game 1, action 1: a YAML tag (!!binary): the bgmatch "
                "notation has no tags [syntax]\n"
                "t.yaml:7:9: error: game 1, action 2: a YAML tag (!foo): the bgmatch "
                "notation has no tags [syntax]\n");
  ck_assert_int_eq(r.matches[0]->games[0].action_count, 1);
  free_result(&r);
}
END_TEST

/* A stream of `size` bytes made as they are read: a prefix, then 'a's. */
typedef struct {
  const char *prefix;
  size_t prefix_length, size, at;
} endless;

static ssize_t endless_read(void *cookie, char *buf, size_t size) {
  endless *e = cookie;
  size_t n = 0;
  for (; n < size && e->at < e->size; n++, e->at++)
    buf[n] = e->at < e->prefix_length ? e->prefix[e->at] : 'a';
  return (ssize_t)n;
}

START_TEST(huge_scalar_bounded) {
  endless e = {.prefix = "bgmatch: 1\nmatch: {length: 1, players: [A, ",
               .size = 100u * 1024 * 1024};
  e.prefix_length = strlen(e.prefix);
  FILE *in = fopencookie(&e, "r", (cookie_io_functions_t){.read = endless_read});
  ck_assert_ptr_nonnull(in);
  read_result r = read_stream(in);
  fclose(in);
  ck_assert_int_eq(r.count, 0);
  ck_assert_int_eq(r.errors, 1);
  ck_assert_ptr_nonnull(strstr(r.output,
                               "a YAML scalar or comment longer than 1048576 "
                               "bytes (the notation's longest text is a name or "
                               "a tag value): reading stopped [syntax]"));
  ck_assert_uint_lt(e.at, 3u * 1024 * 1024); /* stopped early: memory bounded */
  free_result(&r);
}
END_TEST

START_TEST(many_documents_bounded) {
  size_t count = 100000;
  char *text = malloc(count * 4 + 1);
  ck_assert_ptr_nonnull(text);
  for (size_t i = 0; i < count; i++)
    memcpy(text + 4 * i, "---\n", 4);
  text[4 * count] = '\0';
  read_result r = read_text(text);
  ck_assert_int_eq(r.count, 0);
  ck_assert_int_eq(r.errors, DIAG_SYNTAX_LIMIT);
  ck_assert_int_eq(r.notes, 1); /* "further syntax errors ... not reported" */
  free_result(&r);
  free(text);
}
END_TEST

/* ---- the writer's text reads back ----------------------------------------- */

/* Every match of `in` written as YAML, as write_match does. */
static char *write_yaml_of(FILE *in) {
  char *yaml = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&yaml, &size);
  FILE *quiet = fopen("/dev/null", "w");
  ck_assert(out && quiet);
  bg_diag_sink sink;
  diag_sink_init(&sink, quiet, DIAG_TEXT);
  bg_replay_options options;
  bg_replay_options_init(&options);
  const char *reason;
  bg_reader *reader = reader_open(in, "t", &sink, BG_NOTATION_AUTO, &reason);
  ck_assert_ptr_nonnull(reader);
  bg_match *match;
  for (bool first = true; (match = reader_next(reader)) != NULL; first = false) {
    bg_replay *replay = bg_replay_new(match, &options, &sink);
    ck_assert(writer_write(BG_FORMAT_YAML, out, match, replay, first));
    bg_replay_free(replay);
    match_free(match);
  }
  reader_free(reader);
  diag_flush(&sink);
  diag_sink_free(&sink);
  fclose(quiet);
  fclose(out);
  return yaml;
}

START_TEST(example_is_a_fixed_point) {
  FILE *in = fopen("tests/notation/example.mat", "r");
  ck_assert_ptr_nonnull(in);
  char *first = write_yaml_of(in);
  fclose(in);
  in = fmemopen(first, strlen(first), "r");
  char *second = write_yaml_of(in);
  fclose(in);
  ck_assert_str_eq(first, second);
  ck_assert_ptr_nonnull(strstr(first, "[position, "));
  free(first);
  free(second);
}
END_TEST

static Suite *read_yaml_suite(void) {
  Suite *suite = suite_create("read_yaml");
  TCase *valid = tcase_create("valid");
  tcase_add_test(valid, valid_document_read_exactly);
  tcase_add_test(valid, same_names_and_resolved_players);
  tcase_add_test(valid, long_items_read_whole);
  tcase_add_test(valid, documents_one_at_a_time);
  tcase_add_test(valid, byte_columns_on_long_records);
  tcase_add_test(valid, example_is_a_fixed_point);
  suite_add_tcase(suite, valid);

  TCase *errors = tcase_create("errors");
  tcase_add_test(errors, action_errors);
  tcase_add_test(errors, structure_errors);
  tcase_add_test(errors, document_errors);
  tcase_add_test(errors, recovery);
  tcase_add_test(errors, numbering_break_is_the_line);
  tcase_add_test(errors, score_null_is_no_score_line);
  tcase_add_test(errors, unreadable_entry_beside_a_player_so_named);
  suite_add_tcase(suite, errors);

  TCase *hostile = tcase_create("hostile");
  tcase_set_timeout(hostile, 20);
  tcase_add_test(hostile, alias_bomb_refused);
  tcase_add_test(hostile, deep_nesting_bounded);
  tcase_add_test(hostile, tags_refused);
  tcase_add_test(hostile, huge_scalar_bounded);
  tcase_add_test(hostile, many_documents_bounded);
  suite_add_tcase(suite, hostile);
  return suite;
}

int main(void) {
  return run_suite(read_yaml_suite());
}
