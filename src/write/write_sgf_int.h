/*
 * write_sgf_int.h — what the SGF writer (write_sgf.c) asks of its
 * `lossy` sayings (write_sgf_lossy.c): the warnings `convert --to sgf`
 * gives, at the record's place, for what GNU Backgammon's SGF cannot
 * hold.  Included by write_sgf*.c alone.
 */
#ifndef BGMATCH_WRITE_SGF_INT_H
#define BGMATCH_WRITE_SGF_INT_H

#include "writer.h"

/* Says, at its place, each error of `event` about what SGF cannot hold
 * (a cube's value, a score line); once the event's diagnostics are read,
 * since saying one adds to the sink that holds them (and may move them). */
void write_sgf_say_unheld(bg_replay *replay, const bg_replay_event *event);

/* Says where the record's move numbers break off (`action`, the first of
 * the line that breaks them), when its break has no node to stand on. */
void write_sgf_say_numbering_lost(bg_replay *replay, const bg_action *action);

/* Says that a play written without its dice is written with the dice its
 * moves measure. */
void write_sgf_say_dice_measured(bg_replay *replay, const bg_action *roll, int die1,
                                 int die2);

/* Says that the text the record's reader could not read at `action` is
 * not written. */
void write_sgf_say_text_lost(bg_replay *replay, const bg_action *action,
                             const char *text);

#endif
