/*
 * read_mat_memo_key.h — a word of a line as the key of a memo: its bytes
 * as two 64-bit words, read 8 at a time where the byte order allows, and
 * the slot of a key in a table.
 *
 * Stage: under read_mat_memo.c, its only includer: the words and the
 * line starts it remembers are keyed here.
 */
#ifndef BG_READ_MAT_MEMO_KEY_H
#define BG_READ_MAT_MEMO_KEY_H

#include "read_mat_int.h"

#define MEMO_KEY 16 /* longer words are matched every time */
_Static_assert(MEMO_KEY <= INPUT_LINE_SLACK, "scan_word reads a key past a line's end");

/* A word being looked up: its bytes as two words, for a quick compare. */
typedef struct {
  uint64_t key[2];
  size_t length;
  mat_pattern_id pattern;
} memo_word;

/* The key is built byte by byte: a memcpy of a variable length is a libc
 * call that costs more than the lookup. */
static inline void make_word(memo_word *word, mat_pattern_id pattern, const char *text,
                             size_t length) {
  uint64_t low = 0, high = 0; /* scalars: see scan_word */
  for (size_t i = 0; i < length; i++)
    if (i < 8)
      low |= (uint64_t)(unsigned char)text[i] << (8 * i);
    else
      high |= (uint64_t)(unsigned char)text[i] << (8 * (i - 8));
  word->key[0] = low;
  word->key[1] = high;
  word->length = length;
  word->pattern = pattern;
}

/* The slot of `word`'s key in a table of 2^(64 - shift) slots: the high
 * bits of a product depend on every byte of the key ("10/9" and "10/7"
 * must not share a slot).  The decoded words, the phrases and the line starts are
 * keyed by it; slot_of mixes in the length and the pattern. */
static inline size_t key_slot_shifted(const memo_word *word, unsigned shift) {
  uint64_t hash =
      (word->key[0] ^ (word->key[1] * 0xbf58476d1ce4e5b9u)) * 0x9e3779b97f4a7c15u;
  return (size_t)(hash >> shift);
}

/* key_slot_shifted with the shift of a table of 2^bits slots. */
static inline size_t key_slot(const memo_word *word, unsigned bits) {
  return key_slot_shifted(word, 64 - bits);
}

#ifdef MAT_WORDWISE
/* The first `count` (0 to 8) bytes of `v`, the others zero: from a
 * table, as every word a move line looks up is keyed so, and a load costs
 * less than a shift by a variable count (which would also need a case
 * apart for 0). */
static inline uint64_t mat_low_bytes(uint64_t v, size_t count) {
  static const uint64_t kept[9] = {
      0,
      0xff,
      0xffff,
      0xffffff,
      0xffffffff,
      0xffffffffff,
      0xffffffffffff,
      0xffffffffffffff,
      0xffffffffffffffff,
  };
  return v & kept[count];
}

/* The high bit of each byte of `v` that ends a word: a blank (' ' or a
 * tab), or a byte at or past `rest`, the line's end. */
static inline uint64_t word_ends(uint64_t v, size_t rest) {
  uint64_t ends = mat_bytes_equal(v, ' ') | mat_bytes_equal(v, '\t');
  if (rest < 8)
    ends |= 0x8080808080808080u << (8 * rest);
  return ends;
}

/* `v` up to its first byte that ends a word (`ends` not 0), the rest 0. */
static inline uint64_t before_end(uint64_t v, uint64_t ends) {
  return v & (((ends & (0 - ends)) >> 7) - 1);
}
#endif

/* Reads the word at `offset` into `word` (its bytes up to the next blank)
 * in one pass; false when it is empty or too long to be remembered.  A
 * line is followed by INPUT_LINE_SLACK readable bytes (input.h), so
 * MEMO_KEY bytes are read wherever the word starts, 8 at a time. */
static inline bool scan_word(memo_word *word, const char *text, size_t length,
                             size_t offset) {
  size_t rest = length - offset, at;
#ifdef MAT_WORDWISE
  uint64_t low, high = 0;
  memcpy(&low, text + offset, 8);
  uint64_t ends = word_ends(low, rest);
  if (ends) {
    at = (size_t)__builtin_ctzll(ends) / 8;
    low = before_end(low, ends);
  } else {
    memcpy(&high, text + offset + 8, 8);
    ends = word_ends(high, rest - 8);
    if (!ends && rest > MEMO_KEY && text[offset + MEMO_KEY] != ' ' &&
        text[offset + MEMO_KEY] != '\t')
      return false; /* longer than a key */
    at = ends ? 8 + (size_t)__builtin_ctzll(ends) / 8 : MEMO_KEY;
    high = ends ? before_end(high, ends) : high;
  }
#else
  /* two scalars, not an array: bytes or-ed into an array in memory and read
   * back as one 16-byte word stalled the load (no store forwarding) */
  uint64_t low = 0, high = 0;
  for (at = 0; at < rest; at++) {
    unsigned char c = (unsigned char)text[offset + at];
    if (c == ' ' || c == '\t')
      break;
    if (at == MEMO_KEY)
      return false;
    if (at < 8)
      low |= (uint64_t)c << (8 * at);
    else
      high |= (uint64_t)c << (8 * (at - 8));
  }
#endif
  word->key[0] = low;
  word->key[1] = high;
  word->length = at;
  word->pattern = PAT_CELL_TOKEN;
  return at > 0;
}

/* The `length` bytes (1 to MEMO_KEY) at `text` as a key: a word as
 * scan_word makes it, with its ends known; a phrase (the line's slack
 * lets 16 bytes be read). */
static inline void key_word(memo_word *word, const char *text, size_t length) {
#ifdef MAT_WORDWISE
  uint64_t low, high = 0;
  memcpy(&low, text, 8);
  if (length <= 8) {
    low = mat_low_bytes(low, length);
  } else {
    memcpy(&high, text + 8, 8);
    high = mat_low_bytes(high, length - 8);
  }
  word->key[0] = low;
  word->key[1] = high;
  word->length = length;
  word->pattern = PAT_CELL_TOKEN;
#else
  make_word(word, PAT_CELL_TOKEN, text, length);
#endif
}

#endif
