/*
 * fuzz_convert.c — libFuzzer target for what `convert`, `stats` and `show`
 * do with any record the readers take: each match read is written in one
 * notation, chosen by the input's length (.mat, YAML, JSON, SGF by turns:
 * each writer walks the replay, as convert does, and one writer a match
 * keeps an input to two walks), then counted as `stats` counts and its
 * plays shown as `show` shows them, both in one more walk.  `check` alone
 * is fuzz_check.c; the YAML writer's round trip fuzz_roundtrip_yaml.c.
 * The written records and the boards go to /dev/null.
 *
 *   make fuzz FUZZ_SECONDS=60      (clang with libFuzzer; seeds: samples/)
 */
#include <stdint.h>

#include "fuzz_read.h"
#include "show.h"
#include "stats.h"

/* Counted and shown in one walk: the first few plays of each game and
 * every tenth, in text and in JSON by turns (whatever the record leaves
 * unknown is a status, never a crash); then show's own walk for a play
 * past the end of the record and
 * one past the end of its first game. */
static void count_and_show(const bg_match *match, const bg_replay_options *options,
                           bg_diag_sink *sink) {
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
    if (++play <= 4 || play % 10 == 0)
      show_event(fuzz_null_file(), play % 2 == 0, match, options, event,
                 event->game_index + 1, play);
  }
  bg_replay_free(replay);
  stats_take_diagnostics(&stats, sink);
  long errors;
  show_play(fuzz_null_file(), false, match, options, sink, match->game_count + 1, 1,
            &errors);
  show_play(fuzz_null_file(), false, match, options, sink, 1, 100000, &errors);
}

static void write_count_and_show(const bg_match *match, const bg_replay_options *options,
                                 bg_diag_sink *sink, bool first, void *data) {
  const bg_format *format = data;
  fuzz_write(*format, fuzz_null_file(), match, options, sink, first);
  count_and_show(match, options, sink);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const bg_format formats[] = {BG_FORMAT_MAT, BG_FORMAT_YAML, BG_FORMAT_JSON,
                                      BG_FORMAT_SGF};
  bg_format format = formats[size % 4];
  fuzz_read(data, size, BG_NOTATION_AUTO, DIAG_JSON, write_count_and_show, &format);
  return 0;
}
