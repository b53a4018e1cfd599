/*
 * show.h — one play of a record as `bgmatch show` prints it: the position
 * before the play (the text board of board_draw.h), the dice, what the
 * record played, the legal plays and the position's identifiers (posid.h),
 * as text or as one JSON object.  The command line (cli_show.c) finds the
 * match and the file; this finds the play in the replay.
 *
 * Plays are counted from 1 in each game, across both players: one per
 * turn with dice (a roll cell; "00:", nothing rolled, is none); cube
 * actions and results are not plays.
 */
#ifndef BG_SHOW_H
#define BG_SHOW_H

#include <stdbool.h>
#include <stdio.h>

#include "match.h"
#include "posid.h"
#include "replay.h"

typedef enum { SHOW_FOUND, SHOW_NO_GAME, SHOW_NO_PLAY, SHOW_UNKNOWN } show_status;

/* The play: game `game` and play `play` (both from 1) of `match`, walked
 * under `options` with the diagnostics going to `sink`; printed to `out`
 * as text, or as one JSON line when `json`.  SHOW_UNKNOWN when the record
 * leaves the position before the play unknown (a play before it was not
 * recorded or cannot be followed): nothing is printed then, nor for the
 * other statuses.  `errors` gets the errors the record has up to the play
 * (the reader's for the whole match included). */
/* The play of `event` (an ACT_ROLL action of a replay of `match` under
 * `options`, play `play` of game `game`), printed as show_play prints it:
 * for a consumer that walks the replay itself and shows many plays in one
 * walk.  SHOW_UNKNOWN, nothing printed, where the position is unknown. */
show_status show_event(FILE *out, bool json, const bg_match *match,
                       const bg_replay_options *options, const bg_replay_event *event,
                       int game, int play);

show_status show_play(FILE *out, bool json, const bg_match *match,
                      const bg_replay_options *options, bg_diag_sink *sink, int game,
                      int play, long *errors);

#endif
