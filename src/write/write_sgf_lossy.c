/*
 * write_sgf_lossy.c — what GNU Backgammon's SGF cannot hold of a record,
 * said at conversion as `lossy` warnings at the record's own place (the
 * SGF writer, write_sgf.c, decides when; this file says what): a cube's
 * value (a double node has none), a score line and a "Wins" line's points
 * (a game's score is taken from the results before it), a break of the
 * move numbers where the action has no node to carry it (NB[]),
 * dice a play was written without, a move from off or to the bar (no
 * letter holds it), and text the record's reader could not read that no
 * SGF value can hold.
 */
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "rules.h"
#include "write_sgf_int.h"

/* What an error of `rule` is about that GNU Backgammon's SGF cannot hold,
 * or NULL. */
static const char *unheld(const char *rule) {
  if (strcmp(rule, RULE_SLUG(CUBE)) == 0)
    return "SGF has no cube values: a double is written without the value the record "
           "gives it";
  if (strcmp(rule, RULE_SLUG(SCORE)) == 0)
    return "SGF has no score lines and no 'Wins' lines: the score and points the record "
           "writes here are not written";
  return NULL;
}

typedef struct {
  bg_srcpos pos;
  const char *lost;
} lossy_note;

void write_sgf_say_unheld(bg_replay *replay, const bg_replay_event *event) {
  if (event->diag_count == 0)
    return;
  lossy_note *notes = calloc(event->diag_count, sizeof *notes);
  if (!notes)
    return;
  size_t note_count = 0;
  for (size_t i = 0; i < event->diag_count; i++) {
    const bg_diag *diag = &event->diags[i];
    const char *lost =
        diag->severity == DIAG_ERROR && diag->rule ? unheld(diag->rule) : NULL;
    if (lost)
      notes[note_count++] = (lossy_note){{diag->line, diag->column}, lost};
  }
  for (size_t i = 0; i < note_count; i++)
    bg_replay_say_lossy(replay, notes[i].pos, "%s", notes[i].lost);
  free(notes);
}

void write_sgf_say_numbering_lost(bg_replay *replay, const bg_action *action) {
  bg_replay_say_lossy(
      replay, action->numbering_pos,
      "SGF has no move numbers, and this action no node: the break in the "
      "record's (move %d where %d was expected) is not written",
      action->move_number, action->numbering_expected);
}

void write_sgf_say_dice_measured(bg_replay *replay, const bg_action *roll, int die1,
                                 int die2) {
  bg_replay_say_lossy(replay, roll->pos,
                      "SGF cannot write a play without its dice: written with the dice "
                      "its moves measure (%d%d)",
                      die1, die2);
}

void write_sgf_say_text_lost(bg_replay *replay, const bg_action *action,
                             const char *text) {
  bg_replay_say_lossy(replay, action->pos,
                      "SGF cannot hold this text its reader could not read: '%.60s'",
                      text);
}

void write_sgf_say_move_unheld(bg_replay *replay, const bg_move *move, int nowhere) {
  char written[32];
  bg_move single = *move;
  single.count = 1;
  single.hit = false;
  notation_move_text_as(&single, NOTATION_GNUBG, written, sizeof written);
  bg_replay_say_lossy(replay, move->pos,
                      "SGF has no letter for a checker from off or to the bar: %s is "
                      "written as %d/%d, which goes nowhere and is as illegal",
                      written, nowhere, nowhere);
}
