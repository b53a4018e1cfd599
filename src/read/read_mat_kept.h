/*
 * read_mat_kept.h — a match of PCRE2 kept by a memo, to be given again
 * without PCRE2: the groups it set, their offsets and its mark.
 *
 * The memos keep the cell-token pattern's matches, which set few of its
 * groups, so a kept match holds the set ones alone (their numbers), not
 * the whole ovector.  Its offsets are kept from a base: the word memo's
 * from the word's start, as the same word matches alike wherever it
 * stands; the line memo's from the line's start (base 0), as its key is
 * the whole line.
 *
 * Stage: under read_mat_memo.c and read_mat_line_memo.c, its includers:
 * over the patterns (read_mat_int.h), calls nothing.
 */
#ifndef BG_READ_MAT_KEPT_H
#define BG_READ_MAT_KEPT_H

#include "read_mat_int.h"

/* The most groups (the whole match included) a kept match may set: a
 * token that sets more is matched every time ("Wins 1 point and the
 * match" sets three). */
#define KEPT_PAIRS 10

/* 40 bytes: with its 16-byte key and its 2 bytes, a word memo's entry
 * fills one cache line (read_mat_memo.c). */
typedef struct {
  uint8_t pairs;             /* 0: none kept */
  uint8_t group[KEPT_PAIRS]; /* ovector pair numbers */
  uint8_t start[KEPT_PAIRS]; /* offsets from the base */
  uint8_t end[KEPT_PAIRS];
  const char *mark; /* PCRE2's, in the compiled pattern: lives as long */
} mat_kept_match;

/* Keeps the set groups of PCRE2's last result (`rc` from its match) with
 * offsets from `base`, and `mark`; false when it sets too many groups to
 * be kept, `kept` then half written, to be dropped.  The caller knows the
 * offsets, from `base`, fit a byte. */
static inline bool kept_take(mat_kept_match *kept, const PCRE2_SIZE *ovector, int rc,
                             size_t base, const char *mark) {
  kept->pairs = 0;
  for (int g = 0; g < rc; g++) {
    if (ovector[2 * g] == PCRE2_UNSET)
      continue;
    if (kept->pairs == KEPT_PAIRS || g > UINT8_MAX)
      return false;
    kept->group[kept->pairs] = (uint8_t)g;
    kept->start[kept->pairs] = (uint8_t)(ovector[2 * g] - base);
    kept->end[kept->pairs++] = (uint8_t)(ovector[2 * g + 1] - base);
  }
  kept->mark = mark;
  return true;
}

/* Writes the kept groups into `ovector`, from `base`, and makes it the
 * reader's last result, as if PCRE2 had just matched.  The other pairs
 * of `ovector` are the caller's to unset. */
static inline void kept_show(mat_patterns *patterns, const mat_kept_match *kept,
                             PCRE2_SIZE *ovector, size_t base) {
  for (int i = 0; i < kept->pairs; i++) {
    ovector[2 * kept->group[i]] = base + kept->start[i];
    ovector[2 * kept->group[i] + 1] = base + kept->end[i];
  }
  patterns->ovector = ovector;
  patterns->memo_mark = kept->mark;
}

/* Unsets in `ovector` the pairs kept_show wrote there. */
static inline void kept_unshow(const mat_kept_match *kept, PCRE2_SIZE *ovector) {
  for (int i = 0; i < kept->pairs; i++)
    ovector[2 * kept->group[i]] = ovector[2 * kept->group[i] + 1] = PCRE2_UNSET;
}

#endif
