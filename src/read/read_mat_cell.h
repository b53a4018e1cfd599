/*
 * read_mat_cell.h — what the files that read a move line's cells share:
 * the kinds of cell tokens, the blank map of a line, and the questions of
 * where a cell stands, which read_mat_layout.c answers for
 * read_mat_play.c where a word is not a plain move of an open cell.
 *
 * Private to the .mat reader, beside read_mat_int.h (which it includes),
 * as read_mat_kept.h and read_mat_memo_key.h are.
 */
#ifndef BG_READ_MAT_CELL_H
#define BG_READ_MAT_CELL_H

#include "read_mat_int.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* The kinds of grammar/cell-token.pcre's tokens, the cell openers first. */
typedef enum {
  TOK_ROLL,
  TOK_DOUBLE,
  TOK_BEAVER,
  TOK_TAKE,
  TOK_DROP,
  TOK_WIN,
  TOK_RESIGN,
  TOK_YIELD,
  TOK_CONCEDE,
  TOK_BAD_ROLL,
  TOK_CANNOT,
  TOK_UNKNOWN,
  TOK_MOVE,
  TOK_NUMBER,
} mat_token_kind;

/* The (*MARK) names of grammar/cell-token.pcre; told apart by their first
 * two letters, as this runs for every token. */
static inline mat_token_kind mat_token_kind_of(const char *mark) {
  switch (mark[0]) {
  case 'r':
    return mark[1] == 'o' ? TOK_ROLL : TOK_RESIGN;
  case 'd':
    return mark[1] == 'o' ? TOK_DOUBLE : TOK_DROP;
  case 'b':
    return TOK_BEAVER;
  case 't':
    return TOK_TAKE;
  case 'w':
    return TOK_WIN;
  case 'c':
    return mark[1] == 'o' ? TOK_CONCEDE : TOK_CANNOT;
  case 'x':
    return TOK_BAD_ROLL;
  case 'u':
    return TOK_UNKNOWN;
  case 'n':
    return TOK_NUMBER;
  case 'y':
    return TOK_YIELD;
  default:
    return TOK_MOVE;
  }
}

/* A token that opens a cell: a roll or a cube action, not a play's. */
static inline bool mat_starts_cell(mat_token_kind kind) {
  return kind <= TOK_BAD_ROLL;
}

/* The blanks of a move line's first MAT_MAP_BYTES bytes, a bit each (set: a
 * blank, or past the line's end), found once for the line: a word's start
 * and end are then a bit scan each, where looking at the bytes around
 * every word cost more than reading the word.  Move lines are shorter
 * (99.6% of those of the bench); the words of a longer one after its
 * first MAT_MAP_BYTES bytes are found byte by byte. */
#define MAT_MAP_BYTES 64
typedef uint64_t mat_blank_map;

/* The blanks of the 16 bytes at `text`, a bit each (a line is followed by
 * INPUT_LINE_SLACK readable bytes: 16 can be read from any byte of it).
 * A move line's blanks are spaces: read_mat.c expands its tabs first. */
static inline uint64_t mat_blank_bits16(const char *text) {
#ifdef __SSE2__
  __m128i v = _mm_loadu_si128((const __m128i *)(const void *)text);
  return (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
#else
  uint64_t bits = 0;
  for (int i = 0; i < 16; i++)
    if (text[i] == ' ')
      bits |= (uint64_t)1 << i;
  return bits;
#endif
}

static inline mat_blank_map mat_map_blanks(const mat_line *line) {
  mat_blank_map bits = 0;
  for (size_t at = 0; at < line->length && at < MAT_MAP_BYTES; at += 16)
    bits |= mat_blank_bits16(line->text + at) << at;
  if (line->length < MAT_MAP_BYTES)
    bits |= ~(uint64_t)0 << line->length;
  return bits;
}

/* The index of the lowest bit set in `bits` (not 0), with no sign
 * extension after the bit scan: GCC extends the int of __builtin_ctzll to
 * a size_t with an instruction of its own, on the path from a word to the
 * next.  (tzcnt runs as bsf where BMI1 is missing: the same for a
 * nonzero `bits`.) */
static inline size_t mat_lowest_bit(uint64_t bits) {
#if defined(__GNUC__) && defined(__x86_64__)
  uint64_t index;
  __asm__("tzcnt %1, %0" : "=r"(index) : "rm"(bits) : "cc");
  return index;
#else
  return (size_t)__builtin_ctzll(bits);
#endif
}

/* The start of the word at or after `offset`: mat_skip_blanks, by the map.
 * `whole`: the map holds the whole line (mat_map_holds_line), and
 * `offset` is not past its end; a constant where the caller is inlined,
 * which takes the tests of the bytes past the map away. */
static inline size_t mat_next_word(const mat_line *line, mat_blank_map map, size_t offset,
                                   bool whole) {
  if (whole || offset < MAT_MAP_BYTES) {
    uint64_t words = ~map >> offset;
    if (words)
      return offset + mat_lowest_bit(words);
    if (whole)
      return line->length;
    offset = MAT_MAP_BYTES;
  }
  return mat_skip_blanks(line, offset);
}

/* The end of the word at `start` (its first blank, or the line's end), by
 * the map; `whole` as for mat_next_word.  A map that holds the whole line
 * has a bit set past its end, so the scan always finds one. */
static inline size_t mat_word_end(const mat_line *line, mat_blank_map map, size_t start,
                                  bool whole) {
  if (whole)
    return start + mat_lowest_bit(map >> start);
  if (start < MAT_MAP_BYTES) {
    uint64_t blanks = map >> start;
    if (blanks)
      return start + mat_lowest_bit(blanks);
    start = MAT_MAP_BYTES;
  }
  return mat_skip_word(line, start);
}

/* Whether the blank map holds the whole of `line`, and a blank past it. */
static inline bool mat_map_holds_line(const mat_line *line) {
  return line->length < MAT_MAP_BYTES;
}

/* read_mat_layout.c: where a cell stands on its line. */

/* The player (0 left, 1 right) of a lone cell starting at `column`. */
int mat_lone_cell_player(const mat_line_state *state, int column);
/* Whether the cube word ending at `end` stands as a whole cell. */
bool mat_stands_as_cell(mat_line_state *state, size_t end);
/* Whether text that is no token at `offset` is the other player's cell. */
bool mat_starts_unreadable_cell(const mat_line_state *state, size_t offset);
/* Whether a number at `offset` (the token just matched) is more of the
 * open roll's play, not a new cell. */
bool mat_continues_play(mat_line_state *state, size_t offset);
/* Whether "????" at `offset` is a turn nobody recorded. */
bool mat_starts_hidden_roll(const mat_line_state *state, mat_token_kind kind,
                            size_t offset);
/* Whether "??" at `offset` is line noise that takes no turn. */
bool mat_is_stray_unknown(mat_line_state *state, mat_token_kind kind, size_t offset);

#endif
