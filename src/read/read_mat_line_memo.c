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
 * Most lines that are tried against these patterns are met once (score
 * lines, "Game 7", a record's "Wins 3 points"), and most of their tries
 * fail on the line's first non-blank byte.  So PCRE2 is also asked, once
 * per pattern and line start (its leading spaces and the byte after
 * them), whether any line that starts so can match: a partial match
 * (PCRE2_PARTIAL_HARD) of the start alone that answers "no match" says
 * that no line with that start matches, and every such line is answered
 * "no" without PCRE2 nor the line's hash.
 *
 * A line that repeats and matches ("Game 2", "9 point match", a tag the
 * writer puts in every record) is kept with PCRE2's result as well, its
 * groups' offsets, which are the same wherever the same bytes stand: the
 * next match of that pattern on them writes those offsets back into the
 * reader's match data, as PCRE2 would have.  The line patterns set no
 * mark, so no mark is kept.
 *
 * A line that opens with no move number and is read as a move line
 * ("      Wins 1 point", "   Wins 2 points and the match") is matched
 * against the cell-token pattern at its first word, which read_mat_memo.c
 * cannot keep by the word ("Wins 1 point" may go on with " and the
 * match").  Its line's entry, looked up already, keeps that match (its
 * offset, and the match as read_mat_kept.h keeps one): the same bytes
 * give the same match, and a record writes a few dozen such lines over
 * and over.
 *
 * Stage: beside read_mat_memo.c, over the patterns (calls
 * read_mat_grammar.c only); made, told of each new line and freed by
 * read_mat.c, asked by read_mat.c and read_mat_memo.c.
 */
#include "read_mat_int.h"
#include "read_mat_kept.h"

#include <stdlib.h>
#include <string.h>

/* 2^LINE_BITS lines of at most LINE_TEXT bytes (80 KB): the lines that
 * repeat are a few hundred (a dialect's result lines in each column, game
 * lines, comments, tags), among lines met once (tags of a date or a
 * rating, score lines), and the longer lines (tags, score lines with long
 * names) seldom repeat.  A line may stand in any of the LINE_WAYS slots
 * of its set and takes the one used longest ago, so that neither another
 * line that repeats nor a line met once puts out a line that repeats,
 * which PCRE2 would match again; more slots would add to peak memory. */
#define LINE_BITS 9
#define LINE_WAYS 4
#define LINE_TEXT 88

/* 2^START_BITS line starts (6 KB): a record's writers open their lines
 * with a few dozen; a start of more than START_SPACES spaces is not kept. */
#define START_BITS 9
#define START_SPACES 255

/* The most groups (the whole match included) of a pattern whose match is
 * kept: score-line.pcre has five. */
#define LINE_PAIRS 6
#define NO_OFFSET 0xFF /* an unset group: a line is shorter */

_Static_assert(PAT_COUNT <= 32, "a line's failed patterns are bits of a uint32_t");
_Static_assert((LINE_WAYS & (LINE_WAYS - 1)) == 0 && LINE_WAYS <= 1u << LINE_BITS,
               "a set is LINE_WAYS slots in a row");
_Static_assert(LINE_TEXT < NO_OFFSET, "a kept line's offsets fit a byte");

typedef struct {
  uint32_t length; /* of the line; 0: an empty slot */
  uint32_t failed; /* bit `id`: pattern `id` did not match the line */
  uint32_t used;   /* the memo's clock when the line was last looked up */
  uint8_t matched; /* 1 + the pattern whose match is kept; 0: none */
  uint8_t offsets[LINE_PAIRS][2];
  uint8_t token_at;
  mat_kept_match token; /* a cell token matched at token_at, from the line's start */
  char text[LINE_TEXT];
} line_entry;

/* A line start: `spaces` spaces and a byte that is none, as a key. */
typedef struct {
  uint32_t key;    /* (spaces << 8 | byte) + 1; 0: an empty slot */
  uint32_t asked;  /* bit `id`: PCRE2 was asked of pattern `id` */
  uint32_t cannot; /* bit `id`: no line with this start matches it */
} start_entry;

struct mat_line_memo {
  line_entry slot[1u << LINE_BITS];
  /* counts the lookups of lines: an entry's `used` orders its set's (when
   * it wraps, a set may put out a line used lately, once) */
  uint32_t clock;
  start_entry starts[1u << START_BITS];
  /* the match data of the partial matches: the reader's holds the last
   * result its caller may still read */
  pcre2_match_data *probe;
  uint32_t pairs[PAT_COUNT]; /* of each pattern's groups, the whole included */
  /* the line being read, as last asked, its start's entry (NULL: not
   * kept) and its entry (NULL: not kept, or not looked up yet while
   * `entry_found` is false); forgotten by mat_line_memo_new_line, as the
   * line's buffer is reused */
  const char *text;
  size_t length;
  start_entry *start;
  line_entry *entry;
  bool entry_found;
  /* bit `id`: the line is known not to match pattern `id` (by its start or
   * its entry), so that most tries are answered without a frame */
  uint32_t fails;
};

static void destroy_line_memo(void *kept) {
  struct mat_line_memo *memo = kept;
  if (memo)
    pcre2_match_data_free(memo->probe);
  free(memo);
}

bool mat_line_memo_new(mat_patterns *patterns) {
  patterns->lines = mat_spare_take(MAT_SPARE_LINES);
  if (patterns->lines)
    return true;
  struct mat_line_memo *memo = calloc(1, sizeof *memo);
  if (!memo)
    return false;
  for (int id = 0; id < PAT_COUNT; id++) {
    uint32_t captures = LINE_PAIRS;
    pcre2_pattern_info(patterns->code[id], PCRE2_INFO_CAPTURECOUNT, &captures);
    memo->pairs[id] = captures + 1;
  }
  memo->probe = pcre2_match_data_create(1, NULL);
  if (!memo->probe) {
    destroy_line_memo(memo);
    return false;
  }
  patterns->lines = memo;
  return true;
}

/* Parked for the next reader (read_mat_spare.c), the line being read
 * forgotten; the lines and starts kept hold for any record. */
void mat_line_memo_free(mat_patterns *patterns) {
  struct mat_line_memo *memo = patterns->lines;
  patterns->lines = NULL;
  if (!memo)
    return;
  memo->text = NULL;
  memo->start = NULL;
  memo->entry = NULL;
  memo->entry_found = false;
  mat_spare_park(MAT_SPARE_LINES, memo, destroy_line_memo);
}

void mat_line_memo_new_line(mat_patterns *patterns) {
  patterns->lines->text = NULL;
}

/* The slot of the line's bytes in its set, or the set's slot used
 * longest ago, taken for them (its failures cleared); NULL for a line too
 * long to keep. */
static line_entry *line_slot(struct mat_line_memo *memo, const char *text,
                             size_t length) {
  if (length == 0 || length > LINE_TEXT)
    return NULL;
  uint64_t hash = mat_hash_bytes(length, text, length);
  line_entry *set = &memo->slot[(hash >> (64 - LINE_BITS)) & ~(LINE_WAYS - 1u)];
  uint32_t now = ++memo->clock;
  line_entry *oldest = set;
  for (int way = 0; way < LINE_WAYS; way++) {
    line_entry *entry = &set[way];
    if (entry->length == length && memcmp(entry->text, text, length) == 0) {
      entry->used = now;
      return entry;
    }
    if (entry->used < oldest->used)
      oldest = entry;
  }
  oldest->length = (uint32_t)length;
  oldest->failed = 0;
  oldest->matched = 0;
  oldest->token.pairs = 0;
  oldest->used = now;
  memcpy(oldest->text, text, length);
  return oldest;
}

/* The slot of the line's start, taken for it when it held another; NULL
 * for a line of blanks or one whose start is too long to keep. */
static start_entry *start_slot(struct mat_line_memo *memo, const char *text,
                               size_t length) {
  size_t spaces = 0;
#ifdef MAT_WORDWISE
  /* 8 bytes at a time: a line of the right column opens with a long run
   * of spaces (and a line is followed by INPUT_LINE_SLACK readable bytes) */
  _Static_assert(INPUT_LINE_SLACK >= 8, "up to 7 bytes past a line's end are read");
  for (;;) {
    uint64_t v;
    memcpy(&v, text + spaces, 8);
    uint64_t other = ~mat_bytes_equal(v, ' ') & 0x8080808080808080u;
    if (other) {
      spaces += (size_t)__builtin_ctzll(other) / 8;
      break;
    }
    spaces += 8;
    if (spaces >= length || spaces > START_SPACES)
      break;
  }
  if (spaces > length)
    spaces = length;
#else
  while (spaces < length && spaces <= START_SPACES && text[spaces] == ' ')
    spaces++;
#endif
  if (spaces == length || spaces > START_SPACES)
    return NULL;
  uint32_t key = ((uint32_t)spaces << 8 | (unsigned char)text[spaces]) + 1;
  start_entry *entry = &memo->starts[(key * 0x9e3779b9u) >> (32 - START_BITS)];
  if (entry->key != key)
    *entry = (start_entry){.key = key};
  return entry;
}

/* Whether no line that starts as `text` does (its spaces and the byte
 * after them) can match pattern `id`, as PCRE2 says of the start alone. */
static bool start_cannot_match(mat_patterns *patterns, start_entry *start,
                               mat_pattern_id id, const char *text) {
  uint32_t bit = 1u << id;
  if (!(start->asked & bit)) {
    size_t length = (start->key - 1) >> 8;
    int rc = pcre2_match(patterns->code[id], (PCRE2_SPTR)text, length + 1, 0,
                         PCRE2_PARTIAL_HARD | PCRE2_NO_JIT, patterns->lines->probe,
                         patterns->context);
    start->asked |= bit;
    if (rc == PCRE2_ERROR_NOMATCH)
      start->cannot |= bit;
  }
  return start->cannot & bit;
}

/* Keeps the offsets of PCRE2's match of pattern `id` on the entry's line,
 * when its groups are few enough. */
static void keep_match(const struct mat_line_memo *memo, line_entry *entry,
                       mat_pattern_id id, const PCRE2_SIZE *ovector) {
  uint32_t pairs = memo->pairs[id];
  if (pairs > LINE_PAIRS)
    return;
  for (uint32_t i = 0; i < 2 * pairs; i++)
    entry->offsets[i / 2][i % 2] =
        ovector[i] == PCRE2_UNSET ? NO_OFFSET : (uint8_t)ovector[i];
  entry->matched = (uint8_t)(id + 1);
}

/* Writes the kept match back into the reader's match data, as the result
 * of its last match (mat_match_rc's). */
static void show_match(mat_patterns *patterns, const line_entry *entry) {
  PCRE2_SIZE *ovector = patterns->match_ovector;
  uint32_t pairs = patterns->lines->pairs[entry->matched - 1];
  const uint8_t *offsets = (const uint8_t *)entry->offsets;
  for (uint32_t i = 0; i < 2 * pairs; i++)
    ovector[i] = offsets[i] == NO_OFFSET ? PCRE2_UNSET : offsets[i];
  patterns->ovector = ovector;
  patterns->memo_mark = ""; /* no mark, as PCRE2 says after a line pattern */
}

/* mat_match_line when the line's failures do not answer: its start and
 * entry asked (a new line's looked up), then PCRE2. */
__attribute__((noinline)) static bool
match_line(mat_patterns *patterns, mat_pattern_id id, const char *text, size_t length) {
  struct mat_line_memo *memo = patterns->lines;
  uint32_t bit = 1u << id;
  if (memo->text != text || memo->length != length) {
    memo->start = start_slot(memo, text, length);
    memo->entry_found = false;
    memo->text = text;
    memo->length = length;
    memo->fails = memo->start ? memo->start->cannot : 0;
  }
  if (memo->start && start_cannot_match(patterns, memo->start, id, text)) {
    memo->fails |= bit;
    return false;
  }
  if (!memo->entry_found) {
    memo->entry = line_slot(memo, text, length);
    memo->entry_found = true;
    if (memo->entry)
      memo->fails |= memo->entry->failed;
  }
  line_entry *entry = memo->entry;
  if (entry && entry->failed & bit)
    return false;
  if (entry && entry->matched == id + 1) {
    show_match(patterns, entry);
    return true;
  }
  if (mat_match_at(patterns, id, text, length, 0)) {
    if (entry)
      keep_match(memo, entry, id, patterns->match_ovector);
    return true;
  }
  if (entry)
    entry->failed |= bit;
  memo->fails |= bit;
  return false;
}

bool mat_match_line(mat_patterns *patterns, mat_pattern_id id, const char *text,
                    size_t length) {
  const struct mat_line_memo *memo = patterns->lines;
  if (memo->text == text && memo->length == length && memo->fails & (1u << id))
    return false;
  return match_line(patterns, id, text, length);
}

/* The entry of the line `text` when the reader asked the line memo of it
 * and it is kept; NULL otherwise. */
static line_entry *current_entry(const struct mat_line_memo *memo, const char *text,
                                 size_t length) {
  if (memo->text != text || memo->length != length || !memo->entry_found)
    return NULL;
  return memo->entry;
}

bool mat_line_memo_token(mat_patterns *patterns, const char *text, size_t length,
                         size_t offset) {
  const line_entry *entry = current_entry(patterns->lines, text, length);
  if (!entry || entry->token.pairs == 0 || entry->token_at != offset)
    return false;
  PCRE2_SIZE *ovector = patterns->match_ovector;
  for (uint32_t i = 0; i < 2 * patterns->lines->pairs[PAT_CELL_TOKEN]; i++)
    ovector[i] = PCRE2_UNSET;
  kept_show(patterns, &entry->token, ovector, 0);
  return true;
}

void mat_line_memo_keep_token(mat_patterns *patterns, const char *text, size_t length,
                              size_t offset, int rc) {
  line_entry *entry = current_entry(patterns->lines, text, length);
  if (!entry)
    return;
  if (!kept_take(&entry->token, patterns->match_ovector, rc, 0,
                 mat_match_mark(patterns))) {
    entry->token.pairs = 0; /* half written */
    return;
  }
  entry->token_at = (uint8_t)offset;
}
