/*
 * read_mat_line_memo.c — remembers which patterns of grammar/ a whole line
 * failed, so that the same line met again is not tried with them again.
 *
 * A line that opens with no move number is tried against the line
 * patterns in turn (read_mat.c's read_line: the match line, a tag, a
 * comment, a game line, a score line...) until one matches; "      Wins 1
 * point" fails eight of them before it is read as a move line.  Those
 * tries are most of the time such lines take, and a record writes the
 * same lines again and again (" Game 2", its dialect's "Wins 1 point",
 * "; [Site \"GNU Backgammon\"]").  A pattern matched at the start of the
 * same bytes gives the same answer, so a failure is kept with the line's
 * bytes and the next try of that pattern on them is answered "no" without
 * PCRE2.  Only failures are kept: the reader reads a match's groups from
 * PCRE2's result, so a pattern that matches is always matched.
 *
 * Stage: beside read_mat_memo.c, over the patterns (calls
 * read_mat_grammar.c only); made, told of each new line and freed by
 * read_mat.c, asked by read_mat.c and read_mat_memo.c.
 */
#include "read_mat_int.h"

#include <stdlib.h>
#include <string.h>

/* 2^LINE_BITS lines of at most LINE_TEXT bytes (48 KB): the lines that
 * repeat are few (a dialect's result lines, game lines, comments), and the
 * longer ones (tags, score lines with long names) seldom repeat. */
#define LINE_BITS 9
#define LINE_TEXT 88

_Static_assert(PAT_COUNT <= 32, "a line's failed patterns are bits of a uint32_t");

typedef struct {
  uint32_t length; /* of the line; 0: an empty slot */
  uint32_t failed; /* bit `id`: pattern `id` did not match the line */
  char text[LINE_TEXT];
} line_entry;

struct mat_line_memo {
  line_entry slot[1u << LINE_BITS];
  /* the line being read, as last asked, and its entry (NULL: not kept);
   * forgotten by mat_line_memo_new_line, as the line's buffer is reused */
  const char *text;
  size_t length;
  line_entry *entry;
};

bool mat_line_memo_new(mat_patterns *patterns) {
  patterns->lines = calloc(1, sizeof *patterns->lines);
  return patterns->lines != NULL;
}

void mat_line_memo_free(mat_patterns *patterns) {
  free(patterns->lines);
  patterns->lines = NULL;
}

void mat_line_memo_new_line(mat_patterns *patterns) {
  patterns->lines->text = NULL;
}

/* The slot of the line's bytes, taken for them (its failures cleared)
 * when it held another line; NULL for a line too long to keep. */
static line_entry *line_slot(struct mat_line_memo *memo, const char *text,
                             size_t length) {
  if (length == 0 || length > LINE_TEXT)
    return NULL;
  uint64_t hash = length;
  size_t at = 0;
  for (; at + 8 <= length; at += 8) {
    uint64_t v;
    memcpy(&v, text + at, 8);
    hash = (hash ^ v) * 0x9e3779b97f4a7c15u;
  }
  for (; at < length; at++)
    hash = (hash ^ (unsigned char)text[at]) * 0xbf58476d1ce4e5b9u;
  line_entry *entry = &memo->slot[hash >> (64 - LINE_BITS)];
  if (entry->length != length || memcmp(entry->text, text, length) != 0) {
    entry->length = (uint32_t)length;
    entry->failed = 0;
    memcpy(entry->text, text, length);
  }
  return entry;
}

bool mat_match_line(mat_patterns *patterns, mat_pattern_id id, const char *text,
                    size_t length) {
  struct mat_line_memo *memo = patterns->lines;
  if (memo->text != text || memo->length != length) {
    memo->entry = line_slot(memo, text, length);
    memo->text = text;
    memo->length = length;
  }
  line_entry *entry = memo->entry;
  if (entry && entry->failed & (1u << id))
    return false;
  if (mat_match_at(patterns, id, text, length, 0))
    return true;
  if (entry)
    entry->failed |= 1u << id;
  return false;
}
