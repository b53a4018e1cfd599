/*
 * fuzz_convert.c — libFuzzer target for what `convert` does with any
 * record the readers take: each match read is written in one notation,
 * chosen by the input's length (.mat, YAML, JSON, SGF by turns), the
 * writer walking the replay as convert's does, its diagnostics printed as
 * convert prints them (text).  One walk an input: `check` is
 * fuzz_check.c, `stats` and `show` fuzz_show_stats.c, the YAML writer's
 * round trip fuzz_roundtrip_yaml.c.  The written records go to /dev/null.
 *
 *   make fuzz FUZZ_SECONDS=60      (clang with libFuzzer; seeds: samples/)
 */
#include <stdint.h>

#include "fuzz_read.h"

static void write_match(const bg_match *match, const bg_replay_options *options,
                        bg_diag_sink *sink, bool first, void *data) {
  const bg_format *format = data;
  fuzz_write(*format, fuzz_null_file(), match, options, sink, first);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const bg_format formats[] = {BG_FORMAT_MAT, BG_FORMAT_YAML, BG_FORMAT_JSON,
                                      BG_FORMAT_SGF};
  bg_format format = formats[size % 4];
  fuzz_read(data, size, BG_NOTATION_AUTO, DIAG_TEXT, write_match, &format);
  return 0;
}
