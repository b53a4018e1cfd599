/*
 * writer.h — the notations bgmatch writes, behind one call.  A writer
 * reads the resolved model and walks the replay (replay.h) for what the
 * model does not say (positions, the cube, each game's result); it never
 * judges: the replay reports the record's problems into its sink as the
 * writer walks it.  One file per notation: write_mat.c, write_yaml.c,
 * write_json.c, write_sgf.c.
 */
#ifndef BG_WRITER_H
#define BG_WRITER_H

#include <stdbool.h>
#include <stdio.h>

#include "match.h"
#include "replay.h"

typedef enum { BG_FORMAT_MAT, BG_FORMAT_YAML, BG_FORMAT_JSON, BG_FORMAT_SGF } bg_format;

/* The format named `name` ("mat", "yaml", "json", "sgf"); false when none is. */
bool writer_format_named(const char *name, bg_format *format);

/* The name of `format` as --to spells it, also the extension of its files. */
const char *writer_format_name(bg_format format);

/* Writes `match` to `out` in `format`, walking `replay` (fresh, of the
 * same match) to its end.  `first` says it is the first match of the
 * output (a YAML stream separates documents, a .mat file matches).
 * Returns false on a write error (errno says which). */
bool writer_write(bg_format format, FILE *out, const bg_match *match, bg_replay *replay,
                  bool first);

/* ---- the writers behind writer_write, one per notation and file ------
 * Each writes one match to `out`, walking `replay` (fresh, of the same
 * match) to its end; `first` is false when matches were written to `out`
 * before it.  Each returns false on a write error (errno says which).
 * The YAML and JSON writers flush `out` after its first match only, and
 * say false when its error flag is set: an error in the rest of the
 * output shows at the next match, or when the output is flushed at its
 * end (cli_outfile_commit).  Called through writer_write; the tests call
 * some directly. */

/* The canonical .mat layout (write_mat.c). */
bool write_mat(FILE *out, const bg_match *match, bg_replay *replay, bool first);

/* bgmatch's YAML notation: one document per match (write_yaml.c). */
bool write_yaml(FILE *out, const bg_match *match, bg_replay *replay, bool first);

/* The same model as JSON Lines: one object per match, on one line
 * (write_json.c). */
bool write_json(FILE *out, const bg_match *match, bg_replay *replay, bool first);

/* True when `text` (a NUL-ended string) would not come back as a string
 * from a YAML reader if it were written plain: null, a boolean, a number,
 * a date, a merge or value key, or empty (write_yaml.c). */
bool write_yaml_looks_typed(const char *text);

/* `text` (its `length` bytes of UTF-8) as a JSON string, quoted and
 * escaped as jansson does (\" \\ \b \f \n \r \t, other control
 * characters as \u00XX, nothing else), into `to`, which has room for
 * 6 * length + 2 bytes; returns the bytes written (write_json.c). */
size_t write_json_string(char *to, const char *text, size_t length);

/* GNU Backgammon's SGF: one game tree per game (write_sgf.c). */
bool write_sgf(FILE *out, const bg_match *match, bg_replay *replay, bool first);

#endif
