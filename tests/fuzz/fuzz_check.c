/*
 * fuzz_check.c — libFuzzer target for the whole check pipeline: any bytes
 * go through the input layer, the notation sniffer, the reader, the
 * referee and the diagnostics printer, and each match read through every
 * writer (convert).  Crashes, leaks, sanitizer reports and hangs are what
 * it looks for; the diagnostics and the written records go to /dev/null.
 *
 *   make fuzz FUZZ_SECONDS=60      (clang with libFuzzer; seeds: samples/)
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "reader.h"
#include "referee.h"
#include "writer.h"

static FILE *sink_file;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!sink_file)
    sink_file = fopen("/dev/null", "w");
  /* fmemopen refuses an empty buffer on some C libraries. */
  FILE *in = size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
  if (!in || !sink_file) {
    if (in)
      fclose(in);
    return 0;
  }
  bg_diag_sink sink;
  diag_sink_init(&sink, sink_file, DIAG_JSON);
  bg_referee_options options;
  referee_options_init(&options);
  const char *reason;
  bg_reader *reader = reader_open(in, "fuzz.mat", &sink, BG_NOTATION_AUTO, &reason);
  if (reader) {
    bg_match *match;
    while ((match = reader_next(reader)) != NULL) {
      referee_check_match(match, &options, &sink);
      bg_replay *replay = bg_replay_new(match, &options, &sink);
      writer_write(BG_FORMAT_MAT, sink_file, match, replay, true);
      bg_replay_free(replay);
      replay = bg_replay_new(match, &options, &sink);
      writer_write(BG_FORMAT_YAML, sink_file, match, replay, false);
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
