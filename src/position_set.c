/*
 * position_set.c — the set of board positions of position_set.h.
 */
#include "position_set.h"

#include <string.h>

void position_set_init(position_set *set, uint32_t *slots, uint32_t slot_count) {
  set->slots = slots;
  set->mask = slot_count - 1;
  position_set_clear(set);
}

void position_set_clear(position_set *set) {
  memset(set->slots, 0, ((size_t)set->mask + 1) * sizeof *set->slots);
}

void position_set_rebuild(position_set *set, uint32_t *slots, uint32_t slot_count,
                          position_boards boards, uint32_t count) {
  position_set_init(set, slots, slot_count);
  for (uint32_t place = 0; place < count; place++) {
    const bg_board *board = position_boards_at(boards, place);
    *position_set_slot(set, boards, board, board_hash(board)) = place + 1;
  }
}
