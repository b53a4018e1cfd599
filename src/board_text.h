/*
 * board_text.h — a position as a text board, oriented and laid out as GNU
 * Backgammon's text board (`show board`) and as bgmatch's own SVG board
 * (svg_board.h): the player on roll (X) sits at the bottom and moves from
 * its 24 point, top right, round to its 1 point, bottom right; the points
 * carry that player's numbers.  Beside the board: both players' names,
 * scores, pip counts and checkers borne off, the match length and the
 * cube; checkers on the bar stand in the BAR column, each side's on its
 * own half (X's below the bar line, O's above).  `show` and
 * `annotate --board` print it.
 */
#ifndef BG_BOARD_TEXT_H
#define BG_BOARD_TEXT_H

#include <stdbool.h>
#include <stdio.h>

#include "board.h"

typedef struct {
  bg_board board;       /* absolute: side 0 is player 0's (replay.h) */
  int on_roll;          /* 0 or 1: the player drawn as X, at the bottom */
  const char *names[2]; /* of player 0 and player 1 */
  int score[2];
  int length;     /* 0: a money session */
  int cube;       /* 1, 2, 4, ... */
  int cube_owner; /* -1 centred */
  bool crawford;
} board_text_view;

/* The pips side `side` of `board` still has to move: each checker's point
 * number from its own side, 25 on the bar. */
int board_text_pips(const bg_board *board, int side);

/* Writes the board: 13 lines of 44 characters, each followed by
 * what is said beside it (nothing follows a line whose text is empty). */
void board_text_write(FILE *out, const board_text_view *view);

#endif
