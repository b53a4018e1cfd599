/*
 * read_mat_number.c — the move number that opens a move line ("  12) "),
 * and the numbering a game's lines follow.
 *
 * Every program that writes .mat numbers a game's move lines 1, 2, 3...:
 * a number that does not follow the line before says that a line was left
 * out, written twice or misnumbered.  The reader says so once and flags
 * the line's actions, so that the referee does not blame every play after
 * a missing line (referee_numbering_broken).
 */
#include "read_mat_int.h"

size_t mat_read_move_number(bg_mat_reader *reader, const mat_line *line) {
  reader->move_number = 0;
  size_t after = 0;
  if (!mat_match_move_number(&reader->patterns, line->text, line->length,
                             &reader->move_number, &after))
    return 0;
  reader->left_column = (int)after + 2; /* one blank after ')' */
  return after;
}

/* Each numbered line of a game is the one after the line before: a gap or a
 * number again says a line is missing or written twice (every program's
 * records number their lines so).  Returns false on such a break, said. */
bool mat_move_number_follows(bg_mat_reader *reader, const mat_line *line) {
  int number = reader->move_number, last = reader->last_move_number;
  int before_break = reader->move_number_before_break;
  if (number == 0)
    return true;
  reader->last_move_number = number;
  reader->move_number_before_break = 0;
  if (last == 0 || number == last + 1)
    return true;
  if (before_break && number == before_break + 1) {
    /* the line before had a wrong number, no line is missing */
    bg_game *game = &reader->match->games[reader->match->game_count - 1];
    for (int i = reader->break_actions_from;
         i < reader->break_actions_to && i < game->action_count; i++)
      game->actions[i].after_numbering_break = false;
    return true;
  }
  reader->move_number_before_break = last + 1;
  size_t first = mat_first_non_blank(line);
  if (number == last)
    mat_syntax_error(reader, line->number, (int)first + 1,
                     "move %d is written twice: a line repeated, or %d for %d", number,
                     number, last + 1);
  else
    mat_syntax_error(reader, line->number, (int)first + 1,
                     "expected move %d after move %d, found move %d: %s", last + 1, last,
                     number,
                     number > last ? "a line left out, or a wrong number"
                                   : "a wrong number, or lines out of order");
  return false;
}

void mat_numbering_new_game(bg_mat_reader *reader) {
  reader->last_move_number = reader->move_number_before_break = 0;
}

void mat_flag_numbering_break(bg_mat_reader *reader, bg_game *game, int first_action) {
  /* on the actions of the line, whatever of them could be read */
  reader->break_actions_from = first_action;
  reader->break_actions_to = game->action_count;
  for (int i = first_action; i < game->action_count; i++)
    game->actions[i].after_numbering_break = true;
}
