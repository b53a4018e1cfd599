/*
 * fuzz_show_stats.c — libFuzzer target for what `stats` and `show` do
 * with any record the readers take: each match read is counted as
 * `stats` counts it and its plays shown as `show` shows them, in one walk
 * of the replay (not a replay from the start for each play shown), then
 * show's own walk is asked for a play past the end of the record and one
 * past the end of its first game (answered before any walk).  The boards
 * go to /dev/null, in text and JSON by turns; the diagnostics as the two
 * commands print them (text).
 *
 *   make fuzz FUZZ_SECONDS=60      (clang with libFuzzer; seeds: samples/)
 */
#include <stdint.h>

#include "fuzz_read.h"
#include "show.h"
#include "stats.h"

/* The first play of each game and every tenth are shown, in text and JSON
 * by turns (whatever the record leaves unknown is a status, never a
 * crash).  Each game's first play shows that game's score, cube and
 * Crawford state; showing more of its plays ran the same code again: with
 * the first four of each game, show's boards and lists of legal plays
 * were a third of the target's time. */
static void count_and_show(const bg_match *match, const bg_replay_options *options,
                           bg_diag_sink *sink, bool first, void *data) {
  (void)first;
  (void)data;
  bg_stats stats;
  stats_init(&stats);
  bg_replay *replay = bg_replay_new(match, options, sink);
  const bg_replay_event *event;
  int play = 0;
  while ((event = bg_replay_next(replay)) != NULL) {
    stats_add_event(&stats, match, event);
    if (event->kind == BG_REPLAY_GAME_START)
      play = 0;
    if (event->kind != BG_REPLAY_ACTION || !match_action_is_play(event->action))
      continue;
    if (++play == 1 || play % 10 == 0)
      show_event(fuzz_null_file(), (event->game_index + play / 10) % 2 == 1, match,
                 options, event, event->game_index + 1, play);
  }
  bg_replay_free(replay);
  stats_take_diagnostics(&stats, sink);
  long errors;
  show_play(fuzz_null_file(), false, match, options, sink, match->game_count + 1, 1,
            &errors);
  show_play(fuzz_null_file(), false, match, options, sink, 1, 100000, &errors);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_read(data, size, BG_NOTATION_AUTO, DIAG_TEXT, count_and_show, NULL);
  return 0;
}
