/*
 * check_diag.c — the diagnostics printer: text and JSON forms, the order
 * they are printed in, colour only when asked, JSON always valid UTF-8.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "diag.h"
#include "movegen.h"
#include "notation.h"
#include "run_suite.h"

typedef struct {
  char *text;
  size_t size;
  FILE *out;
  bg_diag_sink sink;
} printed;

static void open_sink(printed *p, bg_diag_format format, bool colour) {
  p->text = NULL;
  p->out = open_memstream(&p->text, &p->size);
  ck_assert_ptr_nonnull(p->out);
  diag_sink_init(&p->sink, p->out, format);
  p->sink.colour = colour;
}

static void close_sink(printed *p) {
  diag_flush(&p->sink);
  diag_sink_free(&p->sink);
  fclose(p->out);
}

START_TEST(text_form_and_counts) {
  printed p;
  open_sink(&p, DIAG_TEXT, false);
  diag_emitf(&p.sink, "r.mat", 42, 7, DIAG_ERROR, "wrong-bear-off", "6/off is not legal");
  diag_emitf(&p.sink, "r.mat", 3, 1, DIAG_WARNING, "incomplete", "game %d stops", 2);
  close_sink(&p);
  ck_assert_str_eq(p.text, "r.mat:3:1: warning: game 2 stops [incomplete]\n"
                           "r.mat:42:7: error: 6/off is not legal [wrong-bear-off]\n");
  ck_assert_int_eq(p.sink.errors, 1);
  ck_assert_int_eq(p.sink.warnings, 1);
  free(p.text);
}
END_TEST

/* Same line and column: the order they were found in. */
START_TEST(same_place_keeps_order) {
  printed p;
  open_sink(&p, DIAG_TEXT, false);
  diag_emitf(&p.sink, "r.mat", 5, 6, DIAG_ERROR, "score", "first");
  diag_emitf(&p.sink, "r.mat", 5, 6, DIAG_NOTE, "score", "second");
  diag_emitf(&p.sink, "r.mat", 5, 6, DIAG_ERROR, "cube", "third");
  close_sink(&p);
  const char *first = strstr(p.text, "first"), *second = strstr(p.text, "second"),
             *third = strstr(p.text, "third");
  ck_assert(first && second && third && first < second && second < third);
  free(p.text);
}
END_TEST

/* A note follows the diagnostic it belongs to even when its own place is
 * earlier on the line: the reader reports a bad token at 315:10, the
 * referee then notes at the play's start (315:6) that it stops there. */
START_TEST(note_follows_its_error) {
  printed p;
  open_sink(&p, DIAG_TEXT, false);
  diag_emitf(&p.sink, "r.mat", 315, 10, DIAG_ERROR, "syntax", "bad token");
  diag_emitf(&p.sink, "r.mat", 316, 1, DIAG_ERROR, "syntax", "next line");
  diag_emitf(&p.sink, "r.mat", 315, 2, DIAG_ERROR, "turn-order", "earlier cell");
  diag_emitf(&p.sink, "r.mat", 315, 6, DIAG_NOTE, "syntax", "not checked");
  close_sink(&p);
  ck_assert_str_eq(p.text, "r.mat:315:2: error: earlier cell [turn-order]\n"
                           "r.mat:315:10: error: bad token [syntax]\n"
                           "r.mat:315:6: note: not checked [syntax]\n"
                           "r.mat:316:1: error: next line [syntax]\n");
  free(p.text);
}
END_TEST

/* A note with nothing before it on its line keeps its own place; one found
 * after several diagnostics at its place follows the last of them. */
START_TEST(note_without_error_keeps_its_place) {
  printed p;
  open_sink(&p, DIAG_TEXT, false);
  diag_emitf(&p.sink, "r.mat", 7, 3, DIAG_NOTE, "syntax", "alone");
  diag_emitf(&p.sink, "r.mat", 7, 9, DIAG_ERROR, "cube", "later error");
  diag_emitf(&p.sink, "r.mat", 2, 4, DIAG_ERROR, "score", "one");
  diag_emitf(&p.sink, "r.mat", 2, 4, DIAG_ERROR, "score", "two");
  diag_emitf(&p.sink, "r.mat", 2, 4, DIAG_NOTE, "score", "after two");
  close_sink(&p);
  ck_assert_str_eq(p.text, "r.mat:2:4: error: one [score]\n"
                           "r.mat:2:4: error: two [score]\n"
                           "r.mat:2:4: note: after two [score]\n"
                           "r.mat:7:3: note: alone [syntax]\n"
                           "r.mat:7:9: error: later error [cube]\n");
  free(p.text);
}
END_TEST

START_TEST(colour_only_when_asked) {
  printed plain, coloured;
  open_sink(&plain, DIAG_TEXT, false);
  open_sink(&coloured, DIAG_TEXT, true);
  diag_emitf(&plain.sink, "r.mat", 1, 1, DIAG_ERROR, "syntax", "bad");
  diag_emitf(&coloured.sink, "r.mat", 1, 1, DIAG_ERROR, "syntax", "bad");
  close_sink(&plain);
  close_sink(&coloured);
  ck_assert_ptr_null(strchr(plain.text, '\033'));
  ck_assert_ptr_nonnull(strstr(coloured.text, "\033[1;31merror\033[0m"));
  free(plain.text);
  free(coloured.text);
}
END_TEST

/* A Latin-1 name is written as the UTF-8 of the characters it stands for;
 * quotes and control characters are escaped; the file is {"text": ...}. */
START_TEST(json_is_valid_utf8) {
  printed p;
  open_sink(&p, DIAG_JSON, true);
  bg_diag diag = {.file = "r.mat",
                  .line = 9,
                  .column = 2,
                  .severity = DIAG_ERROR,
                  .rule = "cube",
                  .message = "J\xF6rg says \"no\"\tthen stops",
                  .game = 3,
                  .player = "Ana Mar\xC3\xAD"
                            "a"};
  diag_emit(&p.sink, &diag);
  close_sink(&p);
  ck_assert_str_eq(
      p.text,
      "{\"file\":{\"text\":\"r.mat\"},\"line\":9,\"column\":2,\"severity\":\"error\","
      "\"rule\":\"cube\",\"message\":\"J\xC3\xB6rg says \\\"no\\\"\\tthen stops\","
      "\"game\":3,\"player\":\"Ana Mar\xC3\xAD"
      "a\"}\n");
  free(p.text);
}
END_TEST

/* A file name that is no UTF-8 (a Latin-1 "caf\xE9.mat" on disk) keeps
 * its bytes, in base64: the JSON stays UTF-8 and the file can be reached. */
START_TEST(json_file_not_utf8_is_bytes) {
  printed p;
  open_sink(&p, DIAG_JSON, false);
  diag_emitf(&p.sink, "caf\xE9.mat", 1, 1, DIAG_ERROR, "syntax", "bad");
  diag_emitf(&p.sink, "caf\xC3\xA9.mat", 2, 1, DIAG_ERROR, "syntax", "bad");
  close_sink(&p);
  ck_assert_ptr_nonnull(
      strstr(p.text, "{\"file\":{\"bytes\":\"Y2Fm6S5tYXQ=\"},\"line\":1,"));
  ck_assert_ptr_nonnull(
      strstr(p.text, "{\"file\":{\"text\":\"caf\xC3\xA9.mat\"},\"line\":2,"));
  free(p.text);
}
END_TEST

/* The opening position's 11 has 42 legal plays: the text note shows the
 * first few and how many there are; the JSON lists every one of them, in
 * the note's order, each as the note writes it. */
static void emit_with_legal(bg_diag_sink *sink, const bg_playlist *plays) {
  char legal[1024];
  notation_legal_list(plays, legal, sizeof legal);
  bg_diag diag = {.file = "r.mat",
                  .line = 4,
                  .column = 6,
                  .severity = DIAG_ERROR,
                  .rule = "illegal-move",
                  .message = "no",
                  .legal = legal,
                  .legal_plays = plays};
  diag_emit(sink, &diag);
}

START_TEST(json_legal_is_every_play) {
  bg_board board;
  bg_playlist plays;
  board_initial(&board);
  movegen_playlist_init(&plays);
  ck_assert_int_eq(movegen_legal_plays(&board, 1, 1, &plays), 42);
  printed json, text;
  open_sink(&json, DIAG_JSON, false);
  open_sink(&text, DIAG_TEXT, false);
  emit_with_legal(&json.sink, &plays);
  emit_with_legal(&text.sink, &plays);
  movegen_playlist_free(&plays); /* the sink holds what it prints */
  movegen_legal_plays(&board, 1, 1, &plays);
  close_sink(&json);
  close_sink(&text);
  ck_assert_ptr_nonnull(strstr(text.text, " | ... (42 plays in all)\n"));
  const char *array = strstr(json.text, ",\"legal\":[\"");
  ck_assert_ptr_nonnull(array);
  array += strlen(",\"legal\":[");
  for (int i = 0; i < plays.count; i++) {
    char one[64], quoted[80];
    snprintf(quoted, sizeof quoted, "%s\"%s\"", i ? "," : "",
             notation_legal_play(&plays.plays[i], one, sizeof one));
    ck_assert_msg(strncmp(array, quoted, strlen(quoted)) == 0, "play %d: %s", i, quoted);
    array += strlen(quoted);
  }
  ck_assert_str_eq(array, "]}\n");
  movegen_playlist_free(&plays);
  free(json.text);
  free(text.text);
}
END_TEST

/* A diagnostic with no legal plays has no `legal` member at all. */
START_TEST(json_legal_only_with_plays) {
  printed p;
  open_sink(&p, DIAG_JSON, false);
  diag_emitf(&p.sink, "r.mat", 1, 1, DIAG_ERROR, "syntax", "bad");
  close_sink(&p);
  ck_assert_ptr_null(strstr(p.text, "legal"));
  free(p.text);
}
END_TEST

int main(void) {
  Suite *suite = suite_create("diag");
  TCase *cases = tcase_create("printing");
  tcase_add_test(cases, text_form_and_counts);
  tcase_add_test(cases, same_place_keeps_order);
  tcase_add_test(cases, note_follows_its_error);
  tcase_add_test(cases, note_without_error_keeps_its_place);
  tcase_add_test(cases, colour_only_when_asked);
  tcase_add_test(cases, json_is_valid_utf8);
  tcase_add_test(cases, json_file_not_utf8_is_bytes);
  tcase_add_test(cases, json_legal_is_every_play);
  tcase_add_test(cases, json_legal_only_with_plays);
  suite_add_tcase(suite, cases);
  return run_suite(suite);
}
