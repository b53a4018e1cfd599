/*
 * diag.h — diagnostics: one problem of one record, at a file:line:column,
 * under a rule slug, held until the record's match is done and then
 * printed in line order (each note right after its diagnostic) in the text
 * or JSON form.
 *
 * Readers and the referee emit into a sink; the sink counts errors and
 * warnings so that main.c can choose the exit status without knowing rules.
 */
#ifndef BG_DIAG_H
#define BG_DIAG_H

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
  const char *player;  /* NULL when none */
  const char *legal;   /* legal plays "a | b | c", NULL when not relevant */
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
/* Text form: severities in colour or not. */
void diag_sink_set_colour(bg_diag_sink *sink, bool colour);

/* printf-style shortcut for the common case. */
void diag_emitf(bg_diag_sink *sink, const char *file, int line, int column,
                bg_severity severity, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

#endif
