/*
 * svg_board.h — a position as an inline SVG picture for the HTML report
 * of `bgmatch annotate`: the 24 points as triangles, checkers as circles
 * (a count on the fifth when a point holds more), the bar, the checkers
 * borne off, the cube, both pip counts, and a play drawn as arrows.  The
 * player on roll is X (dark checkers), moving from its 24 point, top
 * right, to its 1 point, bottom right, as on most boards; the points carry
 * its numbers.  Also the HTML escaping every part of the report uses.
 */
#ifndef BG_SVG_BOARD_H
#define BG_SVG_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "board.h"

/* One arrow: from and to on the roller's own points (25 bar, 0 off). */
typedef struct {
  int from, to;
} svg_arrow;

#define SVG_MAX_ARROWS 16

typedef struct {
  bg_board board; /* absolute, as replay.h: side 0 is player 0's */
  int on_roll;    /* 0 or 1: drawn as X */
  const char *names[2];
  int cube;       /* 1, 2, 4, ... */
  int cube_owner; /* -1 centred */
  svg_arrow arrows[SVG_MAX_ARROWS];
  int arrow_count;
  bool arrows_legal; /* the play is a legal one (solid), else as written
                        (dashed) */
} svg_board_view;

/* Writes one <svg> element. */
void svg_board_write(FILE *out, const svg_board_view *view);

/* Writes `length` bytes of record text as HTML text: UTF-8 (a stray byte
 * read as Latin-1, utf8.h), & < > " ' escaped, control characters but tab
 * dropped. */
void html_write_escaped(FILE *out, const char *text, size_t length);

/* The same for a C string; NULL writes nothing. */
void html_write_text(FILE *out, const char *text);

#endif
