/*
 * match_moves.h — a move of the match model and the blocks a match keeps
 * its actions' moves in (match.h's match_reserve_moves).
 *
 * Apart from match.h so that the reservation is inline there: a reader
 * reserves room for every play it reads, and the call was 1% of check's
 * instructions.  Its slow path (a new block, the next run zeroed) is in
 * match_moves.c, which includes this header and not match.h: match.h's
 * inline code calls into it without a cycle between the files (an inline
 * function here calling match_moves.c would be one).
 */
#ifndef BG_MATCH_MOVES_H
#define BG_MATCH_MOVES_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
  int line;   /* 1-based */
  int column; /* 1-based, in bytes */
} bg_srcpos;

/* One move of the notation: "13/9*" is {13, 9, hit, count 1}; "6/4*(2)" is
 * {6, 4, hit, count 2}; "24/13" (a combined hop) is {24, 13}; a chain
 * "24/18/13" with a hit mark on the 18 is stored as two moves {24, 18, hit}
 * {18, 13}.  Points are the
 * mover's own: 25 = bar, 0 = off. */
typedef struct {
  int8_t from; /* 0..25, as the notation wrote them */
  int8_t to;
  int16_t count; /* repeat count, 1 when not written */
  bool hit;      /* '*' written after the destination */
  bg_srcpos pos;
} bg_move;

#define BG_MAX_MOVES 16 /* a play with more moves is a syntax error */

/* The actions' moves, in blocks: a block is filled from its start, the
 * newest block first in the list.  Moves are zeroed a run at a time ahead
 * of the reservations, not each reservation's BG_MAX_MOVES (most plays
 * have 2 to 4 moves): past `used` nothing is written, so what was zeroed
 * there stays zero. */
#define BG_MOVES_PER_BLOCK 4096

struct bg_move_block {
  struct bg_move_block *next;
  int used;
  int zeroed; /* moves[used, zeroed) are all zero */
  bg_move moves[BG_MOVES_PER_BLOCK];
};

/* A match's blocks, and the last room reserved, whose unused part the
 * next reservation takes back.  `marked`: a move kept before the last
 * room carries a hit mark; a record that writes none (many clients never
 * do) is then told without a walk over its actions' moves. */
typedef struct {
  struct bg_move_block *blocks;
  bg_move *reserved;
  bool marked;
} bg_move_store;

/* The reservation when the newest block has no zeroed room for one: a new
 * block (one of the thread's kept blocks when it has any), or the next run
 * zeroed.  NULL when memory is out. */
bg_move *match_moves_new_room(bg_move_store *store);

/* Gives the store's blocks to the thread for its next matches (a few; the
 * others are freed) and empties the store. */
void match_moves_free(bg_move_store *store);

/* Frees the blocks the thread keeps; a thread calls it before it ends. */
void match_moves_pool_release(void);

#endif
