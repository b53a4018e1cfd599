/*
 * board_draw.h — a position drawn, for the consumers that show one
 * (`show`, `annotate`): as a text board (board_text_*) and as an inline SVG
 * picture (board_svg_*), both oriented alike.  Stage: a consumer's helper,
 * over the engine's board.h; calls no other stage but notation.h (its UTF-8 text).
 *
 * The text board is laid out as GNU Backgammon's text board (`show board`):
 * the player on roll (X) sits at the bottom and moves from its 24 point,
 * top right, round to its 1 point, bottom right; the points carry that
 * player's numbers.  Beside the board: both players' names, scores, pip
 * counts and checkers borne off, the match length, the cube and the
 * Crawford game, and the dice of the player on roll; checkers on
 * the bar stand in the BAR column, each side's on its own half (X's below
 * the bar line, O's above).  `show` and `annotate --board` print it.
 *
 * The SVG board is for the HTML report of `bgmatch annotate`: the 24 points
 * as triangles, checkers as circles (a count on the fifth when a point
 * holds more; no checker ever drawn over another, even where two stacks
 * of five face each other), the bar, the checkers borne off, the cube, the
 * dice of the roll beside the board, a play drawn as arrows, and under it
 * a caption: both players' scores, pips and checkers off, then the match
 * length, the cube's value and owner, and the Crawford game.  The player on roll is X
 * (dark checkers), oriented as on the text board.  Also the HTML escaping every part of
 * the report uses.
 */
#ifndef BG_BOARD_DRAW_H
#define BG_BOARD_DRAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "board.h"

/* ---- the text board ----------------------------------------------------- */

typedef struct {
  bg_board board;       /* absolute: side 0 is player 0's (replay.h) */
  int on_roll;          /* 0 or 1: the player drawn as X, at the bottom */
  const char *names[2]; /* of player 0 and player 1 */
  int score[2];
  int length;     /* 0: a money session */
  int cube;       /* 1, 2, 4, ... */
  int cube_owner; /* -1 centred */
  bool crawford;
  int dice[2]; /* the roll of the player on roll; 0 0 when none */
} board_text_view;

/* Writes the board: 13 lines of 44 characters, each followed by
 * what is said beside it (nothing follows a line whose text is empty). */
void board_text_write(FILE *out, const board_text_view *view);

/* ---- the SVG board ------------------------------------------------------ */

/* One arrow: from and to on the roller's own points (25 bar, 0 off). */
typedef struct {
  int from, to;
} svg_arrow;

#define SVG_MAX_ARROWS 16

typedef struct {
  bg_board board; /* absolute, as replay.h: side 0 is player 0's */
  int on_roll;    /* 0 or 1: drawn as X */
  const char *names[2];
  int score[2];
  int length;     /* 0: a money session */
  int cube;       /* 1, 2, 4, ... */
  int cube_owner; /* -1 centred */
  bool crawford;
  int dice[2]; /* the roll of the player on roll; 0 0 when none */
  svg_arrow arrows[SVG_MAX_ARROWS];
  int arrow_count;
  bool arrows_legal; /* the play is a legal one (solid), else as written
                        (dashed) */
} board_svg_view;

/* "7-point match, cube 2 owned by X, Crawford game" ("money session",
 * "cube 1 centred"), what both boards say of the match and the cube. */
void board_draw_match_line(int length, int cube, int cube_owner, int on_roll,
                           bool crawford, char *buf, size_t size);

/* Writes one <svg> element. */
void board_svg_write(FILE *out, const board_svg_view *view);

/* Writes `length` bytes of record text as HTML text: UTF-8 (a stray byte
 * read as Latin-1, notation.h), & < > " ' escaped, control characters but tab
 * dropped. */
void board_draw_html_escaped(FILE *out, const char *text, size_t length);

/* The same for a C string; NULL writes nothing. */
void board_draw_html_text(FILE *out, const char *text);

#endif
