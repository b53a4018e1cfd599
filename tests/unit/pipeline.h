/*
 * pipeline.h — for the unit tests: runs the text of a record through the
 * reader (its notation recognised) and the referee, the way `bgmatch
 * check` does, and hands back what they printed (text diagnostics) with
 * the counts.
 */
#ifndef BG_TEST_PIPELINE_H
#define BG_TEST_PIPELINE_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "read_mat.h"
#include "reader.h"
#include "replay.h"

typedef struct {
  char *output; /* malloc'ed: free it */
  long errors;
  long warnings;
} check_result;

/* `file` names the record in diagnostics; `options` NULL for the record's
 * own rules. */
static inline check_result check_record(const char *text, const char *file,
                                        const bg_replay_options *options) {
  check_result result = {0};
  size_t output_size = 0;
  FILE *out = open_memstream(&result.output, &output_size);
  FILE *in = fmemopen((void *)text, strlen(text), "r");
  ck_assert_ptr_nonnull(out);
  ck_assert_ptr_nonnull(in);
  bg_diag_sink sink;
  diag_sink_init(&sink, out, DIAG_TEXT);
  const char *reason;
  bg_reader *reader = reader_open(in, file, &sink, BG_NOTATION_AUTO, &reason);
  ck_assert_ptr_nonnull(reader);
  bg_replay_options defaults;
  bg_replay_options_init(&defaults);
  bg_match *match;
  while ((match = reader_next(reader)) != NULL) {
    bg_replay_check(match, options ? options : &defaults, &sink);
    diag_flush(&sink);
    match_free(match);
  }
  diag_flush(&sink);
  reader_free(reader);
  fclose(in);
  fclose(out);
  result.errors = sink.errors;
  result.warnings = sink.warnings;
  diag_sink_free(&sink);
  return result;
}

/* Every match of `text`, read the way bgmatch reads it; the reader's own
 * diagnostics are not wanted here and go nowhere. */
static inline int read_all_matches(const char *text, bg_match ***matches) {
  char *dropped = NULL;
  size_t dropped_size = 0;
  FILE *out = open_memstream(&dropped, &dropped_size);
  FILE *in = fmemopen((void *)text, strlen(text), "r");
  ck_assert_ptr_nonnull(out);
  ck_assert_ptr_nonnull(in);
  bg_diag_sink sink;
  diag_sink_init(&sink, out, DIAG_TEXT);
  bg_mat_reader *reader = mat_reader_new(in, "t.mat", &sink);
  ck_assert_ptr_nonnull(reader);
  int count = 0;
  *matches = NULL;
  bg_match *match;
  while ((match = mat_reader_next(reader)) != NULL) {
    *matches = realloc(*matches, (count + 1) * sizeof **matches);
    (*matches)[count++] = match;
  }
  mat_reader_free(reader);
  diag_sink_free(&sink);
  fclose(in);
  fclose(out);
  free(dropped);
  return count;
}

static inline void free_all_matches(bg_match **matches, int count) {
  for (int i = 0; i < count; i++)
    match_free(matches[i]);
  free(matches);
}

#endif
