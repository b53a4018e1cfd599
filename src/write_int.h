/*
 * write_int.h — the writers behind writer_write (writer.c), one per
 * notation, each in its own file.  Each writes one match to `out`,
 * walking `replay` (fresh, of the same match) to its end; `first` is
 * false when matches were written to `out` before it.  Each returns false
 * on a write error (errno says which).
 */
#ifndef BG_WRITE_INT_H
#define BG_WRITE_INT_H

#include <stdbool.h>
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

/* GNU Backgammon's SGF: one game tree per game (write_sgf.c). */
bool write_sgf(FILE *out, const bg_match *match, bg_replay *replay, bool first);

#endif
