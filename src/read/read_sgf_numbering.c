/*
 * read_sgf_numbering.c — NB[found:expected], bgmatch's own SGF property
 * (write_sgf.c writes it; gnubg ignores it): the record an SGF was
 * converted from numbered the line of this node's action `found` where
 * `expected` was due.  SGF numbers no moves, so the break is carried
 * here, and read back as the .mat reader marks a line that breaks its
 * numbers (after_numbering_break): the node's action and the right
 * player's after it on its line (match_shares_mat_line).  The referee
 * then reads the game as it read the record's.
 */
#include <stdlib.h>

#include "read_sgf_int.h"

/* Move numbers past it are no record's: NB[] refuses them, so that no int
 * overflows. */
enum { MAX_MOVE_NUMBER = 1000000 };

bool sgf_numbering_read(sgf_tree *tree, bg_srcpos pos, const char *value) {
  char *colon;
  long found = strtol(value, &colon, 10), expected = -1;
  char *end = colon;
  if (colon != value && *colon == ':' && colon[1] >= '0' && colon[1] <= '9')
    expected = strtol(colon + 1, &end, 10);
  if (expected < 1 || *end != '\0' || found < 0 || found > MAX_MOVE_NUMBER ||
      expected > MAX_MOVE_NUMBER)
    return false;
  tree->numbering_held = true;
  tree->numbering_found = (int)found;
  tree->numbering_expected = (int)expected;
  tree->numbering_pos = pos;
  return true;
}

void sgf_numbering_flag(sgf_tree *tree, const bg_game *game, bg_action *action) {
  if (tree->numbering_held) {
    action->after_numbering_break = true;
    action->move_number = tree->numbering_found;
    action->numbering_expected = tree->numbering_expected;
    action->numbering_pos = tree->numbering_pos;
    tree->numbering_held = false;
    return;
  }
  /* the right player's action after the flagged one shares its .mat line,
   * and so its break, as the .mat reader flags the line's actions */
  int index = (int)(action - game->actions);
  if (index == 0 || !match_numbering_breaks_at(game, index - 1) ||
      !match_shares_mat_line(&game->actions[index - 1], action))
    return;
  const bg_action *before = &game->actions[index - 1];
  action->after_numbering_break = true;
  action->move_number = before->move_number;
  action->numbering_expected = before->numbering_expected;
  action->numbering_pos = before->numbering_pos;
}
