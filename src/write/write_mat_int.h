/*
 * write_mat_int.h — what the .mat writer (write_mat.c, which lays out the
 * lines) asks of write_mat_cell.c (the text of each cell).  Included by
 * write_mat*.c alone.
 */
#ifndef BGMATCH_WRITE_MAT_INT_H
#define BGMATCH_WRITE_MAT_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "writer.h"

enum {
  CELL_SIZE = 512, /* a cell: the dice and a play */
  PLAY_SIZE = 448, /* a play: 16 moves of the record at most */
};

/* The roll of `event` as its cell ("63: 8/5 6/5"), in `cell` of `size`
 * bytes (CELL_SIZE), its length in *length; `positions` is how many the
 * replay followed before it.  Whether its play is the engine's resolved
 * one (its hits marked by the writer). */
bool write_mat_roll_cell(int positions, const bg_replay_event *event, char *cell,
                         int size, size_t *length);

/* `event`'s action (not a roll) as its cell (" Doubles => 2"): "and the
 * match" where the record says so or the replay counts it so (an SGF
 * cannot say it). */
void write_mat_keyword_cell(const bg_replay_event *event, char *cell, int size);

/* "; Set Pos=" and an XGID board, with its line end: letter 0 the right
 * player's bar, 1..24 the points from the left player's side (upper case
 * its checkers, lower case the right player's), 25 the left player's bar;
 * after the '/', the cube as GNU Backgammon reads it: 0 centred, N = 2^N
 * owned by the right player, -N owned by the left one. */
void write_mat_set_position_line(const bg_replay_event *event, char *line, int size);

#endif
