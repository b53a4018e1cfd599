/*
 * board_draw.c — the boards of board_draw.h: a position as text and as SVG.
 *
 * The text board is laid out as GNU Backgammon's `show board` lays out its
 * own, column for column, so that the two can be read side by side
 * (tests/board-gnubg.sh holds them together).  One grid of 13 lines, 44
 * columns (the first is the margin where the bar line's direction mark
 * stands), filled cell by cell, then printed with its side notes: a
 * point's stack grows from the edge towards the bar line, five checkers
 * high; a taller stack shows its count in the fifth place (in digits,
 * where gnubg writes 10 and more as a letter).
 *
 * The SVG board's geometry: the board frame spans x 10..470, y 20..360 of
 * a 620 by 446 picture; each half holds six points 35 wide, the bar (30
 * wide) between them; the tray on the right holds the checkers borne off
 * and the cube, the dice stand right of it; the lines below, the caption.
 * A checker is 28 across, drawn every 30: a stack of five from each edge
 * takes 150 of the board's 340, so two facing stacks of five leave 40
 * between them and no checker is drawn over another (a taller stack shows
 * its count on its fifth).  No script, no external reference: it lives
 * inline in one HTML page.
 */
#include "board_draw.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "notation.h"

/* ---- the text board ----------------------------------------------------- */

#define ROWS 13
#define COLUMNS 44
#define BAR_ROW 6
#define STACK 5 /* checkers drawn on a point before the count is shown */

/* X's points as gnubg numbers them: 13 at the top left round to 24 at the
 * top right, 12 at the bottom left down to 1 at the bottom right. */
static const char top_border[] = " +13-14-15-16-17-18------19-20-21-22-23-24-+";
static const char bottom_border[] = " +12-11-10--9--8--7-------6--5--4--3--2--1-+";
/* The frame's columns: the board's edges, the bar's two sides, and the
 * column of the checkers on the bar. */
enum { LEFT_EDGE = 1, BAR_LEFT = 20, BAR_COLUMN = 22, BAR_RIGHT = 24, RIGHT_EDGE = 43 };

/* The column of a point's checkers (its number's last digit on the
 * border): 13..18 and 12..7 left of the bar, 19..24 and 6..1 right of it. */
static int point_column(int point) {
  int slot = point > 12 ? point - 13 : 12 - point; /* 0..11 from the left */
  return slot < 6 ? 3 + 3 * slot : 26 + 3 * (slot - 6);
}

/* Puts `count` checkers drawn as `mark` at `column`, from the edge row
 * `edge` towards the bar line (`step` +1 downwards, -1 upwards). */
static void put_stack(char grid[ROWS][COLUMNS + 1], int column, int edge, int step,
                      int count, char mark) {
  for (int i = 0; i < count && i < STACK; i++)
    grid[edge + step * i][column] = mark;
  if (count > STACK) {
    char number[4];
    snprintf(number, sizeof number, "%d", count > 99 ? 99 : count);
    int length = (int)strlen(number);
    memcpy(&grid[edge + step * (STACK - 1)][column - length + 1], number, (size_t)length);
  }
}

static void fill_grid(char grid[ROWS][COLUMNS + 1], const bg_board *view) {
  for (int r = 1; r < ROWS - 1; r++) {
    memset(grid[r], ' ', COLUMNS);
    grid[r][COLUMNS] = '\0';
    grid[r][LEFT_EDGE] = grid[r][BAR_LEFT] = grid[r][BAR_RIGHT] = grid[r][RIGHT_EDGE] =
        '|';
  }
  memcpy(grid[0], top_border, sizeof top_border);
  memcpy(grid[ROWS - 1], bottom_border, sizeof bottom_border);
  memcpy(&grid[BAR_ROW][BAR_LEFT + 1], "BAR", 3);
  /* gnubg's direction mark: X, at the bottom, is on roll. */
  grid[BAR_ROW][0] = 'v';
  for (int point = 1; point <= 24; point++) {
    bool top = point > 12;
    int edge = top ? 1 : ROWS - 2, step = top ? 1 : -1;
    int x = view->checkers[0][point], o = view->checkers[1][25 - point];
    if (x > 0)
      put_stack(grid, point_column(point), edge, step, x, 'X');
    else if (o > 0)
      put_stack(grid, point_column(point), edge, step, o, 'O');
  }
  /* On the bar each side's checkers stand on its own half, as gnubg has
   * them: X's from the bottom edge up, O's from the top edge down. */
  put_stack(grid, BAR_COLUMN, ROWS - 2, -1, view->checkers[0][BG_BAR], 'X');
  put_stack(grid, BAR_COLUMN, 1, 1, view->checkers[1][BG_BAR], 'O');
}

void board_draw_match_line(int length, int cube, int cube_owner, int on_roll,
                           bool crawford, char *buf, size_t size) {
  int n = length > 0 ? snprintf(buf, size, "%d-point match", length)
                     : snprintf(buf, size, "money session");
  if (n < 0 || (size_t)n >= size)
    return;
  if (cube_owner < 0)
    snprintf(buf + n, size - (size_t)n, ", cube %d centred%s", cube,
             crawford ? ", Crawford game" : "");
  else
    snprintf(buf + n, size - (size_t)n, ", cube %d owned by %s%s", cube,
             cube_owner == on_roll ? "X" : "O", crawford ? ", Crawford game" : "");
}

/* What stands beside line `row`: the opponent's (O) notes above the bar
 * line, the player on roll's (X) below, the match and cube on it, the
 * dice just below it, on X's side. */
static void side_note(const board_text_view *v, const bg_board *view, int row, char *note,
                      int size) {
  int player = row < BAR_ROW ? 1 - v->on_roll : v->on_roll;
  int side = row < BAR_ROW ? 1 : 0;
  int from_edge = row < BAR_ROW ? row : ROWS - 1 - row;
  const char *mark = side == 0 ? "X" : "O";
  note[0] = '\0';
  if (row == BAR_ROW) {
    board_draw_match_line(v->length, v->cube, v->cube_owner, v->on_roll, v->crawford,
                          note, (size_t)size);
    return;
  }
  switch (from_edge) {
  case 0:
    snprintf(note, (size_t)size, "%s: %s%s", mark,
             v->names[player] ? v->names[player] : "", side == 0 ? " (on roll)" : "");
    break;
  case 1:
    snprintf(note, (size_t)size, "score %d", v->score[player]);
    break;
  case 2:
    snprintf(note, (size_t)size, "pips %d", board_pip_count(view, side));
    break;
  case 3:
    snprintf(note, (size_t)size, "borne off %d", view->checkers[side][BG_OFF]);
    break;
  case 4:
    if (view->checkers[side][BG_BAR] > 0)
      snprintf(note, (size_t)size, "on the bar %d", view->checkers[side][BG_BAR]);
    break;
  case 5:
    if (side == 0 && v->dice[0] > 0 && v->dice[1] > 0)
      snprintf(note, (size_t)size, "dice [%d] [%d]", v->dice[0], v->dice[1]);
    break;
  default:
    break;
  }
}

void board_text_write(FILE *out, const board_text_view *v) {
  bg_board view; /* side 0 the player on roll's: X */
  board_seen_by(&v->board, v->on_roll, &view);
  char grid[ROWS][COLUMNS + 1];
  fill_grid(grid, &view);
  for (int row = 0; row < ROWS; row++) {
    char note[160];
    side_note(v, &view, row, note, sizeof note);
    if (note[0])
      fprintf(out, "%s     %s\n", grid[row], note);
    else
      fprintf(out, "%s\n", grid[row]);
  }
}

/* ---- the SVG board ------------------------------------------------------ */

#define TOP 20
#define BOTTOM 360
#define MIDDLE ((TOP + BOTTOM) / 2)
#define POINT_WIDTH 35
#define POINT_HEIGHT 140
#define RADIUS 15 /* half the step from one checker to the next */
#define BAR_X 230
#define BAR_WIDTH 30
#define TRAY_X 480
#define DICE_X 532 /* the first die's left edge */
#define DIE 30
#define PICTURE_WIDTH 620
#define PICTURE_HEIGHT 446
#define SHOWN 5 /* checkers drawn on a point; the last carries the count */

void board_draw_html_escaped(FILE *out, const char *text, size_t length) {
  char *plain = bg_malloc(length + 1);
  size_t n = 0;
  for (size_t i = 0; i < length; i++) {
    unsigned char c = (unsigned char)text[i];
    if (c >= 0x20 || c == '\t')
      plain[n++] = (char)c;
  }
  plain[n] = '\0';
  char *utf8 = notation_utf8_from_record(plain);
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

void board_draw_html_text(FILE *out, const char *text) {
  if (text)
    board_draw_html_escaped(out, text, strlen(text));
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
    *y = MIDDLE;
  } else if (point <= 0) {
    *x = TRAY_X + 20;
    *y = BOTTOM - 30;
  } else {
    *x = point_x(point);
    *y = point_on_top(point) ? TOP + 75 : BOTTOM - 75;
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
            "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" class=\"x\"/>"
            "<text x=\"%d\" y=\"%d\" class=\"nx\">%d</text>\n",
            x, MIDDLE - 2 * RADIUS, RADIUS - 2, x, MIDDLE - 2 * RADIUS + 5, x_count);
  if (o_count > 0)
    fprintf(out,
            "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" class=\"o\"/>"
            "<text x=\"%d\" y=\"%d\" class=\"no\">%d</text>\n",
            x, MIDDLE + 2 * RADIUS, RADIUS - 2, x, MIDDLE + 2 * RADIUS + 5, o_count);
}

static void write_checkers(FILE *out, const board_svg_view *view) {
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
static void write_tray(FILE *out, const board_svg_view *view) {
  int tx = TRAY_X + 20;
  fprintf(out,
          "<text x=\"%d\" y=\"%d\" class=\"off\">off %d</text>"
          "<text x=\"%d\" y=\"%d\" class=\"off\">off %d</text>\n",
          tx, TOP + 20, view->board.checkers[1 - view->on_roll][0], tx, BOTTOM - 10,
          view->board.checkers[view->on_roll][0]);
  int cy = view->cube_owner < 0                ? MIDDLE
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

/* The pips of one die showing `value`, a square `DIE` wide at x, y. */
static void write_die(FILE *out, int x, int y, int value) {
  /* the pips' places on a 3 by 3 grid, one bit each, row by row */
  static const int layouts[7] = {0, 0x010, 0x044, 0x054, 0x145, 0x155, 0x16d};
  fprintf(out,
          "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"5\" class=\"die\"/>",
          x, y, DIE, DIE);
  for (int cell = 0; cell < 9; cell++)
    if (layouts[value] & (0x100 >> cell))
      fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"3\" class=\"pip\"/>",
              x + 7 + 8 * (cell % 3), y + 7 + 8 * (cell / 3));
  fputc('\n', out);
}

/* The roll beside the board, on the side of the player on roll. */
static void write_dice(FILE *out, const board_svg_view *view) {
  if (view->dice[0] < 1 || view->dice[0] > 6 || view->dice[1] < 1 || view->dice[1] > 6)
    return;
  fprintf(out, "<g class=\"dice\"><title>the roll: %d%d</title>", view->dice[0],
          view->dice[1]);
  write_die(out, DICE_X, MIDDLE + 20, view->dice[0]);
  write_die(out, DICE_X + DIE + 10, MIDDLE + 20, view->dice[1]);
  fputs("</g>\n", out);
}

/* One player's line of the caption: mark, name, score, pips, off. */
static void write_player_caption(FILE *out, const board_svg_view *view, int player,
                                 int y) {
  bool on_roll = player == view->on_roll;
  fprintf(out, "<text x=\"10\" y=\"%d\" class=\"cap\">%s ", y, on_roll ? "X" : "O");
  board_draw_html_text(out, view->names[player]);
  fprintf(out, "%s: score %d, %d pips, %d off</text>", on_roll ? " (on roll)" : "",
          view->score[player], board_pip_count(&view->board, player),
          view->board.checkers[player][0]);
}

static void write_caption(FILE *out, const board_svg_view *view) {
  write_player_caption(out, view, view->on_roll, BOTTOM + 38);
  write_player_caption(out, view, 1 - view->on_roll, BOTTOM + 56);
  char match[128];
  board_draw_match_line(view->length, view->cube, view->cube_owner, view->on_roll,
                        view->crawford, match, sizeof match);
  fprintf(out, "<text x=\"10\" y=\"%d\" class=\"cap match\">%s</text>\n", BOTTOM + 74,
          match);
}

void board_svg_write(FILE *out, const board_svg_view *view) {
  fprintf(out,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
          "height=\"%d\" role=\"img\" class=\"board\"><title>The position before the "
          "play</title>\n",
          PICTURE_WIDTH, PICTURE_HEIGHT, PICTURE_WIDTH, PICTURE_HEIGHT);
  write_frame(out);
  write_points(out);
  write_checkers(out, view);
  write_tray(out, view);
  write_dice(out, view);
  for (int i = 0; i < view->arrow_count && i < SVG_MAX_ARROWS; i++)
    write_arrow(out, &view->arrows[i], view->arrows_legal);
  write_caption(out, view);
  fputs("</svg>\n", out);
}
