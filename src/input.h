/*
 * input.h — the byte layer under every reader: reads a FILE* in blocks,
 * inflates gzip data (an input that starts with gzip's magic bytes),
 * turns UTF-16 input (a file that starts with a UTF-16 byte order mark)
 * into UTF-8 as it is read, and hands the text back as lines or as bytes.
 * What no notation means is dropped here: byte order marks, line ends,
 * trailing blanks.  Memory is bounded whatever the input: a line longer
 * than INPUT_MAX_LINE is skipped, said by a flag, not held.
 *
 * NUL bytes and invalid UTF-8 pass through as bytes: judging them is the
 * readers' business.
 */
#ifndef BG_INPUT_H
#define BG_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The longest line delivered, in bytes as read (with its CR, trailing
 * blanks and a BOM, without its newline). */
#define INPUT_MAX_LINE 65536

/* The most input_peek can show: the first line, at its longest. */
#define INPUT_MAX_PEEK INPUT_MAX_LINE

/* Readable bytes after every line's end (see bg_line). */
#define INPUT_LINE_SLACK 16

typedef struct bg_input bg_input;

/* One line: no newline; no UTF-8 BOM at its start (line 1, or where files
 * were concatenated); no CR, blank or tab at its end.  Only LF ends a
 * line: a lone CR stays in the text.  `text` is valid until the next call
 * on the input; the bytes after `length` are initialised, and at least
 * INPUT_LINE_SLACK of them can be read, so that PCRE2's JIT code and the
 * .mat reader may read words past the end. */
typedef struct {
  const char *text;
  size_t length;
  int number;    /* 1-based, counting every line, a skipped one too */
  bool too_long; /* over INPUT_MAX_LINE: skipped; text is "", length 0 */
  bool has_tab;  /* a tab stands in text (the .mat reader expands tabs) */
} bg_line;

/* Reads `in` from where it stands; the input does not own it.  NULL when
 * out of memory (no allocation happens after this one). */
bg_input *input_new(FILE *in);

/* The next line, or false at the end of the input (or after an I/O error:
 * see input_io_error). */
bool input_next_line(bg_input *input, bg_line *line);

/* Shows up to `want` of the next bytes (at most INPUT_MAX_PEEK), decoded
 * from UTF-16 when the input is, without consuming them: *bytes points at
 * them until the next call on the input.  A UTF-8 BOM at the start of the
 * input is not shown.  Returns how many there are: fewer than `want` only
 * at the end of the input. */
size_t input_peek(bg_input *input, size_t want, const char **bytes);

/* Copies up to `size` of the next bytes to `out` and consumes them, for a
 * reader that parses a stream rather than lines; the same bytes as
 * input_peek shows.  Returns 0 at the end of the input. */
size_t input_read(bg_input *input, char *out, size_t size);

/* True once reading the FILE* failed (the end of the input came early). */
bool input_io_error(const bg_input *input);

/* Why, in a few words for the user ("read error", "corrupt gzip data",
 * "truncated gzip data"); NULL when reading did not fail. */
const char *input_error_reason(const bg_input *input);

void input_free(bg_input *input);

#endif
