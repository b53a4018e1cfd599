/*
 * input.c — the byte layer, the first stage under every reader: a bounded
 * buffer filled from a FILE* in blocks, gzip data inflated (zlib) and
 * UTF-16 turned into UTF-8 on the way in, lines split on LF and cleaned of
 * what no notation means.  See input.h.
 */
/* rawmemchr, where the C library has it (glibc's, with _GNU_SOURCE), a
 * GNU function beyond the POSIX base the build asks for; a feature-test
 * macro is a reserved name by design. */
// NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp)
#define _GNU_SOURCE
#include "input.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "alloc.h"
#include "utf8.h"

#define READ_CHUNK 65536
/* The buffer holds the longest line and a block after it at full size;
 * it starts small and doubles as lines and blocks need room (clearing
 * 128 KB cost more than reading a record of a few KB, the common input
 * of a pipeline), keeping at least BUFFER_MIN_ROOM free to read into. */
#define BUFFER_FULL_SIZE (INPUT_MAX_LINE + READ_CHUNK + 1)
#define BUFFER_FIRST_SIZE 16384
#define BUFFER_MIN_ROOM 4096
#define UTF8_BOM "\xEF\xBB\xBF"
#define UTF8_BOM_LENGTH 3

/* ---- gzip ---------------------------------------------------------------- */

/* gzip data inflated through zlib as it is read (a well-kept library:
 * inflate is not something to write again).  Concatenated gzip members
 * are read one after another, as gzip -d does. */

#define COMPRESSED_CHUNK 65536

typedef struct {
  FILE *in;
  z_stream stream;
  unsigned char compressed[COMPRESSED_CHUNK];
  bool in_member;    /* inside a gzip member: its end not reached yet */
  bool file_ended;   /* fread gave everything */
  const char *error; /* why reading stopped early, NULL when it did not */
  char read_error[80];
} bg_gunzip;

/* Inflates `in` (not owned), whose first `prefix_length` bytes were already
 * read into `prefix` (at most 16).  Exits 2 when out of memory. */
static bg_gunzip *gunzip_new(FILE *in, const unsigned char *prefix,
                             size_t prefix_length) {
  bg_gunzip *gunzip = bg_calloc(1, sizeof *gunzip);
  gunzip->in = in;
  memcpy(gunzip->compressed, prefix, prefix_length);
  gunzip->stream.next_in = gunzip->compressed;
  gunzip->stream.avail_in = (uInt)prefix_length;
  /* 16 + MAX_WBITS: a gzip header and trailer around the deflate data. */
  if (inflateInit2(&gunzip->stream, 16 + MAX_WBITS) != Z_OK)
    bg_out_of_memory();
  gunzip->in_member = true;
  return gunzip;
}

/* More compressed bytes from the file; false at its end or on an error. */
static bool refill(bg_gunzip *gunzip) {
  if (gunzip->file_ended)
    return false;
  size_t got = fread(gunzip->compressed, 1, sizeof gunzip->compressed, gunzip->in);
  if (got == 0) {
    gunzip->file_ended = true;
    if (ferror(gunzip->in)) {
      snprintf(gunzip->read_error, sizeof gunzip->read_error, "read error: %s",
               strerror(errno ? errno : EIO));
      gunzip->error = gunzip->read_error;
    }
    return false;
  }
  gunzip->stream.next_in = gunzip->compressed;
  gunzip->stream.avail_in = (uInt)got;
  return true;
}

/* At the end of a member: another one follows (concatenated files), or
 * the data ends here.  Anything after the last member but bytes of another
 * is corrupt data, as gzip -d says. */
static bool next_member(bg_gunzip *gunzip) {
  gunzip->in_member = false;
  if (gunzip->stream.avail_in == 0 && !refill(gunzip))
    return false;
  if (inflateReset(&gunzip->stream) != Z_OK)
    bg_out_of_memory();
  gunzip->in_member = true;
  return true;
}

/* Up to `size` inflated bytes into `out`; 0 at the end of the data or
 * after an error (gunzip_error says which). */
static size_t gunzip_read(bg_gunzip *gunzip, unsigned char *out, size_t size) {
  gunzip->stream.next_out = out;
  gunzip->stream.avail_out = (uInt)size;
  while (gunzip->stream.avail_out > 0 && !gunzip->error) {
    if (!gunzip->in_member && !next_member(gunzip))
      break;
    if (gunzip->stream.avail_in == 0 && !refill(gunzip)) {
      if (!gunzip->error)
        gunzip->error = "truncated gzip data";
      break;
    }
    int status = inflate(&gunzip->stream, Z_NO_FLUSH);
    if (status == Z_STREAM_END)
      gunzip->in_member = false;
    else if (status == Z_MEM_ERROR)
      bg_out_of_memory();
    else if (status != Z_OK && status != Z_BUF_ERROR)
      gunzip->error = "corrupt gzip data";
  }
  return size - gunzip->stream.avail_out;
}

/* Why reading stopped early: "corrupt gzip data", "truncated gzip data",
 * or the read error of the file; NULL when it did not. */
static const char *gunzip_error(const bg_gunzip *gunzip) {
  return gunzip->error;
}

static void gunzip_free(bg_gunzip *gunzip) {
  if (!gunzip)
    return;
  inflateEnd(&gunzip->stream);
  free(gunzip);
}

typedef enum {
  ENCODING_UNKNOWN,
  ENCODING_BYTES,
  ENCODING_UTF16LE,
  ENCODING_UTF16BE
} encoding;

struct bg_input {
  FILE *in;
  bg_gunzip *gunzip; /* the input is gzip data, inflated as it is read */
  /* bytes read from the start of the input to recognise it, not yet used */
  unsigned char start_bytes[2];
  size_t start_bytes_length;
  /* the text read and not yet delivered is buffer[start, end), and a
   * newline stands at buffer[end] (see find_newline) */
  char *buffer;
  size_t buffer_size, start, end;
  /* The first tab in [start, end), or `end` when there is none: the
   * buffer is searched for tabs a block at a time, not a line at a time,
   * since most records hold none (see bg_line's has_tab). */
  size_t tab_at;
  bool eof, io_error;
  bool consumed; /* something was delivered: the start of the input is past */
  int line_number;
  encoding encoding;
  /* UTF-16 bytes read but not yet turned (half a unit, half a pair) */
  unsigned char utf16_pending[4];
  size_t utf16_pending_length;
};

/* ---- raw bytes ---------------------------------------------------------- */

/* gzip's magic bytes: the input is compressed. */
#define GZIP_MAGIC_0 0x1F
#define GZIP_MAGIC_1 0x8B

/* Up to `size` bytes of the input as stored, inflated when it is gzip
 * data; 0 at its end or after an error. */
static size_t read_raw(bg_input *input, unsigned char *out, size_t size) {
  size_t got = 0;
  while (input->start_bytes_length > 0 && got < size) {
    out[got++] = input->start_bytes[0];
    input->start_bytes[0] = input->start_bytes[1];
    input->start_bytes_length--;
  }
  if (got == size)
    return got;
  if (input->gunzip)
    return got + gunzip_read(input->gunzip, out + got, size - got);
  return got + fread(out + got, 1, size - got, input->in);
}

/* A gzip input is inflated from its start; anything else is read as it
 * is, its first bytes kept for read_raw. */
static void detect_compression(bg_input *input) {
  unsigned char magic[2];
  size_t got = fread(magic, 1, sizeof magic, input->in);
  if (got == 2 && magic[0] == GZIP_MAGIC_0 && magic[1] == GZIP_MAGIC_1) {
    input->gunzip = gunzip_new(input->in, magic, got);
    return;
  }
  memcpy(input->start_bytes, magic, got);
  input->start_bytes_length = got;
}

/* ---- UTF-16 ------------------------------------------------------------- */

/* The UTF-16 unit at raw[0, 2), in the byte order of the input. */
static unsigned long utf16_unit(const bg_input *input, const unsigned char *raw) {
  return input->encoding == ENCODING_UTF16LE ? raw[0] | (unsigned long)raw[1] << 8
                                             : (unsigned long)raw[0] << 8 | raw[1];
}

/* Turns raw[0, have) into UTF-8 at `out`; returns the bytes written and
 * sets *used to the raw bytes consumed.  A unit cut at the end, or a high
 * surrogate whose pair is not read yet, is left unconsumed unless `at_end`;
 * a lone surrogate or a last odd byte becomes U+FFFD. */
static size_t utf16_to_utf8(const bg_input *input, const unsigned char *raw, size_t have,
                            bool at_end, char *out, size_t *used) {
  size_t written = 0, i = 0;
  while (i + 1 < have) {
    unsigned long unit = utf16_unit(input, raw + i);
    size_t step = 2;
    if (utf8_is_high_surrogate(unit)) {
      if (i + 3 >= have && !at_end)
        break; /* its pair is in the next read */
      unsigned long low = i + 3 < have ? utf16_unit(input, raw + i + 2) : 0;
      if (utf8_is_low_surrogate(low)) {
        unit = utf8_from_surrogates(unit, low);
        step = 4;
      } else {
        unit = 0xFFFD;
      }
    } else if (utf8_is_low_surrogate(unit)) {
      unit = 0xFFFD;
    }
    written += utf8_encode(unit, out + written);
    i += step;
  }
  if (at_end && i < have) {
    written += utf8_encode(0xFFFD, out + written);
    i = have;
  }
  *used = i;
  return written;
}

/* Reads raw UTF-16 and appends it to the buffer as UTF-8, within `room`. */
static size_t read_utf16(bg_input *input, size_t room) {
  unsigned char raw[READ_CHUNK];
  size_t want = (room / 4) * 2; /* two bytes in make at most three out, a pair four */
  if (want > sizeof raw - sizeof input->utf16_pending)
    want = sizeof raw - sizeof input->utf16_pending;
  size_t written = 0;
  while (written == 0) {
    size_t have = input->utf16_pending_length;
    memcpy(raw, input->utf16_pending, have);
    size_t got = read_raw(input, raw + have, want);
    if (got == 0 && have == 0)
      return 0;
    have += got;
    size_t used;
    written =
        utf16_to_utf8(input, raw, have, got == 0, input->buffer + input->end, &used);
    input->utf16_pending_length = have - used;
    memcpy(input->utf16_pending, raw + used, have - used);
    if (got == 0)
      break;
  }
  return written;
}

/* ---- blocks ------------------------------------------------------------- */

/* The first two bytes say whether the input is UTF-16 (a byte order mark,
 * dropped); anything else passes through as bytes. */
static void detect_encoding(bg_input *input) {
  detect_compression(input);
  unsigned char mark[2];
  size_t got = read_raw(input, mark, sizeof mark);
  input->encoding = ENCODING_BYTES;
  if (got == 2 && mark[0] == 0xFF && mark[1] == 0xFE)
    input->encoding = ENCODING_UTF16LE;
  else if (got == 2 && mark[0] == 0xFE && mark[1] == 0xFF)
    input->encoding = ENCODING_UTF16BE;
  else {
    memcpy(input->buffer + input->end, mark, got);
    input->end += got;
  }
}

/* Doubles the buffer (up to BUFFER_FULL_SIZE), the new bytes and the
 * slack zeroed like the first (see input_new).  Lines handed out before
 * are moved by fill_buffer anyway. */
static void grow_buffer(bg_input *input) {
  size_t old_size = input->buffer_size;
  size_t new_size = 2 * old_size < BUFFER_FULL_SIZE ? 2 * old_size : BUFFER_FULL_SIZE;
  input->buffer = bg_realloc(input->buffer, new_size + INPUT_LINE_SLACK);
  memset(input->buffer + old_size, 0, new_size + INPUT_LINE_SLACK - old_size);
  input->buffer_size = new_size;
}

/* Sets tab_at to the first tab in [from, end), or to `end`. */
static void find_tab(bg_input *input, size_t from) {
  const char *tab = memchr(input->buffer + from, '\t', input->end - from);
  input->tab_at = tab ? (size_t)(tab - input->buffer) : input->end;
}

/* Consumes the bytes before `offset`, keeping tab_at at or after start. */
static void consume_to(bg_input *input, size_t offset) {
  input->start = offset;
  input->consumed = true;
  if (input->tab_at < offset)
    find_tab(input, offset);
}

/* Moves what is pending to the front and reads one block after it; false
 * when nothing was added (the end, or an I/O error). */
static bool fill_buffer(bg_input *input) {
  if (input->start > 0) {
    memmove(input->buffer, input->buffer + input->start, input->end - input->start);
    input->end -= input->start;
    input->tab_at -= input->start;
    input->start = 0;
  }
  while (input->buffer_size - input->end < BUFFER_MIN_ROOM &&
         input->buffer_size < BUFFER_FULL_SIZE)
    grow_buffer(input);
  size_t before = input->end;
  if (input->encoding == ENCODING_UNKNOWN)
    detect_encoding(input);
  size_t room = input->buffer_size - input->end;
  size_t got = input->encoding == ENCODING_BYTES
                   ? read_raw(input, (unsigned char *)input->buffer + input->end, room)
                   : read_utf16(input, room);
  input->end += got;
  input->buffer[input->end] = '\n';
  if (input->tab_at == before)
    find_tab(input, before);
  if (got == 0) {
    input->eof = true;
    if (ferror(input->in) || (input->gunzip && gunzip_error(input->gunzip)))
      input->io_error = true;
  }
  return input->end > before;
}

/* ---- lines -------------------------------------------------------------- */

/* The first newline at or after `from`, in [from, end]: the one at `end`
 * when no line ends before it.  That newline, written after the text at
 * each fill, lets glibc's rawmemchr look for it with no length to keep
 * track of, which takes fewer steps a line than memchr. */
static inline const char *find_newline(const bg_input *input, const char *from) {
#ifdef __GLIBC__
  (void)input;
  return rawmemchr(from, '\n');
#else
  return memchr(from, '\n', (size_t)(input->buffer + input->end + 1 - from));
#endif
}

/* A byte that ends no line's text: a blank, a tab, the CR of CRLF. */
static bool is_trailing_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

/* Hands out the `length` bytes at `start` as a line, cleaned of what no
 * notation means (a UTF-8 BOM, on line 1 or where files were
 * concatenated; the CR of CRLF; trailing blanks), and consumes them and
 * `consumed - length` bytes after them (the newline, if there is one).
 * The length is kept in a local as it shrinks: through `line` the
 * compiler would store it at every step. */
static inline void deliver(bg_input *input, bg_line *line, size_t length,
                           size_t consumed) {
  const char *text = input->buffer + input->start;
  /* a BOM's first byte starts no line of a record but by mistake */
  if (text[0] == UTF8_BOM[0] && length >= UTF8_BOM_LENGTH &&
      memcmp(text, UTF8_BOM, UTF8_BOM_LENGTH) == 0) {
    text += UTF8_BOM_LENGTH;
    length -= UTF8_BOM_LENGTH;
  }
  /* most lines end in a byte above the blanks: one test */
  while (length > 0 && (unsigned char)text[length - 1] <= ' ' &&
         is_trailing_blank(text[length - 1]))
    length--;
  *line = (bg_line){.text = text,
                    .length = length,
                    .number = ++input->line_number,
                    .has_tab = input->buffer + input->tab_at < text + length};
  consume_to(input, input->start + consumed);
}

/* Drops the rest of an over-long line, up to and including its newline. */
__attribute__((noinline)) static void skip_long_line(bg_input *input) {
  for (;;) {
    const char *newline = find_newline(input, input->buffer + input->start);
    if (newline != input->buffer + input->end) {
      consume_to(input, (size_t)(newline - input->buffer) + 1);
      break;
    }
    consume_to(input, input->end);
    if (input->eof || !fill_buffer(input))
      break;
  }
}

/* The next line's bytes from `start`: `length` of them, and `consumed`
 * with its newline (as many when the input ends without one); a length
 * of NO_LINE at the end of the input. */
typedef struct {
  size_t length, consumed;
} line_span;
#define NO_LINE SIZE_MAX

/* The next line's span when the buffer holds no whole line: it is
 * filled, or the line is over-long, or the input ends.  Kept out of
 * line, so that the common case, a line already in the buffer, saves no
 * registers for the loop; and it answers with a span, not a bg_line,
 * so that the caller's line, which no call then sees, may stay in
 * registers. */
__attribute__((noinline)) static line_span next_span_refilled(bg_input *input) {
  for (;;) {
    size_t pending = input->end - input->start;
    if (pending > INPUT_MAX_LINE)
      return (line_span){pending, pending}; /* over-long: skip_long_line */
    if (input->eof || !fill_buffer(input))
      return (line_span){pending == 0 ? NO_LINE : pending, pending}; /* no newline */
    const char *start = input->buffer + input->start;
    const char *newline = find_newline(input, start);
    if (newline != input->buffer + input->end) {
      size_t length = (size_t)(newline - start);
      return (line_span){length, length + 1};
    }
  }
}

/* The length of a line is checked as read (its CR, blanks and BOM count):
 * the bound is on the buffer, not on the text.  Declared inline, so that
 * with LTO (the gcc build) a reader's loop takes it in, and its line,
 * which no call sees, stays in registers rather than being written and
 * read back.  It stays an external definition because input.h declares
 * it without `inline`, which must stay so: an inline definition could
 * not call this file's static functions. */
inline bool input_next_line(bg_input *input, bg_line *line) {
  const char *start = input->buffer + input->start;
  const char *newline = find_newline(input, start);
  line_span span;
  if (newline != input->buffer + input->end) {
    span.length = (size_t)(newline - start);
    span.consumed = span.length + 1;
  } else {
    span = next_span_refilled(input);
    if (span.length == NO_LINE)
      return false;
  }
  if (span.length <= INPUT_MAX_LINE) {
    deliver(input, line, span.length, span.consumed);
    return true;
  }
  skip_long_line(input);
  static const char no_text[INPUT_LINE_SLACK + 1] = ""; /* and its slack */
  *line = (bg_line){.text = no_text, .number = ++input->line_number, .too_long = true};
  return true;
}

/* ---- bytes -------------------------------------------------------------- */

/* The bytes of a UTF-8 BOM at the start of the input, not shown by
 * input_peek and input_read (lines drop it in clean_line). */
static size_t leading_bom(const bg_input *input) {
  bool at_bom = !input->consumed && input->end - input->start >= UTF8_BOM_LENGTH &&
                memcmp(input->buffer + input->start, UTF8_BOM, UTF8_BOM_LENGTH) == 0;
  return at_bom ? UTF8_BOM_LENGTH : 0;
}

size_t input_peek(bg_input *input, size_t want, const char **bytes) {
  if (want > INPUT_MAX_PEEK)
    want = INPUT_MAX_PEEK;
  /* A BOM not shown is not counted; the buffer grows to INPUT_MAX_LINE +
   * READ_CHUNK bytes, so there is room for what is asked. */
  size_t need = want + (input->consumed ? 0 : UTF8_BOM_LENGTH);
  while (input->end - input->start < need && !input->eof && fill_buffer(input))
    ;
  size_t skip = leading_bom(input);
  size_t have = input->end - input->start - skip;
  *bytes = input->buffer + input->start + skip;
  return have < want ? have : want;
}

size_t input_read(bg_input *input, char *out, size_t size) {
  const char *bytes;
  size_t have = input_peek(input, size, &bytes);
  memcpy(out, bytes, have);
  consume_to(input, (size_t)(bytes - input->buffer) + have);
  return have;
}

/* ---- the rest of the API ------------------------------------------------ */

bg_input *input_new(FILE *in) {
  bg_input *input = calloc(1, sizeof *input);
  if (!input)
    return NULL;
  input->in = in;
  input->buffer_size = BUFFER_FIRST_SIZE;
  /* Zeroed: JIT code may read aligned words past a line's end (never past a
   * page), which valgrind would report as uninitialised; and the slack
   * after the last byte a line can hold is never filled (bg_line). */
  input->buffer = calloc(1, input->buffer_size + INPUT_LINE_SLACK);
  if (!input->buffer) {
    free(input);
    return NULL;
  }
  input->buffer[0] = '\n'; /* at `end` */
  return input;
}

bool input_io_error(const bg_input *input) {
  return input->io_error;
}

const char *input_error_reason(const bg_input *input) {
  if (!input->io_error)
    return NULL;
  const char *reason = input->gunzip ? gunzip_error(input->gunzip) : NULL;
  return reason ? reason : "read error";
}

void input_free(bg_input *input) {
  if (!input)
    return;
  gunzip_free(input->gunzip);
  free(input->buffer);
  free(input);
}
