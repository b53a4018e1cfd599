/*
 * board_text.c — the text board of board_text.h, laid out as GNU
 * Backgammon's `show board` lays out its own, column for column, so that
 * the two can be read side by side (tests/board-gnubg.sh holds them
 * together).  One grid of 13 lines, 44 columns (the first is the margin
 * where the bar line's direction mark stands), filled cell by cell, then
 * printed with its side notes: a point's stack grows from the edge
 * towards the bar line, five checkers high; a taller stack shows its
 * count in the fifth place (in digits, where gnubg writes 10 and more as
 * a letter).
 */
#include "board_text.h"

#include <string.h>

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

int board_text_pips(const bg_board *board, int side) {
  int pips = 0;
  for (int point = 1; point <= BG_BAR; point++)
    pips += point * board->checkers[side][point];
  return pips;
}

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

/* What stands beside line `row`: the opponent's (O) notes above the bar
 * line, the player on roll's (X) below, the match and cube on it. */
static void side_note(const board_text_view *v, const bg_board *view, int row, char *note,
                      int size) {
  int player = row < BAR_ROW ? 1 - v->on_roll : v->on_roll;
  int side = row < BAR_ROW ? 1 : 0;
  int from_edge = row < BAR_ROW ? row : ROWS - 1 - row;
  const char *mark = side == 0 ? "X" : "O";
  note[0] = '\0';
  if (row == BAR_ROW) {
    int n = v->length > 0 ? snprintf(note, (size_t)size, "%d-point match", v->length)
                          : snprintf(note, (size_t)size, "money session");
    if (v->cube_owner < 0)
      snprintf(note + n, (size_t)(size - n), ", cube %d centred%s", v->cube,
               v->crawford ? ", Crawford game" : "");
    else
      snprintf(note + n, (size_t)(size - n), ", cube %d owned by %s%s", v->cube,
               v->cube_owner == v->on_roll ? "X" : "O",
               v->crawford ? ", Crawford game" : "");
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
    snprintf(note, (size_t)size, "pips %d", board_text_pips(view, side));
    break;
  case 3:
    snprintf(note, (size_t)size, "borne off %d", view->checkers[side][BG_OFF]);
    break;
  case 4:
    if (view->checkers[side][BG_BAR] > 0)
      snprintf(note, (size_t)size, "on the bar %d", view->checkers[side][BG_BAR]);
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
