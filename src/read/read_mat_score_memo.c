/*
 * read_mat_score_memo.c — a game's score line matched from the score line
 * of the game before it, without PCRE2.
 *
 * Every game of a .mat opens with a score line ("  nori : 3      Bob : 0")
 * that PCRE2 matches at the cost of a few move lines; the line memo
 * (read_mat_line_memo.c) cannot keep it, as the scores change from game to
 * game.  But from one game to the next a writer changes only the scores,
 * and the blanks after the left one that keep the right name in its
 * column.  So the last score line PCRE2 matched (when its left score is
 * followed by a blank) is kept cut at its scores: the bytes before the
 * left score, and the bytes from the right name up to the right score.  A
 * line made of the same two parts, with a score of 1 to 9 digits after
 * each, one blank or more between the left score and the right part, and
 * only blanks after the right score, is matched by the pattern the same
 * way, since each step of its match ends at a place its own part's bytes
 * fix: the names end at the first ':' of their part (grammar/
 * score-line.pcre's names hold none), the greedy blanks after the left
 * score end where the right part starts, and each score is all of its
 * digits.  Its groups are the kept ones with the scores' new ends, the
 * right part's moved by the change in blanks.
 *
 * A record of many matches pairs its players again and again, and a match's
 * first score line is not cut like the last match's.  So each score line
 * kept has a slot in a table, chosen by the bytes it is cut into (its
 * bytes up to the left score, and its right part), where a later line cut
 * alike finds it when it is not cut like the last one.
 *
 * Stage: beside read_mat_line_memo.c, over the patterns; asked by read_mat.c
 * for the score line after a game line.
 */
#include "read_mat_int.h"

#include <stdlib.h>
#include <string.h>

/* The most groups (the whole match included) of a score line kept. */
#define SHAPE_PAIRS 8

/* 2^SHAPE_BITS score lines kept (40 KB): an archive pairs a few dozen
 * players in many ways, and fewer slots map its pairs onto each other. */
#define SHAPE_BITS 7

/* A score line PCRE2 matched, cut at its scores: the bytes before the
 * left score (`before` of them), then those from the right part's start
 * (`right` in the kept line) up to the right score (`between`); and the
 * match's offsets. */
struct mat_score_shape {
  bool kept;
  uint8_t before, between;
  int pairs;
  size_t left_end, right, score_end;
  char text[160];
  PCRE2_SIZE offsets[2 * SHAPE_PAIRS];
};

static size_t digits_at(const char *text, size_t length, size_t at) {
  size_t end = at;
  while (end < length && text[end] >= '0' && text[end] <= '9')
    end++;
  return end - at;
}

/* Where the parts of `line` stand when it is made as the kept line is: the
 * left score at memo->before (its digits in *left), the right part at
 * *right (the right score's digits in *score_digits); false when it is
 * not. */
static bool cut_like_kept(const mat_score_shape *memo, const mat_line *line, size_t *left,
                          size_t *right, size_t *score_digits) {
  const char *text = line->text;
  size_t length = line->length;
  if (length < (size_t)memo->before + memo->between ||
      memcmp(text, memo->text, memo->before) != 0)
    return false;
  *left = digits_at(text, length, memo->before);
  size_t after_left = memo->before + *left;
  *right = mat_skip_blanks(line, after_left);
  if (*left == 0 || *left > 9 || *right == after_left ||
      length - *right < memo->between ||
      memcmp(text + *right, memo->text + memo->before, memo->between) != 0)
    return false;
  size_t score_at = *right + memo->between;
  *score_digits = digits_at(text, length, score_at);
  size_t end = score_at + *score_digits;
  return *score_digits > 0 && *score_digits <= 9 && mat_skip_blanks(line, end) == length;
}

/* An offset of the kept match moved to its place in the new line. */
static PCRE2_SIZE moved(const mat_score_shape *memo, PCRE2_SIZE offset, size_t left,
                        size_t right, size_t score_end) {
  if (offset == PCRE2_UNSET || offset <= memo->before)
    return offset;
  if (offset == memo->left_end)
    return memo->before + left;
  if (offset == memo->score_end)
    return score_end;
  return offset - memo->right + right; /* in the right part (offsets_movable) */
}

/* Whether every group of PCRE2's match stands in a part, at a score's
 * end or at the line's end, so that moved() finds it in a line cut alike. */
static bool offsets_movable(const mat_score_shape *memo, const PCRE2_SIZE *ovector) {
  for (int i = 2; i < 2 * memo->pairs; i++) {
    PCRE2_SIZE offset = ovector[i];
    if (offset != PCRE2_UNSET && offset > memo->before && offset != memo->left_end &&
        (offset < memo->right || offset > memo->right + memo->between) &&
        offset != memo->score_end)
      return false;
  }
  return true;
}

/* Keeps the score line PCRE2 just matched (`rc` its return code), cut at
 * its scores, when it is short enough and its groups can be moved. */
static void keep(mat_patterns *patterns, mat_score_shape *memo, const mat_line *line,
                 int rc) {
  mat_span score[2];
  memo->kept = false;
  if (!mat_group_span(patterns, GRP_SCORE_LINE_SCORE0, &score[0]) ||
      !mat_group_span(patterns, GRP_SCORE_LINE_SCORE1, &score[1]))
    return;
  size_t right = mat_skip_blanks(line, score[0].end);
  if (right == score[0].end || score[1].start < right ||
      score[1].start - right + score[0].start > sizeof memo->text)
    return;
  uint32_t captures = 0;
  pcre2_pattern_info(patterns->code[PAT_SCORE_LINE], PCRE2_INFO_CAPTURECOUNT, &captures);
  if (captures + 1 > SHAPE_PAIRS)
    return;
  memo->before = (uint8_t)score[0].start;
  memo->left_end = score[0].end;
  memo->right = right;
  memo->between = (uint8_t)(score[1].start - right);
  memo->score_end = score[1].end;
  memo->pairs = (int)captures + 1;
  const PCRE2_SIZE *ovector = patterns->match_ovector;
  for (int i = 0; i < 2 * memo->pairs; i++)
    memo->offsets[i] = i < 2 * rc ? ovector[i] : PCRE2_UNSET;
  if (!offsets_movable(memo, memo->offsets))
    return;
  memcpy(memo->text, line->text, memo->before);
  memcpy(memo->text + memo->before, line->text + right, memo->between);
  memo->kept = true;
}

/* Answers `line` from the kept line `memo` when it is cut alike, as
 * PCRE2 would: false when it is not. */
static bool show_cut_alike(mat_patterns *patterns, const mat_score_shape *memo,
                           const mat_line *line) {
  size_t left, right, score_digits;
  if (!memo->kept || !cut_like_kept(memo, line, &left, &right, &score_digits))
    return false;
  PCRE2_SIZE *ovector = patterns->match_ovector;
  size_t score_end = right + memo->between + score_digits;
  ovector[0] = 0;
  ovector[1] = line->length;
  for (int i = 2; i < 2 * memo->pairs; i++)
    ovector[i] = moved(memo, memo->offsets[i], left, right, score_end);
  patterns->ovector = ovector;
  patterns->memo_mark = ""; /* no mark, as PCRE2 says after a line pattern */
  return true;
}

/* The end of the blanks after the first ':' at or after `from`, or the
 * line's end when there is none. */
static size_t after_colon(const mat_line *line, size_t from) {
  const char *colon = memchr(line->text + from, ':', line->length - from);
  return colon ? mat_skip_blanks(line, (size_t)(colon - line->text) + 1) : line->length;
}

/* The slot of the line's table for its parts as a score line would be cut
 * into them (a name holds no ':'): its bytes up to its first ':' and the
 * blanks after it, and those from the next non-blank after the digits there
 * up to the next ':' and its blanks.  A line cut otherwise only misses. */
static size_t shape_slot(const mat_line *line) {
  size_t before = after_colon(line, 0);
  size_t right =
      mat_skip_blanks(line, before + digits_at(line->text, line->length, before));
  size_t between = after_colon(line, right) - right;
  uint64_t hash = mat_hash_bytes(before, line->text, before);
  hash = mat_hash_bytes(hash ^ between, line->text + right, between);
  return (size_t)(hash >> (64 - SHAPE_BITS));
}

/* The table, the one a closed reader parked, or a new one (NULL when
 * memory is out: lines are then matched by PCRE2). */
static mat_score_shape *take_shapes(void) {
  mat_score_shape *shapes = mat_spare_take(MAT_SPARE_SCORES);
  return shapes ? shapes : calloc((size_t)1 << SHAPE_BITS, sizeof *shapes);
}

bool mat_match_score_line(mat_patterns *patterns, mat_score_memo *memo,
                          const mat_line *line) {
  if (memo->last && show_cut_alike(patterns, memo->last, line))
    return true;
  mat_score_shape *slot = NULL;
  if (memo->shapes) {
    slot = &memo->shapes[shape_slot(line)];
    if (slot != memo->last && show_cut_alike(patterns, slot, line)) {
      memo->last = slot;
      return true;
    }
  }
  int rc = mat_match_rc(patterns, PAT_SCORE_LINE, line->text, line->length, 0);
  if (rc <= 0)
    return false;
  if (!memo->shapes && (memo->shapes = take_shapes()))
    slot = &memo->shapes[shape_slot(line)];
  if (slot)
    keep(patterns, slot, line, rc);
  memo->last = slot && slot->kept ? slot : NULL;
  return true;
}

void mat_score_memo_free(mat_score_memo *memo) {
  if (memo->shapes)
    mat_spare_park(MAT_SPARE_SCORES, memo->shapes, free);
  memo->shapes = memo->last = NULL;
}
