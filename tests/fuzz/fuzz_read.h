/*
 * fuzz_read.h — what the libFuzzer targets share: the fuzzer's bytes read
 * in a notation through the reader dispatcher, every match handed to the
 * target's own work, diagnostics printed to /dev/null (so the printers are
 * fuzzed too).  Header-only, static: each target is a program of its own.
 */
#ifndef BG_FUZZ_READ_H
#define BG_FUZZ_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "diag.h"
#include "reader.h"
#include "replay.h"
#include "writer.h"

/* A target's work on one match read; `first` for the first of the input. */
typedef void (*fuzz_each_match)(const bg_match *match, const bg_replay_options *options,
                                bg_diag_sink *sink, bool first, void *data);

/* /dev/null, opened once for the whole run.  A harness that cannot open it
 * aborts: that is no finding about the input. */
static FILE *fuzz_null_file(void) {
  static FILE *null_file;
  if (!null_file)
    null_file = fopen("/dev/null", "w");
  if (!null_file)
    abort();
  return null_file;
}

/* Reads the `size` bytes at `data` as `from` and calls `each` on every
 * match, in order; diagnostics go to /dev/null in `format`. */
static void fuzz_read(const void *data, size_t size, bg_notation from,
                      bg_diag_format format, fuzz_each_match each, void *each_data) {
  /* fmemopen refuses an empty buffer on some C libraries. */
  FILE *in = size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
  if (!in)
    abort();
  bg_diag_sink sink;
  diag_sink_init(&sink, fuzz_null_file(), format);
  bg_replay_options options;
  bg_replay_options_init(&options);
  const char *reason;
  bg_reader *reader = reader_open(in, "fuzz", &sink, from, &reason);
  if (reader) {
    bg_match *match;
    for (bool first = true; (match = reader_next(reader)) != NULL; first = false) {
      each(match, &options, &sink, first, each_data);
      diag_flush(&sink);
      match_free(match);
    }
    reader_free(reader);
  }
  diag_flush(&sink);
  diag_sink_free(&sink);
  fclose(in);
}

/* Writes `match` to `out` in `format`, walking a replay of its own. */
static void fuzz_write(bg_format format, FILE *out, const bg_match *match,
                       const bg_replay_options *options, bg_diag_sink *sink, bool first) {
  bg_replay *replay = bg_replay_new(match, options, sink);
  writer_write(format, out, match, replay, first);
  bg_replay_free(replay);
}

#endif
