/*
 * referee_prove.h — the quick proof of a play (referee_proof*.c) as every
 * play is judged (referee_play.c) asks it: inline where it is asked.
 *
 * A header of its own, not referee_int.h: its inline function calls the
 * files of the proof, which include referee_int.h, and would make a call
 * cycle of them there.
 */
#ifndef BG_REFEREE_PROVE_H
#define BG_REFEREE_PROVE_H

#include "referee_int.h"

/* referee_prove_quickly of `roll`'s play from `absolute`, a position as
 * the referee keeps it (side 0 the left player), as referee_proved says
 * it: where it holds, the play is made on `absolute`, else `absolute` is
 * left as it was.  The commonest plays are made there in place, with no
 * view copied.
 *
 * Inline, two calls: the walk every play takes, out of line, keeps
 * nothing for after it, so saves few registers; its caller, where every
 * play is judged, holds the play and the position in saved registers
 * already. */
static inline referee_proved
referee_prove_play_onto(bool marks_hits, const bg_action *roll, bg_board *absolute) {
  referee_proved walked = referee_walk_a_die_a_step(marks_hits, roll, absolute);
  if (walked)
    return walked; /* most plays of a valid record */
  return referee_prove_onto_otherwise(marks_hits, roll, absolute) ? PROOF_HOLDS
                                                                  : PROOF_NONE;
}

/* referee_prove_play_onto, as a yes or no. */
static inline bool referee_prove_onto(bool marks_hits, const bg_action *roll,
                                      bg_board *absolute) {
  return referee_prove_play_onto(marks_hits, roll, absolute) != PROOF_NONE;
}

#endif
