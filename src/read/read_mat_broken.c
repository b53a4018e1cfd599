/*
 * read_mat_broken.c — a .mat move line's broken cells: the syntax errors
 * said of them (a word where a roll or a move was expected, dice that
 * are no roll) and, once the line is read, the text a broken cell or an
 * unread line keeps, so that a conversion writes it again and it is read
 * again as the same error.
 *
 * Stage: under read_mat_play.c, which reads the cells and calls it; calls
 * read_mat_report.c (diagnostics), read_mat_token.c (a broken cell) and
 * the model; never read_mat_play.c.
 */
#include "read_mat_int.h"

void mat_cell_error_expected(mat_line_state *state, size_t offset) {
  char found[64];
  mat_quote_token(state->line, offset, found, sizeof found);
  int line = state->line->number, column = (int)offset + 1;
  bg_action *action = state->action;
  if (action && action->kind == ACT_ROLL && match_roll_has_dice(action) && !state->broken)
    mat_syntax_error(state->reader, line, column,
                     "expected a move like '24/18' after '%d%d:', found '%s'",
                     action->die1, action->die2, found);
  else
    mat_syntax_error(state->reader, line, column,
                     "expected a roll like '63:' or 'Doubles => 2', found '%s'", found);
  mat_break_cell(state);
}

/* "72:" or "64 13/9": the turn is the player's and the play is read; the
 * referee checks it with every roll that could have made it. */
void mat_report_bad_dice(mat_line_state *state, size_t offset) {
  mat_span dice = {0, 0};
  mat_group_span(&state->reader->patterns, GRP_CELL_TOKEN_BADDICE, &dice);
  const char *text = state->line->text;
  int digits = (int)(dice.end - dice.start);
  size_t after = mat_skip_blanks(state->line, dice.end);
  if (after < state->line->length && text[after] == ':')
    mat_syntax_error(state->reader, state->line->number, (int)offset + 1,
                     "'%.*s' is no roll: each die is 1 to 6 (the play is checked "
                     "with every roll that makes it)",
                     digits, text + dice.start);
  else
    mat_syntax_error(state->reader, state->line->number, (int)offset + 1,
                     "expected ':' after the dice '%.*s' (the play is read as written)",
                     digits, text + dice.start);
}

/* Whether a syntax error of the line stands in the columns [from, to). */
static bool error_between(const bg_mat_reader *reader, int from, int to) {
  for (int i = 0; i < reader->line_error_count; i++)
    if (reader->line_error_columns[i] >= from && reader->line_error_columns[i] < to)
      return true;
  return false;
}

/* Each cell of the line that a syntax error stands in keeps its text (up
 * to the next cell, blanks after it dropped): a conversion writes it again
 * where the target notation can hold it, so that it is read again as the
 * same error instead of passing for a clean or unrecorded play. */
void mat_keep_written_cells(mat_line_state *state, int first_action) {
  const mat_line *line = state->line;
  bg_game *game = state->game;
  if (state->reader->line_error_count == 0)
    return;
  for (int i = first_action; i < game->action_count; i++) {
    bg_action *action = &game->actions[i];
    if (action->pos.line != line->number)
      continue;
    int from = action->pos.column;
    int to = (int)line->length + 1;
    if (i + 1 < game->action_count && game->actions[i + 1].pos.line == line->number)
      to = game->actions[i + 1].pos.column;
    if (from < 1 || to <= from || !error_between(state->reader, from, to))
      continue;
    size_t length = (size_t)(to - from);
    while (length > 0 && line->text[from - 1 + length - 1] == ' ')
      length--;
    action->written =
        match_keep_text(state->reader->match, line->text + from - 1, length);
    action->written_length = action->written ? length : 0;
    action->written_mat = true;
  }
}

/* A line with no move number that the reader could not read and that
 * took no turn (line noise, a stray "??") is kept whole, at its place
 * among the actions: a conversion writes it again, read again as the
 * same syntax error. */
void mat_keep_unread_line(mat_line_state *state, int first_action) {
  bg_mat_reader *reader = state->reader;
  const mat_line *line = state->line;
  if (reader->line_error_count == 0 || reader->move_number != 0 ||
      state->game->action_count != first_action)
    return;
  size_t first = mat_first_non_blank(line);
  bg_srcpos pos = {line->number, (int)first + 1};
  if (!match_add_unread_line(reader->match, line->text, line->length, pos))
    reader->out_of_memory = true;
}
