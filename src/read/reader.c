/*
 * reader.c — the dispatcher of reader.h: recognises the notation of an
 * input from its first bytes and reads it through that notation's reader,
 * one entry of a table.  A notation whose reader is not written yet has an
 * entry that says so.
 */
#include "reader.h"

#include <stdlib.h>
#include <string.h>

#include "read_mat.h"
#include "read_sgf.h"
#include "read_xg.h"
#include "read_yaml.h"

/* One notation's reader, behind pointers so that the dispatcher calls every
 * reader alike; `state` is the reader's own object. */
typedef struct {
  bg_notation notation;
  const char *name;     /* as --from spells it */
  const char *not_read; /* why it cannot be read yet; NULL once it can */
  void *(*open)(bg_input *input, const char *file, bg_diag_sink *sink);
  bg_match *(*next)(void *state);
  bool (*io_error)(const void *state);
  void (*free)(void *state);
  /* why reading stopped, in the reader's own words; NULL: the input's */
  const char *(*error_reason)(const void *state);
} notation_reader;

struct bg_reader {
  bg_input *input;
  const notation_reader *notation;
  void *state;
  const char *no_record; /* why the input can hold no record; NULL: it may */
};

/* ---- the readers -------------------------------------------------------- */

static void *open_mat(bg_input *input, const char *file, bg_diag_sink *sink) {
  return mat_reader_open(input, file, sink);
}

static bg_match *next_mat(void *state) {
  return mat_reader_next(state);
}

static bool io_error_mat(const void *state) {
  return mat_reader_io_error(state);
}

static void free_mat(void *state) {
  mat_reader_free(state);
}

static void *open_yaml(bg_input *input, const char *file, bg_diag_sink *sink) {
  return bg_yaml_reader_open(input, file, sink);
}

static bg_match *next_yaml(void *state) {
  return bg_yaml_reader_next(state);
}

static bool io_error_yaml(const void *state) {
  return bg_yaml_reader_io_error(state);
}

static void free_yaml(void *state) {
  bg_yaml_reader_free(state);
}

static void *open_sgf(bg_input *input, const char *file, bg_diag_sink *sink) {
  return sgf_reader_open(input, file, sink);
}

static bg_match *next_sgf(void *state) {
  return sgf_reader_next(state);
}

static bool io_error_sgf(const void *state) {
  return sgf_reader_io_error(state);
}

static void free_sgf(void *state) {
  sgf_reader_free(state);
}

static void *open_xg(bg_input *input, const char *file, bg_diag_sink *sink) {
  return xg_reader_open(input, file, sink);
}

static bg_match *next_xg(void *state) {
  return xg_reader_next(state);
}

static bool io_error_xg(const void *state) {
  return xg_reader_io_error(state);
}

static void free_xg(void *state) {
  xg_reader_free(state);
}

static const char *error_reason_xg(const void *state) {
  return xg_reader_error(state);
}

static const notation_reader readers[] = {
    {BG_NOTATION_MAT, "mat", NULL, open_mat, next_mat, io_error_mat, free_mat, NULL},
    {BG_NOTATION_YAML, "yaml", NULL, open_yaml, next_yaml, io_error_yaml, free_yaml,
     NULL},
    {BG_NOTATION_SGF, "sgf", NULL, open_sgf, next_sgf, io_error_sgf, free_sgf, NULL},
    {BG_NOTATION_XG, "xg", NULL, open_xg, next_xg, io_error_xg, free_xg, error_reason_xg},
};

#define READER_COUNT (sizeof readers / sizeof *readers)

static const notation_reader *reader_of(bg_notation notation) {
  for (size_t i = 0; i < READER_COUNT; i++)
    if (readers[i].notation == notation)
      return &readers[i];
  return &readers[0]; /* not reached: every notation has an entry */
}

/* ---- recognising the notation ------------------------------------------- */

/* How much of the input the notation is recognised from: enough for the
 * comments a YAML record may open with. */
#define SNIFF_BYTES INPUT_MAX_PEEK

/* The first bytes of every eXtreme Gammon file (its RichGameHeader). */
#define XG_MAGIC "RGMH"

static bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static bool starts_with(const char *text, size_t length, const char *prefix) {
  size_t n = strlen(prefix);
  return length >= n && memcmp(text, prefix, n) == 0;
}

/* "%YAML 1.2", "---" or "--- !tag" (a directive, a document start), or the
 * bgmatch schema's first key; all at column 1, as YAML writes them.  Or a
 * '{' opening the line: a JSON object (bgmatch's JSON, jq's pretty-printed
 * copy), which is YAML too, and which no .mat line starts with. */
static bool opens_yaml(const char *line, size_t length) {
  while (length > 0 && is_blank(line[length - 1]))
    length--;
  size_t first = 0;
  while (first < length && is_blank(line[first]))
    first++;
  if (first < length && line[first] == '{')
    return true;
  if (starts_with(line, length, "%YAML") || starts_with(line, length, "bgmatch:"))
    return true;
  return starts_with(line, length, "---") && (length == 3 || is_blank(line[3]));
}

/* The first line that is neither blank nor a '#' comment opens YAML. */
static bool looks_like_yaml(const char *bytes, size_t length) {
  for (size_t at = 0; at < length;) {
    const char *newline = memchr(bytes + at, '\n', length - at);
    size_t end = newline ? (size_t)(newline - bytes) : length;
    size_t first = at;
    while (first < end && is_blank(bytes[first]))
      first++;
    if (first < end && bytes[first] != '#')
      return opens_yaml(bytes + at, end - at);
    at = end + 1;
  }
  return false;
}

/* SGF (FF[4]) lets white space, line breaks included, stand before and
 * between the '(' and the ';' that open a game tree: gnubg's forks and
 * hand-edited records write "(\n;FF[4]GM[6]...". */
static bool opens_sgf(const char *bytes, size_t length) {
  size_t at = 0;
  while (at < length && is_blank(bytes[at]))
    at++;
  if (at == length || bytes[at] != '(')
    return false;
  for (at++; at < length && is_blank(bytes[at]); at++)
    ;
  return at < length && bytes[at] == ';';
}

bg_notation reader_sniff(bg_input *input) {
  const char *bytes;
  size_t length = input_peek(input, SNIFF_BYTES, &bytes);
  if (starts_with(bytes, length, XG_MAGIC))
    return BG_NOTATION_XG;
  if (opens_sgf(bytes, length))
    return BG_NOTATION_SGF;
  return looks_like_yaml(bytes, length) ? BG_NOTATION_YAML : BG_NOTATION_MAT;
}

/* Why the first bytes of `input` can hold no record: none at all, or a
 * NUL byte among them where the notation is text (what grep calls a
 * binary file); NULL when they may hold one. */
static const char *no_record_reason(bg_input *input, bg_notation notation) {
  const char *bytes;
  size_t length = input_peek(input, SNIFF_BYTES, &bytes);
  if (length == 0)
    return "empty file";
  if (notation != BG_NOTATION_XG && memchr(bytes, '\0', length))
    return "binary file, not a record";
  return NULL;
}

/* ---- the API ------------------------------------------------------------ */

bg_reader *reader_open(FILE *in, const char *file, bg_diag_sink *sink, bg_notation from,
                       const char **reason) {
  *reason = "out of memory";
  bg_reader *reader = calloc(1, sizeof *reader);
  if (!reader)
    return NULL;
  reader->input = input_new(in);
  if (!reader->input) {
    reader_free(reader);
    return NULL;
  }
  reader->notation =
      reader_of(from == BG_NOTATION_AUTO ? reader_sniff(reader->input) : from);
  reader->no_record = no_record_reason(reader->input, reader->notation->notation);
  if (!reader->notation->open) {
    *reason = reader->notation->not_read;
    reader_free(reader);
    return NULL;
  }
  reader->state = reader->notation->open(reader->input, file, sink);
  if (!reader->state) {
    reader_free(reader);
    return NULL;
  }
  return reader;
}

bg_match *reader_next(bg_reader *reader) {
  return reader->notation->next(reader->state);
}

bool reader_io_error(const bg_reader *reader) {
  return reader->notation->io_error(reader->state) || input_io_error(reader->input);
}

const char *reader_error_reason(const bg_reader *reader) {
  if (!reader_io_error(reader))
    return NULL;
  const char *reason = input_error_reason(reader->input);
  if (!reason && reader->notation->error_reason)
    reason = reader->notation->error_reason(reader->state);
  return reason ? reason : "read error";
}

const char *reader_no_record_reason(const bg_reader *reader) {
  return reader->no_record;
}

bg_notation reader_notation(const bg_reader *reader) {
  return reader->notation->notation;
}

void reader_free(bg_reader *reader) {
  if (!reader)
    return;
  if (reader->state)
    reader->notation->free(reader->state);
  input_free(reader->input);
  free(reader);
}

const char *reader_notation_name(bg_notation notation) {
  return notation == BG_NOTATION_AUTO ? "auto" : reader_of(notation)->name;
}

bool reader_notation_parse(const char *name, bg_notation *notation) {
  if (strcmp(name, "auto") == 0) {
    *notation = BG_NOTATION_AUTO;
    return true;
  }
  /* bgmatch's JSON is its YAML notation written as JSON, which YAML 1.2
   * reads as it is: the YAML reader reads both */
  if (strcmp(name, "json") == 0) {
    *notation = BG_NOTATION_YAML;
    return true;
  }
  for (size_t i = 0; i < READER_COUNT; i++) {
    if (strcmp(name, readers[i].name) == 0) {
      *notation = readers[i].notation;
      return true;
    }
  }
  return false;
}
