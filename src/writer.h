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

#endif
