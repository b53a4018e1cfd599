/*
 * write_int.h — the writers behind writer_write (writer.c), one per
 * notation, each in its own file.  Each writes one match to `out`,
 * walking `replay` (fresh, of the same match) to its end; `first` is
 * false when matches were written to `out` before it.  Each returns false
 * on a write error (errno says which).  The YAML and JSON writers flush
 * `out` after its first match only, and say false when its error flag is
 * set: an error in the rest of the output shows at the next match, or
 * when the output is flushed at its end (outfile_commit).
 */
#ifndef BG_WRITE_INT_H
#define BG_WRITE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "match.h"
#include "replay.h"

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
