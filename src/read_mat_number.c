/*
 * read_mat_number.c — the move number that opens a move line ("  12) "),
 * and the numbering a game's lines follow.
 *
 * Every program that writes .mat numbers a game's move lines 1, 2, 3...:
 * a number that does not follow the line before may say that a line was
 * left out or written twice, or only that the number is wrong (Backgammon
 * Studio numbers the "Wins" line after "Concedes" two or three higher).
 * The reader cannot tell: it flags the line's actions with what it read,
 * and the referee, which sees whether the plays after it fit the game,
 * says which (referee_numbering_broken).  One wrong number that the next
 * line's number shows (5, 6, 17, 8) is read here: a warning.
 *
 * Stage: a cell token's, under read_mat.c and read_mat_play.c.  Calls the
 * memo (read_mat_memo.c) and read_mat_report.c.
 */
#include <stdio.h>

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
/* The line before had a wrong number, which the line after it shows: no
 * line is missing, one number is wrong.  The line's actions are no longer
 * flagged; a warning says so. */
static void forgive_wrong_number(bg_mat_reader *reader) {
  bg_game *game = &reader->match->games[reader->match->game_count - 1];
  for (int i = reader->break_actions_from;
       i < reader->break_actions_to && i < game->action_count; i++)
    game->actions[i].after_numbering_break = false;
  char message[160];
  snprintf(message, sizeof message,
           "move %d should be numbered %d: the lines before and after it follow each "
           "other",
           reader->break_found, reader->break_expected);
  mat_warning(reader, reader->break_pos, message);
}

/* Each numbered line of a game is the one after the line before.  Returns
 * false on a break (a gap, or a number again), which the line's actions
 * are then flagged with (mat_flag_numbering_break). */
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
    forgive_wrong_number(reader);
    return true;
  }
  reader->move_number_before_break = last + 1;
  reader->break_expected = last + 1;
  reader->break_found = number;
  reader->break_pos = (bg_srcpos){
      line->number, mat_byte_column(reader, (int)mat_first_non_blank(line) + 1)};
  return false;
}

void mat_numbering_new_game(bg_mat_reader *reader) {
  reader->last_move_number = reader->move_number_before_break = 0;
}

void mat_flag_numbering_break(bg_mat_reader *reader, bg_game *game, int first_action) {
  /* on the actions of the line, whatever of them could be read */
  reader->break_actions_from = first_action;
  reader->break_actions_to = game->action_count;
  for (int i = first_action; i < game->action_count; i++) {
    bg_action *act = &game->actions[i];
    act->after_numbering_break = true;
    act->numbering_expected = reader->break_expected;
    act->numbering_pos = reader->break_pos;
  }
}
