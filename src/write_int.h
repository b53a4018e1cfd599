/*
 * write_int.h — the writers behind writer.c's table, one per notation:
 * the signature writer_write dispatches to (see writer.h for what each
 * argument means).
 */
#ifndef BG_WRITE_INT_H
#define BG_WRITE_INT_H

#include <stdbool.h>
#include <stdio.h>

#include "match.h"
#include "replay.h"

/* bgmatch's YAML notation: one document per match (write_yaml.c). */
bool write_yaml(FILE *out, const bg_match *match, bg_replay *replay, bool first);

/* The same model as JSON Lines: one object per match, on one line
 * (write_json.c). */
bool write_json(FILE *out, const bg_match *match, bg_replay *replay, bool first);

/* GNU Backgammon's SGF: one game tree per game (write_sgf.c). */
bool write_sgf(FILE *out, const bg_match *match, bg_replay *replay, bool first);

#endif
