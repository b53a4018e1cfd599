/*
 * reader.h — one interface over every notation's reader: opens an input,
 * recognises its notation from the first bytes (or takes the one the user
 * names), and hands back its matches one at a time.  The command line
 * knows no notation: it reads through this.
 *
 * The notation is recognised from the content, never the file name:
 * eXtreme Gammon's binary .xg when the first bytes are its magic "RGMH";
 * SGF when the first bytes that are no blank are "(;"; YAML when the first line
 * that is neither blank nor a '#' comment is "%YAML ...", "---" or starts
 * with "bgmatch:"; anything else is .mat, the notation that may start with
 * anything (comments, a banner, junk).
 */
#ifndef BG_READER_H
#define BG_READER_H

#include <stdbool.h>
#include <stdio.h>

#include "diag.h"
#include "input.h"
#include "match.h"

typedef enum {
  BG_NOTATION_AUTO, /* recognised from the content */
  BG_NOTATION_MAT,
  BG_NOTATION_YAML,
  BG_NOTATION_SGF,
  BG_NOTATION_XG, /* eXtreme Gammon's binary match file */
} bg_notation;

typedef struct bg_reader bg_reader;

/* Opens `in` (not owned; read from where it stands) in notation `from`,
 * recognised when BG_NOTATION_AUTO.  `file` is the name used in
 * diagnostics (not copied: it must outlive the reader).  NULL when the
 * input cannot be read, with *reason set to why, one line for the user
 * ("out of
 * memory"). */
bg_reader *reader_open(FILE *in, const char *file, bg_diag_sink *sink, bg_notation from,
                       const char **reason);

/* The next match of the input, or NULL when there is none left.  The
 * caller frees it with match_free. */
bg_match *reader_next(bg_reader *reader);

/* True when reading stopped on an I/O error or out of memory (the caller
 * exits 2). */
bool reader_io_error(const bg_reader *reader);

/* Why reading stopped, in a few words for the user ("read error", "corrupt
 * gzip data", "truncated gzip data", "truncated .xg file: ..."); NULL when
 * it did not. */
const char *reader_error_reason(const bg_reader *reader);

/* Why the input, as its first bytes show, holds no record at all: "empty
 * file" (no byte), or "binary file, not a record" (a NUL byte among the
 * first, in a notation that is text); NULL when it may hold one.  Only
 * worth asking when the reader gave no match: a record with junk in it
 * is still read. */
const char *reader_no_record_reason(const bg_reader *reader);

/* The notation being read (never BG_NOTATION_AUTO). */
bg_notation reader_notation(const bg_reader *reader);

void reader_free(bg_reader *reader);

/* The notation of `input` by its first bytes, which stay unread. */
bg_notation reader_sniff(bg_input *input);

/* A notation's name as --from spells it: "auto", "mat", "yaml", "sgf",
 * "xg". */
const char *reader_notation_name(bg_notation notation);

/* The notation --from names; false for a name that is none. */
bool reader_notation_parse(const char *name, bg_notation *notation);

#endif
