/*
 * fuzz_read_sgf.c — libFuzzer target for the SGF reader: any bytes read as
 * SGF (--from sgf, so that the fuzzer need not find "(;" first), each match
 * checked by the referee and written back as SGF, the way `check` and a
 * conversion would.  Crashes, leaks, sanitizer reports and hangs are what
 * it looks for; diagnostics and output go to /dev/null.
 *
 *   make fuzz FUZZ_SECONDS=60      (seeds: the SGF cases of tests/e2e)
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "reader.h"
#include "referee.h"
#include "replay.h"
#include "writer.h"

static FILE *null_file;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!null_file)
    null_file = fopen("/dev/null", "w");
  /* fmemopen refuses an empty buffer on some C libraries. */
  FILE *in = size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
  if (!in || !null_file) {
    if (in)
      fclose(in);
    return 0;
  }
  bg_diag_sink sink;
  diag_sink_init(&sink, null_file, DIAG_TEXT);
  bg_referee_options options;
  referee_options_init(&options);
  const char *reason;
  bg_reader *reader = reader_open(in, "fuzz.sgf", &sink, BG_NOTATION_SGF, &reason);
  if (reader) {
    bg_match *match;
    for (bool first = true; (match = reader_next(reader)) != NULL; first = false) {
      bg_replay *replay = bg_replay_new(match, &options, &sink);
      writer_write(BG_FORMAT_SGF, null_file, match, replay, first);
      bg_replay_free(replay);
      diag_flush(&sink);
      match_free(match);
    }
    reader_free(reader);
  }
  diag_flush(&sink);
  diag_sink_free(&sink);
  fclose(in);
  return 0;
}
