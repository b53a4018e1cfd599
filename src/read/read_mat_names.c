/*
 * read_mat_names.c — the score line that stands right after a .mat's match
 * line, before any " Game 1" line.  A record of a match that was set up
 * and never played (some programs save one) stops there: the line only
 * names the players, and the referee warns of a match with no games.
 * When more of the match follows, the line stood where " Game 1" was left
 * out: one syntax error at it, and game 1 is read from it so that the
 * plays after it are checked, as a score line later in the match starts
 * the next game (read_mat.c).
 *
 * Stage: under read_mat.c, which calls it for the structure lines of a
 * match; calls read_mat_report.c (diagnostics, columns),
 * read_mat_token.c (a new game's numbering) and the model.
 */
#include "read_mat_int.h"

void mat_note_names_line(bg_mat_reader *reader, const mat_line *line) {
  mat_span name0 = {0, 0}, score[2] = {{0, 0}, {0, 0}};
  mat_group_span(&reader->patterns, GRP_SCORE_LINE_NAME0, &name0);
  mat_group_span(&reader->patterns, GRP_SCORE_LINE_SCORE0, &score[0]);
  mat_group_span(&reader->patterns, GRP_SCORE_LINE_SCORE1, &score[1]);
  reader->names_line = line->number;
  reader->names_column = mat_byte_column(reader, (int)name0.start + 1);
  for (int i = 0; i < 2; i++)
    reader->names_score[i] = mat_span_int(line->text, score[i]);
}

bool mat_names_line_said(bg_mat_reader *reader, bool before_game_line) {
  int line = reader->names_line;
  reader->names_line = -1;
  if (line <= 0)
    return true;
  if (before_game_line) {
    mat_syntax_error(reader, line, 1, "expected a line like ' Game 1'");
    return true;
  }
  mat_syntax_error(reader, line, 1,
                   "expected a line like ' Game 1' before this score line (read as the "
                   "start of game 1)");
  bg_game *game = match_add_game(reader->match);
  if (!game)
    return false;
  mat_numbering_new_game(reader);
  game->number = 1;
  game->pos = (bg_srcpos){line, 1};
  game->score_pos = (bg_srcpos){line, reader->names_column};
  game->score[0] = reader->names_score[0];
  game->score[1] = reader->names_score[1];
  return true;
}
