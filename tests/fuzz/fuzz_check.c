/*
 * fuzz_check.c — libFuzzer target for the whole check pipeline: any bytes
 * go through the input layer, the notation sniffer, the reader, the
 * referee and the diagnostics printer, and each match read through every
 * writer (convert), counted as `stats` counts and shown as `show` shows
 * its plays (in one walk of the replay).  Crashes, leaks, sanitizer reports
 * and hangs are what it looks for; the diagnostics and the written records go to
 * /dev/null.
 *
 *   make fuzz FUZZ_SECONDS=60      (clang with libFuzzer; seeds: samples/)
 */
#include <stdint.h>

#include "fuzz_read.h"
#include "show.h"
#include "stats.h"

/* Plays shown as `bgmatch show` would, in text and in JSON by turns
 * (whatever the record leaves unknown is a status, never a crash), all in
 * one walk of the replay: the first few of each game and every tenth (a
 * play shown costs its legal plays and identifiers, and inputs/s is what
 * finds bugs); and show's own walk for a play past the ends. */
static void show_plays(const bg_match *match, const bg_referee_options *options,
                       bg_diag_sink *sink) {
  bg_replay *replay = bg_replay_new(match, options, sink);
  const bg_replay_event *event;
  int play = 0;
  while ((event = bg_replay_next(replay)) != NULL) {
    if (event->kind == BG_REPLAY_GAME_START)
      play = 0;
    if (event->kind != BG_REPLAY_ACTION || !show_is_play(event->action))
      continue;
    if (++play <= 4 || play % 10 == 0)
      show_event(fuzz_null_file(), play % 2 == 0, match, options, event,
                 event->game_index + 1, play);
  }
  bg_replay_free(replay);
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
  show_plays(match, options, sink);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_read(data, size, BG_NOTATION_AUTO, DIAG_JSON, check_and_write, NULL);
  return 0;
}
