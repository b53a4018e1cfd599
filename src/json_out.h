/*
 * json_out.h — the pieces every JSON output of bgmatch shares, built in
 * one place so that they are one thing wherever they appear: the name of
 * a file (check's diagnostics, stats, show) and the legal plays of a roll
 * (check's diagnostics and show).
 *
 * A file name is the bytes the system gave, not always UTF-8 (a Latin-1
 * "café.mat" on disk), and a JSON string must be UTF-8.  As ripgrep's
 * JSON does, a name is an object: {"text": NAME} when its bytes are
 * well-formed UTF-8, else {"bytes": BASE64} with the bytes in standard
 * base64 (RFC 4648, padded), so that a pipeline gets every file back.
 */
#ifndef BG_JSON_OUT_H
#define BG_JSON_OUT_H

#include <jansson.h>
#include <stdio.h>

#include "movegen.h"

/* `name` as {"text": ...} or {"bytes": ...}; never NULL (alloc.h). */
json_t *json_out_file(const char *name);

/* Every play of `legal`, in its order, each a string in GNU Backgammon's
 * way of writing plays ("13/7 8/7", "bar/20*", "no play"); never NULL. */
json_t *json_out_legal(const bg_playlist *legal);

/* Writes `value` to `out` as jansson's json_dumpf would, with `flags`,
 * then a newline: dumped once into a buffer (on the stack, unless the
 * line is long) and written in one call (json_dumpf writes each token
 * with its own fwrite, which was most of the cost of a diagnostic's JSON
 * line). */
void json_out_line(const json_t *value, FILE *out, size_t flags);

#endif
