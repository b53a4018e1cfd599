/*
 * match_moves.c — the blocks of the match model's moves (match_moves.h):
 * a new block or the next run of zeroed room when the inline reservation
 * has none, and the blocks of freed matches kept for the thread's next.
 */
#include "match_moves.h"

#include <stdlib.h>
#include <string.h>

/* Blocks of freed matches are kept for the next matches of the thread, as
 * the action arrays are (alloc.h's pool). */
#define POOL_BLOCKS 4

/* Moves zeroed at once ahead of the reservations: 2 KB, the most that
 * glibc's memset writes with vector stores (past that, `rep stosb`). */
#define MOVES_ZEROED_AHEAD 128

static _Thread_local struct bg_move_block *block_pool[POOL_BLOCKS];
static _Thread_local int block_pool_count;

static struct bg_move_block *new_block(void) {
  if (block_pool_count > 0)
    return block_pool[--block_pool_count];
  return malloc(sizeof(struct bg_move_block));
}

/* Not inlined (LTO would): the inline reservation's common path then
 * saves no registers around it. */
__attribute__((noinline)) bg_move *match_moves_new_room(bg_move_store *store) {
  store->reserved = NULL; /* its moves are counted in `used` already */
  struct bg_move_block *block = store->blocks;
  if (!block || block->used + BG_MAX_MOVES > BG_MOVES_PER_BLOCK) {
    block = new_block();
    if (!block)
      return NULL;
    block->used = block->zeroed = 0;
    block->next = store->blocks;
    store->blocks = block;
  }
  int end = block->used + MOVES_ZEROED_AHEAD;
  end = end < BG_MOVES_PER_BLOCK ? end : BG_MOVES_PER_BLOCK;
  memset(block->moves + block->used, 0,
         (size_t)(end - block->used) * sizeof *block->moves);
  block->zeroed = end;
  store->reserved = block->moves + block->used;
  return store->reserved;
}

void match_moves_free(bg_move_store *store) {
  struct bg_move_block *block = store->blocks;
  while (block) {
    struct bg_move_block *next = block->next;
    if (block_pool_count < POOL_BLOCKS)
      block_pool[block_pool_count++] = block;
    else
      free(block);
    block = next;
  }
  store->blocks = NULL;
  store->reserved = NULL;
  store->marked = false;
}

void match_moves_pool_release(void) {
  while (block_pool_count > 0)
    free(block_pool[--block_pool_count]);
}
