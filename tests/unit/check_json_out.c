/*
 * check_json_out.c — the pieces every JSON output shares (json_out.h):
 * a file name as {"text"} or {"bytes"} (base64 itself: check_util.c), the
 * legal plays as one array of strings.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "json_out.h"
#include "notation.h"
#include "run_suite.h"

static char *dumped(json_t *value) {
  char *text = json_dumps(value, JSON_COMPACT);
  json_decref(value);
  return text;
}

/* Well-formed UTF-8 is text; a Latin-1 byte, an overlong form, a lone
 * continuation byte make the name bytes. */
START_TEST(file_text_or_bytes) {
  static const char *const cases[][2] = {
      {"r.mat", "{\"text\":\"r.mat\"}"},
      {"<stdin>", "{\"text\":\"<stdin>\"}"},
      {"d/caf\xc3\xa9.mat", "{\"text\":\"d/caf\xc3\xa9.mat\"}"},
      {"d/caf\xe9.mat", "{\"bytes\":\"ZC9jYWbpLm1hdA==\"}"},
      {"\xc0\xaf.mat", "{\"bytes\":\"wK8ubWF0\"}"},
      {"\x80", "{\"bytes\":\"gA==\"}"}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char *text = dumped(json_out_file(cases[i][0]));
    ck_assert_str_eq(text, cases[i][1]);
    free(text);
  }
}
END_TEST

/* Every play, in the list's order; a roll that cannot be played is the one
 * play "no play". */
START_TEST(legal_every_play) {
  bg_board board;
  bg_playlist plays;
  board_initial(&board);
  movegen_playlist_init(&plays);
  movegen_legal_plays(&board, 6, 5, &plays);
  char *text = dumped(json_out_legal(&plays)), expected[256] = "[";
  for (int i = 0; i < plays.count; i++) {
    char one[64];
    snprintf(expected + strlen(expected), sizeof expected - strlen(expected), "%s\"%s\"",
             i ? "," : "", notation_format_play(&plays.plays[i], one, sizeof one));
  }
  strcat(expected, "]");
  ck_assert_int_eq(plays.count, 7);
  ck_assert_str_eq(text, expected);
  ck_assert_ptr_nonnull(strstr(text, "\"24/18 13/8\""));
  free(text);
  memset(&board, 0, sizeof board);
  board.checkers[0][BG_BAR] = 2; /* on the bar against a closed board */
  board.checkers[0][13] = 13;
  for (int point = 1; point <= 6; point++)
    board.checkers[1][point] = 2;
  board.checkers[1][13] = 3;
  movegen_legal_plays(&board, 6, 5, &plays);
  text = dumped(json_out_legal(&plays));
  ck_assert_str_eq(text, "[\"no play\"]");
  free(text);
  movegen_playlist_free(&plays);
}
END_TEST

/* What json_out_line writes for `value`: jansson's own text of it and a
 * newline, whether the text fits the first buffer or not. */
static void assert_line_of(json_t *value) {
  char *expected = json_dumps(value, JSON_COMPACT);
  ck_assert_ptr_nonnull(expected);
  char *written = NULL;
  size_t length = 0;
  FILE *out = open_memstream(&written, &length);
  ck_assert_ptr_nonnull(out);
  json_out_line(value, out, JSON_COMPACT);
  fclose(out);
  ck_assert_uint_eq(length, strlen(expected) + 1);
  ck_assert_int_eq(memcmp(written, expected, length - 1), 0);
  ck_assert_int_eq(written[length - 1], '\n');
  free(expected);
  free(written);
  json_decref(value);
}

START_TEST(line_short_and_long) {
  assert_line_of(json_pack("{s:s, s:i}", "rule", "score", "line", 3));
  for (int items = 400; items <= 4000; items *= 10) { /* about 6 KB, then 60 KB */
    json_t *array = json_array();
    for (int i = 0; i < items; i++)
      json_array_append_new(array, json_string("13/7 8/7*"));
    assert_line_of(array);
  }
}
END_TEST

int main(void) {
  Suite *suite = suite_create("json_out");
  TCase *cases = tcase_create("pieces");
  tcase_add_test(cases, file_text_or_bytes);
  tcase_add_test(cases, legal_every_play);
  tcase_add_test(cases, line_short_and_long);
  suite_add_tcase(suite, cases);
  return run_suite(suite);
}
