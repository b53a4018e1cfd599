/*
 * diag.h — diagnostics: one problem of one record, at a file:line:column,
 * under a rule slug, held until the record's match is done and then
 * printed in line order (each note right after its diagnostic) in the text
 * or JSON form.
 *
 * Readers and the referee emit into a sink; the sink counts errors and
 * warnings so that main.c can choose the exit status without knowing rules.
 * How many are said is bounded here too: per game and per match (the
 * sink), and the readers' syntax errors per match (diag_syntax_limit).
 */
#ifndef BG_DIAG_H
#define BG_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "movegen.h"

struct json_t;

typedef enum { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } bg_severity;

typedef enum { DIAG_TEXT, DIAG_JSON } bg_diag_format;

/* A place in a record without lines (eXtreme Gammon's binary .xg) is
 * named by game and play: its line is negative (a number that only
 * orders the places, never printed), its column the play, counted as
 * `bgmatch show --play` counts them (0: the game itself, its score or
 * result), and `game` the game.  The text form prints "FILE: game G,
 * play N: ...", the JSON form line and column 0 and the play apart. */
typedef struct {
  const char *file; /* as given on the command line, "-" or "<stdin>" */
  int line, column; /* 1-based; 0 when not tied to a place; see above */
  bg_severity severity;
  const char *rule;    /* slug: "illegal-move", "score", ... */
  const char *message; /* one line, no trailing period needed */
  int game;            /* 1-based game number, 0 when none */
  int move;            /* move number of the record, 0 when none */
  /* The play whose position the diagnostic is about, counted as `bgmatch
   * show --play` counts them (a cube action at the play it comes before);
   * 0 when none (a game's score or result, a place before the game's
   * first action or after its last play).  Set for every notation once
   * the match is walked (diag_sink_number_plays). */
  int play;
  const char *player; /* NULL when none */
  const char *legal;  /* legal plays "a | b | c", NULL when not relevant */
  /* Every one of those legal plays, in the order of `legal` (which shows
   * the first few): the JSON form's `legal` array.  The emitter's, read
   * by diag_emit only; NULL when `legal` is. */
  const bg_playlist *legal_plays;
  /* Held copies only: the JSON array diag_emit made of `legal_plays` in
   * the JSON form, printed and freed by diag_flush; NULL otherwise. */
  struct json_t *legal_json;
} bg_diag;

/* Diagnostics are held until diag_flush, which prints them sorted by line
 * and column: the reader and the referee find problems in different passes,
 * and a user reads a file top to bottom.  Declared here so that a sink can
 * live on the stack; its fields are diag.c's: others use the accessors
 * below. */
typedef struct {
  FILE *out;
  bg_diag_format format;
  bool colour; /* text form: severities in colour (a terminal, no NO_COLOR) */
  long errors; /* counted since the sink was made */
  long warnings;
  long notes;
  bg_diag *pending; /* copies, owned */
  size_t pending_count, pending_capacity;
  /* the errors and warnings since diag_sink_begin_game */
  long counted_in_game;
} bg_diag_sink;

/* The errors and warnings one game of a record can have reported: past
 * them a note says the rest are not. */
#define DIAG_PER_GAME 64
/* The diagnostics a match holds until it ends (diag.c says why). */
#define DIAG_PER_MATCH 10000

/* A game's diagnostics start here (the referee says so at each game, and
 * at a match's end): DIAG_PER_GAME counts from here. */
void diag_sink_begin_game(bg_diag_sink *sink);

/* `out` NULL: diagnostics are counted, never printed (check -l, -L, -q). */
void diag_sink_init(bg_diag_sink *sink, FILE *out, bg_diag_format format);
void diag_sink_free(bg_diag_sink *sink);
/* The sink as diag_sink_init made it, with the same output and format:
 * nothing held, nothing counted. */
void diag_sink_reset(bg_diag_sink *sink);

/* Records one diagnostic (copied) and counts it. */
void diag_emit(bg_diag_sink *sink, const bg_diag *diag);

/* Prints what was recorded, in line order, and forgets it. */
void diag_flush(bg_diag_sink *sink);

/* Forgets what was recorded since the last flush, uncounted: the
 * diagnostics of a match the input broke off in the middle of (a corrupt
 * gzip file), which would only be about where it broke. */
void diag_discard(bg_diag_sink *sink);

/* Errors and warnings counted since the sink was made. */
long diag_sink_errors(const bg_diag_sink *sink);
long diag_sink_warnings(const bg_diag_sink *sink);
/* The diagnostics held since the last flush, in the order given (valid
 * until the next emit, flush or discard), and how many. */
const bg_diag *diag_sink_held(const bg_diag_sink *sink);
size_t diag_sink_held_count(const bg_diag_sink *sink);
/* Sets the `play` of every diagnostic held: `play_of` gives it (0 for
 * none); the consumer that knows the match names the plays. */
void diag_sink_number_plays(bg_diag_sink *sink,
                            int (*play_of)(const bg_diag *, const void *),
                            const void *data);
/* Text form: severities in colour or not. */
void diag_sink_set_colour(bg_diag_sink *sink, bool colour);

/* The JSON line of a file that could not be read whole (check
 * --format=json): the members of a diagnostic, line and column 0,
 * severity "fatal", rule "unreadable", and why as the message.  It is no
 * rule a record breaks but the verdict on the file: nothing it holds is
 * vouched for. */
void diag_print_unreadable(FILE *out, const char *file, const char *reason);

/* printf-style shortcut for the common case. */
void diag_emitf(bg_diag_sink *sink, const char *file, int line, int column,
                bg_severity severity, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

/* ---- the readers' one limit on syntax errors ----------------------------
 *
 * Shared by the .mat, SGF, YAML and .xg readers: a reader's syntax errors
 * go through it to diag_emit.  Its meaning, the same for every reader: a
 * reader says at most DIAG_SYNTAX_LIMIT syntax errors for each match it
 * reads, counted anew where it starts reading a match
 * (diag_syntax_new_match: a .mat's "N point match" line, the SGF tree that
 * opens a match, the search for the next YAML document that is one, an .xg
 * match header); an error before the first match counts toward it.  The
 * one after the limit becomes one note, DIAG_SYNTAX_NOTE, at its place; the
 * rest are dropped.  Warnings and notes are not counted.  The error that
 * stops the reading (diag_syntax_last_word) is said whatever the count.
 * The limit keeps a hostile input's diagnostics short: the sink holds a
 * match's diagnostics until the match is done.
 */

#define DIAG_SYNTAX_LIMIT 50
#define DIAG_SYNTAX_NOTE "further syntax errors in this match not reported"

/* Zeroed: nothing said yet. */
typedef struct {
  long said; /* syntax errors of the match being read, the note one */
} diag_syntax_limit;

/* A diagnostic of the `syntax` rule, as every reader makes them: in
 * `file` at line and column, in game `game` and move `move` (0: none). */
bg_diag diag_syntax_diagnostic(const char *file, int line, int column,
                               bg_severity severity, const char *message, int game,
                               int move);

/* Whether the syntax error `at` (its place, game and move; the message is
 * not read) is to be said.  The first past the limit is not, but the note
 * is emitted to `sink` at its place instead. */
bool diag_syntax_admit(diag_syntax_limit *limit, bg_diag_sink *sink, const bg_diag *at);

/* The syntax error `diag` (all but its message) with its message made of
 * `fmt` and `args`, said through the limit (diag_syntax_admit). */
void diag_syntax_emitv(diag_syntax_limit *limit, bg_diag_sink *sink, bg_diag *diag,
                       const char *fmt, va_list args);

/* The reader starts on a match: count anew. */
void diag_syntax_new_match(diag_syntax_limit *limit);

/* The next error stops the reading: it is said whatever the count. */
void diag_syntax_last_word(diag_syntax_limit *limit);

#endif
