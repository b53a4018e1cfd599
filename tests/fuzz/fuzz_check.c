/*
 * fuzz_check.c — libFuzzer target for the whole check pipeline: any bytes
 * go through the input layer, the notation sniffer, the reader, the
 * referee and the diagnostics printer, and each match read through every
 * writer (convert), counted as `stats` counts and shown as `show` shows
 * its plays.  Crashes, leaks, sanitizer reports and hangs are what
 * it looks for; the diagnostics and the written records go to /dev/null.
 *
 *   make fuzz FUZZ_SECONDS=60      (clang with libFuzzer; seeds: samples/)
 */
#include <stdint.h>

#include "fuzz_read.h"
#include "show.h"
#include "stats.h"

/* Plays shown as `bgmatch show` would, in text and in JSON (whatever the
 * record leaves unknown is a status, never a crash): the first few and the
 * last of the first games, since each show walks its game from the start. */
static int next_shown_play(int play, int plays) {
  if (play < 8)
    return play + 1;
  return play < plays ? plays : plays + 1;
}

static void show_some_plays(const bg_match *match, const bg_referee_options *options,
                            bg_diag_sink *sink) {
  for (int game = 1; game <= match->game_count && game <= 4; game++) {
    int plays = show_play_count(&match->games[game - 1]);
    for (int play = 1; play <= plays; play = next_shown_play(play, plays)) {
      long errors;
      show_play(fuzz_null_file(), play % 2 == 0, match, options, sink, game, play,
                &errors);
    }
  }
  /* And past the ends. */
  long errors;
  show_play(fuzz_null_file(), false, match, options, sink, match->game_count + 1, 1,
            &errors);
  show_play(fuzz_null_file(), false, match, options, sink, 1, 100000, &errors);
}

/* Checked, then written as .mat and as YAML, as check and convert would,
 * counted as stats would and some of its plays shown. */
static void check_and_write(const bg_match *match, const bg_referee_options *options,
                            bg_diag_sink *sink, bool first, void *data) {
  (void)first;
  (void)data;
  referee_check_match(match, options, sink);
  fuzz_write(BG_FORMAT_MAT, fuzz_null_file(), match, options, sink, true);
  fuzz_write(BG_FORMAT_YAML, fuzz_null_file(), match, options, sink, false);
  bg_stats stats;
  stats_init(&stats);
  stats_add_match(&stats, match, options, sink);
  stats_take_diagnostics(&stats, sink);
  show_some_plays(match, options, sink);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_read(data, size, BG_NOTATION_AUTO, DIAG_JSON, check_and_write, NULL);
  return 0;
}
