/*
 * read_mat_row.c — a server's board dump in a game's first move line, read
 * as the game's starting position (grammar/position-row.pcre says the
 * layout): "  1) 12: Illegal play (7;0;1;0;0;A;B;...)".  Some servers
 * (DailyGammon) write one at the start of every game; where it gives
 * Nackgammon's start and the record names no variation, the match is
 * Nackgammon's, as a [Variation] tag would say.
 */
#include "read_mat_int.h"

#include <stdlib.h>
#include <string.h>

enum {
  ROW_FIELDS_MAX = 64,
  ROW_NAME = 5,   /* the first-named player; the other at ROW_NAME + 1 */
  ROW_BOARD = 12, /* the 26 counts start here */
  ROW_SLOTS = 26,
};

/* Splits `text` (`length` bytes) at ';' into fields[], NUL-ended copies in
 * `buffer`; the count, or -1 when there are too many. */
static int split_fields(const char *text, size_t length, char *buffer, char **fields) {
  memcpy(buffer, text, length);
  buffer[length] = '\0';
  int count = 0;
  for (char *field = buffer; field;) {
    if (count == ROW_FIELDS_MAX)
      return -1;
    fields[count++] = field;
    char *end = strchr(field, ';');
    if (end)
      *end++ = '\0';
    field = end;
  }
  return count;
}

static bool count_of(const char *field, int *count) {
  char *end;
  long value = strtol(field, &end, 10);
  if (end == field || *end != '\0' || value < -15 || value > 15)
    return false;
  *count = (int)value;
  return true;
}

/* The row's board into `setup`: checkers[side][own point], 25 the bar.
 * `first` is the side of the first-named player. */
static bool read_board(char **fields, int first, bg_setup *setup) {
  for (int i = 0; i < ROW_SLOTS; i++) {
    int count;
    if (!count_of(fields[ROW_BOARD + i], &count))
      return false;
    if (count > 0 && i > 0)
      setup->checkers[first][i] = (unsigned char)count;
    else if (count < 0)
      setup->checkers[1 - first][25 - i] = (unsigned char)-count;
  }
  return true;
}

static bool is_nackgammon_start(const bg_board *board) {
  bg_board start;
  board_initial_nackgammon(&start);
  return board_equal(board, &start);
}

/* The action the row gives, its position read; false when the fields are
 * no board (then the line is read as any move line). */
static bool add_position(bg_mat_reader *reader, char **fields, int count, bg_srcpos pos) {
  bg_match *match = reader->match;
  if (count < ROW_BOARD + ROW_SLOTS)
    return false;
  bool first_is_right =
      match->players[1] && strcmp(fields[ROW_NAME], match->players[1]) == 0;
  bg_setup row_setup = {0};
  if (!read_board(fields, first_is_right ? 1 : 0, &row_setup))
    return false;
  bg_game *game = &match->games[match->game_count - 1];
  bg_action *action = match_game_add_action(game);
  bg_setup *setup = action ? match_new_setup(match) : NULL;
  if (!setup) {
    reader->out_of_memory = true;
    return true;
  }
  memcpy(setup->checkers, row_setup.checkers, sizeof setup->checkers);
  action->kind = ACT_SET_POSITION;
  action->pos = pos;
  action->setup = setup;
  bg_board board;
  if (!match_setup_board(action, &board)) {
    mat_syntax_error(reader, pos.line, pos.column,
                     "this position row is no backgammon position (more than 15 checkers "
                     "a side, or both sides on one point): the plays after it are not "
                     "checked");
  } else if (is_nackgammon_start(&board) && !match_tag(match, "Variation") &&
             !match_add_tag(match, "Variation", "Nackgammon", pos)) {
    reader->out_of_memory = true;
  }
  return true;
}

bool mat_read_position_row(bg_mat_reader *reader, const mat_line *line) {
  mat_span row = {0, 0}, fields_span = {0, 0};
  mat_group_span(&reader->patterns, GRP_POSITION_ROW_ROW, &row);
  mat_group_span(&reader->patterns, GRP_POSITION_ROW_FIELDS, &fields_span);
  size_t length = fields_span.end - fields_span.start;
  char *buffer = malloc(length + 1);
  char *fields[ROW_FIELDS_MAX];
  if (!buffer) {
    reader->out_of_memory = true;
    return true;
  }
  int count = split_fields(line->text + fields_span.start, length, buffer, fields);
  bg_srcpos pos = {line->number, mat_byte_column(reader, (int)row.start + 1)};
  bool read = count > 0 && add_position(reader, fields, count, pos);
  free(buffer);
  if (!read || reader->out_of_memory)
    return read;
  /* The rest of the line (the other player's cell) is read as written:
   * the row blanked out, the line's length and columns kept. */
  char *rest = calloc(1, line->length + MAT_EXPANDED_SLACK);
  if (!rest) {
    reader->out_of_memory = true;
    return true;
  }
  memcpy(rest, line->text, line->length);
  memset(rest + row.start, ' ', row.end - row.start);
  mat_line blanked = {rest, line->length, line->number};
  mat_move_number found;
  mat_read_move_line(reader, &blanked,
                     mat_find_move_number(&reader->patterns, &blanked, &found));
  free(rest);
  return true;
}
