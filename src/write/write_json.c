/*
 * write_json.c — bgmatch's notation as JSON: the walk of write_tree.c, the
 * same one the YAML writer emits, written as compact JSON text as it goes
 * (the bytes jansson's json_dumpf with JSON_COMPACT gave when the writer
 * built a tree: no blank, keys in the order written, strings escaped as
 * jansson does).
 *
 * JSON Lines: one compact object per match, ended by a newline, so a file
 * of many matches streams through `jq` (which reads a sequence of values)
 * and `while read` loops one match at a time, and no match needs a whole
 * file in memory.  `jq .` pretty-prints it for a human.
 *
 * The text goes through a buffer of the writer's own into the stream; the
 * stream is flushed after an output's first match only (so that an output
 * that cannot be written at all fails at once), and its error flag is
 * checked after every match: a full disk is the first match it hits.
 */
#include <stdio.h>
#include <string.h>

#include "writer.h"
#include "write_tree.h"

#define JSON_BUFFER_SIZE 16384
/* The longest piece of a string escaped at once: six bytes a byte at most. */
#define JSON_STRING_PIECE (JSON_BUFFER_SIZE / 6 - 2)

typedef struct {
  write_tree_sink sink; /* first: the walk's sink is the writer */
  FILE *out;
  bool failed;      /* a write to `out` failed */
  bool after_value; /* the next member of a collection needs a comma */
  size_t used;      /* bytes of `buffer` not yet written */
  char buffer[JSON_BUFFER_SIZE];
} json_writer;

/* ---- strings ---------------------------------------------------------- */

static const char hex_digits[] = "0123456789ABCDEF";

/* `\u00XX`, the escape of control `code`, into `to`: 6 bytes. */
static size_t put_control_escape(unsigned char code, char *to) {
  to[0] = '\\';
  to[1] = 'u';
  to[2] = to[3] = '0';
  to[4] = hex_digits[code >> 4];
  to[5] = hex_digits[code & 0xf];
  return 6;
}

/* The escape of byte `c` into `to`, or 0 when it stands for itself. */
static size_t escape_byte(unsigned char c, char *to) {
  static const char short_escapes[] = {
      ['\b'] = 'b', ['\f'] = 'f', ['\n'] = 'n', ['\r'] = 'r', ['\t'] = 't'};
  if (c == '"' || c == '\\') {
    to[0] = '\\';
    to[1] = (char)c;
    return 2;
  }
  if (c >= 0x20)
    return 0;
  if (c < sizeof short_escapes && short_escapes[c]) {
    to[0] = '\\';
    to[1] = short_escapes[c];
    return 2;
  }
  return put_control_escape(c, to);
}

/* Is text[at] DEL or the first byte of a C1 control (U+0080..U+009F)?
 * YAML reads neither unescaped, and a JSON document is read back as YAML
 * (bgmatch.5): *code is then the character. */
static bool is_yaml_control(const char *text, size_t length, size_t at,
                            unsigned char *code) {
  unsigned char c = (unsigned char)text[at];
  unsigned char next = at + 1 < length ? (unsigned char)text[at + 1] : 0;
  *code = c == 0x7f ? c : next;
  return c == 0x7f || (c == 0xc2 && next >= 0x80 && next <= 0x9f);
}

/* The bytes that stand for themselves whatever follows them: all but '"',
 * '\\', the C0 controls, DEL and 0xC2 (the first byte of a C1 control, and
 * of other characters: the slow path looks at its next byte).  Most bytes
 * of a match are plain, and one look-up a byte rules them out. */
// clang-format off
static const unsigned char plain_bytes[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* 0x0_ */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* 0x1_ */
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x2_ */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x3_ */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x4_ */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, /* 0x5_ */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x6_ */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, /* 0x7_ */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x8_ */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x9_ */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0xA_ */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0xB_ */
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0xC_ */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0xD_ */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0xE_ */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0xF_ */
};
// clang-format on

/* The escape of the byte that is not plain at text[*at] into `to`, or the
 * byte itself; *at moves past what it stands for.  Returns the bytes
 * written. */
static size_t escape_not_plain(char *to, const char *text, size_t length, size_t *at) {
  unsigned char code;
  unsigned char c = (unsigned char)text[*at];
  if (is_yaml_control(text, length, *at, &code)) {
    *at += code != 0x7f ? 2 : 1; /* a C1 control is two bytes */
    return put_control_escape(code, to);
  }
  (*at)++;
  size_t escaped = escape_byte(c, to);
  if (escaped)
    return escaped;
  *to = (char)c; /* 0xC2 that starts no C1 control */
  return 1;
}

/* `text` escaped into `to` (room for 6 * length), without quotes; UTF-8
 * sequences pass as they are, but for the controls YAML does not read
 * (is_yaml_control), escaped as \u00XX.  Returns the bytes written. */
static size_t escape_text(char *to, const char *text, size_t length) {
  const unsigned char *bytes = (const unsigned char *)text;
  char *start = to;
  size_t at = 0;
  for (;;) {
    /* a run of plain bytes, four at a time: most strings are one */
    while (length - at >= 4 &&
           (plain_bytes[bytes[at]] & plain_bytes[bytes[at + 1]] &
            plain_bytes[bytes[at + 2]] & plain_bytes[bytes[at + 3]])) {
      memcpy(to, text + at, 4);
      to += 4;
      at += 4;
    }
    while (at < length && plain_bytes[bytes[at]])
      *to++ = text[at++];
    if (at == length)
      return (size_t)(to - start);
    to += escape_not_plain(to, text, length, &at);
  }
}

size_t write_json_string(char *to, const char *text, size_t length) {
  to[0] = '"';
  size_t written = 1 + escape_text(to + 1, text, length);
  to[written] = '"';
  return written + 1;
}

/* ---- output ------------------------------------------------------------ */

static void flush_buffer(json_writer *writer) {
  if (writer->used && !writer->failed &&
      fwrite(writer->buffer, 1, writer->used, writer->out) != writer->used)
    writer->failed = true;
  writer->used = 0;
}

/* Room for `size` bytes (at most the buffer's size) at the buffer's end. */
static char *room(json_writer *writer, size_t size) {
  if (writer->used + size > JSON_BUFFER_SIZE)
    flush_buffer(writer);
  return writer->buffer + writer->used;
}

static void put_byte(json_writer *writer, char c) {
  *room(writer, 1) = c;
  writer->used++;
}

/* The comma before a collection's member after its first. */
static void begin_member(json_writer *writer) {
  if (writer->after_value)
    put_byte(writer, ',');
}

/* A string longer than a piece, escaped a piece at a time.  Out of line:
 * its loop would cost every short string the registers it saves. */
__attribute__((noinline)) static void put_long_string(json_writer *writer,
                                                      const char *text, size_t length) {
  put_byte(writer, '"');
  for (size_t done = 0; done < length; done += JSON_STRING_PIECE) {
    size_t piece = length - done < JSON_STRING_PIECE ? length - done : JSON_STRING_PIECE;
    writer->used += escape_text(room(writer, 6 * piece), text + done, piece);
  }
  put_byte(writer, '"');
}

static void put_string(json_writer *writer, const char *text, size_t length) {
  if (length > JSON_STRING_PIECE) {
    put_long_string(writer, text, length);
    return;
  }
  writer->used += write_json_string(room(writer, 6 * length + 2), text, length);
}

/* ---- the sink ---------------------------------------------------------- */

static bool on_open(write_tree_sink *sink, write_tree_collection kind, bool flow) {
  (void)flow; /* one line whatever the layout */
  json_writer *writer = (json_writer *)sink;
  begin_member(writer);
  put_byte(writer, kind == WRITE_TREE_MAPPING ? '{' : '[');
  writer->after_value = false;
  return !writer->failed;
}

static bool on_close(write_tree_sink *sink, write_tree_collection kind) {
  json_writer *writer = (json_writer *)sink;
  put_byte(writer, kind == WRITE_TREE_MAPPING ? '}' : ']');
  writer->after_value = true;
  return !writer->failed;
}

static bool on_key(write_tree_sink *sink, const char *word) {
  json_writer *writer = (json_writer *)sink;
  begin_member(writer);
  put_string(writer, word, strlen(word));
  put_byte(writer, ':');
  writer->after_value = false;
  return !writer->failed;
}

static bool on_scalar(write_tree_sink *sink, write_tree_scalar kind, const char *text,
                      size_t length) {
  json_writer *writer = (json_writer *)sink;
  begin_member(writer);
  if (kind == WRITE_TREE_STRING) {
    put_string(writer, text, length);
  } else {
    memcpy(room(writer, length), text, length);
    writer->used += length;
  }
  writer->after_value = true;
  return !writer->failed;
}

bool write_json(FILE *out, const bg_match *match, bg_replay *replay, bool first) {
  json_writer writer; /* the buffer is left as it is: only `used` bytes count */
  writer.sink =
      (write_tree_sink){on_open, on_close, on_key, on_scalar, .names_source = true};
  writer.out = out;
  writer.failed = writer.after_value = false;
  writer.used = 0;
  bool written = write_tree_walk(match, replay, &writer.sink);
  put_byte(&writer, '\n'); /* lines need no separator */
  flush_buffer(&writer);
  return written && !writer.failed && !ferror(out) && (!first || fflush(out) == 0);
}
