/*
 * fuzz_read_yaml.c — libFuzzer target for the YAML reader: any bytes are
 * read as bgmatch's YAML notation (--from=yaml, whatever they look like)
 * and every match read goes through the referee and the diagnostics
 * printer.  Crashes, leaks, sanitizer reports, hangs and memory beyond
 * libFuzzer's -rss_limit_mb (the reader's limits: depth, token size,
 * aliases refused) are what it looks for.
 *
 *   make fuzz FUZZ_SECONDS=60      (clang with libFuzzer; seeds: samples/ as YAML)
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "reader.h"
#include "referee.h"

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
  diag_sink_init(&sink, sink_file, DIAG_TEXT);
  bg_referee_options options;
  referee_options_init(&options);
  const char *reason;
  bg_reader *reader = reader_open(in, "fuzz.yaml", &sink, BG_NOTATION_YAML, &reason);
  if (reader) {
    bg_match *match;
    while ((match = reader_next(reader)) != NULL) {
      referee_check_match(match, &options, &sink);
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
