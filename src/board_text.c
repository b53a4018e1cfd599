/*
 * board_text.c — the text board of board_text.h.  One grid of 13 lines,
 * 45 columns, filled cell by cell, then printed with its side notes: a
 * point's stack grows from the edge towards the bar line, five checkers
 * high; a taller stack shows its count in the fifth place, as FIBS and GNU
 * Backgammon do.
 */
#include "board_text.h"

#include <string.h>

#define ROWS 13
#define COLUMNS 45
#define BAR_ROW 6
#define STACK 5 /* checkers drawn on a point before the count is shown */

static const char top_border[] = "+-24-23-22-21-20-19-------18-17-16-15-14-13-+";
static const char bottom_border[] = "+--1--2--3--4--5--6--------7--8--9-10-11-12-+";

int board_text_pips(const bg_board *board, int side) {
  int pips = 0;
  for (int point = 1; point <= BG_BAR; point++)
    pips += point * board->checkers[side][point];
  return pips;
}

/* The column of a point's checkers (its number's last digit on the
 * border): 24..19 and 1..6 on the left, 18..13 and 7..12 on the right. */
static int point_column(int point) {
  int slot = point > 12 ? 24 - point : point - 1; /* 0..11 from the left */
  return slot < 6 ? 3 + 3 * slot : 27 + 3 * (slot - 6);
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
    grid[r][0] = grid[r][20] = grid[r][24] = grid[r][44] = '|';
  }
  memcpy(grid[0], top_border, sizeof top_border);
  memcpy(grid[ROWS - 1], bottom_border, sizeof bottom_border);
  memcpy(&grid[BAR_ROW][21], "BAR", 3);
  for (int point = 1; point <= 24; point++) {
    bool top = point > 12;
    int edge = top ? 1 : ROWS - 2, step = top ? 1 : -1;
    int x = view->checkers[0][point], o = view->checkers[1][25 - point];
    if (x > 0)
      put_stack(grid, point_column(point), edge, step, x, 'X');
    else if (o > 0)
      put_stack(grid, point_column(point), edge, step, o, 'O');
  }
  /* X enters in the top left quarter, O in the bottom left. */
  put_stack(grid, 22, 1, 1, view->checkers[0][BG_BAR], 'X');
  put_stack(grid, 22, ROWS - 2, -1, view->checkers[1][BG_BAR], 'O');
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
    /* The direction mark of the FIBS board, right of the bar line. */
    const char *line_end = row == BAR_ROW ? "v" : " ";
    if (note[0])
      fprintf(out, "%s%s    %s\n", grid[row], line_end, note);
    else
      fprintf(out, "%s%s\n", grid[row], row == BAR_ROW ? "v" : "");
  }
}
