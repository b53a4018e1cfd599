/*
 * fuzz_read_sgf.c — libFuzzer target for the SGF reader: any bytes read as
 * SGF (--from sgf, so that the fuzzer need not find "(;" first), each match
 * checked by the referee and written back as SGF, the way `check` and a
 * conversion would.  Crashes, leaks, sanitizer reports and hangs are what
 * it looks for; diagnostics and output go to /dev/null.
 *
 *   make fuzz FUZZ_SECONDS=60      (seeds: the SGF cases of tests/e2e)
 */
#include <stdint.h>

#include "fuzz_read.h"

static void write_as_sgf(const bg_match *match, const bg_replay_options *options,
                         bg_diag_sink *sink, bool first, void *data) {
  (void)data;
  fuzz_write(BG_FORMAT_SGF, fuzz_null_file(), match, options, sink, first);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_read(data, size, BG_NOTATION_SGF, DIAG_TEXT, write_as_sgf, NULL);
  return 0;
}
