/*
 * notation.c — plays and points as text (see notation.h): formatting the
 * engine's plays in GNU Backgammon's two styles, printing a record's moves
 * as written, and parsing a written play into the model's moves.
 */
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <stdbool.h>
#include "alloc.h"
#include "utf8.h"

const char *notation_point_name(int point, char *buf, int size) {
  if (point == BG_BAR)
    snprintf(buf, size, "bar");
  else if (point == BG_OFF)
    snprintf(buf, size, "off");
  else
    snprintf(buf, size, "%d", point);
  return buf;
}

/* The decimal digits of 0..99, two a number. */
static const char digit_pairs[] = "0001020304050607080910111213141516171819"
                                  "2021222324252627282930313233343536373839"
                                  "4041424344454647484950515253545556575859"
                                  "6061626364656667686970717273747576777879"
                                  "8081828384858687888990919293949596979899";

/* notation_decimal.  A point, a repeat count, a score or a match length
 * is almost always below 100: those take neither a loop nor a division.
 * Inline: the play's text writes two points a move. */
static inline size_t decimal_at(char *to, long value) {
  if (value >= 0 && value < 100) {
    if (value < 10) {
      *to = (char)('0' + value);
      return 1;
    }
    memcpy(to, digit_pairs + 2 * value, 2);
    return 2;
  }
  char digits[NOTATION_DECIMAL_SIZE];
  char *start = digits + sizeof digits;
  unsigned long magnitude = value < 0 ? 0UL - (unsigned long)value : (unsigned long)value;
  do {
    *--start = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  if (value < 0)
    *--start = '-';
  size_t length = (size_t)(digits + sizeof digits - start);
  for (size_t i = 0; i < length; i++)
    to[i] = start[i];
  return length;
}

size_t notation_decimal(char *to, long value) {
  return decimal_at(to, value);
}

/* decimal_at, returning the end. */
static char *put_decimal(char *to, int value) {
  return to + decimal_at(to, value);
}

/* A point in `style` at `to`: "bar"/"off" or 25/0; returns the end. */
static char *put_point(char *to, int point, bg_play_style style) {
  if (style == NOTATION_GNUBG && (point == BG_BAR || point == BG_OFF)) {
    /* four bytes, the NUL too: what follows overwrites it */
    memcpy(to, point == BG_BAR ? "bar" : "off", 4);
    return to + 3;
  }
  return put_decimal(to, point);
}

/* The longest move text, "-128/-128*(-32768)", and its NUL. */
#define MOVE_TEXT_SIZE 20

/* "13/9*(2)" at `to` (room for MOVE_TEXT_SIZE); returns its length.  Made
 * by hand, not by snprintf: the writers print every play of a record, and
 * snprintf was a third of the YAML writer's time. */
static int move_text(const bg_move *move, bg_play_style style, char *to) {
  char *end = put_point(to, move->from, style);
  *end++ = '/';
  end = put_point(end, move->to, style);
  if (move->hit)
    *end++ = '*';
  if (move->count > 1) {
    *end++ = '(';
    end = put_decimal(end, move->count);
    *end++ = ')';
  }
  *end = '\0';
  return (int)(end - to);
}

/* Appends the `count` bytes of `text` to the string of *length bytes in
 * `buf` as snprintf would: what fits in `size` with the NUL; *length
 * grows by `count` all the same. */
static void append_text(char *buf, int size, int *length, const char *text, int count) {
  if (*length < size - 1) {
    int kept = count < size - 1 - *length ? count : size - 1 - *length;
    memcpy(buf + *length, text, (size_t)kept);
    buf[*length + kept] = '\0';
  }
  *length += count;
}

/* "13/9*(2)" as the record wrote it (up to the repeat count). */
const char *notation_move_text_as(const bg_move *move, bg_play_style style, char *buf,
                                  int size) {
  int length = 0;
  if (size > 0) {
    char one[MOVE_TEXT_SIZE];
    buf[0] = '\0';
    append_text(buf, size, &length, one, move_text(move, style, one));
  }
  return buf;
}

const char *notation_move_text(const bg_move *move, char *buf, int size) {
  return notation_move_text_as(move, NOTATION_GNUBG, buf, size);
}

size_t notation_play_text_length(const bg_action *roll, bg_play_style style, char *buf,
                                 int size) {
  if (size <= 0)
    return 0;
  int length = 0;
  buf[0] = '\0';
  for (int i = 0; i < roll->move_count && length < size - 1; i++) {
    if (size - length >= MOVE_TEXT_SIZE + 1) {
      /* room for the blank, the move and its NUL: written in place, as a
       * play's text almost always is */
      if (i)
        buf[length++] = ' ';
      length += move_text(&roll->moves[i], style, buf + length);
      continue;
    }
    char one[MOVE_TEXT_SIZE + 1] = " ";
    int count = move_text(&roll->moves[i], style, one + 1);
    append_text(buf, size, &length, i ? one : one + 1, i ? count + 1 : count);
  }
  return (size_t)(length < size - 1 ? length : size - 1);
}

bool notation_play_is_word(const bg_action *roll) {
  if (roll->move_count <= 0 || roll->moves[0].from == BG_OFF)
    return false;
  for (int i = 0; i < roll->move_count; i++) {
    const bg_move *move = &roll->moves[i];
    if ((unsigned)move->from > BG_BAR || (unsigned)move->to > BG_BAR)
      return false;
  }
  return true;
}

const char *notation_play_text_as(const bg_action *roll, bg_play_style style, char *buf,
                                  int size) {
  notation_play_text_length(roll, style, buf, size);
  return buf;
}

const char *notation_play_text(const bg_action *roll, char *buf, int size) {
  return notation_play_text_as(roll, NOTATION_GNUBG, buf, size);
}

const char *notation_legal_play(const bg_play *play, char *buf, int size) {
  if (play->step_count == 0)
    return "no play";
  return notation_format_play(play, buf, size);
}

/* The legal plays as "a | b | c", at most `shown` of them. */
void notation_legal_list(const bg_playlist *legal, char *buf, int size) {
  const int shown = 8;
  int length = 0;
  buf[0] = '\0';
  for (int i = 0; i < legal->count && i < shown && length < size - 1; i++) {
    char one[64];
    length += snprintf(buf + length, size - length, "%s%s", i ? " | " : "",
                       notation_legal_play(&legal->plays[i], one, sizeof one));
  }
  if (legal->count > shown && length < size - 1)
    snprintf(buf + length, size - length, " | ... (%d plays in all)", legal->count);
}

/* One checker's path within a play: points[0] is where it started, then
 * where each step landed; hit[i] tells whether the step to points[i] hit. */
typedef struct {
  int points[BG_MAX_DICE_STEPS + 1];
  bool hit[BG_MAX_DICE_STEPS + 1];
  int length;  /* steps in the path */
  int repeats; /* identical paths folded into this one: "(2)" */
} checker_path;

/* Sorts steps by starting point, then landing point, highest first: the
 * order gnubg writes them, and one in which a checker's steps follow each
 * other. */
static void sort_steps(bg_step *steps, int count) {
  for (int i = 1; i < count; i++) {
    bg_step step = steps[i];
    int at = i;
    while (at > 0 && (steps[at - 1].from < step.from ||
                      (steps[at - 1].from == step.from && steps[at - 1].to < step.to))) {
      steps[at] = steps[at - 1];
      at--;
    }
    steps[at] = step;
  }
}

/* Joins steps into paths: a step from where another step landed continues
 * that checker ("13/9 9/4" is "13/4").  Returns the number of paths. */
static int join_paths(const bg_play *play, checker_path *paths) {
  bg_step steps[BG_MAX_DICE_STEPS];
  int count = play->step_count;
  memcpy(steps, play->steps, (size_t)count * sizeof *steps);
  sort_steps(steps, count);
  int path_count = 0;
  for (int i = 0; i < count; i++) {
    checker_path *path = NULL;
    for (int p = 0; p < path_count && !path; p++)
      if (paths[p].points[paths[p].length] == steps[i].from)
        path = &paths[p];
    if (!path) {
      path = &paths[path_count++];
      *path = (checker_path){.points = {steps[i].from}, .repeats = 1};
    }
    path->length++;
    path->points[path->length] = steps[i].to;
    path->hit[path->length] = steps[i].hit;
  }
  return path_count;
}

static bool same_points(const checker_path *a, const checker_path *b) {
  return a->length == b->length &&
         memcmp(a->points, b->points, (size_t)(a->length + 1) * sizeof a->points[0]) == 0;
}

/* Folds identical paths into the first of them ("8/3 8/3" is "8/3(2)"). */
static int fold_repeats(checker_path *paths, int count) {
  int kept = 0;
  for (int i = 0; i < count; i++) {
    int same = 0;
    while (same < kept && !same_points(&paths[same], &paths[i]))
      same++;
    if (same == kept) {
      paths[kept++] = paths[i];
      continue;
    }
    paths[same].repeats++;
    for (int at = 1; at <= paths[i].length; at++)
      paths[same].hit[at] |= paths[i].hit[at];
  }
  return kept;
}

/* A string being written into a caller's buffer; never overflows it. */
typedef struct {
  char *buf;
  int size;
  int used;
} text;

static void text_add_bytes(text *t, const char *piece, int length) {
  int room = t->size - t->used;
  int copied = length < room - 1 ? length : room - 1;
  if (copied <= 0)
    return;
  memcpy(t->buf + t->used, piece, (size_t)copied);
  t->used += copied;
  t->buf[t->used] = '\0';
}

static void text_add(text *t, const char *piece) {
  text_add_bytes(t, piece, (int)strlen(piece));
}

/* A point as a number, or bar/off (GNU Backgammon's style); the writers
 * call this for every step they write, hence no strlen. */
static void text_add_point(text *t, int point, bg_play_style style) {
  if (point == BG_BAR && style == NOTATION_GNUBG) {
    text_add_bytes(t, "bar", 3);
  } else if (point == BG_OFF && style == NOTATION_GNUBG) {
    text_add_bytes(t, "off", 3);
  } else if (point == BG_OFF) {
    text_add_bytes(t, "0", 1);
  } else {
    char number[2] = {(char)('0' + point / 10), (char)('0' + point % 10)};
    text_add_bytes(t, point < 10 ? number + 1 : number, point < 10 ? 1 : 2);
  }
}

/* The start, every point where the path hit (marked with a star), the end,
 * and the repeat count: "13/4", "24/18*(2)", "bar/21". */
static void text_add_path(text *t, const checker_path *path) {
  text_add_point(t, path->points[0], NOTATION_GNUBG);
  for (int at = 1; at <= path->length; at++) {
    if (at < path->length && !path->hit[at])
      continue;
    text_add(t, "/");
    text_add_point(t, path->points[at], NOTATION_GNUBG);
    if (path->hit[at])
      text_add(t, "*");
  }
  if (path->repeats > 1) {
    char repeats[8] = {'(', (char)('0' + path->repeats), ')', '\0'};
    text_add(t, repeats);
  }
}

/* A point of 0..25 as digits at `out`, two bytes written whatever its
 * length (the second of a one-digit point is overwritten next); returns
 * its length.  By table: the division by ten was a fortieth of convert. */
static int put_point_digits(char *out, int point) {
  static const char digits[] = "0 1 2 3 4 5 6 7 8 9 10111213141516171819202122232425";
  if (point < 0 || point > BG_BAR) { /* not the engine's: as it always was */
    out[0] = (char)('0' + (point < 10 ? point : point / 10));
    out[1] = (char)('0' + point % 10);
    return point < 10 ? 1 : 2;
  }
  memcpy(out, digits + 2 * point, 2);
  return point < 10 ? 1 : 2;
}

/* Every step on its own, in the order gnubg sorts them: "25/21 13/7* 6/0".
 * Written byte by byte at the end of the text when it has room for the
 * longest play, else into a buffer added once: the mat and sgf writers
 * format every roll they write, and a bounded add per piece was most of
 * this. */
static void text_add_steps(text *t, const bg_play *play) {
  bg_step steps[BG_MAX_DICE_STEPS];
  memcpy(steps, play->steps, sizeof steps); /* whole: a copy of fixed size */
  sort_steps(steps, play->step_count);
  char spare[BG_MAX_DICE_STEPS * sizeof "25/25* "];
  bool in_place = t->size - t->used > (int)sizeof spare;
  char *written = in_place ? t->buf + t->used : spare;
  int at = 0;
  for (int i = 0; i < play->step_count; i++) {
    if (i > 0)
      written[at++] = ' ';
    at += put_point_digits(written + at, steps[i].from);
    written[at++] = '/';
    at += put_point_digits(written + at, steps[i].to);
    if (steps[i].hit)
      written[at++] = '*';
  }
  if (!in_place) {
    text_add_bytes(t, written, at);
    return;
  }
  t->used += at;
  t->buf[t->used] = '\0';
}

size_t notation_format_steps(const bg_play *play, char *buf, int size) {
  if (size <= 0)
    return 0;
  buf[0] = '\0';
  if (play->step_count < 0 || play->step_count > BG_MAX_DICE_STEPS)
    return 0;
  text t = {buf, size, 0};
  text_add_steps(&t, play);
  return (size_t)t.used;
}

char *notation_format_play_as(const bg_play *play, bg_play_style style, char *buf,
                              int size) {
  if (style == NOTATION_STEPS) {
    notation_format_steps(play, buf, size);
    return buf;
  }
  if (size <= 0)
    return buf;
  buf[0] = '\0';
  if (play->step_count < 0 || play->step_count > BG_MAX_DICE_STEPS)
    return buf;
  text t = {buf, size, 0};
  checker_path paths[BG_MAX_DICE_STEPS];
  int count = fold_repeats(paths, join_paths(play, paths));
  for (int i = 0; i < count; i++) {
    if (i > 0)
      text_add(&t, " ");
    text_add_path(&t, &paths[i]);
  }
  return buf;
}

char *notation_format_play(const bg_play *play, char *buf, int size) {
  return notation_format_play_as(play, NOTATION_GNUBG, buf, size);
}

/* ---- parsing ---------------------------------------------------------- */

/* A point at text[*at]: a number 0..25, "bar" or "off" (any case). */
static bool parse_point(const char *text, size_t length, size_t *at, int *point) {
  static const struct {
    const char *word;
    int point;
  } names[] = {{"bar", BG_BAR}, {"off", BG_OFF}};
  for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
    size_t word_length = strlen(names[n].word);
    if (length - *at >= word_length &&
        strncasecmp(text + *at, names[n].word, word_length) == 0) {
      *at += word_length;
      *point = names[n].point;
      return true;
    }
  }
  size_t start = *at;
  int value = 0, digits = 0;
  while (*at < length && isdigit((unsigned char)text[*at]) && digits < 3) {
    value = value * 10 + (text[*at] - '0');
    (*at)++;
    digits++;
  }
  *point = value;
  if (digits > 0 && value <= BG_BAR)
    return true;
  *at = start; /* the error is at the number */
  return false;
}

/* One chain ("24/18/13(2)", hit marks after any point) at text[*at],
 * appended to moves[*count...]. */
static bool parse_chain(const char *text, size_t length, size_t *at, bg_move *moves,
                        int max_moves, int *count) {
  int from, first = *count;
  if (!parse_point(text, length, at, &from))
    return false;
  do {
    if (*at >= length || text[*at] != '/')
      return false;
    (*at)++;
    int to;
    if (!parse_point(text, length, at, &to) || *count >= max_moves)
      return false;
    bg_move move = {.from = (int8_t)from, .to = (int8_t)to, .count = 1};
    move.hit = *at < length && text[*at] == '*';
    *at += move.hit;
    moves[(*count)++] = move;
    from = move.to;
  } while (*at < length && text[*at] == '/');
  if (*at < length && text[*at] == '(') {
    /* One or two digits, as the .mat notation's repeat count (grammar/
     * cell-token.pcre): "13/10(52)" is read there, and written back, as a
     * play to be judged, not a syntax error. */
    size_t digits = 0;
    int repeat = 0;
    while (digits < 2 && *at + 1 + digits < length &&
           isdigit((unsigned char)text[*at + 1 + digits])) {
      repeat = 10 * repeat + (text[*at + 1 + digits] - '0');
      digits++;
    }
    if (digits == 0 || *at + 1 + digits >= length || text[*at + 1 + digits] != ')')
      return false;
    for (int i = first; i < *count; i++)
      moves[i].count = repeat;
    *at += digits + 2;
  }
  return *at >= length || isspace((unsigned char)text[*at]);
}

int notation_parse_moves(const char *text, size_t length, bg_move *moves, int max_moves,
                         size_t *error_at) {
  int count = 0;
  size_t at = 0;
  for (;;) {
    while (at < length && isspace((unsigned char)text[at]))
      at++;
    if (at >= length)
      return count;
    size_t chain_start = at;
    if (!parse_chain(text, length, &at, moves, max_moves, &count)) {
      if (error_at)
        *error_at = at > chain_start ? at : chain_start;
      return -1;
    }
  }
}

/* ---- misspelt keywords (notation.h) -------------------------------------
 *
 * The known word a misspelt one was meant to be, by the number of letters
 * wrong (optimal string alignment distance: an edit is a letter inserted,
 * deleted or replaced, or two neighbours swapped).  Only short keywords
 * are compared, so the whole table fits on the stack; a longer word is
 * too far from any of them to be a misspelling anyway.
 */

#define MAX_WORD 16 /* longer words are no keyword misspelt */

static int lower(char c) {
  return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : (unsigned char)c;
}

static int smallest(int a, int b, int c) {
  int m = a < b ? a : b;
  return m < c ? m : c;
}

/* Letters wrong between a[0, n) and b[0, m), both at most MAX_WORD long,
 * case ignored. */
static int distance(const char *a, size_t n, const char *b, size_t m) {
  int d[MAX_WORD + 1][MAX_WORD + 1];
  for (size_t i = 0; i <= n; i++)
    d[i][0] = (int)i;
  for (size_t j = 0; j <= m; j++)
    d[0][j] = (int)j;
  for (size_t i = 1; i <= n; i++)
    for (size_t j = 1; j <= m; j++) {
      int replace = lower(a[i - 1]) != lower(b[j - 1]);
      d[i][j] = smallest(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + replace);
      bool swapped = i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
                     lower(a[i - 2]) == lower(b[j - 1]);
      if (swapped && d[i - 2][j - 2] + 1 < d[i][j])
        d[i][j] = d[i - 2][j - 2] + 1;
    }
  return d[n][m];
}

int notation_spelling_nearest(const char *word, size_t length,
                              const notation_spelling_word *known, int count) {
  if (length == 0 || length > MAX_WORD)
    return -1;
  int allowed = length <= 4 ? 1 : 2;
  int best = -1, best_distance = allowed + 1;
  bool tied = false; /* with a word of another meaning */
  for (int i = 0; i < count; i++) {
    size_t known_length = strlen(known[i].word);
    if (known_length > MAX_WORD)
      continue;
    int d = distance(word, length, known[i].word, known_length);
    if (d < best_distance) {
      best = i;
      best_distance = d;
      tied = false;
    } else if (d == best_distance && best >= 0 &&
               known[i].meaning != known[best].meaning) {
      tied = true;
    }
  }
  return tied ? -1 : best;
}

/* ---- UTF-8 text from records (notation.h) ------------------------------ */

char *notation_utf8_from_record(const char *text) {
  /* A Latin-1 byte takes two bytes of UTF-8: twice the length is enough. */
  char *copy = bg_malloc(2 * strlen(text) + 1);
  char *end = copy;
  for (const unsigned char *p = (const unsigned char *)text; *p;) {
    int length = utf8_sequence_length(p);
    if (length > 0) {
      memcpy(end, p, (size_t)length);
      end += length;
      p += length;
    } else {
      end += utf8_encode(*p++, end); /* the Latin-1 character */
    }
  }
  *end = '\0';
  return copy;
}
