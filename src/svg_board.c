/*
 * svg_board.c — the SVG board of svg_board.h.  Geometry: the board frame
 * spans x 10..470, y 20..280 of a 530 by 330 picture; each half holds six
 * points 35 wide, the bar (30 wide) between them; the tray on the right
 * holds the checkers borne off and the cube; the line below, the names
 * and pip counts.  No script, no external reference: it lives inline in
 * one HTML page.
 */
#include "svg_board.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "board_text.h"
#include "utf8.h"

#define TOP 20
#define BOTTOM 280
#define POINT_WIDTH 35
#define POINT_HEIGHT 110
#define RADIUS 16
#define BAR_X 230
#define BAR_WIDTH 30
#define TRAY_X 480
#define SHOWN 5 /* checkers drawn on a point; the last carries the count */

void html_write_escaped(FILE *out, const char *text, size_t length) {
  char *plain = bg_malloc(length + 1);
  size_t n = 0;
  for (size_t i = 0; i < length; i++) {
    unsigned char c = (unsigned char)text[i];
    if (c >= 0x20 || c == '\t')
      plain[n++] = (char)c;
  }
  plain[n] = '\0';
  char *utf8 = utf8_from_record(plain);
  for (const char *p = utf8; *p; p++) {
    switch (*p) {
    case '&':
      fputs("&amp;", out);
      break;
    case '<':
      fputs("&lt;", out);
      break;
    case '>':
      fputs("&gt;", out);
      break;
    case '"':
      fputs("&quot;", out);
      break;
    case '\'':
      fputs("&#39;", out);
      break;
    case 0x7f:
      break;
    default:
      fputc(*p, out);
    }
  }
  free(utf8);
  free(plain);
}

void html_write_text(FILE *out, const char *text) {
  if (text)
    html_write_escaped(out, text, strlen(text));
}

/* The slot of point `point` (X's numbering) in its row: 0..11 from the
 * left; points 13..24 on top, 12..1 below. */
static bool point_on_top(int point) {
  return point > 12;
}

static int point_x(int point) {
  int slot = point_on_top(point) ? point - 13 : 12 - point;
  int left =
      slot < 6 ? 10 + POINT_WIDTH * slot : BAR_X + BAR_WIDTH + POINT_WIDTH * (slot - 6);
  return left + POINT_WIDTH / 2;
}

/* Where an arrow starts or ends at `point`: the middle of its triangle,
 * the bar, or the tray. */
static void anchor(int point, int *x, int *y) {
  if (point >= 25) {
    *x = BAR_X + BAR_WIDTH / 2;
    *y = 110;
  } else if (point <= 0) {
    *x = TRAY_X + 20;
    *y = 250;
  } else {
    *x = point_x(point);
    *y = point_on_top(point) ? TOP + 70 : BOTTOM - 70;
  }
}

static void write_frame(FILE *out) {
  fprintf(out,
          "<rect x=\"10\" y=\"%d\" width=\"460\" height=\"%d\" class=\"felt\"/>"
          "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"bar\"/>"
          "<rect x=\"%d\" y=\"%d\" width=\"40\" height=\"%d\" class=\"tray\"/>\n",
          TOP, BOTTOM - TOP, BAR_X, TOP, BAR_WIDTH, BOTTOM - TOP, TRAY_X, TOP,
          BOTTOM - TOP);
}

static void write_points(FILE *out) {
  for (int point = 1; point <= 24; point++) {
    int x = point_x(point), half = POINT_WIDTH / 2;
    bool top = point_on_top(point);
    int base = top ? TOP : BOTTOM, tip = top ? TOP + POINT_HEIGHT : BOTTOM - POINT_HEIGHT;
    fprintf(out, "<polygon points=\"%d,%d %d,%d %d,%d\" class=\"p%d\"/>", x - half, base,
            x + half + 1, base, x, tip, point % 2);
    fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"num\">%d</text>\n", x,
            top ? TOP - 5 : BOTTOM + 13, point);
  }
}

/* `count` checkers of `who` ("x" or "o") stacked from the edge at `x`. */
static void write_stack(FILE *out, int x, bool top, int count, const char *who) {
  for (int k = 0; k < count && k < SHOWN; k++) {
    int y = top ? TOP + RADIUS + 2 * RADIUS * k : BOTTOM - RADIUS - 2 * RADIUS * k;
    fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" class=\"%s\"/>", x, y, RADIUS - 1,
            who);
    if (k == SHOWN - 1 && count > SHOWN)
      fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"n%s\">%d</text>", x, y + 5, who,
              count);
  }
  fputc('\n', out);
}

/* The bar's checkers: X's above the middle, O's below, with a count. */
static void write_bar(FILE *out, int x_count, int o_count) {
  int x = BAR_X + BAR_WIDTH / 2;
  if (x_count > 0)
    fprintf(out,
            "<circle cx=\"%d\" cy=\"110\" r=\"%d\" class=\"x\"/>"
            "<text x=\"%d\" y=\"115\" class=\"nx\">%d</text>\n",
            x, RADIUS - 2, x, x_count);
  if (o_count > 0)
    fprintf(out,
            "<circle cx=\"%d\" cy=\"190\" r=\"%d\" class=\"o\"/>"
            "<text x=\"%d\" y=\"195\" class=\"no\">%d</text>\n",
            x, RADIUS - 2, x, o_count);
}

static void write_checkers(FILE *out, const svg_board_view *view) {
  const uint8_t *x = view->board.checkers[view->on_roll];
  const uint8_t *o = view->board.checkers[1 - view->on_roll];
  for (int point = 1; point <= 24; point++) {
    bool top = point_on_top(point);
    if (x[point])
      write_stack(out, point_x(point), top, x[point], "x");
    if (o[25 - point])
      write_stack(out, point_x(point), top, o[25 - point], "o");
  }
  write_bar(out, x[BG_BAR], o[BG_BAR]);
}

/* The tray: O's borne off on top, X's below, the cube beside its owner
 * (in the middle when centred). */
static void write_tray(FILE *out, const svg_board_view *view) {
  int tx = TRAY_X + 20;
  fprintf(out,
          "<text x=\"%d\" y=\"%d\" class=\"off\">off %d</text>"
          "<text x=\"%d\" y=\"%d\" class=\"off\">off %d</text>\n",
          tx, TOP + 20, view->board.checkers[1 - view->on_roll][0], tx, BOTTOM - 10,
          view->board.checkers[view->on_roll][0]);
  int cy = view->cube_owner < 0                ? 150
           : view->cube_owner == view->on_roll ? BOTTOM - 60
                                               : TOP + 60;
  fprintf(out,
          "<rect x=\"%d\" y=\"%d\" width=\"28\" height=\"28\" class=\"cube\"/>"
          "<text x=\"%d\" y=\"%d\" class=\"cubev\">%d</text>\n",
          tx - 14, cy - 14, tx, cy + 5, view->cube > 1 ? view->cube : 64);
}

/* One arrow with its head, the head drawn as a triangle of its own. */
static void write_arrow(FILE *out, const svg_arrow *arrow, bool legal) {
  int x1, y1, x2, y2;
  anchor(arrow->from, &x1, &y1);
  anchor(arrow->to, &x2, &y2);
  double dx = x2 - x1, dy = y2 - y1;
  double length = dx * dx + dy * dy;
  if (length < 1)
    return;
  /* a square root without libm: a few Newton steps are plenty here */
  double r = length;
  for (int i = 0; i < 30; i++)
    r = 0.5 * (r + length / r);
  double ux = dx / r, uy = dy / r;
  double bx = x2 - 12 * ux, by = y2 - 12 * uy;
  fprintf(out,
          "<line x1=\"%d\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" class=\"%s\"/>"
          "<polygon points=\"%d,%d %.1f,%.1f %.1f,%.1f\" class=\"head\"/>\n",
          x1, y1, bx, by, legal ? "arrow" : "arrow written", x2, y2, bx - 6 * uy,
          by + 6 * ux, bx + 6 * uy, by - 6 * ux);
}

static void write_caption(FILE *out, const svg_board_view *view) {
  int x = view->on_roll, o = 1 - view->on_roll;
  fputs("<text x=\"10\" y=\"312\" class=\"cap\">X ", out);
  html_write_text(out, view->names[x]);
  fprintf(out, " (on roll): %d pips, %d off</text>", board_text_pips(&view->board, x),
          view->board.checkers[x][0]);
  fputs("<text x=\"10\" y=\"326\" class=\"cap\">O ", out);
  html_write_text(out, view->names[o]);
  fprintf(out, ": %d pips, %d off; cube %d%s</text>\n", board_text_pips(&view->board, o),
          view->board.checkers[o][0], view->cube,
          view->cube_owner < 0    ? " centred"
          : view->cube_owner == x ? " owned by X"
                                  : " owned by O");
}

void svg_board_write(FILE *out, const svg_board_view *view) {
  fputs("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 530 330\" width=\"530\" "
        "height=\"330\" role=\"img\" class=\"board\"><title>The position before the "
        "play</title>\n",
        out);
  write_frame(out);
  write_points(out);
  write_checkers(out, view);
  write_tray(out, view);
  for (int i = 0; i < view->arrow_count && i < SVG_MAX_ARROWS; i++)
    write_arrow(out, &view->arrows[i], view->arrows_legal);
  write_caption(out, view);
  fputs("</svg>\n", out);
}
