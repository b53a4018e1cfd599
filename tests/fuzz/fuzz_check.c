/*
 * fuzz_check.c — libFuzzer target for the whole check pipeline: any bytes
 * go through the input layer, the notation sniffer, the reader, the
 * referee and the diagnostics printer, and each match read through every
 * writer (convert).  Crashes, leaks, sanitizer reports and hangs are what
 * it looks for; the diagnostics and the written records go to /dev/null.
 *
 *   make fuzz FUZZ_SECONDS=60      (clang with libFuzzer; seeds: samples/)
 */
#include <stdint.h>

#include "fuzz_read.h"

/* Checked, then written as .mat and as YAML, as check and convert would. */
static void check_and_write(const bg_match *match, const bg_referee_options *options,
                            bg_diag_sink *sink, bool first, void *data) {
  (void)first;
  (void)data;
  referee_check_match(match, options, sink);
  fuzz_write(BG_FORMAT_MAT, fuzz_null_file(), match, options, sink, true);
  fuzz_write(BG_FORMAT_YAML, fuzz_null_file(), match, options, sink, false);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_read(data, size, BG_NOTATION_AUTO, DIAG_JSON, check_and_write, NULL);
  return 0;
}
