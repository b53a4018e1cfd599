/*
 * xg_fixture.h — what the .xg reader's unit tests (check_read_xg.c,
 * check_read_xg_hostile.c) share: the corpus's folder of real .xg files,
 * a file read into memory, and bytes read through the reader dispatcher
 * (the notation recognised, as bgmatch recognises it) with, when asked,
 * the referee's check: the matches, what was printed, the counts, and
 * why reading failed when it did.
 */
#ifndef BG_TEST_XG_FIXTURE_H
#define BG_TEST_XG_FIXTURE_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "reader.h"
#include "replay.h"
#include "shared_path.h"

/* The corpus folder of .xg files: $BGMATCH_SHARED (default ../shared,
 * relative to the repository root where the tests run). */
static inline const char *xg_corpus_dir(void) {
  static char dir[1024];
  shared_path("corpus/xg-binary", dir, sizeof dir);
  return dir;
}

/* The whole file at `path`, malloc'ed; NULL when it cannot be read. */
static inline unsigned char *xg_slurp(const char *path, size_t *size) {
  FILE *in = fopen(path, "rb");
  if (!in)
    return NULL;
  unsigned char *bytes = NULL;
  size_t length = 0, capacity = 0, got;
  do {
    if (capacity - length < 65536) {
      capacity = capacity ? 2 * capacity : 262144;
      bytes = realloc(bytes, capacity);
      ck_assert_ptr_nonnull(bytes);
    }
    got = fread(bytes + length, 1, capacity - length, in);
    length += got;
  } while (got > 0);
  fclose(in);
  *size = length;
  return bytes;
}

#define XG_MAX_READ 4 /* matches kept of one input */

typedef struct {
  bg_match *matches[XG_MAX_READ];
  int count;
  bool io_error;
  char reason[256];
  char *said; /* the diagnostics, text form (or JSON), malloc'ed */
  long errors, warnings;
} xg_read_result;

/* Reads `bytes` as `name` through the dispatcher (recognised, not
 * named), the referee checking each match when `check`. */
static inline xg_read_result xg_read_bytes(const void *bytes, size_t size,
                                           const char *name, bool check,
                                           bg_diag_format format) {
  xg_read_result result = {0};
  size_t said_size = 0;
  FILE *out = open_memstream(&result.said, &said_size);
  FILE *in = fmemopen((void *)bytes, size, "r");
  ck_assert_ptr_nonnull(out);
  ck_assert_ptr_nonnull(in);
  bg_diag_sink sink;
  diag_sink_init(&sink, out, format);
  const char *why;
  bg_reader *reader = reader_open(in, name, &sink, BG_NOTATION_AUTO, &why);
  ck_assert_ptr_nonnull(reader);
  ck_assert_int_eq(reader_notation(reader), BG_NOTATION_XG);
  bg_replay_options options;
  bg_replay_options_init(&options);
  bg_match *match;
  while ((match = reader_next(reader)) != NULL) {
    if (check)
      bg_replay_check(match, &options, &sink);
    diag_flush(&sink);
    if (result.count < XG_MAX_READ)
      result.matches[result.count++] = match;
    else
      match_free(match);
  }
  diag_flush(&sink);
  result.io_error = reader_io_error(reader);
  const char *reason = reader_error_reason(reader);
  snprintf(result.reason, sizeof result.reason, "%s", reason ? reason : "");
  reader_free(reader);
  fclose(in);
  fclose(out);
  result.errors = sink.errors;
  result.warnings = sink.warnings;
  diag_sink_free(&sink);
  return result;
}

static inline void xg_read_free(xg_read_result *result) {
  for (int i = 0; i < result->count; i++)
    match_free(result->matches[i]);
  free(result->said);
  memset(result, 0, sizeof *result);
}

#endif
