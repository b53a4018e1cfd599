/*
 * read_limit.h — the readers' one limit on syntax errors, shared by the
 * .mat, SGF, YAML and .xg readers; a reader's diagnostics go through it
 * before diag.h, and it calls nothing but diag_emit.
 *
 * Its meaning, the same for every reader: a reader says at most
 * READ_SYNTAX_LIMIT syntax errors for each match it reads, counted anew
 * where it starts reading a match (read_limit_new_match: a .mat's "N point
 * match" line, the SGF tree that opens a match, the search for the next
 * YAML document that is one, an .xg match header); an error before the
 * first match counts toward it.  The one after the limit becomes one note,
 * READ_LIMIT_NOTE, at its place; the rest are dropped.  Warnings and notes
 * are not counted.  The error that stops the reading (read_limit_last_word)
 * is said whatever the count.  The limit keeps a hostile input's
 * diagnostics short: the sink holds a match's diagnostics until the match
 * is done.
 */
#ifndef BG_READ_LIMIT_H
#define BG_READ_LIMIT_H

#include <stdarg.h>
#include <stdbool.h>

#include "diag.h"

#define READ_SYNTAX_LIMIT 50
#define READ_LIMIT_NOTE "further syntax errors in this match not reported"

/* Zeroed: nothing said yet. */
typedef struct {
  long said; /* syntax errors of the match being read, the note one */
} read_limit;

/* A diagnostic of the `syntax` rule, as every reader makes them: in
 * `file` at line and column, in game `game` and move `move` (0: none). */
bg_diag read_syntax_diagnostic(const char *file, int line, int column,
                               bg_severity severity, const char *message, int game,
                               int move);

/* Whether the syntax error `at` (its place, game and move; the message is
 * not read) is to be said.  The first past the limit is not, but the note
 * is emitted to `sink` at its place instead. */
bool read_limit_admit(read_limit *limit, bg_diag_sink *sink, const bg_diag *at);

/* The syntax error `diag` (all but its message) with its message made of
 * `fmt` and `args`, said through the limit (read_limit_admit). */
void read_limit_syntax(read_limit *limit, bg_diag_sink *sink, bg_diag *diag,
                       const char *fmt, va_list args);

/* The reader starts on a match: count anew. */
void read_limit_new_match(read_limit *limit);

/* The next error stops the reading: it is said whatever the count. */
void read_limit_last_word(read_limit *limit);

#endif
