/*
 * fuzz_read_xg.c — libFuzzer target for the .xg reader: each match
 * checked by the referee and written back as a .mat, the way `check` and
 * a conversion would.  Crashes, leaks, sanitizer reports and hangs are
 * what it looks for; diagnostics and output go to /dev/null.
 *
 * An input that starts with "RGMH" is read as it is: the container (the
 * archive found from the end, its index, the zlib stream, the CRC) is
 * fuzzed.  Any other input is taken as the game file itself and wrapped
 * in a sound archive first (tests/unit/xg_build.h: deflated, its CRC
 * right), so that the mutations reach the records rather than die on the
 * checksum: the records and what the model and the referee make of them
 * are fuzzed.
 *
 *   make fuzz FUZZ_SECONDS=60      (seeds: the corpus's .xg files when
 *                                   ../shared is there, and the e2e case's)
 */
#include <stdint.h>
#include <string.h>

#include "../unit/xg_build.h"
#include "fuzz_read.h"

static void write_as_mat(const bg_match *match, const bg_replay_options *options,
                         bg_diag_sink *sink, bool first, void *data) {
  (void)data;
  fuzz_write(BG_FORMAT_MAT, fuzz_null_file(), match, options, sink, first);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size >= 4 && memcmp(data, "RGMH", 4) == 0) {
    fuzz_read(data, size, BG_NOTATION_XG, DIAG_TEXT, write_as_mat, NULL);
    return 0;
  }
  size_t archive_size;
  unsigned char *archive = xg_build_archive(data, size, NULL, &archive_size);
  fuzz_read(archive, archive_size, BG_NOTATION_XG, DIAG_JSON, write_as_mat, NULL);
  free(archive);
  return 0;
}
