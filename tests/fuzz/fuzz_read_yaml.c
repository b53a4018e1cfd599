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
#include <stdint.h>

#include "fuzz_read.h"

static void check(const bg_match *match, const bg_replay_options *options,
                  bg_diag_sink *sink, bool first, void *data) {
  (void)first;
  (void)data;
  bg_replay_check(match, options, sink);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_read(data, size, BG_NOTATION_YAML, DIAG_TEXT, check, NULL);
  return 0;
}
