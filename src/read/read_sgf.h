/*
 * read_sgf.h — the reader of GNU Backgammon's SGF (GM[6]): its saved
 * matches, one game tree per game, several games and matches a file.  It
 * streams as the .mat reader does: each call returns the next match, so
 * memory is bounded by one match (and a property value by
 * SGF_MAX_VALUE), not by the file.
 *
 * What the file says is put in the model as a .mat of the same match
 * would put it (read_sgf_match.c), so that the referee sees one match
 * whichever notation gnubg saved it in.  Variations are skipped: the main
 * line (each tree's first branch) is the game, said once in a note.
 * gnubg's analysis (A, DA, GS, LU, ...) and comments are not read.
 * Malformed text is reported as `syntax` at the property's line:column.
 */
#ifndef BG_READ_SGF_H
#define BG_READ_SGF_H

#include <stdbool.h>

#include "diag.h"
#include "input.h"
#include "match.h"

/* The longest property value read; the rest of a longer one is skipped
 * and said. */
#define SGF_MAX_VALUE 65536

typedef struct bg_sgf_reader bg_sgf_reader;

/* Reads `input` (not owned; the dispatcher of reader.h calls this); `file`
 * is the name used in diagnostics (not copied).  NULL when out of memory. */
bg_sgf_reader *sgf_reader_open(bg_input *input, const char *file, bg_diag_sink *sink);

/* The next match, or NULL when there is none left (a file with no
 * backgammon game at all says so once).  The caller frees it. */
bg_match *sgf_reader_next(bg_sgf_reader *reader);

/* True when reading stopped on out of memory (the caller exits 2). */
bool sgf_reader_io_error(const bg_sgf_reader *reader);

void sgf_reader_free(bg_sgf_reader *reader);

#endif
