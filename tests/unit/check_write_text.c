/*
 * check_write_text.c — the text decisions of the YAML and JSON writers
 * (write_yaml.c, write_json.c), against the references they replaced:
 *
 *  - which strings YAML single-quotes: write_yaml_looks_typed gives what
 *    the POSIX regex the writer ran on every scalar before gave, on every
 *    edge of it (~, null, yes/No/ON, y/n, numbers, dates, times, 1e5, .5,
 *    -, <<, =, the empty string) and on every string of up to three
 *    characters and many longer ones over an alphabet of the pattern's
 *    letters and its neighbours (upper case, UTF-8 and Latin-1 bytes);
 *  - how JSON strings are escaped: write_json_string gives jansson's
 *    json_dumpb bytes for every byte, every control character and random
 *    UTF-8 text; a string longer than the writer's buffer (written in
 *    pieces) comes back whole through jansson.
 */
#include <check.h>
#include <jansson.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "replay.h"
#include "run_suite.h"
#include "writer.h"
#include "writer.h"

/* ---- YAML quoting --------------------------------------------------------- */

/* The pattern write_yaml.c matched every scalar with, case-blind, before
 * write_yaml_looks_typed: the reference. */
static const char typed_plain_pattern[] =
    "^(~|null|true|false|yes|no|on|off|y|n|<<|=|[-+]?[.0-9][-+.:0-9a-z_ ]*)?$";

static regex_t typed_plain;

static void compile_reference(void) {
  ck_assert_int_eq(
      regcomp(&typed_plain, typed_plain_pattern, REG_EXTENDED | REG_ICASE | REG_NOSUB),
      0);
}

static bool reference_typed(const char *text) {
  return regexec(&typed_plain, text, 0, NULL, 0) == 0;
}

static void assert_agrees(const char *text) {
  ck_assert_msg(write_yaml_looks_typed(text) == reference_typed(text),
                "'%s': the test says %d, the pattern %d", text,
                write_yaml_looks_typed(text), reference_typed(text));
}

START_TEST(quoting_edges_agree_with_the_pattern) {
  static const char *const edges[] = {
      "",      "~",     "~~",          "null",       "Null",       "NULL",
      "nul",   "nulls", "true",        "True",       "TRUE",       "false",
      "FaLsE", "yes",   "Yes",         "YES",        "no",         "No",
      "NO",    "on",    "ON",          "On",         "off",        "Off",
      "OFF",   "y",     "Y",           "n",          "N",          "yn",
      "<<",    "<",     "<<<",         "=",          "==",         "-",
      "+",     "--",    "-+",          "+-1",        "1",          "-1",
      "+1",    "12",    "1e5",         "1E5",        ".5",         "-.5",
      "+.5",   ".",     "..",          "0x1F",       "0o17",       "1_000",
      "1,000", "12:30", "12:30:00",    "2024-01-01", "2024.01.01", "1 2",
      "1 ",    " 1",    "1/2",         "13/11",      "13/11 13/8", "52",
      "1a",    "1A",    "1é",          "1\xe9",      "a1",         ".inf",
      "-.Inf", ".NaN",  "nan",         "inf",        "x",          "Alice",
      "yes ",  " yes",  "no\n",        "1\n",        "1\t",        "é",
      "????",  "??",    "cannot move", "position",   "-----ABC--", "bar/22",
      "6/off",
  };
  compile_reference();
  for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
    assert_agrees(edges[i]);
  regfree(&typed_plain);
}
END_TEST

/* The letters of the pattern and their neighbours. */
static const char alphabet[] = "~<=-+.:_ 09azAZyYnNoOfFuUlLeEsStTrR/*,#\t\xc3\xa9\xe9";

static void every_string_up_to(char *text, size_t at, size_t length) {
  if (at == length) {
    text[at] = '\0';
    assert_agrees(text);
    return;
  }
  for (const char *letter = alphabet; *letter; letter++) {
    text[at] = *letter;
    every_string_up_to(text, at + 1, length);
  }
}

START_TEST(short_strings_agree_with_the_pattern) {
  compile_reference();
  char text[8];
  for (size_t length = 0; length <= 3; length++)
    every_string_up_to(text, 0, length);
  regfree(&typed_plain);
}
END_TEST

START_TEST(random_strings_agree_with_the_pattern) {
  compile_reference();
  static const char *const starts[] = {"",  "-", "+", ".", "1", "-1",
                                       "n", "o", "y", "t", "f"};
  srand(20261126);
  for (int i = 0; i < 200000; i++) {
    char text[16];
    size_t start = strlen(strcpy(text, starts[rand() % 11]));
    size_t length = start + (size_t)(rand() % 8);
    for (size_t at = start; at < length; at++)
      text[at] = alphabet[rand() % (int)(sizeof alphabet - 1)];
    text[length] = '\0';
    assert_agrees(text);
  }
  regfree(&typed_plain);
}
END_TEST

/* ---- JSON strings ------------------------------------------------------- */

/* Jansson's escape of a string, but for DEL and the C1 controls
 * (U+0080..U+009F), which it leaves raw and bgmatch escapes as \u00XX:
 * YAML reads them only escaped, and a JSON document is read back as YAML. */
static size_t escape_yaml_controls(char *text, size_t length, size_t size) {
  char copy[4096];
  memcpy(copy, text, length);
  size_t to = 0;
  for (size_t i = 0; i < length && to + 6 < size; i++) {
    unsigned char c = (unsigned char)copy[i];
    unsigned char next = i + 1 < length ? (unsigned char)copy[i + 1] : 0;
    if (c == 0x7f || (c == 0xc2 && next >= 0x80 && next <= 0x9f)) {
      to += (size_t)snprintf(text + to, size - to, "\\u00%02X", c == 0x7f ? c : next);
      i += c != 0x7f;
    } else {
      text[to++] = (char)c;
    }
  }
  return to;
}

static void assert_escaped_as_jansson(const char *text, size_t length) {
  json_t *string = json_stringn(text, length);
  ck_assert_ptr_nonnull(string);
  char expected[4096], got[4096];
  size_t expected_length = json_dumpb(string, expected, sizeof expected, JSON_ENCODE_ANY);
  json_decref(string);
  ck_assert(expected_length > 0 && expected_length < sizeof expected);
  expected_length = escape_yaml_controls(expected, expected_length, sizeof expected);
  ck_assert(6 * length + 2 <= sizeof got);
  size_t got_length = write_json_string(got, text, length);
  ck_assert_msg(got_length == expected_length && memcmp(got, expected, got_length) == 0,
                "'%.*s': %.*s, jansson %.*s", (int)length, text, (int)got_length, got,
                (int)expected_length, expected);
}

START_TEST(every_byte_escaped_as_jansson) {
  for (int c = 0; c < 0x80; c++) {
    char text[3] = {'a', (char)c, 'b'};
    assert_escaped_as_jansson(text, sizeof text);
  }
  assert_escaped_as_jansson("", 0);
  assert_escaped_as_jansson("\"\\/\b\f\n\r\t\x01\x1f\x7f", 12);
}
END_TEST

/* Within a run of plain bytes (which the writer tests and copies four at
 * a time), every ASCII byte and the two-byte characters that start with
 * 0xC2 or not, at every offset of the run and its tail. */
START_TEST(every_byte_at_every_offset_of_a_run) {
  static const char *const pairs[] = {"\xc2\x85", "\xc2\x9f", "\xc2\xa0", "\xc3\xa9"};
  const char run[] = "abcdefghijkl";
  for (size_t at = 0; at < sizeof run - 1; at++) {
    char text[sizeof run + 1];
    for (int c = 0; c < 0x80; c++) {
      memcpy(text, run, sizeof run - 1);
      text[at] = (char)c;
      assert_escaped_as_jansson(text, sizeof run - 1);
    }
    for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
      memcpy(text, run, sizeof run - 1);
      memcpy(text + at, pairs[p], 2);
      assert_escaped_as_jansson(text, at + 2 > sizeof run - 1 ? at + 2 : sizeof run - 1);
    }
  }
}
END_TEST

/* Random text of ASCII, control characters and two-, three- and four-byte
 * UTF-8 sequences (é, U+2028, an emoji). */
START_TEST(random_text_escaped_as_jansson) {
  static const char *const pieces[] = {
      "a",    "\"", "\\",       "\n",       "\x01",         "\x1f",
      "\x7f", "/",  " ",        "\xc3\xa9", "\xe2\x80\xa8", "\xf0\x9f\x98\x80",
      "\t",   "'",  "\xc2\x85", "\xc2\xa0"};
  srand(20261127);
  for (int i = 0; i < 20000; i++) {
    char text[256];
    size_t length = 0;
    for (int n = rand() % 40; n > 0; n--) {
      const char *piece = pieces[rand() % (int)(sizeof pieces / sizeof pieces[0])];
      memcpy(text + length, piece, strlen(piece));
      length += strlen(piece);
    }
    assert_escaped_as_jansson(text, length);
  }
}
END_TEST

/* A tag value far longer than the JSON writer's buffer, full of what
 * needs escaping, comes back whole. */
START_TEST(long_strings_come_back_whole) {
  size_t length = 100000;
  char *value = malloc(length + 1);
  ck_assert_ptr_nonnull(value);
  for (size_t i = 0; i < length; i++)
    value[i] = "a\"\\\x01\n\xc3\xa9"[i % 5];
  value[length] = '\0';
  bg_match *match = match_new("t.mat");
  ck_assert(match_set_player(match, 0, "Alice") && match_set_player(match, 1, "Bob"));
  ck_assert(match_add_tag(match, "Event", value, (bg_srcpos){1, 1}));
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&text, &size);
  ck_assert_ptr_nonnull(out);
  FILE *quiet = fopen("/dev/null", "w");
  bg_diag_sink sink;
  diag_sink_init(&sink, quiet, DIAG_TEXT);
  bg_replay_options options;
  bg_replay_options_init(&options);
  bg_replay *replay = bg_replay_new(match, &options, &sink);
  ck_assert(writer_write(BG_FORMAT_JSON, out, match, replay, true));
  bg_replay_free(replay);
  diag_sink_free(&sink);
  fclose(quiet);
  fclose(out);
  json_t *document = json_loads(text, 0, NULL);
  ck_assert_ptr_nonnull(document);
  const char *read = json_string_value(json_object_get(
      json_object_get(json_object_get(document, "match"), "info"), "event"));
  ck_assert_ptr_nonnull(read);
  ck_assert(strcmp(read, value) == 0);
  json_decref(document);
  free(text);
  free(value);
  match_free(match);
}
END_TEST

static Suite *write_text_suite(void) {
  Suite *suite = suite_create("write_text");
  TCase *yaml = tcase_create("yaml quoting");
  tcase_add_test(yaml, quoting_edges_agree_with_the_pattern);
  tcase_add_test(yaml, short_strings_agree_with_the_pattern);
  tcase_add_test(yaml, random_strings_agree_with_the_pattern);
  suite_add_tcase(suite, yaml);
  TCase *json = tcase_create("json strings");
  tcase_add_test(json, every_byte_escaped_as_jansson);
  tcase_add_test(json, every_byte_at_every_offset_of_a_run);
  tcase_add_test(json, random_text_escaped_as_jansson);
  tcase_add_test(json, long_strings_come_back_whole);
  suite_add_tcase(suite, json);
  return suite;
}

int main(void) {
  return run_suite(write_text_suite());
}
