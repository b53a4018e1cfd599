/*
 * read_mat_memo.c — remembers what the cell-token pattern said about a
 * word, so that the same word met again is not matched again.
 *
 * A record is written with a small vocabulary: "63:", "24/18", "13/7*",
 * "6/off" make most of its tokens.  Matching each with PCRE2 is most of
 * the reader's time; looking the word up is a tenth of that.  The memo
 * holds results of PCRE2 only (grammar/ stays the one lexicon), and only
 * results that cannot depend on what follows the word:
 *  - the match covers the word exactly (up to a blank or the line's end);
 *  - its mark is "roll" or "move": the roll branch comes first and reads
 *    no further than its ':', and a move is made of non-blank bytes, so the
 *    pattern's final look-ahead (a blank or the end) holds wherever the
 *    word ends; or its mark is "take", "drop", "unknown" or "concede": a
 *    keyword of non-blank bytes ("Takes", "Drops", "????", "Concedes")
 *    that no branch before it can start (they start with a digit, "bar",
 *    "off" or "Double"), so neither they nor it look past the word.
 *    Other tokens look past the word: "Doubles => 2" and "Cannot Move"
 *    are kept by all their bytes (is_phrase_mark); "Wins 1 point", a roll
 *    without its colon and the rest are always matched.
 * The move number that opens a move line ("  12)") is remembered the same
 * way, keyed by the line up to its first ')', where that match ends (it
 * looks no further).
 * The commonest tokens are kept decoded as well (mat_memo_decoded): a move
 * word with its moves, a roll word with its dice, a line start with its
 * move number, all read from PCRE2's groups when it matched them; the
 * reader then need not look at an ovector for them.  Only the rare tokens
 * are answered with a replayed ovector (show).
 *
 * Stage: over the patterns, under every file that reads tokens; made and
 * freed by read_mat.c.  Calls read_mat_grammar.c only (and alloc.h when
 * memory runs out); its keys are made by read_mat_memo_key.h, its
 * matches kept by read_mat_kept.h.
 */
#include "read_mat_int.h"
#include "read_mat_kept.h"
#include "read_mat_memo_key.h"

#include "alloc.h"

#include <stdlib.h>
#include <string.h>

/* The tables of words start with 2^MEMO_FIRST_BITS slots each and, each
 * time half as many entries were written, are made again twice as large,
 * up to 2^MEMO_BITS, the entries they hold moved over: a record of a few
 * games reads a few hundred words, and clearing the full tables (700 KB)
 * cost more than reading it; matching the words again cost more than
 * moving them. */
#define MEMO_FIRST_BITS 8
#define MEMO_BITS 12
/* decoded[] has twice the slots of slot[]: most words of a record are
 * answered there, and at 2^12 slots a record's moves put each other out
 * (83,000 misses in 5.45 M lookups on make bench's corpus, each matched
 * again; 39,000 at 2^13).  A third of the lookups miss a 32 KB L1 (2.0 M
 * of 5.6 M there, all L2 hits): the wait perf shows at the key's compare.
 * Looking a line's words up all before reading them (+9% time), or huge
 * pages under the table (no change), leave that wait where it is. */
#define DECODED_BITS(bits) ((bits) + 1)

/* 64 bytes: one cache line. */
typedef struct {
  uint64_t key[2]; /* the word's bytes, zero-padded */
  uint8_t length;  /* of the word; 0: an empty slot */
  uint8_t pattern;
  mat_kept_match match; /* offsets from the word's start */
} memo_entry;
_Static_assert(sizeof(memo_entry) == 64, "a word's entry is a cache line");

/* A move or roll word with its decoded token (see mat_memo_decoded), in
 * 32 bytes aligned to 32: a lookup reads one cache line, and the table
 * (256 KB at 2^13 slots) is two thirds of what entries with a length apart took.  The
 * word's length is kept in the top byte of its key: a word kept decoded
 * is at most DECODED_KEY bytes, so that byte holds no byte of it (a word
 * of MEMO_KEY bytes looked up has bit 4 of that byte set by its length,
 * which no kept length has); an empty slot's key is 0, which no word's
 * is. */
typedef struct {
  _Alignas(32) uint64_t key[2];
  mat_decoded_word decoded;
} decoded_entry;
_Static_assert(sizeof(decoded_entry) == 32, "a decoded entry is half a cache line");

#define DECODED_KEY (MEMO_KEY - 1)

/* A line start up to its first ')' ("  12)") that matched as the move
 * number, and the number, in 16 bytes: the start is at most NUMBER_KEY
 * bytes (the writers' are 2 to 5), so four entries share a cache line. */
typedef struct {
  uint64_t key;
  int32_t number;
  uint8_t length; /* 0: an empty slot */
} number_entry;
_Static_assert(sizeof(number_entry) == 16, "a number entry is a quarter of a cache line");

#define NUMBER_KEY 8 /* longer starts are matched every time */

/* The key of an empty entry of by_number[]: a line's bytes masked to the
 * entry's length, 0, never give it, so that an empty entry needs no test
 * of its own. */
#define EMPTY_NUMBER_KEY 1

/* One slot a line start: the numbers of a game in each writer's layout
 * ("  9)", " 10)", "9)") make some hundreds of keys (236 in make bench's
 * corpus), which 2^9 slots mapped onto each other (81,000 misses in a
 * million lines); 2^10 (16 KB) keep them apart (242 misses). */
#define NUMBER_BITS 10
/* A power of two above most games' last move number: a longer game's
 * numbers past it would find the slot of its first ones, their layout
 * often another ("  1)" where " 65)" is asked). */
#define BY_NUMBER 256

#define PHRASE_SET_BITS 5
#define PHRASE_SETS (1u << PHRASE_SET_BITS)
#define PHRASE_WAYS 8 /* "Doubles => 2" to "Doubles => 64"... share a first word */

struct mat_memo {
  unsigned bits; /* of slot[]: MEMO_FIRST_BITS to MEMO_BITS; decoded[]: DECODED_BITS */
  /* 64 - DECODED_BITS(bits), kept as it stands: every word of a move line
   * is looked up in decoded[] with it */
  unsigned decoded_shift;
  unsigned kept; /* entries written into them since they were made */
  memo_entry *slot;
#ifdef MAT_WORDWISE
  /* tokens of several words ("Doubles => 2", "Cannot Move"), keyed by all
   * their bytes, in sets chosen by their first word (see remember_phrase) */
  memo_entry phrases[PHRASE_SETS][PHRASE_WAYS];
  unsigned next_phrase_way;
#endif
  decoded_entry *decoded;
  number_entry numbers[1u << NUMBER_BITS];
  /* The starts last seen with each move number (modulo BY_NUMBER), asked
   * first for the number after the last line's: a game's lines follow
   * each other, and this table (four numbers a cache line) is still
   * in the cache where a slot of numbers[], met once a game, was not. */
  number_entry by_number[BY_NUMBER + 1];
  /* by_number[]'s entry of the number after the last line's, as found
   * here: the entry after the one a line matched, which the next line
   * asks with no arithmetic (the last entry, past the numbers' slots, is
   * never filled: a line numbered BY_NUMBER after one numbered
   * BY_NUMBER - 1 is looked up) */
  const number_entry *next_number;
  /* the last word read, at `last_at` of the current line: a token is looked
   * up as decoded, then matched, then kept, and is read once */
  const char *last_at;
  bool last_ok;
  memo_word last;
  PCRE2_SIZE *ovector; /* all unset but the pairs of the last entry used */
  const memo_entry *shown;
};

/* Makes the word tables empty, with 2^bits slots each. */
static bool make_tables(struct mat_memo *memo, unsigned bits) {
  free(memo->slot);
  free(memo->decoded);
  memo->bits = bits;
  memo->decoded_shift = 64 - DECODED_BITS(bits);
  memo->kept = 0;
  memo->slot = calloc((size_t)1 << bits, sizeof *memo->slot);
  size_t decoded_size = ((size_t)1 << DECODED_BITS(bits)) * sizeof *memo->decoded;
  memo->decoded = aligned_alloc(_Alignof(decoded_entry), decoded_size);
  if (memo->decoded)
    memset(memo->decoded, 0, decoded_size);
  return memo->slot && memo->decoded;
}

static void destroy_memo(void *kept) {
  struct mat_memo *memo = kept;
  if (memo) {
    free(memo->ovector);
    free(memo->slot);
    free(memo->decoded);
  }
  free(memo);
}

static void unshow(struct mat_memo *memo);

/* Notes `number` as the last line's (see next_number). */
static void note_number(struct mat_memo *memo, int32_t number) {
  memo->next_number = &memo->by_number[(uint32_t)(number + 1) % BY_NUMBER];
}

/* The memo is parked for the next reader (read_mat_spare.c), what it
 * says of the record just read forgotten: the word last read and the
 * result last shown.  Its entries stay: PCRE2's answers hold for any
 * record. */
void mat_memo_free(mat_patterns *patterns) {
  struct mat_memo *memo = patterns->memo;
  patterns->memo = NULL;
  if (!memo)
    return;
  unshow(memo);
  memo->last_at = NULL;
  note_number(memo, 0);
  mat_spare_park(MAT_SPARE_WORDS, memo, destroy_memo);
}

bool mat_memo_new(mat_patterns *patterns) {
  struct mat_memo *memo = mat_spare_take(MAT_SPARE_WORDS);
  if (memo) {
    patterns->memo = memo;
    return true;
  }
  memo = calloc(1, sizeof *memo);
  if (!memo)
    return false;
  for (int i = 0; i < BY_NUMBER + 1; i++)
    memo->by_number[i].key = EMPTY_NUMBER_KEY;
  note_number(memo, 0);
  memo->ovector = malloc(2 * (size_t)patterns->ovector_pairs * sizeof *memo->ovector);
  if (!memo->ovector || !make_tables(memo, MEMO_FIRST_BITS)) {
    destroy_memo(memo);
    return false;
  }
  for (uint32_t i = 0; i < 2 * patterns->ovector_pairs; i++)
    memo->ovector[i] = PCRE2_UNSET;
  patterns->memo = memo;
  return true;
}

static memo_entry *slot_of(const struct mat_memo *memo, const memo_word *word) {
  /* its factor is not key_slot's, so that two words of one decoded slot,
   * which put each other out there ("17/11" and "13/7*"), are not of one
   * slot here too, and matched again each time */
  uint64_t hash = (word->key[0] ^ (word->key[1] * 0xbf58476d1ce4e5b9u) ^
                   (uint64_t)(word->length + word->pattern) << 59) *
                  0xff51afd7ed558ccdu;
  return &memo->slot[hash >> (64 - memo->bits)];
}

static bool holds(const memo_entry *entry, const memo_word *word) {
  return entry->length == word->length && entry->pattern == word->pattern &&
         entry->key[0] == word->key[0] && entry->key[1] == word->key[1];
}

/* Unsets the pairs the last entry shown set: the memo's ovector is all
 * unset but for them. */
static void unshow(struct mat_memo *memo) {
  if (!memo->shown)
    return;
  kept_unshow(&memo->shown->match, memo->ovector);
  memo->shown = NULL;
}

/* Makes `entry` the last result, as if PCRE2 had just matched at `offset`. */
static void show(mat_patterns *patterns, const memo_entry *entry, size_t offset) {
  struct mat_memo *memo = patterns->memo;
  unshow(memo);
  kept_show(patterns, &entry->match, memo->ovector, offset);
  memo->shown = entry;
}

/* Keeps PCRE2's last result, a match of `word` at `offset` (the caller
 * knows it cannot depend on what follows the word). */
static void remember(mat_patterns *patterns, memo_entry *entry, int rc,
                     const memo_word *word, size_t offset) {
  memo_entry kept = {.key = {word->key[0], word->key[1]},
                     .length = (uint8_t)word->length,
                     .pattern = (uint8_t)word->pattern};
  if (!kept_take(&kept.match, patterns->match_ovector, rc, offset,
                 mat_match_mark(patterns)))
    return;
  if (patterns->memo->shown == entry)
    unshow(patterns->memo); /* its pairs must go before it changes */
  *entry = kept;
  patterns->memo->kept++;
}

/* The key of a word in the decoded table: its bytes, its length in the
 * top byte (see decoded_entry).  Its slot is its bytes' (key_slot): with
 * its length too, the words of a record spread worse. */
static void decoded_key(uint64_t key[2], const memo_word *word) {
  key[0] = word->key[0];
  key[1] = word->key[1] | (uint64_t)word->length << 56;
}

/* Puts the entries of the tables of 2^bits slots into the memo's. */
static void move_entries(struct mat_memo *memo, const memo_entry *slot,
                         const decoded_entry *decoded, unsigned bits) {
  for (size_t i = 0; i < (size_t)1 << bits; i++) {
    if (slot[i].length) {
      memo_word word = {{slot[i].key[0], slot[i].key[1]},
                        slot[i].length,
                        (mat_pattern_id)slot[i].pattern};
      *slot_of(memo, &word) = slot[i];
      memo->kept++;
    }
  }
  for (size_t i = 0; i < (size_t)1 << DECODED_BITS(bits); i++) {
    if (decoded[i].key[1]) {
      memo_word word = {{decoded[i].key[0], decoded[i].key[1] & ~((uint64_t)0xff << 56)},
                        0,
                        PAT_CELL_TOKEN};
      memo->decoded[key_slot(&word, DECODED_BITS(memo->bits))] = decoded[i];
      memo->kept++;
    }
  }
}

/* Once the tables have taken as many entries as half their slots, they
 * are made again twice as large (as far as MEMO_BITS), their entries
 * moved over.  Called where no entry of them is held (a token about to be
 * matched; the entry shown last has its pairs unset first). */
static void grow_if_busy(struct mat_memo *memo) {
  if (memo->bits == MEMO_BITS || memo->kept < (1u << memo->bits) / 2)
    return;
  unshow(memo);
  memo_entry *slot = memo->slot;
  decoded_entry *decoded = memo->decoded;
  unsigned bits = memo->bits;
  memo->slot = NULL;
  memo->decoded = NULL;
  if (!make_tables(memo, bits + 1))
    bg_out_of_memory();
  move_entries(memo, slot, decoded, bits);
  free(slot);
  free(decoded);
}

/* scan_word, once per word of the line (mat_memo_forget_word starts a
 * line): the word kept in the memo, or NULL when it is none to remember.
 * Read where it is kept, not copied: a copy read its fields, just written
 * one by one, as one wide load, which waited for the stores. */
static const memo_word *read_word(struct mat_memo *memo, const char *text, size_t length,
                                  size_t offset) {
  if (memo->last_at != text + offset) {
    memo->last_ok = scan_word(&memo->last, text, length, offset);
    memo->last_at = text + offset;
  }
  return memo->last_ok ? &memo->last : NULL;
}

void mat_memo_forget_word(mat_patterns *patterns) {
  patterns->memo->last_at = NULL;
}

/* The marks of tokens whose match, when it covers the word, cannot depend
 * on what follows it (see the top of the file). */
static bool is_whole_word_mark(const char *mark) {
  static const char *const whole[] = {"roll", "move",    "take",
                                      "drop", "unknown", "concede"};
  for (size_t i = 0; i < sizeof whole / sizeof whole[0]; i++)
    if (strcmp(mark, whole[i]) == 0)
      return true;
  return false;
}

#ifdef MAT_WORDWISE
/* Tokens of several words that end where their match ends: "Doubles => 2"
 * (its digits end at a blank or the line's end, which the final look-ahead
 * reads) and "Cannot Move".  No branch before theirs can start with their
 * first letter, so the match reads nothing but the token and one blank or
 * the end after it: the same bytes followed by a blank or the end match
 * the same.  ("Wins 1 point" may go on with " and the match": not kept.) */
static bool is_phrase_mark(const char *mark) {
  return strcmp(mark, "double") == 0 || strcmp(mark, "cannot") == 0;
}

static memo_entry *phrase_set(struct mat_memo *memo, const memo_word *first_word) {
  return memo->phrases[key_slot(first_word, PHRASE_SET_BITS)];
}

/* A kept phrase token at `offset`, or NULL. */
static const memo_entry *find_phrase(struct mat_memo *memo, const memo_word *first_word,
                                     const char *text, size_t length, size_t offset) {
  const memo_entry *set = phrase_set(memo, first_word);
  for (int way = 0; way < PHRASE_WAYS; way++) {
    size_t span = set[way].length, end = offset + span;
    if (span == 0 || span > length - offset ||
        (end < length && text[end] != ' ' && text[end] != '\t'))
      continue;
    memo_word phrase;
    key_word(&phrase, text + offset, span);
    if (holds(&set[way], &phrase))
      return &set[way];
  }
  return NULL;
}

/* Keeps PCRE2's match of a phrase token at `offset`, ending at `end`. */
static void remember_phrase(mat_patterns *patterns, int rc, const memo_word *first_word,
                            const char *text, size_t offset, size_t end) {
  struct mat_memo *memo = patterns->memo;
  if (end - offset > MEMO_KEY)
    return;
  memo_word phrase;
  key_word(&phrase, text + offset, end - offset);
  memo_entry *way = &phrase_set(memo, first_word)[memo->next_phrase_way++ % PHRASE_WAYS];
  remember(patterns, way, rc, &phrase, offset);
}
#endif

bool mat_match_token(mat_patterns *patterns, const char *text, size_t length,
                     size_t offset) {
  grow_if_busy(patterns->memo);
  const memo_word *word = read_word(patterns->memo, text, length, offset);
  if (!word)
    return mat_match_at(patterns, PAT_CELL_TOKEN, text, length, offset);
  size_t end = offset + word->length;
  memo_entry *entry = slot_of(patterns->memo, word);
  if (holds(entry, word)) {
    show(patterns, entry, offset);
    return true;
  }
#ifdef MAT_WORDWISE
  const memo_entry *phrase = find_phrase(patterns->memo, word, text, length, offset);
  if (phrase) {
    show(patterns, phrase, offset);
    return true;
  }
#endif
  /* a line's first word that is no word of the memo ("Wins 1 point") may
   * be kept with its line */
  if (mat_line_memo_token(patterns, text, length, offset))
    return true;
  int rc = mat_match_rc(patterns, PAT_CELL_TOKEN, text, length, offset);
  if (rc <= 0)
    return false;
  mat_line_memo_keep_token(patterns, text, length, offset, rc);
  const char *mark = mat_match_mark(patterns);
  if (patterns->match_ovector[1] == end && is_whole_word_mark(mark))
    remember(patterns, entry, rc, word, offset);
#ifdef MAT_WORDWISE
  else if (patterns->match_ovector[1] > end && is_phrase_mark(mark))
    remember_phrase(patterns, rc, word, text, offset, patterns->match_ovector[1]);
#endif
  return true;
}

/* The line's start up to its first ')' (included) among its first
 * NUMBER_KEY bytes, as a key (the bytes, zero-padded) in *key; its length,
 * or 0 when there is none.  A line is followed by INPUT_LINE_SLACK
 * readable bytes, so its first 8 are read as one word. */
static inline size_t number_key(const char *text, size_t length, uint64_t *key) {
#ifdef MAT_WORDWISE
  _Static_assert(NUMBER_KEY == 8, "a line start's key is one word");
  _Static_assert(NUMBER_KEY <= INPUT_LINE_SLACK, "a short line's 8 bytes are read");
  uint64_t v;
  memcpy(&v, text, 8);
  uint64_t close = mat_bytes_equal(v, ')');
  if (length < 8)
    close = mat_low_bytes(close, length); /* not the bytes past the end */
  if (!close)
    return 0;
  size_t at = (size_t)__builtin_ctzll(close) / 8 + 1;
  *key = mat_low_bytes(v, at);
  return at;
#else
  const char *close = memchr(text, ')', length < NUMBER_KEY ? length : NUMBER_KEY);
  if (!close)
    return 0;
  memo_word word;
  make_word(&word, PAT_MOVE_NUMBER, text, (size_t)(close - text) + 1);
  *key = word.key[0];
  return word.length;
#endif
}

static number_entry *number_slot(struct mat_memo *memo, uint64_t key) {
  memo_word word = {.key = {key, 0}};
  return &memo->numbers[key_slot(&word, NUMBER_BITS)];
}

/* mat_match_move_number for a line start not kept, that PCRE2 (or the
 * line memo) just matched: a match that ends at the first ')' looked no
 * further, so it is kept.  Kept out of line, its key made again, so that
 * the lookups, which answer most lines, save no registers for it. */
__attribute__((noinline)) static bool move_number_matched(mat_patterns *patterns,
                                                          const char *text, size_t length,
                                                          int *number, size_t *end) {
  struct mat_memo *memo = patterns->memo;
  mat_span span = {0, 0};
  mat_group_span(patterns, GRP_MOVE_NUMBER_NUMBER, &span);
  *number = mat_span_int(text, span);
  *end = mat_match_end(patterns);
  uint64_t key;
  size_t key_length = number_key(text, length, &key);
  if (key_length > 0 && *end == key_length) {
    number_entry *entry = number_slot(memo, key);
    *entry = (number_entry){.key = key, .length = (uint8_t)key_length, .number = *number};
    memo->by_number[(uint32_t)*number % BY_NUMBER] = *entry;
  }
  note_number(memo, *number);
  return true;
}

/* mat_match_move_number when the next number's start is not the line's:
 * the line's start, keyed, looked up, then matched. */
__attribute__((noinline)) static bool look_up_move_number(mat_patterns *patterns,
                                                          const char *text, size_t length,
                                                          int *number, size_t *end) {
  struct mat_memo *memo = patterns->memo;
  uint64_t key;
  size_t key_length = number_key(text, length, &key);
  if (key_length > 0) {
#ifndef MAT_WORDWISE /* else mat_match_move_number asked it, a word at a time */
    const number_entry *next = memo->next_number;
    if (next->length == key_length && next->key == key) {
      *number = next->number;
      note_number(memo, next->number);
      *end = key_length;
      return true;
    }
#endif
    const number_entry *entry = number_slot(memo, key);
    if (entry->length == key_length && entry->key == key) {
      *number = entry->number;
      note_number(memo, entry->number);
      memo->by_number[(uint32_t)entry->number % BY_NUMBER] = *entry;
      *end = key_length;
      return true;
    }
  }
  /* most lines asked here open with no move number: the line memo says
   * so without another frame */
  if (!mat_match_line(patterns, PAT_MOVE_NUMBER, text, length))
    return false;
  return move_number_matched(patterns, text, length, number, end);
}

/* Asked once a line: read_line hands its answer on to the move line's
 * reader (mat_move_number), so the last answer needs no keeping. */
bool mat_match_move_number(mat_patterns *patterns, const char *text, size_t length,
                           int *number, size_t *end) {
#ifdef MAT_WORDWISE
  /* The next number's start, compared as it stands: a key ends at its
   * start's first ')', so the line's bytes that equal it have their first
   * ')' there too, and the same key. */
  struct mat_memo *memo = patterns->memo;
  const number_entry *next = memo->next_number;
  uint64_t first;
  memcpy(&first, text, 8);
  if (next->length <= length && mat_low_bytes(first, next->length) == next->key) {
    *number = next->number;
    *end = next->length;
    memo->next_number = next + 1;
    return true;
  }
#endif
  return look_up_move_number(patterns, text, length, number, end);
}

/* The game before's last number would have its next one asked, which a
 * new game's first line does not have: asked as 1, most first lines are
 * answered without a lookup of their start. */
void mat_memo_new_game(mat_patterns *patterns) {
  note_number(patterns->memo, 0);
}

/* Inline in read_mat_play.c's two copies of its loop, where it runs for
 * every word: called from two places, it would otherwise be kept out. */
__attribute__((always_inline)) inline const mat_decoded_word *
mat_memo_decoded(mat_patterns *patterns, const char *text, size_t start, size_t end) {
  /* the first ask of the word, whose ends the caller found: its key is
   * left for read_word only when it is not kept decoded (then it is
   * matched) */
  struct mat_memo *memo = patterns->memo;
  memo_word word = {.length = 0};
  /* whether the word was keyed is set on each path of a miss: a flag
   * set before the lookup was worked out for the words found as well */
  if (end - start <= MEMO_KEY) {
    key_word(&word, text + start, end - start);
    uint64_t key[2];
    decoded_key(key, &word);
    const decoded_entry *entry =
        &memo->decoded[key_slot_shifted(&word, memo->decoded_shift)];
    if (entry->key[0] == key[0] && entry->key[1] == key[1])
      return &entry->decoded;
    memo->last_ok = true;
  } else {
    memo->last_ok = false;
  }
  memo->last = word;
  memo->last_at = text + start;
  return NULL;
}

void mat_memo_keep_decoded(mat_patterns *patterns, const char *text, size_t length,
                           size_t offset, size_t token_end,
                           const mat_decoded_word *decoded) {
  /* a token followed by more than a blank ("63:24/18" is not one) depends
   * on what follows it: not kept */
  const memo_word *word = read_word(patterns->memo, text, length, offset);
  if (!word || offset + word->length != token_end || word->length > DECODED_KEY)
    return;
  decoded_entry *entry =
      &patterns->memo->decoded[key_slot(word, DECODED_BITS(patterns->memo->bits))];
  decoded_key(entry->key, word);
  entry->decoded = *decoded;
  patterns->memo->kept++;
}
