/*
 * fuzz_check.c — libFuzzer target for what `bgmatch check` does: any bytes
 * go through the input layer, the notation sniffer, the reader, the
 * referee and the diagnostics printer (text and JSON by turns).  The
 * writers have their own target (fuzz_convert.c), stats and show theirs
 * (fuzz_show_stats.c), so that each input here costs one walk of the
 * referee: inputs/s is what finds bugs.  Crashes, leaks, sanitizer
 * reports and hangs are what it looks for; the diagnostics go to
 * /dev/null.
 *
 *   make fuzz FUZZ_SECONDS=60      (clang with libFuzzer; seeds: samples/)
 */
#include <stdint.h>

#include "fuzz_read.h"

static void check_match(const bg_match *match, const bg_replay_options *options,
                        bg_diag_sink *sink, bool first, void *data) {
  (void)first;
  (void)data;
  bg_replay_check(match, options, sink);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  bg_diag_format format = size % 2 ? DIAG_JSON : DIAG_TEXT;
  fuzz_read(data, size, BG_NOTATION_AUTO, format, check_match, NULL);
  return 0;
}
