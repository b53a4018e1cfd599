/*
 * referee_numbering.c — recovery: a game whose move numbers break off (a
 * line left out, written twice or misnumbered; the reader marks the line,
 * after_numbering_break).  Whether a play is missing, the plays after the
 * break say: once one of them fits no position, the break is said as an
 * error and the rest of the game is followed unreported; where every play
 * fits, it is a wrong number only, a warning at the game's end.
 */
#include "referee_int.h"

#include <limits.h>
#include <stdio.h>

/* What the break of `act`'s line is: `fits` when every play after it fit. */
static void numbering_message(const bg_action *act, bool fits, char *message,
                              size_t size) {
  int expected = act->numbering_expected, found = act->move_number;
  int last = expected - 1;
  if (last == 0) /* the game's first line */
    snprintf(message, size, "expected move 1 to start the game, found move %d%s", found,
             fits ? ": a wrong number (no play after it shows a line missing)"
                  : ", and the plays after it do not fit the game: a line left out");
  else if (fits)
    snprintf(message, size,
             "expected move %d after move %d, found move %d: a wrong number (no play "
             "after it shows a line missing)",
             expected, last, found);
  else if (found == last)
    snprintf(message, size,
             "move %d is written twice, and the plays after it do not fit the game: a "
             "line repeated, or %d for %d",
             found, found, expected);
  else
    snprintf(message, size,
             "expected move %d after move %d, found move %d, and the plays after it do "
             "not fit the game: %s",
             expected, last, found,
             found > last ? "a line left out" : "lines out of order or written twice");
}

static void say_numbering_break(play_checker *checker, bg_severity severity, bool fits) {
  const bg_action *act = checker->recovery.numbering_break;
  char message[256];
  numbering_message(act, fits, message, sizeof message);
  bg_diag diag = {.file = checker->match->file,
                  .line = act->numbering_pos.line,
                  .column = act->numbering_pos.column,
                  .severity = severity,
                  .rule = RULE_SLUG(SYNTAX),
                  .message = message,
                  .game = checker->game_number,
                  .move = act->move_number};
  diag_emit(checker->sink, &diag);
  checker->recovery.numbering_break_said = true;
}

bool referee_numbering_misfit(const play_checker *checker) {
  return checker->recovery.numbering_break && !checker->recovery.numbering_break_said &&
         !checker->recovery.silenced;
}

void referee_say_numbering_misfit(play_checker *checker) {
  say_numbering_break(checker, DIAG_ERROR, false);
}

/* Does anything but the game's result follow `from` (in `game`)? */
static bool plays_follow(const bg_game *game, const bg_action *from) {
  for (const bg_action *act = from; act < game->actions + game->action_count; act++)
    if (act->kind != ACT_WIN && act->kind != ACT_RESIGN)
      return true;
  return false;
}

void referee_numbering_settle(play_checker *checker, const bg_game *game) {
  if (!checker->recovery.numbering_break || checker->recovery.numbering_break_said ||
      checker->recovery.silenced)
    return;
  if (plays_follow(game, checker->recovery.numbering_break))
    say_numbering_break(checker, DIAG_WARNING, true);
  checker->recovery.numbering_break_said = true;
}

void referee_numbering_broken(play_checker *checker, const bg_action *act) {
  if (checker->recovery.numbering_break &&
      match_same_numbering_break(checker->recovery.numbering_break, act))
    return; /* another action of the same line */
  checker->recovery.numbering_break = act;
  checker->recovery.numbering_break_said = false;
  checker->recovery.plays_on_probation = INT_MAX; /* the rest of the game */
  checker->recovery.probation_pos =
      act->numbering_pos; /* where the number stands (YAML: the [numbered] entry) */
  checker->recovery.probation_rule = RULE_SLUG(SYNTAX);
  checker->recovery.probation_for_numbers = true;
}
