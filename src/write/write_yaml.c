/*
 * write_yaml.c — bgmatch's YAML notation (man/bgmatch.5): the walk of
 * write_tree.c written as YAML text as it goes, one document per match.
 *
 * Layout: a collection that holds only scalars is written in flow style,
 * on one line ([Bob, 52, 13/11 13/8], {crawford: true, ...}); the others
 * in block style, indented by two, a sequence in a mapping not indented
 * (libyaml's layout).  So every action, tag and result is one line, and
 * the structure above them reads as an outline.
 *
 * What a scalar becomes is libyaml's decision: plain, single-quoted or
 * double-quoted with escapes.  libyaml's emitter is asked for every string
 * but the words the fast path below tells, the way it would write them
 * (a word of letters and digits, a move like 13/11* 6/off(2), plain; a
 * date or the empty string, single-quoted): those are most of a
 * document, and libyaml costs a dozen steps a byte for each
 * (an analysis, then a write), which put `convert --to yaml` at four times
 * `check` against a budget of 2.5 (DESIGN.md section 6).  The answers of
 * libyaml are kept for the match (the players' names come back on every
 * action): write_yaml_render.c.  The layout around the scalars is fixed
 * by the notation and written here; tests/unit/check_write_yaml.c holds
 * the whole libyaml emitter writer this file replaced and requires the
 * same bytes on every record of the samples, the e2e cases and the
 * corpus, and on matches with random names, tags and dates.
 *
 * One thing libyaml cannot know: a string that a YAML reader would take
 * for another type if it were written plain (a player called `yes`, `1`
 * or `null`, a tag value `On` or `2024-01-01`).  Those are written, or
 * asked for, in single quotes, so the text comes back as text
 * (write_yaml_looks_typed).
 *
 * The output is not flushed after each match, only after an output's
 * first (so that an output that cannot be written at all fails at once);
 * a later write error shows in the stream's error flag, which is checked
 * after every match, and at the latest when the output is closed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "writer.h"
#include "write_tree.h"
#include "write_yaml_int.h"

/* ---- scalars ------------------------------------------------------------ */

/* What a byte may be in a string the fast path writes plain (see
 * classify_word): a letter or a digit; a letter of a plain word (those
 * and blank / * ( ) . _ + -); a letter of a number (is_number_letter's
 * set).  One table for the three tests, so that one pass over a string
 * answers them all. */
enum { BYTE_ALNUM = 1, BYTE_PLAIN = 2, BYTE_NUMBER = 4 };

#define ALNUM_BYTE (BYTE_ALNUM | BYTE_PLAIN | BYTE_NUMBER)
#define DIGITS_ALNUM                                                                     \
  ['0'] = ALNUM_BYTE, ['1'] = ALNUM_BYTE, ['2'] = ALNUM_BYTE, ['3'] = ALNUM_BYTE,        \
  ['4'] = ALNUM_BYTE, ['5'] = ALNUM_BYTE, ['6'] = ALNUM_BYTE, ['7'] = ALNUM_BYTE,        \
  ['8'] = ALNUM_BYTE, ['9'] = ALNUM_BYTE
#define LETTERS_ALNUM(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v,  \
                      w, x, y, z)                                                        \
  [a] = ALNUM_BYTE, [b] = ALNUM_BYTE, [c] = ALNUM_BYTE, [d] = ALNUM_BYTE,                \
  [e] = ALNUM_BYTE, [f] = ALNUM_BYTE, [g] = ALNUM_BYTE, [h] = ALNUM_BYTE,                \
  [i] = ALNUM_BYTE, [j] = ALNUM_BYTE, [k] = ALNUM_BYTE, [l] = ALNUM_BYTE,                \
  [m] = ALNUM_BYTE, [n] = ALNUM_BYTE, [o] = ALNUM_BYTE, [p] = ALNUM_BYTE,                \
  [q] = ALNUM_BYTE, [r] = ALNUM_BYTE, [s] = ALNUM_BYTE, [t] = ALNUM_BYTE,                \
  [u] = ALNUM_BYTE, [v] = ALNUM_BYTE, [w] = ALNUM_BYTE, [x] = ALNUM_BYTE,                \
  [y] = ALNUM_BYTE, [z] = ALNUM_BYTE

/* The letters of two bytes in UTF-8 from U+00C0 to U+07FF (accented
 * Latin, Greek, Cyrillic...): libyaml, set to Unicode, writes them as they
 * are, as it does letters (printable, no break, no indicator).  Not
 * U+0080 to U+00BF (lead byte C2: controls, NEL, a break, and signs) nor
 * longer sequences (U+2028 and U+2029 are breaks): libyaml's to decide.
 * A continuation byte counts only after a lead byte, which the text's
 * being UTF-8 (write_tree.h) and the lead's own test ensure. */
#define EIGHT_BYTES(first, class)                                                        \
  [(first)] = (class), [(first) + 1] = (class), [(first) + 2] = (class),                 \
  [(first) + 3] = (class), [(first) + 4] = (class), [(first) + 5] = (class),             \
  [(first) + 6] = (class), [(first) + 7] = (class)
#define UTF8_LEAD (BYTE_ALNUM | BYTE_PLAIN)
#define UTF8_LEADS_PLAIN                                                                 \
  [0xC3] = UTF8_LEAD, [0xC4] = UTF8_LEAD, [0xC5] = UTF8_LEAD, [0xC6] = UTF8_LEAD,        \
  [0xC7] = UTF8_LEAD, EIGHT_BYTES(0xC8, UTF8_LEAD), EIGHT_BYTES(0xD0, UTF8_LEAD),        \
  EIGHT_BYTES(0xD8, UTF8_LEAD)
#define UTF8_CONTINUATIONS_PLAIN                                                         \
  EIGHT_BYTES(0x80, BYTE_PLAIN), EIGHT_BYTES(0x88, BYTE_PLAIN),                          \
      EIGHT_BYTES(0x90, BYTE_PLAIN), EIGHT_BYTES(0x98, BYTE_PLAIN),                      \
      EIGHT_BYTES(0xA0, BYTE_PLAIN), EIGHT_BYTES(0xA8, BYTE_PLAIN),                      \
      EIGHT_BYTES(0xB0, BYTE_PLAIN), EIGHT_BYTES(0xB8, BYTE_PLAIN)

static const unsigned char byte_class[256] = {
    DIGITS_ALNUM,
    LETTERS_ALNUM('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n',
                  'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z'),
    LETTERS_ALNUM('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N',
                  'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z'),
    [' '] = BYTE_PLAIN | BYTE_NUMBER,
    ['.'] = BYTE_PLAIN | BYTE_NUMBER,
    ['_'] = BYTE_PLAIN | BYTE_NUMBER,
    ['+'] = BYTE_PLAIN | BYTE_NUMBER,
    ['-'] = BYTE_PLAIN | BYTE_NUMBER,
    ['/'] = BYTE_PLAIN,
    ['*'] = BYTE_PLAIN,
    ['('] = BYTE_PLAIN,
    [')'] = BYTE_PLAIN,
    [':'] = BYTE_NUMBER,
    UTF8_LEADS_PLAIN,
    UTF8_CONTINUATIONS_PLAIN,
};

/* What a string is to the fast path: a word libyaml writes plain in a
 * flow collection; a word it writes single-quoted as it is, because a
 * reader would take it plain for another type (1, 2024.01.01, Off, or
 * the empty string); or anything else, which is libyaml's to decide
 * (WORD_UNTOLD: not told yet). */
typedef enum { WORD_PLAIN, WORD_TYPED, WORD_OTHER, WORD_UNTOLD } word_kind;

/* ---- layout --------------------------------------------------------------- */

#define YAML_MAX_DEPTH 16      /* the notation nests five deep */
#define YAML_BUFFER_SIZE 16384 /* text gathered before it goes to the stream */

/* An open collection. */
typedef struct {
  write_tree_collection kind;
  bool flow;
  int indent;  /* block: the column of its keys, or of its items' "- " */
  int members; /* keys (a mapping) or items written */
  /* a block collection that is a mapping's value or a sequence's item
   * and has no member yet: nothing of it is written (an empty one is
   * written [] or {}) */
  bool pending;
  bool first_key_inline; /* a block mapping that is a sequence's item: its
                            first key follows the "- " */
} yaml_level;

typedef struct {
  write_tree_sink sink; /* first: the walk's sink is the writer */
  FILE *out;
  bool failed;
  yaml_level level[YAML_MAX_DEPTH];
  int depth; /* open collections */
  rendered_cache cache;
  /* what classify_word says of sink.player_names, once told */
  word_kind name_kinds[2];
  size_t used; /* bytes of `buffer` not yet written to `out` */
  char buffer[YAML_BUFFER_SIZE];
} yaml_writer;

static void flush_buffer(yaml_writer *writer) {
  if (writer->used && !writer->failed &&
      fwrite(writer->buffer, 1, writer->used, writer->out) != writer->used)
    writer->failed = true;
  writer->used = 0;
}

/* What does not fit in the buffer: the buffer goes to the stream first,
 * and a long scalar straight through after it. */
static void put_past_buffer(yaml_writer *writer, const char *text, size_t length) {
  flush_buffer(writer);
  if (length > YAML_BUFFER_SIZE) {
    if (!writer->failed && fwrite(text, 1, length, writer->out) != length)
      writer->failed = true;
    return;
  }
  memcpy(writer->buffer, text, length);
  writer->used = length;
}

/* Into the writer's buffer: a stream call for every piece of a line
 * (stdio locks the stream each time) was a third of the writer's time.
 * Inline, so that a piece of layout of known length is a store or two. */
static inline void put(yaml_writer *writer, const char *text, size_t length) {
  if (writer->used + length > YAML_BUFFER_SIZE) {
    put_past_buffer(writer, text, length);
    return;
  }
  memcpy(writer->buffer + writer->used, text, length);
  writer->used += length;
}

static inline void put_text(yaml_writer *writer, const char *text) {
  put(writer, text, strlen(text));
}

static void put_indent(yaml_writer *writer, int columns) {
  static const char blanks[] = "                                ";
  put(writer, blanks, (size_t)columns);
}

static yaml_level *top(yaml_writer *writer) {
  return writer->depth ? &writer->level[writer->depth - 1] : NULL;
}

/* A block collection with its first member coming: its line ends. */
static void unpend(yaml_writer *writer, yaml_level *level) {
  if (level->pending && !level->first_key_inline)
    put_text(writer, "\n");
  level->pending = false;
}

/* What comes before a node (a scalar or a collection) where it stands;
 * returns whether it is a block mapping's value or a sequence's item in
 * block style (which then ends its line). */
static bool before_node(yaml_writer *writer) {
  yaml_level *level = top(writer);
  if (!level)
    return false; /* the document's root */
  if (level->flow) {
    if (level->kind == WRITE_TREE_SEQUENCE && level->members++ > 0)
      put_text(writer, ", ");
    return false;
  }
  if (level->kind == WRITE_TREE_MAPPING)
    return true; /* its value, after its key */
  unpend(writer, level);
  put_indent(writer, level->indent);
  put_text(writer, "- ");
  level->members++;
  return true;
}

static bool on_open(write_tree_sink *sink, write_tree_collection kind, bool flow) {
  yaml_writer *writer = (yaml_writer *)sink;
  yaml_level *parent = top(writer);
  bool in_block = before_node(writer);
  if (writer->depth == YAML_MAX_DEPTH) {
    errno = EINVAL; /* deeper than the notation: a defect of write_tree.c */
    return false;
  }
  yaml_level *level = &writer->level[writer->depth++];
  *level = (yaml_level){.kind = kind, .flow = flow};
  if (flow) {
    if (in_block && parent->kind == WRITE_TREE_MAPPING)
      put_text(writer, " ");
    put_text(writer, kind == WRITE_TREE_MAPPING ? "{" : "[");
  } else if (!parent) {
    level->indent = 0; /* the root mapping: its keys at column 0 */
  } else if (parent->kind == WRITE_TREE_MAPPING) {
    /* a mapping's value: a mapping indented, a sequence not */
    level->indent = kind == WRITE_TREE_MAPPING ? parent->indent + 2 : parent->indent;
    level->pending = true;
  } else { /* a sequence's item, after its "- " */
    level->indent = parent->indent + 2;
    level->pending = true;
    level->first_key_inline = true;
  }
  return !writer->failed;
}

static bool on_close(write_tree_sink *sink, write_tree_collection kind) {
  yaml_writer *writer = (yaml_writer *)sink;
  yaml_level *level = top(writer);
  writer->depth--;
  if (level->flow)
    put_text(writer, kind == WRITE_TREE_MAPPING ? "}" : "]");
  else if (level->pending) /* empty: libyaml writes it in flow style */
    put_text(writer, level->first_key_inline
                         ? (kind == WRITE_TREE_MAPPING ? "{}" : "[]")
                         : (kind == WRITE_TREE_MAPPING ? " {}" : " []"));
  yaml_level *parent = top(writer);
  if (parent && !parent->flow && (level->flow || level->pending))
    put_text(writer, "\n"); /* the line of a block member ends with it */
  return !writer->failed;
}

/* Keys are the notation's fixed words: plain everywhere. */
static bool on_key(write_tree_sink *sink, const char *word) {
  yaml_writer *writer = (yaml_writer *)sink;
  yaml_level *level = top(writer);
  if (level->flow) {
    if (level->members++ > 0)
      put_text(writer, ", ");
    put_text(writer, word);
    put_text(writer, ": ");
    return !writer->failed;
  }
  if (level->first_key_inline && level->members == 0)
    level->pending = false; /* right after the "- " */
  else {
    unpend(writer, level);
    put_indent(writer, level->indent);
  }
  level->members++;
  put_text(writer, word);
  put_text(writer, ":");
  return !writer->failed;
}

/* The indent of the innermost block collection open. */
static int block_indent(const yaml_writer *writer) {
  for (int i = writer->depth - 1; i >= 0; i--)
    if (!writer->level[i].flow)
      return writer->level[i].indent;
  return 0;
}

/* A scalar as libyaml wrote it in a flow sequence at the root.  A string
 * with line breaks may come out single-quoted on several lines: libyaml
 * indents each line but the empty ones by 4 more columns than the block
 * collection around the flow one, so here by the indent of that block
 * collection more than at the root (check_write_yaml_libyaml.c compares
 * names with breaks in every place a string stands). */
static void put_rendered(yaml_writer *writer, const char *rendered, size_t length) {
  const char *line_end;
  while ((line_end = memchr(rendered, '\n', length)) != NULL) {
    size_t line = (size_t)(line_end - rendered) + 1;
    put(writer, rendered, line);
    rendered += line;
    length -= line;
    if (length && *rendered == ' ')
      put_indent(writer, block_indent(writer));
  }
  put(writer, rendered, length);
}

/* The classes of byte_class that all `length` bytes share, four bytes
 * a step: a string is a dozen bytes, and the step's own test is then most
 * of the work. */
static unsigned shared_classes(const unsigned char *bytes, size_t length) {
  unsigned every = BYTE_PLAIN | BYTE_NUMBER;
  size_t at = 0;
  for (; at + 4 <= length; at += 4)
    every &= byte_class[bytes[at]] & byte_class[bytes[at + 1]] &
             byte_class[bytes[at + 2]] & byte_class[bytes[at + 3]];
  for (; at < length; at++)
    every &= byte_class[bytes[at]];
  return every;
}

/* A word starts with a letter or a digit, holds only letters, digits,
 * blanks and / * ( ) . _ + - (no indicator of YAML: no , : # [ ] { } ' "
 * & ! | > % @ `, no break, nothing libyaml escapes), and does not end in
 * a blank.  That is most strings of a document (every play, most names). */
static word_kind classify_word(const char *text, size_t length) {
  const unsigned char *bytes = (const unsigned char *)text;
  if (length == 0)
    return WORD_TYPED; /* a plain empty scalar is null */
  if (!(byte_class[bytes[0]] & BYTE_ALNUM) || bytes[length - 1] == ' ')
    return WORD_OTHER;
  unsigned every = shared_classes(bytes, length);
  if (!(every & BYTE_PLAIN))
    return WORD_OTHER;
  /* typed: a number (a digit, then number letters) or one of the words */
  if (bytes[0] <= '9' ? (every & BYTE_NUMBER) != 0
                      : length <= 5 && write_yaml_looks_typed(text))
    return WORD_TYPED;
  return WORD_PLAIN;
}

/* A string classify_word cannot tell, as libyaml writes it: out of
 * line, as few strings come here. */
__attribute__((noinline)) static void
put_rendered_string(yaml_writer *writer, const char *text, size_t length) {
  const rendered_scalar *rendered = write_yaml_render(&writer->cache, text, length);
  if (rendered->multiline)
    put_rendered(writer, rendered->rendered, rendered->rendered_length);
  else /* most: a name with a quote or an accent, that comes back on every action */
    put(writer, rendered->rendered, rendered->rendered_length);
}

/* What classify_word says of `text`, a player's name told once a match:
 * the name comes back on every action. */
static word_kind classify_string(yaml_writer *writer, const char *text, size_t length) {
  for (int player = 0; player < 2; player++)
    if (text == writer->sink.player_names[player]) {
      if (writer->name_kinds[player] == WORD_UNTOLD)
        writer->name_kinds[player] = classify_word(text, length);
      return writer->name_kinds[player];
    }
  return classify_word(text, length);
}

static void put_string(yaml_writer *writer, const char *text, size_t length) {
  switch (classify_string(writer, text, length)) {
  case WORD_PLAIN:
    put(writer, text, length);
    break;
  case WORD_TYPED: /* nothing in the word needs an escape */
    put_text(writer, "'");
    put(writer, text, length);
    put_text(writer, "'");
    break;
  default:
    put_rendered_string(writer, text, length);
  }
}

/* A scalar as the tree gives it: a string as put_string writes it,
 * anything else (1, true, null) plain. */
static void put_scalar(yaml_writer *writer, write_tree_scalar kind, const char *text,
                       size_t length) {
  if (kind == WRITE_TREE_STRING)
    put_string(writer, text, length);
  else
    put(writer, text, length);
}

/* Starts a node: true when it stands in a block collection (it ends its
 * line then), after the blank that follows a mapping's key. */
static bool start_node(yaml_writer *writer) {
  const yaml_level *parent = top(writer);
  bool in_block = before_node(writer);
  if (in_block && parent->kind == WRITE_TREE_MAPPING)
    put_text(writer, " ");
  return in_block;
}

static bool on_scalar(write_tree_sink *sink, write_tree_scalar kind, const char *text,
                      size_t length) {
  yaml_writer *writer = (yaml_writer *)sink;
  bool in_block = start_node(writer);
  put_scalar(writer, kind, text, length);
  if (in_block)
    put_text(writer, "\n");
  return !writer->failed;
}

/* A flow sequence of scalars, as on_open, on_scalar for each item and
 * on_close write it, without a level of its own: a flow row holds no
 * block collection, whose indent is all a level tells. */
static bool on_row(write_tree_sink *sink, const write_tree_item *items, int count) {
  yaml_writer *writer = (yaml_writer *)sink;
  bool in_block = start_node(writer);
  put_text(writer, "[");
  for (int i = 0; i < count; i++) {
    if (i > 0)
      put_text(writer, ", ");
    if (items[i].word) /* plain, as classify_word finds it: not asked */
      put(writer, items[i].text, items[i].length);
    else
      put_scalar(writer, items[i].kind, items[i].text, items[i].length);
  }
  put_text(writer, in_block ? "]\n" : "]");
  return !writer->failed;
}

bool write_yaml(FILE *out, const bg_match *match, bg_replay *replay, bool first) {
  yaml_writer writer; /* the buffer is left as it is: only `used` bytes count */
  writer.sink = (write_tree_sink){
      on_open, on_close, on_key, on_scalar, .names_source = false, .row = on_row};
  writer.out = out;
  writer.failed = false;
  writer.depth = 0;
  writer.name_kinds[0] = writer.name_kinds[1] = WORD_UNTOLD;
  write_yaml_render_init(&writer.cache);
  writer.used = 0;
  if (!first)
    put_text(&writer, "---\n");
  /* walked to its end even when the output fails, for its diagnostics */
  bool written = write_tree_walk(match, replay, &writer.sink);
  flush_buffer(&writer);
  write_yaml_render_free(&writer.cache);
  return written && !writer.failed && !ferror(out) && (!first || fflush(out) == 0);
}
