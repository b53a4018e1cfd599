/*
 * movegen_int.h — what movegen.c asks of movegen_direct.c.
 */
#ifndef BG_MOVEGEN_INT_H
#define BG_MOVEGEN_INT_H

#include "movegen.h"

/* The play of valid dice (die1, die2) from `board` to `target`, as
 * movegen_play_to gives it, where it is one of the commonest (two dice
 * off no point, a double off no point); false leaves it to the search. */
bool movegen_play_directly(const bg_board *board, int die1, int die2,
                           const bg_board *target, bg_play *out);

#endif
