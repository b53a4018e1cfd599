/*
 * results.h — what a match came to, taken from the replay: its final
 * score as the referee counted it (capped at the length), its winner, the
 * games played, and a fingerprint of what happened on the board, the same
 * whatever the notation the match was written in.  `bgmatch results`
 * prints one row a match and finds the same match handed in twice.
 */
#ifndef BG_RESULTS_H
#define BG_RESULTS_H

#include <stdint.h>

#include "diag.h"
#include "match.h"
#include "replay.h"

typedef struct {
  int length;   /* points; 0 a money session, -1 not given by the record */
  int score[2]; /* after the last game, each capped at the length */
  int winner;   /* 0 left, 1 right; -1 when the match is not won */
  int games;    /* games played (begun) */
  /* The plays (dice and the position each left), cube actions (who
   * doubled, took, dropped: SGF holds no cube value) and each game's
   * result; 0 when the match has no play, which no other match then
   * duplicates. */
  uint64_t fingerprint;
} bg_results_row;

/* Walks `match` through the replay under `options` (diagnostics into
 * `sink`) and fills `row`. */
void results_of_match(const bg_match *match, const bg_replay_options *options,
                      bg_diag_sink *sink, bg_results_row *row);

#endif
