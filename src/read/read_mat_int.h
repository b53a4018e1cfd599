/*
 * read_mat_int.h — what the parts of the .mat reader share.  Its files, by
 * stage, each calling only the ones below it:
 *
 *   read_mat.c          lines, the match/game/score structure
 *   read_mat_tags.c     header tags
 *   read_mat_play.c     move lines: cells, rolls, cube actions
 *   read_mat_token.c    a cell's tokens: the move number that opens a
 *                       move line, the moves of a play, cube actions
 *                       misspelt; a cell's errors
 *   read_mat_memo.c     cell tokens already matched
 *   read_mat_line_memo.c  patterns whole lines did not match
 *   read_mat_score_memo.c  a score line from one matched before
 *   read_mat_grammar.c  the compiled patterns of grammar/
 *   read_mat_report.c   diagnostics: places, the syntax-error limit, quoting
 *
 * Not part of the API (read_mat.h is); only the reader's files include it.
 */
#ifndef BG_READ_MAT_INT_H
#define BG_READ_MAT_INT_H

#ifndef PCRE2_CODE_UNIT_WIDTH
#define PCRE2_CODE_UNIT_WIDTH 8
#endif
#include <pcre2.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "input.h"
#include "diag.h"
#include "read_mat.h"

/* Lines longer than this are reported and skipped (input.h bounds them). */
#define MAT_MAX_LINE INPUT_MAX_LINE

/* Zeroed bytes after an expanded line: the JIT and scan_word read ahead;
 * the line as written follows them (read_mat.c's expand_tabs). */
#define MAT_EXPANDED_SLACK (4 * INPUT_LINE_SLACK)

/* The patterns of grammar/ and their named groups come from the .pcre
 * files (grammar_lists.h, made by grammar/gen.sh): a group written in a
 * pattern, "(?<die1>...)" of cell-token.pcre, is GRP_CELL_TOKEN_DIE1 here
 * and nothing else is to be edited.  A group the grammar does not have is
 * no name in C, so a misspelt one fails to compile.  The pattern is in the
 * name because a group means something only after its own pattern matched
 * (and names repeat: game-line and move-number both have "number"). */
#include "grammar_lists.h"

/* The patterns of grammar/, one per file: PAT_CELL_TOKEN, ... */
#define MAT_PATTERN_ENUM(ID, file) PAT_##ID,
typedef enum { MAT_PATTERNS(MAT_PATTERN_ENUM) PAT_COUNT } mat_pattern_id;
#undef MAT_PATTERN_ENUM

/* The named groups of the patterns, resolved to numbers once. */
#define MAT_GROUP_ENUM(PATTERN, GROUP, name) GRP_##PATTERN##_##GROUP,
typedef enum { MAT_GROUPS(MAT_GROUP_ENUM) GRP_COUNT } mat_group_id;
#undef MAT_GROUP_ENUM

/* How every pattern is compiled (the unit test compiles them the same). */
#define MAT_PATTERN_OPTIONS (PCRE2_EXTENDED | PCRE2_ANCHORED)

/* A reader's view of the grammar: the compiled patterns (shared by all
 * readers, copied here for locality) and its own match data. */
typedef struct {
  pcre2_code *code[PAT_COUNT];
  bool jit[PAT_COUNT]; /* JIT-compiled: matched by the fast path */
  int group[GRP_COUNT];
  pcre2_match_data *data;    /* shared: a result lives until the next match */
  PCRE2_SIZE *match_ovector; /* data's, cached */
  PCRE2_SIZE *ovector;       /* the last result's: data's or the memo's */
  const char *memo_mark;     /* the last result's mark when it came from the memo */
  uint32_t ovector_pairs;
  pcre2_match_context *context;
  struct mat_memo *memo;       /* cell tokens already matched (read_mat_memo.c) */
  struct mat_line_memo *lines; /* patterns whole lines failed (read_mat_line_memo.c) */
} mat_patterns;

/* A byte range of the current line, [start, end). */
typedef struct {
  size_t start, end;
} mat_span;

/* One line as the reader sees it: a line of input.h (no newline, no CR,
 * no trailing blanks, no BOM) with its tabs expanded.  Columns are byte
 * offsets + 1. */
typedef struct {
  const char *text;
  size_t length;
  int number;
} mat_line;

/* The score lines PCRE2 matched for mat_match_score_line, each cut at its
 * scores (read_mat_score_memo.c): the last one, asked first, and a table
 * of them by their bytes, made at the first kept. */
typedef struct mat_score_shape mat_score_shape;
typedef struct {
  mat_score_shape *last;
  mat_score_shape *shapes;
} mat_score_memo;

struct bg_mat_reader {
  /* input */
  bg_input *input;
  bool owns_input; /* made by mat_reader_new, freed with the reader */
  const char *file;
  bg_diag_sink *sink;
  bool out_of_memory;
  mat_line last_line;
  char *expanded; /* a line whose tabs were expanded (see expand_tabs) */
  size_t expanded_size;
  bool holding_line; /* give last_line again: it starts the next match */
  mat_patterns patterns;
  mat_score_memo score_memo; /* score lines matched, for the next games' */

  /* the match being read (NULL before the first one and after the end) */
  bg_match *match;
  bg_match *pending_tags; /* tags for the next match, kept in a bare match */
  /* The match's last game while its move lines are read (its score line
   * read or said missing), else NULL: what read_line asks of every line,
   * kept as one field.  Only lines that are no move line change it (a
   * match, a game, a score line), and after them it is found again. */
  bg_game *game_in_play;
  diag_syntax_limit syntax_limit; /* syntax errors said in this match */
  /* the columns (as read_mat_play.c counts them) of the syntax errors said
   * on the move line being read, the first 8 of them: the
   * cells they stand in are kept as written (read_mat_play.c) */
  int line_error_columns[8];
  int line_error_count;
  bool found_match, finished;
  /* before the first match: a line with text, a byte no text holds (a
   * control character: NUL, the bytes of an image), for the message
   * when no match comes */
  bool saw_text, saw_binary;
  bool expecting_score;
  int move_number; /* of the line being read, for diagnostics */
  /* The game's move numbers so far: the last one read (0 before the first
   * numbered line of a game), and after a break in them, the number the
   * line before the break led to expect (0 none): one wrong number is one
   * mistake, whether the lines after it follow it or the ones before. */
  int last_move_number;
  int move_number_before_break;
  /* the actions of the line that broke them, flagged after_numbering_break
   * (unflagged when the next line shows it was only a wrong number) */
  int break_actions_from, break_actions_to;
  /* the break being read: the number the line should have had, where its
   * number stands, and the number it has */
  int break_expected, break_found;
  bg_srcpos break_pos;
  /* the line being read is the one the break skipped: the two lines were
   * written in each other's place (mat_put_lines_in_order) */
  bool lines_swapped;

  /* the first stray line before any match, reported once a match shows up
   * (a file with no match at all gets only "no match found") */
  bool has_stray_line;
  bool stray_reported; /* said already (a mistyped match line is, at once) */
  int stray_line, stray_column;

  /* the layout of move lines: where the left cell starts (after "N) ") and
   * where right cells start (learned from lines with two cells) */
  int left_column;
  int right_column;
  bool right_column_learned;
  bool renamed_said; /* a player named otherwise in a score line: said once a match */
  bool no_game_said; /* lines before the match's first game line: said once */
  /* a score line as the match's first line after its match line: the line
   * number while nothing follows it (an empty match), -1 once the first
   * such line has passed, 0 before; the column of its first name, and
   * the score it gives */
  int names_line, names_column, names_score[2];
};

/* Gets the patterns of grammar/ ready, compiling them on the first call of
 * the process (false, said on stderr, when one does not compile: a build
 * defect; or out of memory). */
bool mat_patterns_compile(mat_patterns *patterns);
void mat_patterns_free(mat_patterns *patterns);

/* Matches pattern `id` against line[0, length) at `offset`, anchored there. */
bool mat_match_at(mat_patterns *patterns, mat_pattern_id id, const char *text,
                  size_t length, size_t offset);

/* mat_match_at's PCRE2 return code: above 0, one more than the highest
 * group set. */
int mat_match_rc(mat_patterns *patterns, mat_pattern_id id, const char *text,
                 size_t length, size_t offset);

/* PAT_CELL_TOKEN at `offset`, answered from the memo when the same word
 * (the bytes up to the next blank) was matched before as a whole roll or
 * move token: the same result as mat_match_at, without running PCRE2. */
bool mat_match_token(mat_patterns *patterns, const char *text, size_t length,
                     size_t offset);

/* PAT_SCORE_LINE matched at the line's start, answered from `memo` when
 * the line is a score line PCRE2 matched with other scores: the same
 * result as mat_match_at. */
bool mat_match_score_line(mat_patterns *patterns, mat_score_memo *memo,
                          const mat_line *line);
/* Parks the memo's table for the next reader (mat_spare_park). */
void mat_score_memo_free(mat_score_memo *memo);

/* The move number that opens a move line ("  12)"), as PAT_MOVE_NUMBER
 * matched at 0 says: true with the number and the offset after its ')'.
 * Answered from the memo when the same line start matched before. */
bool mat_match_move_number(mat_patterns *patterns, const char *text, size_t length,
                           int *number, size_t *end);
/* A game starts: its first line's number is looked for as 1. */
void mat_memo_new_game(mat_patterns *patterns);

/* A move token ("24/18*", "6/off(2)") as read_mat_play.c read it: its
 * moves, each with where its first point is written (from the token's
 * start).  Kept by the memo for words that matched as a whole move, so the
 * same word met again is neither matched nor decoded again.  A move is
 * kept as the first bytes of its bg_move (from, to, count, hit: see
 * mat_decoded_head), so that adding it copies them as they stand. */
#define MAT_DECODED_HEAD 5
typedef struct {
  uint8_t head[MAT_DECODED_HEAD];
  uint8_t column;
} mat_decoded_move;

/* A word that matched as a whole move token of at most two moves, or as
 * a whole roll token ("63:", "00:"; `count` MAT_DECODED_ROLL, its dice in
 * `dice`, 0 0 for "00:").  16 bytes, so that the memo's entry of a word,
 * key included, is half a cache line: a chain of three moves
 * ("24/18/13/7") is rare enough to be matched each time. */
#define MAT_DECODED_ROLL UINT8_MAX
typedef struct {
  union {
    uint8_t dice[2];
    mat_decoded_move moves[2];
  };
  uint8_t count; /* moves, or MAT_DECODED_ROLL */
} mat_decoded_word;

/* The decoded form of a move: bg_move's bytes up to its hit mark. */
_Static_assert(offsetof(bg_move, hit) + sizeof(bool) == MAT_DECODED_HEAD,
               "from, to, count and hit are a move's first five bytes");
static inline mat_decoded_move mat_decoded_head(bg_move move, size_t column) {
  mat_decoded_move decoded = {.column = (uint8_t)column};
  memcpy(decoded.head, &move, MAT_DECODED_HEAD);
  return decoded;
}

/* Writes decoded move `d` of the word at `offset` of line `line` into
 * `move`. */
static inline void mat_decoded_write(bg_move *move, const mat_decoded_move *d, int line,
                                     size_t offset) {
  memcpy(move, d->head, MAT_DECODED_HEAD);
  move->pos = (bg_srcpos){line, (int)(offset + d->column) + 1};
}

/* The decoded token of the word text[start, end) (a whole word: a blank
 * or the line's end after it) when it was kept before, else NULL. */
const mat_decoded_word *mat_memo_decoded(mat_patterns *patterns, const char *text,
                                         size_t start, size_t end);

/* Keeps `decoded` for the word at `offset`: only when the move or roll
 * token just matched there, ending at `token_end`, is the whole word. */
void mat_memo_keep_decoded(mat_patterns *patterns, const char *text, size_t length,
                           size_t offset, size_t token_end,
                           const mat_decoded_word *decoded);

/* A new line is being read: words the memo read from the last one, and
 * its move number, are forgotten (the line's buffer is reused).  Called
 * once per move line, after its number was read. */
void mat_memo_forget_word(mat_patterns *patterns);

/* read_mat_spare.c: the memos a closed reader leaves to the next one
 * opened (their answers hold for any record).  Take gives NULL when none
 * is parked; park keeps `memo` for the next reader, or destroys it when
 * enough are parked.  Parked memos are destroyed when the program ends. */
typedef enum {
  MAT_SPARE_WORDS,
  MAT_SPARE_LINES,
  MAT_SPARE_SCORES,
  MAT_SPARE_KINDS
} mat_spare_kind;
void *mat_spare_take(mat_spare_kind kind);
void mat_spare_park(mat_spare_kind kind, void *memo, void (*destroy)(void *memo));

/* The memo of mat_match_token: made after the patterns, freed before them. */
bool mat_memo_new(mat_patterns *patterns);
void mat_memo_free(mat_patterns *patterns);

/* Mixes the `length` bytes at `text` into `hash`: the line memos' keys
 * (read_mat_line_memo.c, read_mat_score_memo.c) are whole lines or their
 * parts, read 8 bytes at a time. */
static inline uint64_t mat_hash_bytes(uint64_t hash, const char *text, size_t length) {
  size_t at = 0;
  for (; at + 8 <= length; at += 8) {
    uint64_t v;
    memcpy(&v, text + at, 8);
    hash = (hash ^ v) * 0x9e3779b97f4a7c15u;
  }
  for (; at < length; at++)
    hash = (hash ^ (unsigned char)text[at]) * 0xbf58476d1ce4e5b9u;
  return hash;
}

/* read_mat_line_memo.c: pattern `id` matched at the start of the whole
 * line `text` (the line being read): mat_match_at's answer, "no" without
 * PCRE2 when the same bytes failed it before. */
bool mat_match_line(mat_patterns *patterns, mat_pattern_id id, const char *text,
                    size_t length);
/* The cell token at `offset` of the line being read, as kept by
 * mat_line_memo_keep_token: false when none is kept for these bytes
 * there (then PCRE2 is asked). */
bool mat_line_memo_token(mat_patterns *patterns, const char *text, size_t length,
                         size_t offset);
/* Keeps PCRE2's last match (rc > 0), of the cell token at `offset` of the
 * line being read, with the line, when the line memo holds it. */
void mat_line_memo_keep_token(mat_patterns *patterns, const char *text, size_t length,
                              size_t offset, int rc);
/* A new line is being read (the last one's buffer is reused). */
void mat_line_memo_new_line(mat_patterns *patterns);
/* Made after the patterns, freed before them. */
bool mat_line_memo_new(mat_patterns *patterns);
void mat_line_memo_free(mat_patterns *patterns);

/* The span of group `group` in the last match; false when it did not take
 * part in it.  Inline: it runs a dozen times per move token. */
static inline bool mat_group_span(const mat_patterns *patterns, mat_group_id group,
                                  mat_span *span) {
  uint32_t number = (uint32_t)patterns->group[group];
  if (number >= patterns->ovector_pairs || patterns->ovector[2 * number] == PCRE2_UNSET)
    return false;
  span->start = patterns->ovector[2 * number];
  span->end = patterns->ovector[2 * number + 1];
  return true;
}

/* Eight bytes of a line looked at at once, where the compiler and the byte
 * order allow it: blanks are skipped and words scanned a word at a time. */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) &&                                      \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define MAT_WORDWISE 1
/* The high bit of each byte of `v` that is `c`, of no other: exact, as
 * no carry runs from one byte into the next (the usual "v - 0x01.." trick
 * also flags some bytes after a match). */
static inline uint64_t mat_bytes_equal(uint64_t v, unsigned char c) {
  const uint64_t lows = 0x7f7f7f7f7f7f7f7fu;
  uint64_t x = v ^ (0x0101010101010101u * c);
  return ~(((x & lows) + lows) | x | lows);
}
#endif

/* End of the last whole match. */
static inline size_t mat_match_end(const mat_patterns *patterns) {
  return patterns->ovector[1];
}

/* The (*MARK) name of the last match ("roll", "move", ...), "" when none. */
const char *mat_match_mark(const mat_patterns *patterns);

/* The decimal number in `span` of `text` (at most 9 digits: never overflows). */
static inline int mat_span_int(const char *text, mat_span span) {
  int value = 0;
  for (size_t i = span.start; i < span.end && i < span.start + 9; i++)
    value = value * 10 + (text[i] - '0');
  return value;
}

/* ---- read_mat_report.c: diagnostics ---- */

/* A `syntax` diagnostic at line:column (in bytes as written) of the game
 * and move being read, not counted against the limit. */
void mat_emit(bg_mat_reader *reader, int line, int column, bg_severity severity,
              const char *message);
/* The number of the game being read; 0 before the first. */
int mat_game_number(const bg_mat_reader *reader);

/* Reports a `syntax` error at line:column of the match being read, within
 * the per-match limit (diag.h). */
void mat_syntax_error(bg_mat_reader *reader, int line, int column, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Copies the blank-delimited token at `offset` into `out` for a message,
 * shortened and with unprintable bytes replaced. */
void mat_quote_token(const mat_line *line, size_t offset, char *out, size_t out_size);

/* The same for `length` bytes of `text` (a tag value, a whole line). */
void mat_quote_bytes(const char *text, size_t length, char *out, size_t out_size);

/* A warning of the notation (rule syntax) at `pos` (a column in bytes). */
void mat_warning(bg_mat_reader *reader, bg_srcpos pos, const char *message);
/* After mat_move_number_follows found the lines swapped: the actions of the
 * line just read (from `first_action`) go before the line before's. */
void mat_put_lines_in_order(bg_mat_reader *reader, bg_game *game, int first_action);
/* Column `column` of the line being read (tabs expanded) in bytes as written. */
int mat_byte_column(const bg_mat_reader *reader, int column);

/* read_mat_names.c: a score line as a match's first line after its match
 * line (its groups matched last) is noted; the next line of the match
 * that is no blank, tag or comment says whether it opened a match with
 * no games (nothing follows it: no error), or stood where " Game 1" was
 * left out (a syntax error at it; before anything but a game line, game
 * 1 starts there).  False when memory is out. */
void mat_note_names_line(bg_mat_reader *reader, const mat_line *line);
bool mat_names_line_said(bg_mat_reader *reader, bool before_game_line);

/* read_mat_score.c: a score line (its groups matched last) as the game's
 * starting score and the players' names; the same line right after the
 * match line, as the names of a match that may stop there; a score line
 * where moves were expected, as the start of a game whose " Game N" line
 * is missing.  Each false when memory is out. */
bool mat_read_score_line(bg_mat_reader *reader, const mat_line *line);
bool mat_read_names_line(bg_mat_reader *reader, const mat_line *line);
bool mat_start_unannounced_game(bg_mat_reader *reader, const mat_line *line);

/* The offset of the line's first byte from `offset` on that is no blank
 * (its length when there is none).  Eight bytes at a time where the byte
 * order allows: the blanks that pad a move line's columns are long runs, and
 * a line is followed by INPUT_LINE_SLACK readable bytes, so the eight
 * bytes at any offset before its end can be read. */
static inline size_t mat_skip_blanks(const mat_line *line, size_t offset) {
#ifdef MAT_WORDWISE
  /* the one blank between two moves is the commonest run: a byte first */
  if (offset + 1 < line->length && line->text[offset] == ' ' &&
      line->text[offset + 1] != ' ' && line->text[offset + 1] != '\t')
    return offset + 1;
  while (offset < line->length) {
    uint64_t v;
    memcpy(&v, line->text + offset, 8);
    uint64_t text =
        ~(mat_bytes_equal(v, ' ') | mat_bytes_equal(v, '\t')) & 0x8080808080808080u;
    if (text) {
      offset += (size_t)__builtin_ctzll(text) / 8;
      return offset < line->length ? offset : line->length;
    }
    offset += 8;
  }
  return line->length;
#else
  while (offset < line->length &&
         (line->text[offset] == ' ' || line->text[offset] == '\t'))
    offset++;
  return offset;
#endif
}

/* The end of the word at `offset`: the line's first blank from there on,
 * or its length. */
static inline size_t mat_skip_word(const mat_line *line, size_t offset) {
  while (offset < line->length && line->text[offset] != ' ' && line->text[offset] != '\t')
    offset++;
  return offset;
}

/* mat_skip_blanks from the line's start. */
static inline size_t mat_first_non_blank(const mat_line *line) {
  return mat_skip_blanks(line, 0);
}

/* A line's move number as found ("  12) ": 12, and the offset after the
 * ')'), handed on so that the move line does not ask for it again. */
typedef struct {
  int number;
  size_t end;
} mat_move_number;

/* read_mat_token.c: "  12) " read into reader->move_number and the left
 * column; returns the offset after the ')' (0 on an unnumbered line).
 * `found` is the line's number as the caller found it, NULL when the
 * line opens with none: a line is asked once (mat_find_move_number). */
size_t mat_read_move_number(bg_mat_reader *reader, const mat_move_number *found);
/* The move number that opens `line`, in *found, which is returned; NULL
 * when it opens with none. */
const mat_move_number *mat_find_move_number(mat_patterns *patterns, const mat_line *line,
                                            mat_move_number *found);
/* Whether the line's number follows the game's line before; a break is
 * said (a syntax error) and false returned. */
bool mat_move_number_follows(bg_mat_reader *reader, const mat_line *line);
/* A new game: its lines are numbered from the first one read, and the
 * memo asks for its first line as move 1 (mat_memo_new_game). */
void mat_numbering_new_game(bg_mat_reader *reader);
/* Flags the actions of `game` from `first_action` on as after a break. */
void mat_flag_numbering_break(bg_mat_reader *reader, bg_game *game, int first_action);
/* What is being read on one move line (read_mat_play.c reads its cells,
 * read_mat_token.c the moves of their plays). */
typedef struct {
  bg_mat_reader *reader;
  const mat_line *line;
  bg_game *game;
  int left_column;   /* where this line's left cell starts */
  int cells;         /* cells started on the line */
  bg_action *action; /* the current cell's action; NULL before the first cell */
  bool broken;       /* the current cell had an error: skip to the next cell */
  bool play_closed;  /* the roll's play was "Cannot Move" or "????" */
  /* the move token at hand, decoded before (the memo's), or NULL: set
   * where mat_read_move_token is to read it */
  const mat_decoded_word *known;
} mat_line_state;

/* read_mat_token.c: a syntax error at `offset` of the line; the rest of
 * the cell is unreadable (a roll's play becomes unknown). */
void mat_cell_error(mat_line_state *state, size_t offset, const char *message);
/* The same without a message: the current cell is broken, its roll's play
 * unknown (the error was said otherwise). */
void mat_break_cell(mat_line_state *state);

/* read_mat_broken.c: a syntax error at the word at `offset`, which is no
 * roll, cube action or move where one was expected; the current cell is
 * broken. */
void mat_cell_error_expected(mat_line_state *state, size_t offset);
/* A roll cell whose dice (just matched) are no roll or lack their ':'. */
void mat_report_bad_dice(mat_line_state *state, size_t offset);
/* Once the line is read: the text of each cell of the line (its actions
 * from `first_action` on) a syntax error stands in; a line without a
 * move number that took no turn, kept whole. */
void mat_keep_written_cells(mat_line_state *state, int first_action);
void mat_keep_unread_line(mat_line_state *state, int first_action);

/* read_mat_token.c: the move token at `offset` ("24/18*", "6/4(2)",
 * "24/18/13"), just matched or state->known, added to the current roll. */
void mat_read_move_token(mat_line_state *state, size_t offset);
/* The moves of a token decoded before, added as they are. */
void mat_add_known_moves(mat_line_state *state, const mat_decoded_word *known,
                         size_t offset);

/* read_mat_token.c: a cube action misspelt ("Dubles => 2", "Tkaes"), as
 * the action it was nearest. */
typedef struct {
  bg_action_kind kind; /* ACT_DOUBLE, ACT_BEAVER, ACT_TAKE or ACT_DROP */
  const char *meant;   /* the word it is read as: "Doubles" */
  int value;           /* the cube value after "=>" (doubles and beavers) */
  bool valued;         /* "=> N" was written */
  mat_span word;       /* where the misspelt word is */
  size_t end;          /* the offset after the token ("=> N" included) */
} mat_cube_typo;

/* Whether the word at `offset` (where no cell token matched) is a cube
 * action misspelt: *typo says which. */
bool mat_read_cube_typo(mat_patterns *patterns, const mat_line *line, size_t offset,
                        mat_cube_typo *typo);

/* Reads one move line ("  3) 63: 24/18 13/10     41: 13/9 6/5") into the
 * current game; `found` is its number (mat_find_move_number), NULL when
 * it opens with none. */
void mat_read_move_line(bg_mat_reader *reader, const mat_line *line,
                        const mat_move_number *found);

/* read_mat_row.c: a game's first move line that holds a server's board
 * dump (PAT_POSITION_ROW just matched): an ACT_SET_POSITION, and the rest
 * of the line read as any move line.  False when the dump is no board. */
bool mat_read_position_row(bg_mat_reader *reader, const mat_line *line);

/* read_mat_tags.c: "; Game type: ..." (PAT_GAME_TYPE just matched): the
 * variation it names, as a [Variation] tag.  False when memory is out. */
bool mat_read_game_type(bg_mat_reader *reader, const mat_line *line);

/* read_mat_tags.c: a tag line just matched (PAT_TAG_LINE), a tag of the
 * match being read while it has no game yet, else of the next match; false
 * out of memory. */
bool mat_read_tag_line(bg_mat_reader *reader, const mat_line *line);
/* Moves the tags read before a match line into the new match. */
bool mat_adopt_pending_tags(bg_mat_reader *reader);

#endif
