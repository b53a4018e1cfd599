/*
 * read_mat_layout.c — where a cell stands on a move line, asked by
 * read_mat_play.c where a word is not a plain move of an open cell: whose
 * a lone cell is (the column it is nearer), whether a cube word stands as
 * a whole cell, whether text that is no token or a number is the other
 * player's cell or more of the open play, whether "????" is a turn nobody
 * recorded.  Questions only: the cells are opened by read_mat_play.c.
 *
 * Stage: under read_mat_play.c, which calls it; asks the patterns and the
 * memo (mat_match_token); never read_mat_play.c.
 */
#include "read_mat_cell.h"

/* A lone cell is the right player's when it starts nearer the right column
 * than the left one.  Most lines' first cell starts at the left column:
 * the left player's whatever the right column is, told by one compare. */
int mat_lone_cell_player(const mat_line_state *state, int column) {
  int left = state->left_column, right = state->reader->right_column;
  if (column == left)
    return 0;
  if (right - left < 8)
    right = left + 28; /* a useless guess: fall back to the usual layout */
  return 2 * (column - left) > right - left ? 1 : 0;
}

/* Whether a word ending at `end` stands as a whole cell: nothing after it
 * on the line, or a token that starts the next cell. */
bool mat_stands_as_cell(mat_line_state *state, size_t end) {
  const mat_line *line = state->line;
  size_t next = mat_skip_blanks(line, end);
  if (next == line->length)
    return true;
  mat_patterns *patterns = &state->reader->patterns;
  return mat_match_token(patterns, line->text, line->length, next) &&
         mat_starts_cell(mat_token_kind_of(mat_match_mark(patterns)));
}

/* Text that is no token, standing apart (two blanks before it) in the
 * other player's column: that player's cell, unreadable — FIBS exports put
 * raw server text there ("Illegal play (25;0;1;...)").  Taking it as the
 * rest of the left play would lose a turn and invent a turn-order error. */
bool mat_starts_unreadable_cell(const mat_line_state *state, size_t offset) {
  const char *text = state->line->text;
  if (state->cells >= 2 || offset < 2 || text[offset - 1] != ' ' ||
      text[offset - 2] != ' ')
    return false;
  int player = mat_lone_cell_player(state, (int)offset + 1);
  return state->cells == 0 ? true : state->action && state->action->player != player;
}

/* Whether no cell starts after the token at `offset` on the line. */
static bool no_cell_after(mat_line_state *state, size_t offset) {
  const mat_line *line = state->line;
  mat_patterns *patterns = &state->reader->patterns;
  for (offset = mat_skip_blanks(line, mat_skip_word(line, offset)); offset < line->length;
       offset = mat_skip_blanks(line, mat_skip_word(line, offset)))
    if (mat_match_token(patterns, line->text, line->length, offset) &&
        mat_starts_cell(mat_token_kind_of(mat_match_mark(patterns))))
      return false;
  return true;
}

/* Whether a token at `offset` starts where the right column does (learned
 * from lines with two cells) and no cell follows it: a long play of the
 * left player runs up to that column with one blank before the right
 * cell ("44: 24/20 20/16 16/12 16/12 54: "). */
static bool starts_right_column(mat_line_state *state, size_t offset) {
  bg_mat_reader *reader = state->reader;
  if (!reader->right_column_learned || (int)offset + 1 < reader->right_column)
    return false;
  bool last = no_cell_after(state, offset);
  /* matched again: the caller reads the token's groups (its dice) */
  const mat_line *line = state->line;
  mat_match_token(&reader->patterns, line->text, line->length, offset);
  return last;
}

/* A number where a move of the roll's play belongs ("42: 4", "42: 8/4 4"):
 * a play that cannot be read, not a new cell "4" without its colon, unless
 * it stands apart in the other player's column ("42:      64 13/9"), or
 * starts that column as the last cell of the line ("...16/12 54 25/21"),
 * or has its colon (a roll with a wrong die: "69: 24/18"). */
bool mat_continues_play(mat_line_state *state, size_t offset) {
  const bg_action *action = state->action;
  if (!action || action->kind != ACT_ROLL || state->play_closed || state->broken)
    return false;
  const char *text = state->line->text;
  mat_span dice = {0, 0};
  mat_group_span(&state->reader->patterns, GRP_CELL_TOKEN_BADDICE, &dice);
  size_t after = mat_skip_blanks(state->line, dice.end);
  if (after < state->line->length && text[after] == ':')
    return false;
  bool apart = offset >= 2 && text[offset - 1] == ' ' && text[offset - 2] == ' ';
  return !(apart || starts_right_column(state, offset)) ||
         mat_lone_cell_player(state, (int)offset + 1) == action->player;
}

/* "????" alone in a cell, with no dice: a turn nobody recorded, as
 * "00: ????" (a resignation when the opponent's "Wins" follows). */
bool mat_starts_hidden_roll(const mat_line_state *state, mat_token_kind kind,
                            size_t offset) {
  if (kind != TOK_UNKNOWN)
    return false;
  const bg_action *action = state->action;
  return !action || action->kind != ACT_ROLL || mat_starts_unreadable_cell(state, offset);
}

/* "??" on a line with no move number and no cell: line noise, not a turn
 * nobody recorded (that is written on its numbered line, "  7) ????",
 * after dice, or before a cell: "????   Wins 1 point").  Read as a turn
 * it would put the next line out of turn. */
bool mat_is_stray_unknown(mat_line_state *state, mat_token_kind kind, size_t offset) {
  return kind == TOK_UNKNOWN && state->reader->move_number == 0 && state->cells == 0 &&
         no_cell_after(state, offset);
}
