/*
 * read_mat.c — the .mat (Jellyfish match format) reader: reads the lines
 * of an input, recognises the structure of a record (header tags, the
 * "N point match" line, " Game N", the score line) and hands move lines to
 * read_mat_play.c.  It streams: one match is held at a time, and the line
 * that starts the next match is kept for the next call.
 *
 * Lines come from input.h, bounded and with BOMs, line ends and UTF-16
 * dealt with; what is .mat layout is done here: a line longer than
 * INPUT_MAX_LINE is reported, tabs are expanded to find cells by their
 * columns, and columns are reported in bytes of the line as written.
 *
 * Stage: the top of the .mat reader (read_mat_int.h lists its stages).
 * Calls read_mat_tags.c for header tags, read_mat_score.c for score
 * lines, read_mat_play.c for move lines,
 * read_mat_token.c (move numbers), the memo and the patterns
 * (read_mat_memo.c, read_mat_grammar.c), read_mat_report.c for what it
 * says; none of them calls back.
 */
#include "read_mat_int.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DEFAULT_LEFT_COLUMN 6   /* "  1) " */
#define DEFAULT_RIGHT_COLUMN 34 /* where Jellyfish and gnubg put right cells */

typedef enum { LINE_OK, LINE_TOO_LONG, LINE_EOF } line_status;

/* ---- reading lines ---------------------------------------------------- */

/* Some transcribers line up the right column with tabs: a tab is expanded
 * to the next multiple of 8 columns, as an editor shows it, or a right
 * player's cell would read as the left player's.  Cells are found in the
 * expanded line, but columns are reported in bytes of the line as written
 * (what editors jump to), so the written line is kept after the expanded
 * one and its slack: byte_column translates. */
static void expand_tabs(bg_mat_reader *reader, mat_line *line) {
  size_t needed = line->length * 9 + MAT_EXPANDED_SLACK;
  if (needed > reader->expanded_size) {
    char *grown = realloc(reader->expanded, needed);
    if (!grown) {
      reader->out_of_memory = true;
      return;
    }
    reader->expanded = grown;
    reader->expanded_size = needed;
  }
  memset(reader->expanded, 0, reader->expanded_size);
  size_t out = 0;
  for (size_t i = 0; i < line->length; i++) {
    if (line->text[i] != '\t') {
      reader->expanded[out++] = line->text[i];
      continue;
    }
    do
      reader->expanded[out++] = ' ';
    while (out % 8 != 0);
  }
  memcpy(reader->expanded + out + MAT_EXPANDED_SLACK, line->text, line->length);
  line->text = reader->expanded;
  line->length = out;
}

/* The next line of the input, its tabs expanded, read into
 * reader->last_line, where the reader reads it (never copied: a copy of
 * the fields just written stalled on them); the line that starts the
 * next match again when one is held, which is still there.  An over-long
 * line gives only its number, and leaves last_line as it was. */
static line_status next_line(bg_mat_reader *reader, int *number) {
  if (reader->holding_line) {
    reader->holding_line = false;
    *number = reader->last_line.number;
    return LINE_OK;
  }
  bg_line read;
  if (!input_next_line(reader->input, &read))
    return LINE_EOF;
  *number = read.number;
  if (read.too_long)
    return LINE_TOO_LONG;
  mat_line *line = &reader->last_line;
  line->number = read.number;
  line->text = read.text;
  line->length = read.length;
  if (read.has_tab)
    expand_tabs(reader, line);
  return LINE_OK;
}

/* ---- structure: match, game, score ------------------------------------- */

/* A new match at `pos`, its length still 0; false when memory is out. */
static bool open_match(bg_mat_reader *reader, bg_srcpos pos) {
  reader->match = match_new(reader->file);
  if (!reader->match)
    return false;
  reader->match->pos = pos;
  reader->found_match = true;
  reader->expecting_score = false;
  diag_syntax_new_match(&reader->syntax_limit);
  reader->move_number = 0;
  reader->left_column = DEFAULT_LEFT_COLUMN;
  reader->right_column = DEFAULT_RIGHT_COLUMN;
  reader->right_column_learned = false;
  reader->renamed_said = false;
  reader->no_game_said = false;
  reader->names_line = 0;
  if (reader->has_stray_line && !reader->stray_reported) {
    reader->has_stray_line = false;
    mat_emit(reader, reader->stray_line, reader->stray_column, DIAG_ERROR,
             "expected a line like '7 point match' (text before the first match is "
             "ignored)");
  }
  return true;
}

static bool start_match(bg_mat_reader *reader, const mat_line *line) {
  mat_span length = {0, 0};
  mat_group_span(&reader->patterns, GRP_MATCH_LINE_LENGTH, &length);
  bg_srcpos pos = {line->number, mat_byte_column(reader, (int)length.start + 1)};
  if (!open_match(reader, pos))
    return false;
  reader->match->length = mat_span_int(line->text, length);
  return mat_adopt_pending_tags(reader);
}

/* A " Game 1" line as the record's first line (blank and comment lines
 * aside), with no "N point match" line: some FIBS clients write none.
 * The games are read as a match of unknown length, which the referee says
 * once; the match is placed at the game line. */
static bool start_match_without_length(bg_mat_reader *reader, const mat_line *line) {
  if (!open_match(reader, (bg_srcpos){line->number, 1}))
    return false;
  reader->match->length_unknown = true;
  return mat_adopt_pending_tags(reader);
}

static bool start_game(bg_mat_reader *reader, const mat_line *line) {
  mat_span number = {0, 0};
  mat_group_span(&reader->patterns, GRP_GAME_LINE_NUMBER, &number);
  /* A resumed match starts anywhere; then each game is the next one, by
   * the number written before it or by its place (one wrong number is one
   * mistake, not two). */
  bg_match *match = reader->match;
  int expected = mat_game_number(reader) + 1;
  int by_place = match->game_count ? match->games[0].number + match->game_count : 0;
  bool opens_match = match->game_count == 0;
  bg_game *game = match_add_game(match);
  if (!game)
    return false;
  game->number = mat_span_int(line->text, number);
  if (!opens_match && game->number != expected && game->number != by_place)
    mat_syntax_error(reader, line->number, (int)number.start + 1,
                     "expected ' Game %d' after game %d, found ' Game %d'", expected,
                     expected - 1, game->number);
  size_t first = mat_first_non_blank(line);
  game->pos = (bg_srcpos){line->number, mat_byte_column(reader, (int)first + 1)};
  reader->expecting_score = true;
  reader->move_number = 0;
  mat_numbering_new_game(reader);
  return true;
}

/* input.h drops a line's trailing blanks (and expanding tabs adds none at
 * its end), so a line of blanks comes empty. */
static bool is_blank(const mat_line *line) {
  return line->length == 0;
}

/* The length of the word at text[at] (up to a blank or the end). */
static size_t word_length(const mat_line *line, size_t at) {
  return mat_skip_word(line, at) - at;
}

/* Whether the word at text[at] is `word` followed by no letter ("match",
 * "Match:", not "matches"), in any case. */
static bool word_is(const mat_line *line, size_t at, const char *word) {
  size_t n = strlen(word), length = word_length(line, at);
  if (length < n || strncasecmp(line->text + at, word, n) != 0)
    return false;
  char next = length > n ? line->text[at + n] : ' ';
  return !((next | 0x20) >= 'a' && (next | 0x20) <= 'z');
}

/* A match length: digits ("3", "5pt"), or a number spelled out
 * ("three", "twenty-one"). */
static bool is_number_word(const mat_line *line, size_t at) {
  static const char *const spelled[] = {
      "zero",     "one",     "two",     "three",     "four",     "five",     "six",
      "seven",    "eight",   "nine",    "ten",       "eleven",   "twelve",   "thirteen",
      "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"};
  if (line->text[at] >= '0' && line->text[at] <= '9')
    return true;
  for (size_t i = 0; i < sizeof spelled / sizeof *spelled; i++)
    if (word_is(line, at, spelled[i]))
      return true;
  return false;
}

/* A line meant as "7 point match" but mistyped ("3 points match", "3 pont
 * match", "three point match"): the word "match" among its first four
 * words, a number at most two words before or after it. */
static bool looks_like_match_line(const mat_line *line) {
  size_t starts[8];
  int count = 0, match_at = -1;
  for (size_t at = 0; at < line->length && count < 8;) {
    while (at < line->length && (line->text[at] == ' ' || line->text[at] == '\t'))
      at++;
    if (at == line->length)
      break;
    if (match_at < 0 && count < 4 && word_is(line, at, "match"))
      match_at = count;
    starts[count++] = at;
    at += word_length(line, at);
  }
  for (int i = match_at - 2; match_at >= 0 && i <= match_at + 2; i++)
    if (i >= 0 && i < count && i != match_at && is_number_word(line, starts[i]))
      return true;
  return false;
}

/* Reports a mistyped match line at once, in place of any stray line noted
 * before it (it explains them: the games after it belong to no match). */
static void report_mistyped_match_line(bg_mat_reader *reader, const mat_line *line) {
  size_t first = mat_first_non_blank(line);
  char found[64], message[160];
  mat_quote_bytes(line->text + first, line->length - first, found, sizeof found);
  snprintf(message, sizeof message,
           "expected a line like '7 point match', found '%s' (text before the first "
           "match is ignored)",
           found);
  reader->has_stray_line = true;
  reader->stray_reported = true;
  mat_emit(reader, line->number, mat_byte_column(reader, (int)first + 1), DIAG_ERROR,
           message);
}

/* A line before the first match that is no header: the first one is
 * reported once a match shows up, a mistyped match line at once.  The line
 * being read is reader->last_line (an over-long line is not: it is skipped
 * unread). */
static void note_stray_line(bg_mat_reader *reader, int line_number) {
  if (reader->found_match || reader->stray_reported)
    return;
  const mat_line *line = &reader->last_line;
  if (line->number == line_number && looks_like_match_line(line)) {
    report_mistyped_match_line(reader, line);
    return;
  }
  if (reader->has_stray_line)
    return;
  reader->has_stray_line = true;
  reader->stray_line = line_number;
  reader->stray_column = 1;
}

/* Reads a move line whose tabs were expanded.  read_mat_play.c finds cells
 * by their columns in the line as delivered (tabs expanded) and stores
 * those: the actions it added get the byte columns of the line as
 * written.  Apart from read_move_line, so that a line with no tab, most
 * lines, is read with no frame around the call. */
__attribute__((noinline)) static void
read_expanded_move_line(bg_mat_reader *reader, const mat_line *line,
                        const mat_move_number *found) {
  bg_game *game = &reader->match->games[reader->match->game_count - 1];
  int first_new = game->action_count;
  mat_read_move_line(reader, line, found);
  for (int i = first_new; i < game->action_count; i++) {
    bg_action *action = &game->actions[i];
    action->pos.column = mat_byte_column(reader, action->pos.column);
    for (int m = 0; m < action->move_count; m++)
      action->moves[m].pos.column = mat_byte_column(reader, action->moves[m].pos.column);
  }
}

/* Reads a move line: most hold no tab, and their columns need no
 * translation. */
static inline void read_move_line(bg_mat_reader *reader, const mat_line *line,
                                  const mat_move_number *found) {
  if (line->text != reader->expanded)
    mat_read_move_line(reader, line, found);
  else
    read_expanded_move_line(reader, line, found);
}

/* `unnumbered`: read_line asked, and the line opens with no move
 * number. */
static bool read_game_content(bg_mat_reader *reader, const mat_line *line,
                              bool unnumbered) {
  mat_patterns *patterns = &reader->patterns;
  if (reader->match->game_count == 0 && reader->names_line == 0 &&
      mat_match_line(patterns, PAT_SCORE_LINE, line->text, line->length))
    return mat_read_names_line(reader, line);
  bool game_line = mat_match_line(patterns, PAT_GAME_LINE, line->text, line->length);
  if (!mat_names_line_said(reader, game_line))
    return false;
  if (game_line)
    return start_game(reader, line);
  if (reader->expecting_score) {
    reader->expecting_score = false;
    /* Asked of the score memo, not of the line memo: a game's score line
     * is met once, and the line memo's slot for it, cold, cost more than
     * it saved; the game before's score line, with other scores, is
     * the usual one. */
    if (mat_match_score_line(patterns, &reader->score_memo, line))
      return mat_read_score_line(reader, line);
    mat_syntax_error(
        reader, line->number, 1,
        "expected a score line like ' Alice : 0      Bob : 0' after 'Game %d'",
        mat_game_number(reader));
    if (!mat_match_line(patterns, PAT_MOVE_NUMBER, line->text, line->length))
      return true;
  }
  if (reader->match->game_count > 0 &&
      mat_match_line(patterns, PAT_SCORE_LINE, line->text, line->length))
    return mat_start_unannounced_game(reader, line);
  if (reader->match->game_count == 0) {
    /* Lines of a game with no "Game 1" line before them: said once, at
     * the first; the rest of them are the same mistake. */
    if (reader->no_game_said)
      return true;
    mat_syntax_error(reader, line->number, 1,
                     "expected a line like ' Game 1' (this line and the lines after it "
                     "up to a game line are not read)");
    reader->no_game_said = true;
    /* kept, so that a conversion says it again (bg_unread_line) */
    return match_add_unread_line(reader->match, line->text, line->length,
                                 (bg_srcpos){line->number, 1});
  }
  mat_move_number found;
  read_move_line(reader, line,
                 unnumbered ? NULL : mat_find_move_number(patterns, line, &found));
  return !reader->out_of_memory;
}

/* "; Set Pos=" inside a game: an action holding the position it gives.
 * Upper case is the left player: letters 1..24 its points, letter 25 its
 * bar; lower case the right player: letters 1..24 its points 24..1,
 * letter 0 its bar.  A letter of the wrong case on a bar is dropped (the
 * referee then finds the position incomplete). */
static bool read_set_position(bg_mat_reader *reader, const mat_line *line) {
  mat_span board = {0, 0};
  mat_group_span(&reader->patterns, GRP_SET_POSITION_BOARD, &board);
  bg_game *game = &reader->match->games[reader->match->game_count - 1];
  bg_action *action = match_game_add_action(game);
  if (!action) {
    reader->out_of_memory = true;
    return false;
  }
  action->kind = ACT_SET_POSITION;
  action->pos = (bg_srcpos){line->number, mat_byte_column(reader, (int)board.start + 1)};
  if (!(action->setup = match_new_setup(reader->match))) {
    reader->out_of_memory = true;
    return false;
  }
  for (int i = 0; i < 26; i++) {
    char letter = line->text[board.start + i];
    if (letter >= 'A' && letter <= 'P' && i > 0)
      action->setup->checkers[0][i] = (unsigned char)(letter - 'A' + 1);
    else if (letter >= 'a' && letter <= 'p' && i < 25)
      action->setup->checkers[1][i == 0 ? 25 : 25 - i] =
          (unsigned char)(letter - 'a' + 1);
  }
  bg_board position;
  if (!match_setup_board(action, &position)) {
    mat_syntax_error(reader, line->number, (int)board.start + 1,
                     "this '; Set Pos=' board is no backgammon position (more than 15 "
                     "checkers a side, or both sides on one point): the plays after it "
                     "are not checked");
  }
  return true;
}

/* A game's first move line that is a server's board dump: read as the
 * game's starting position (read_mat_row.c).  Asked of PCRE2, not of the
 * line memo: a game's first move line is seldom met again, and would put
 * out a line that is. */
static bool opens_game_with_position_row(bg_mat_reader *reader, const bg_game *game,
                                         const mat_line *line) {
  /* A dump says "Illegal play": a line with no 'I' is no dump, and most
   * first lines are told so by memchr faster than by PCRE2. */
  return game->action_count == 0 && memchr(line->text, 'I', line->length) &&
         mat_match_at(&reader->patterns, PAT_POSITION_ROW, line->text, line->length, 0) &&
         mat_read_position_row(reader, line);
}

typedef enum { LINE_DONE, LINE_STARTS_MATCH, LINE_FAILED } line_outcome;

/* Whether the line opens with a move number, and which (*found): here,
 * not inline in read_mat_int.h, which read_mat_memo.c (its callee's file)
 * includes. */
static bool opens_move_line(mat_patterns *patterns, const mat_line *line,
                            mat_move_number *found) {
  return mat_match_move_number(patterns, line->text, line->length, &found->number,
                               &found->end);
}

/* The game whose move lines are read now (see game_in_play). */
static bg_game *find_game_in_play(const bg_mat_reader *reader) {
  const bg_match *match = reader->match;
  if (!match || match->game_count == 0 || reader->expecting_score)
    return NULL;
  return &match->games[match->game_count - 1];
}

/* A line that is no move line of the game in play (`in_game`: there is
 * one, and the line opens with no move number). */
static line_outcome read_other_line(bg_mat_reader *reader, const mat_line *line,
                                    bool in_game) {
  mat_patterns *patterns = &reader->patterns;
  if (mat_match_line(patterns, PAT_MATCH_LINE, line->text, line->length)) {
    if (reader->match)
      return LINE_STARTS_MATCH;
    return start_match(reader, line) ? LINE_DONE : LINE_FAILED;
  }
  if (mat_match_line(patterns, PAT_TAG_LINE, line->text, line->length))
    return mat_read_tag_line(reader, line) ? LINE_DONE : LINE_FAILED;
  if (in_game && mat_match_line(patterns, PAT_SET_POSITION, line->text, line->length))
    return read_set_position(reader, line) ? LINE_DONE : LINE_FAILED;
  if (mat_match_line(patterns, PAT_GAME_TYPE, line->text, line->length))
    return mat_read_game_type(reader, line) ? LINE_DONE : LINE_FAILED;
  if (mat_match_line(patterns, PAT_COMMENT_LINE, line->text, line->length))
    return LINE_DONE;
  if (!reader->match && !reader->has_stray_line && !reader->stray_reported &&
      mat_match_line(patterns, PAT_GAME_LINE, line->text, line->length)) {
    if (!start_match_without_length(reader, line))
      return LINE_FAILED;
  }
  if (!reader->match) {
    note_stray_line(reader, line->number);
    return LINE_DONE;
  }
  return read_game_content(reader, line, in_game) ? LINE_DONE : LINE_FAILED;
}

/* Whether `line` holds a control character no text file holds (tabs,
 * form feeds and escapes are text). */
static bool has_binary_byte(const mat_line *line) {
  for (size_t i = 0; i < line->length; i++) {
    unsigned char c = (unsigned char)line->text[i];
    if (c < 0x20 && c != '\t' && c != '\f' && c != '\v' && c != 0x1b)
      return true;
  }
  return false;
}

/* What the lines before the first match were like: read only until a
 * match is found (asked of no move line nor blank line, which come after
 * it or say nothing). */
static void note_content(bg_mat_reader *reader, const mat_line *line) {
  if (reader->found_match)
    return;
  reader->saw_text = reader->saw_text || line->length > 0;
  reader->saw_binary = reader->saw_binary || has_binary_byte(line);
}

static line_outcome read_line(bg_mat_reader *reader, const mat_line *line) {
  mat_patterns *patterns = &reader->patterns;
  reader->move_number = 0; /* a move line sets its own */
  mat_line_memo_new_line(patterns);
  if (is_blank(line))
    return LINE_DONE;
  /* The commonest line first: a line that opens with "12)" can be nothing
   * but a move line, so the other patterns need not be tried. */
  bg_game *game = reader->game_in_play;
  mat_move_number found;
  if (game && opens_move_line(patterns, line, &found)) {
    if (opens_game_with_position_row(reader, game, line))
      return reader->out_of_memory ? LINE_FAILED : LINE_DONE;
    read_move_line(reader, line, &found);
    return reader->out_of_memory ? LINE_FAILED : LINE_DONE;
  }
  note_content(reader, line);
  line_outcome outcome = read_other_line(reader, line, game != NULL);
  reader->game_in_play = find_game_in_play(reader);
  return outcome;
}

static void note_long_line(bg_mat_reader *reader, int line_number) {
  reader->move_number = 0;
  if (!reader->match) {
    note_stray_line(reader, line_number);
    return;
  }
  mat_syntax_error(reader, line_number, 1, "line longer than %d bytes: skipped",
                   MAT_MAX_LINE);
}

/* ---- the API ------------------------------------------------------------ */

bg_mat_reader *mat_reader_open(bg_input *input, const char *file, bg_diag_sink *sink) {
  bg_mat_reader *reader = calloc(1, sizeof *reader);
  if (!reader)
    return NULL;
  reader->input = input;
  reader->file = file;
  reader->sink = sink;
  reader->pending_tags = match_new(file);
  reader->left_column = DEFAULT_LEFT_COLUMN;
  reader->right_column = DEFAULT_RIGHT_COLUMN;
  if (!reader->pending_tags || !mat_patterns_compile(&reader->patterns) ||
      !mat_memo_new(&reader->patterns) || !mat_line_memo_new(&reader->patterns)) {
    mat_reader_free(reader);
    return NULL;
  }
  return reader;
}

bg_mat_reader *mat_reader_new(FILE *in, const char *file, bg_diag_sink *sink) {
  bg_input *input = input_new(in);
  if (!input)
    return NULL;
  bg_mat_reader *reader = mat_reader_open(input, file, sink);
  if (!reader) {
    input_free(input);
    return NULL;
  }
  reader->owns_input = true;
  return reader;
}

/* The match read, its dialect's conventions resolved (match_resolve). */
static bg_match *take_match(bg_mat_reader *reader) {
  bg_match *match = reader->match;
  reader->match = NULL;
  reader->game_in_play = NULL;
  if (match) {
    match->endings_counted = true; /* by fill_action, read_mat_play.c */
    match_resolve(match);
  }
  return match;
}

/* Why no match was found, in the words of what the input held: nothing,
 * bytes that are no text (an image, a program), or text with no match
 * line. */
static const char *no_match_message(const bg_mat_reader *reader) {
  if (!reader->saw_text)
    return "no match found: the input is empty";
  if (reader->saw_binary)
    return "no match found: the input is binary data, not a match record";
  return "no match found: expected a line like '7 point match'";
}

/* End of input: the match being read is complete as it stands (a truncated
 * record is the referee's to judge). */
static bg_match *finish_input(bg_mat_reader *reader) {
  reader->finished = true;
  if (!reader->found_match && !reader->stray_reported && !reader->out_of_memory &&
      !input_io_error(reader->input))
    mat_emit(reader, 1, 1, DIAG_ERROR, no_match_message(reader));
  return take_match(reader);
}

bg_match *mat_reader_next(bg_mat_reader *reader) {
  if (reader->finished)
    return NULL;
  const mat_line *line = &reader->last_line;
  for (;;) {
    int number;
    line_status status = next_line(reader, &number);
    if (status == LINE_EOF)
      return finish_input(reader);
    if (status == LINE_TOO_LONG) {
      reader->saw_text = true;
      note_long_line(reader, number);
      continue;
    }
    line_outcome outcome = read_line(reader, line);
    if (outcome == LINE_STARTS_MATCH) {
      reader->holding_line = true;
      return take_match(reader);
    }
    if (outcome == LINE_FAILED) {
      /* Out of memory: the caller exits 2, as for an I/O error. */
      reader->out_of_memory = true;
      reader->finished = true;
      match_free(take_match(reader));
      return NULL;
    }
  }
}

bool mat_reader_io_error(const bg_mat_reader *reader) {
  return input_io_error(reader->input) || reader->out_of_memory;
}

void mat_reader_free(bg_mat_reader *reader) {
  if (!reader)
    return;
  mat_memo_free(&reader->patterns);
  mat_line_memo_free(&reader->patterns);
  mat_score_memo_free(&reader->score_memo);
  mat_patterns_free(&reader->patterns);
  match_free(reader->match);
  match_free(reader->pending_tags);
  if (reader->owns_input)
    input_free(reader->input);
  free(reader->expanded);
  free(reader);
}
