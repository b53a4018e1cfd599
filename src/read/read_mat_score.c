/*
 * read_mat_score.c — a .mat's score lines ("  nori : 0     bob : 2"):
 * the game's starting score, the players' names (the first score line
 * names them, each later one is compared with it) and the right cells'
 * column they suggest; a score line where moves were expected starts the
 * next game, its " Game N" line missing.
 *
 * Stage: under read_mat.c, which calls it for the structure lines of a
 * match; calls read_mat_names.c (a score line right after the match
 * line), read_mat_report.c (diagnostics, columns), read_mat_token.c (a
 * new game's numbering) and the model.
 */
#include "read_mat_int.h"

#include <stdlib.h>
#include <string.h>

/* The length of a player's name without a FIBS rating ("nori,1774"),
 * which may change from game to game. */
static size_t name_length(const char *name, size_t length) {
  size_t end = length;
  while (end > 0 && name[end - 1] >= '0' && name[end - 1] <= '9')
    end--;
  return end > 0 && end < length && name[end - 1] == ',' ? end - 1 : length;
}

/* Does `name` end with `known` after other text?  A score such as "1x"
 * is read as the start of the next name: the text glued to it is a typo,
 * not another name. */
static bool has_text_before(const char *name, size_t length, const char *known,
                            size_t known_length) {
  return known_length > 0 && length > known_length &&
         memcmp(name + length - known_length, known, known_length) == 0;
}

/* Each score line names the same two players as the first one.  Text
 * glued before a known name is a syntax error; another name altogether is
 * a transcriber's habit ("X22" for "Magriel"): one warning per match, at
 * the first line where a name changes, and the player stays the same. */
static void check_same_player(bg_mat_reader *reader, const mat_line *line, mat_span name,
                              int side) {
  const char *known = reader->match->players[side];
  const char *text = line->text + name.start;
  size_t length = name_length(text, name.end - name.start);
  size_t known_length = name_length(known, strlen(known));
  if (length == known_length && memcmp(text, known, length) == 0)
    return;
  if (has_text_before(text, length, known, known_length)) {
    mat_syntax_error(reader, line->number, (int)name.start + 1,
                     "the %s player is '%.*s' here, but '%s' in the first score line",
                     side ? "right" : "left", (int)(name.end - name.start), text, known);
    return;
  }
  if (reader->renamed_said)
    return;
  reader->renamed_said = true;
  char message[512];
  snprintf(message, sizeof message,
           "the %s player is named '%.*s' here, but '%s' in the first score line: read "
           "as the same player",
           side ? "right" : "left", (int)(name.end - name.start), text, known);
  mat_emit(reader, line->number, mat_byte_column(reader, (int)name.start + 1),
           DIAG_WARNING, message);
}

/* Was the right name of a score line put in its place by blanks (two, or
 * a tab)?  Only then does it say where the right cells start: after one
 * blank (a left name too long for the column, in bgmatch's canonical
 * layout) or none (GNU Backgammon's fused names) it says nothing. */
static bool lined_up(const mat_line *line, mat_span name) {
  const char *text = line->text;
  size_t at = name.start;
  if (name.end <= at || at < 2)
    return false;
  return text[at - 1] == '\t' ||
         (text[at - 1] == ' ' && (text[at - 2] == ' ' || text[at - 2] == '\t'));
}

/* The score line gives the game's starting score, the players (from the
 * first game that has a readable score line) and a first guess of the right
 * column (where the right name starts). */
/* The players' names of a score line (its groups matched last); a name
 * the match already has is compared with it.  False when memory is out. */
static bool read_player_names(bg_mat_reader *reader, const mat_line *line) {
  mat_span name[2] = {{0, 0}, {0, 0}};
  mat_group_span(&reader->patterns, GRP_SCORE_LINE_NAME0, &name[0]);
  mat_group_span(&reader->patterns, GRP_SCORE_LINE_NAME1, &name[1]);
  bg_match *match = reader->match;
  for (int i = 0; i < 2; i++) {
    if (match->players[i]) {
      check_same_player(reader, line, name[i], i);
      continue;
    }
    if (!match_set_player_bytes(match, i, line->text + name[i].start,
                                name[i].end - name[i].start))
      return false;
  }
  int right_name_column = (int)name[1].start + 1;
  if (!reader->right_column_learned && right_name_column > reader->left_column + 10 &&
      lined_up(line, name[1]))
    reader->right_column = right_name_column;
  return true;
}

bool mat_read_score_line(bg_mat_reader *reader, const mat_line *line) {
  mat_patterns *patterns = &reader->patterns;
  mat_span name0 = {0, 0}, score[2] = {{0, 0}, {0, 0}};
  mat_group_span(patterns, GRP_SCORE_LINE_NAME0, &name0);
  mat_group_span(patterns, GRP_SCORE_LINE_SCORE0, &score[0]);
  mat_group_span(patterns, GRP_SCORE_LINE_SCORE1, &score[1]);
  bg_match *match = reader->match;
  bg_game *game = &match->games[match->game_count - 1];
  game->score_pos =
      (bg_srcpos){line->number, mat_byte_column(reader, (int)name0.start + 1)};
  for (int i = 0; i < 2; i++)
    game->score[i] = mat_span_int(line->text, score[i]);
  return read_player_names(reader, line);
}

/* A score line right after the match line (read_mat_names.c): the
 * players' names of a match that may stop there. */
bool mat_read_names_line(bg_mat_reader *reader, const mat_line *line) {
  mat_note_names_line(reader, line);
  return read_player_names(reader, line);
}

/* A score line where moves were expected: its "Game N" line is missing.
 * Said once; the game it starts is read as the next one, so that its moves
 * are not blamed on the game before. */
bool mat_start_unannounced_game(bg_mat_reader *reader, const mat_line *line) {
  int number = mat_game_number(reader) + 1;
  mat_syntax_error(reader, line->number, 1,
                   "expected a line like ' Game %d' before this score line (read as the "
                   "start of game %d)",
                   number, number);
  bg_game *game = match_add_game(reader->match);
  if (!game)
    return false;
  mat_numbering_new_game(reader);
  game->number = number;
  game->pos = (bg_srcpos){line->number, 1};
  /* The score pattern matched last, in mat_match_at: its groups are read. */
  return mat_read_score_line(reader, line);
}
