/*
 * movegen.h — every way the player on roll can play a roll.
 *
 * Two lists, both deduplicated by resulting position:
 *  - the legal plays (play as many dice as possible, the higher die when only
 *    one die can be played), what a recorded play is checked against;
 *  - the reachable positions (any number of dice, any order, each step legal
 *    on its own): what the rules leave out of the legal plays, which the
 *    engine's tests compare against ("13/7 is reachable but not legal").
 *    The referee does not need it: it explains a miss by walking the
 *    record's own moves (referee_explain.c).
 * Neither knows any notation: plays are steps; notation.h writes them.
 */
#ifndef BG_MOVEGEN_H
#define BG_MOVEGEN_H

#include <stddef.h>

#include "board.h"

#define BG_MAX_DICE_STEPS 4

typedef struct {
  int8_t from; /* 1..25 (25 = bar) */
  int8_t to;   /* 0..24 (0 = off) */
  int8_t die;  /* pips of the die used */
  bool hit;
} bg_step;

typedef struct {
  bg_step steps[BG_MAX_DICE_STEPS];
  int step_count;  /* dice played */
  bg_board result; /* position after the play, still from the roller's side */
} bg_play;

typedef struct {
  bg_play *plays;
  int count;
  size_t capacity;
} bg_playlist;

void movegen_playlist_init(bg_playlist *list);
void movegen_playlist_clear(bg_playlist *list); /* count = 0, keeps memory */
void movegen_playlist_free(bg_playlist *list);

/* Fills `out` (cleared first) with the legal plays of dice (die1, die2), in
 * any order of the two dice (1..6 each).  A roll that cannot be played gives
 * one play of zero steps whose result is the unchanged board (so that
 * "no play" is itself the one legal play).  Returns out->count (running
 * out of memory ends the program with status 2: alloc.h). */
int movegen_legal_plays(const bg_board *board, int die1, int die2, bg_playlist *out);

/* Fills `out` with every position reachable with any number of the dice
 * (zero included), each step legal on its own, deduplicated by position;
 * for each, the step sequence with the most dice is kept. */
int movegen_reachable(const bg_board *board, int die1, int die2, bg_playlist *out);

/* The play of dice (die1, die2) that leads from `board` to `target`, as
 * movegen_legal_plays gives it (the same steps, in the same order), found
 * without generating the other plays; false when no play leads there.
 * `target` must be the result of a legal play: of two ways there with
 * different numbers of dice, the one with more is given, whether or not
 * the rules allow it. */
bool movegen_play_to(const bg_board *board, int die1, int die2, const bg_board *target,
                     bg_play *out);

/* The most dice of (die1, die2) the roller can play from `board` (0 to
 * 4): every legal play plays that many.  Ends at the first play of every
 * die, where movegen_legal_plays goes on to list every play. */
int movegen_most_dice(const bg_board *board, int die1, int die2);

/* Whether the roller's checkers can be brought to where `target` has them
 * (the opponent's side is not looked at) by steps of the dice, each legal
 * on its own, in an order the legal plays are searched in, and by as many
 * dice as can be played (movegen_most_dice).  Every legal play is such a
 * way, so false means no legal play leads to `target`'s roller side:
 * decided without listing the legal plays, which a record's miss would
 * otherwise make for every position it may be in.  True does not promise
 * one does (when one die alone can be played, the higher must be). */
bool movegen_may_be_legal(const bg_board *board, int die1, int die2,
                          const bg_board *target);

#endif
