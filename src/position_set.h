/*
 * position_set.h — a set of board positions: an open-addressed index, by
 * board_hash, over boards the caller keeps in an array of its own (the
 * plays of a roll, the readings of a record), so that a position is found,
 * or its place made, in a probe or two without copying a board.
 *
 * A slot holds 1 + a board's place in the caller's array, 0 when empty.
 * The slots are the caller's too (on its stack, or malloc'ed), a power of
 * two of them, kept at least twice the boards so that probes stay short.
 * The boards are found by address and stride, so that a board may be a
 * field of a larger element (bg_play's `result`).
 */
#ifndef BG_POSITION_SET_H
#define BG_POSITION_SET_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

typedef struct {
  uint32_t *slots; /* 1 + a board's place, 0 empty */
  uint32_t mask;   /* the slots less one: their count is a power of two */
} position_set;

/* The caller's boards: the first, and the bytes from one to the next. */
typedef struct {
  const bg_board *first;
  size_t stride;
} position_boards;

/* The set over `slot_count` (a power of two) slots at `slots`, emptied. */
void position_set_init(position_set *set, uint32_t *slots, uint32_t slot_count);

/* Empties the set (every slot 0). */
void position_set_clear(position_set *set);

/* The board at place `place` of `boards`. */
static inline const bg_board *position_boards_at(position_boards boards, uint32_t place) {
  return (const bg_board *)((const char *)boards.first + (size_t)place * boards.stride);
}

/* The slot of `board`, whose board_hash is `hash`: the one holding an
 * equal board of `boards`, else the empty one where it goes (the caller
 * writes 1 + its place there).  Inline: the move generator asks once for
 * every position its search reaches. */
static inline uint32_t *position_set_slot(const position_set *set, position_boards boards,
                                          const bg_board *board, uint64_t hash) {
  uint32_t at = (uint32_t)hash & set->mask;
  while (set->slots[at] &&
         !board_equal(position_boards_at(boards, set->slots[at] - 1), board))
    at = (at + 1) & set->mask;
  return &set->slots[at];
}

/* Moves the set to `slot_count` (a power of two, more than `count`) slots
 * at `slots` and places there the first `count` boards of `boards`, all
 * distinct; the old slots are the caller's to free. */
void position_set_rebuild(position_set *set, uint32_t *slots, uint32_t slot_count,
                          position_boards boards, uint32_t count);

#endif
