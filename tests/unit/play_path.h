/*
 * play_path.h — what the unit tests ask of a legal play against a
 * record's moves, apart from the referee (which they check): does the play
 * stop where the record says its checkers stop?  For check_play_proofs.c
 * and check_mutations_exact.c.
 */
#ifndef BG_TEST_PLAY_PATH_H
#define BG_TEST_PLAY_PATH_H

#include <stdbool.h>

#include "match.h"
#include "movegen.h"

/* Does `play` stop on every point the record writes as a destination?
 * "13/11 11/8" stopped on the 11 (and hit there if a blot stood), which
 * 13/10/8 does not: the record's path, as the referee's readings take it. */
static inline bool play_lands_as_written(const bg_action *roll, const bg_play *play) {
  for (int i = 0; i < roll->move_count; i++) {
    bool landed = roll->moves[i].to == BG_OFF;
    for (int s = 0; s < play->step_count && !landed; s++)
      landed = play->steps[s].to == roll->moves[i].to;
    if (!landed)
      return false;
  }
  return true;
}

#endif
