/*
 * check_reader.c — unit tests of the reader dispatcher (reader.h): which
 * notation the first bytes say, that saying it reads nothing, --from
 * overriding it, YAML read through its reader, and SGF, not read yet,
 * failing with a reason.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "match.h"
#include "reader.h"
#include "run_suite.h"

/* A stream holding `size` bytes (tmpfile: fmemopen refuses an empty buffer
 * on some C libraries). */
static FILE *stream_of(const char *bytes, size_t size) {
  FILE *in = tmpfile();
  ck_assert_ptr_nonnull(in);
  ck_assert_uint_eq(fwrite(bytes, 1, size, in), size);
  rewind(in);
  return in;
}

static bg_notation sniff_bytes(const char *bytes, size_t size) {
  FILE *in = stream_of(bytes, size);
  bg_input *input = input_new(in);
  ck_assert_ptr_nonnull(input);
  bg_notation notation = reader_sniff(input);
  input_free(input);
  fclose(in);
  return notation;
}

static bg_notation sniff(const char *text) {
  return sniff_bytes(text, strlen(text));
}

/* ---- recognising the notation ------------------------------------------- */

START_TEST(sgf_by_its_first_bytes) {
  ck_assert_int_eq(sniff("(;FF[4]GM[6])"), BG_NOTATION_SGF);
  ck_assert_int_eq(sniff(" \r\n\t(;FF[4]GM[6])"), BG_NOTATION_SGF);
  ck_assert_int_eq(sniff("\xEF\xBB\xBF(;FF[4])"), BG_NOTATION_SGF);
  static const char utf16[] = "\xFF\xFE(\0;\0F\0F\0";
  ck_assert_int_eq(sniff_bytes(utf16, sizeof utf16 - 1), BG_NOTATION_SGF);
  /* FF[4] allows blanks and line breaks between '(' and ';' */
  ck_assert_int_eq(sniff("( ;FF[4])"), BG_NOTATION_SGF);
  ck_assert_int_eq(sniff("(\n;FF[4]GM[6])"), BG_NOTATION_SGF);
  ck_assert_int_eq(sniff("\r\n(\r\n  \t;FF[4]GM[6])"), BG_NOTATION_SGF);
  ck_assert_int_eq(sniff("(c) 2024\n 7 point match\n"), BG_NOTATION_MAT);
  ck_assert_int_eq(sniff("(\n\n"), BG_NOTATION_MAT);
  ck_assert_int_eq(sniff("; (;FF[4])"), BG_NOTATION_MAT);
}
END_TEST

START_TEST(yaml_by_its_first_line) {
  ck_assert_int_eq(sniff("%YAML 1.2\n---\nbgmatch: 1\n"), BG_NOTATION_YAML);
  ck_assert_int_eq(sniff("---\nmatch:\n"), BG_NOTATION_YAML);
  ck_assert_int_eq(sniff("--- !bgmatch\n"), BG_NOTATION_YAML);
  ck_assert_int_eq(sniff("---"), BG_NOTATION_YAML);
  ck_assert_int_eq(sniff("bgmatch: 1\n"), BG_NOTATION_YAML);
  ck_assert_int_eq(sniff("\n# a comment\n  # another\r\n\nbgmatch: 1\n"),
                   BG_NOTATION_YAML);
  ck_assert_int_eq(sniff("\xEF\xBB\xBF---\r\n"), BG_NOTATION_YAML);
}
END_TEST

/* JSON is YAML: bgmatch's JSON and jq's pretty-printed copy open with a
 * '{', which no .mat line starts with; only the first line decides. */
START_TEST(json_by_its_brace) {
  ck_assert_int_eq(sniff("{\"bgmatch\":1,\"match\":{}}\n"), BG_NOTATION_YAML);
  ck_assert_int_eq(sniff("{\n  \"bgmatch\": 1\n}\n"), BG_NOTATION_YAML);
  ck_assert_int_eq(sniff("\n  \t{ \"bgmatch\": 1 }"), BG_NOTATION_YAML);
  ck_assert_int_eq(sniff("\xEF\xBB\xBF{}"), BG_NOTATION_YAML);
  ck_assert_int_eq(sniff("; {\"bgmatch\": 1}\n"), BG_NOTATION_MAT);
  ck_assert_int_eq(sniff(" 7 point match {\n"), BG_NOTATION_MAT);
  ck_assert_int_eq(sniff("[1, 2]\n"), BG_NOTATION_MAT);
}
END_TEST

/* .mat is what is neither: it may open with anything. */
START_TEST(mat_otherwise) {
  static const char *const mat[] = {
      "",
      "\n\n",
      "7 point match\n",
      "; [Site \"x\"]\n\n 7 point match\n",
      "# a comment\n; +-----+\n",
      "----\n",               /* a rule, not a document start */
      "-- \n",                /* too short */
      "  bgmatch: 1\n",       /* not at column 1 */
      "; bgmatch: 1\n---\n",  /* the first line decides */
      "Exported by X\n---\n", /* the same */
      "\x01\xFF garbage\n",
  };
  for (size_t i = 0; i < sizeof mat / sizeof *mat; i++)
    ck_assert_msg(sniff(mat[i]) == BG_NOTATION_MAT, "input %zu", i);
}
END_TEST

/* Recognising reads nothing: the lines are all there after it. */
START_TEST(sniffing_consumes_nothing) {
  FILE *in = stream_of("# c\n---\n", 8);
  bg_input *input = input_new(in);
  ck_assert_int_eq(reader_sniff(input), BG_NOTATION_YAML);
  bg_line line;
  ck_assert(input_next_line(input, &line));
  ck_assert_int_eq(line.number, 1);
  ck_assert_uint_eq(line.length, 3);
  ck_assert(memcmp(line.text, "# c", 3) == 0);
  input_free(input);
  fclose(in);
}
END_TEST

/* ---- opening -------------------------------------------------------------- */

/* What opening `text` as `from` gives: the matches read, or the reason. */
typedef struct {
  bool opened;
  bg_notation notation;
  const char *reason;
  int matches;
  long errors;
} open_result;

static open_result open_text(const char *text, bg_notation from) {
  open_result result = {0};
  FILE *in = stream_of(text, strlen(text));
  FILE *out = fopen("/dev/null", "w");
  bg_diag_sink sink;
  diag_sink_init(&sink, out, DIAG_TEXT);
  bg_reader *reader = reader_open(in, "t", &sink, from, &result.reason);
  result.opened = reader != NULL;
  if (reader) {
    result.notation = reader_notation(reader);
    bg_match *match;
    while ((match = reader_next(reader)) != NULL) {
      result.matches++;
      match_free(match);
    }
    ck_assert(!reader_io_error(reader));
    reader_free(reader);
  }
  result.errors = sink.errors;
  diag_flush(&sink);
  diag_sink_free(&sink);
  fclose(out);
  fclose(in);
  return result;
}

static const char record[] = "1 point match\n\n Game 1\n A : 0      B : 0\n"
                             "  1) 31: 8/5 6/5\n      Wins 1 point and the match\n";

START_TEST(mat_read_when_recognised) {
  open_result r = open_text(record, BG_NOTATION_AUTO);
  ck_assert(r.opened);
  ck_assert_int_eq(r.notation, BG_NOTATION_MAT);
  ck_assert_int_eq(r.matches, 1);
}
END_TEST

/* YAML and SGF are recognised and read by their readers. */
START_TEST(yaml_and_sgf_read) {
  open_result r = open_text("bgmatch: 1\nmatch: {length: 1, players: [A, B]}\n"
                            "games:\n- game: 1\n  score: [0, 0]\n  actions: []\n",
                            BG_NOTATION_AUTO);
  ck_assert(r.opened);
  ck_assert_int_eq(r.notation, BG_NOTATION_YAML);
  ck_assert_int_eq(r.matches, 1);
  ck_assert_int_eq(r.errors, 0);
  r = open_text("(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0];W[31fehe])",
                BG_NOTATION_AUTO);
  ck_assert(r.opened);
  ck_assert_int_eq(r.notation, BG_NOTATION_SGF);
  ck_assert_int_eq(r.matches, 1);
}
END_TEST

/* --from says the notation whatever the bytes say. */
START_TEST(from_overrides) {
  char dashed[sizeof record + 4] = "---\n";
  strcat(dashed, record);
  open_result r = open_text(dashed, BG_NOTATION_MAT);
  ck_assert(r.opened);
  ck_assert_int_eq(r.notation, BG_NOTATION_MAT);
  ck_assert_int_eq(r.matches, 1);
  ck_assert_int_eq(r.errors, 1); /* the "---" line, before the match */
  /* Sniffed as YAML: no bgmatch document, then no YAML ("A : 0"). */
  r = open_text(dashed, BG_NOTATION_AUTO);
  ck_assert_int_eq(r.notation, BG_NOTATION_YAML);
  ck_assert_int_eq(r.matches, 0);
  ck_assert_int_eq(r.errors, 2);
  r = open_text(record, BG_NOTATION_YAML); /* a .mat is no YAML document */
  ck_assert(r.opened);
  ck_assert_int_eq(r.notation, BG_NOTATION_YAML);
  ck_assert_int_eq(r.matches, 0);
  ck_assert_int_eq(r.errors, 2);
  r = open_text(record, BG_NOTATION_SGF); /* a .mat read as SGF: no game in it */
  ck_assert(r.opened);
  ck_assert_int_eq(r.matches, 0);
  ck_assert_int_gt(r.errors, 0);
}
END_TEST

START_TEST(notation_names) {
  static const char *const names[] = {"auto", "mat", "yaml", "sgf"};
  static const bg_notation notations[] = {BG_NOTATION_AUTO, BG_NOTATION_MAT,
                                          BG_NOTATION_YAML, BG_NOTATION_SGF};
  for (size_t i = 0; i < 4; i++) {
    bg_notation parsed;
    ck_assert(reader_notation_parse(names[i], &parsed));
    ck_assert_int_eq(parsed, notations[i]);
    ck_assert_str_eq(reader_notation_name(notations[i]), names[i]);
  }
  bg_notation parsed = BG_NOTATION_SGF;
  ck_assert(reader_notation_parse("json", &parsed)); /* JSON is read as YAML */
  ck_assert_int_eq(parsed, BG_NOTATION_YAML);
  ck_assert_str_eq(reader_notation_name(parsed), "yaml"); /* one reader, one name */
  parsed = BG_NOTATION_SGF;
  ck_assert(!reader_notation_parse("xml", &parsed));
  ck_assert(!reader_notation_parse("JSON", &parsed));
  ck_assert(!reader_notation_parse("MAT", &parsed));
  ck_assert(!reader_notation_parse("", &parsed));
  ck_assert_int_eq(parsed, BG_NOTATION_SGF); /* left alone */
}
END_TEST

/* A freed match's action arrays serve the next match's games (match.c's
 * pool): a game of 100 actions grows its array to 128 once, and the game
 * read after it starts with those 128 instead of growing again.  Each
 * action comes back cleared of the last one's fields. */
START_TEST(action_arrays_are_reused) {
  bg_match *first = match_new("a");
  bg_game *long_game = match_add_game(first);
  for (int i = 0; i < 100; i++)
    match_game_add_action(long_game)->value = 7;
  int grown = long_game->action_capacity;
  ck_assert_int_ge(grown, 100);
  match_free(first);

  bg_match *second = match_new("b");
  bg_game *next_game = match_add_game(second);
  bg_action *action = match_game_add_action(next_game);
  ck_assert_int_eq(next_game->action_capacity, grown);
  ck_assert_int_eq(action->value, 0);
  ck_assert_int_eq(action->move_count, 0);
  match_free(second);
  match_pool_release();
}
END_TEST

static Suite *reader_suite(void) {
  Suite *suite = suite_create("reader");
  TCase *sniffing = tcase_create("sniffing");
  tcase_add_test(sniffing, sgf_by_its_first_bytes);
  tcase_add_test(sniffing, yaml_by_its_first_line);
  tcase_add_test(sniffing, json_by_its_brace);
  tcase_add_test(sniffing, mat_otherwise);
  tcase_add_test(sniffing, sniffing_consumes_nothing);
  suite_add_tcase(suite, sniffing);

  TCase *opening = tcase_create("opening");
  tcase_add_test(opening, mat_read_when_recognised);
  tcase_add_test(opening, yaml_and_sgf_read);
  tcase_add_test(opening, from_overrides);
  tcase_add_test(opening, notation_names);
  tcase_add_test(opening, action_arrays_are_reused);
  suite_add_tcase(suite, opening);
  return suite;
}

int main(void) {
  return run_suite(reader_suite());
}
