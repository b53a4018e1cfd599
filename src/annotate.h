/*
 * annotate.h — what `bgmatch annotate` shows: every diagnostic of a record
 * (reader's and referee's, as check reports them) with, where the replay
 * knows it, the position at its place: for an action's own diagnostics
 * the position before the action, with the board, cube, score and the
 * recorded play; for a game's end (a game that stops unfinished) the
 * position it stopped at; for what the reader could not read (a syntax
 * error) the position where it was expected, before the next action the
 * record holds, or where the game stopped when none follows.  annotate.c
 * collects them from one walk of the replay per match; annotate_text.c
 * and annotate_html.c print them under the record's own lines.  The
 * referee knows nothing of this.
 */
#ifndef BG_ANNOTATE_H
#define BG_ANNOTATE_H

#include <stdbool.h>
#include <stdio.h>

#include "diag.h"
#include "match.h"
#include "movegen.h"
#include "posid.h"
#include "referee.h"
#include "replay.h"

/* One diagnostic and what is known of where it happened. */
typedef struct {
  bg_diag diag; /* strings owned by the report's sink */
  size_t order; /* emission order: ties of line and column keep it */
  const bg_match *match;
  bool has_position;       /* the fields below are set */
  int on_roll;             /* who acts at the place: drawn at the bottom, as X */
  const bg_action *action; /* the action the diagnostic is about; NULL
                              when it is about no action (a syntax error,
                              a game's end) */
  bg_board before;         /* absolute, as replay.h */
  bg_cube_state cube;
  int score[2];
  bool has_play; /* play holds the recorded play as legal steps: the
                    record's play is legal (else it is none) */
  bg_play play;
  posid_match state; /* for the Position ID / Match ID */
} annotate_item;

typedef struct {
  annotate_item *items; /* sorted by line, column, emission */
  size_t count, capacity;
  bg_match **matches; /* owned: items point into them */
  int match_count, match_capacity;
  size_t walked; /* the sink's diagnostics up to the last match walked */
  long errors, warnings, notes;
} annotate_report;

void annotate_report_init(annotate_report *report);
void annotate_report_free(annotate_report *report);

/* Walks `match` (the report takes it and frees it) under `options`; the
 * referee reports into `sink`, which must be a holding sink (never
 * flushed) that outlives the report.  Call annotate_finish once every
 * match of the input has been added. */
void annotate_add_match(annotate_report *report, bg_match *match,
                        const bg_referee_options *options, bg_diag_sink *sink);

/* Takes the sink's diagnostics (the reader's among them) as the items and
 * sorts them by place. */
void annotate_finish(annotate_report *report, bg_diag_sink *sink);

/* The name of player `player` of the item's match, "" when none. */
const char *annotate_player_name(const annotate_item *item, int player);

/* Whether the item has a position (and so who is on roll there). */
bool annotate_item_placed(const annotate_item *item);

/* Splits a diagnostic's legal field "a | b | c", or its shortened form
 * "a | ... | h | ... (31 plays in all)": the plays in order, at most `max`
 * of them into `plays` (each cut to 127 bytes), how many in *listed;
 * returns how many legal plays there are in all, those the field leaves
 * out counted. */
int annotate_legal_plays(const char *legal, char plays[][128], int max, int *listed);

/* The play of `roll` as the record wrote it, copied from `line` (the
 * text of the record's line roll->moves stand on, `length` bytes): from
 * its first move to the end of its last, the record's own spelling and
 * spacing.  False, nothing copied, when it has no move, when the text
 * there does not read back as its moves (a notation that spells plays
 * otherwise, as SGF), or when it does not fit in `size` bytes. */
bool annotate_written_play(const bg_action *roll, const char *line, size_t length,
                           char *buf, size_t size);

/* How many legal plays the listings show before "and N more". */
#define ANNOTATE_LEGAL_SHOWN 5

typedef struct {
  bool board; /* the text board of each position */
  bool ids;   /* its Position ID and Match ID */
  bool colour;
} annotate_text_options;

/* The record's lines, read from `source` (rewound; gzip and UTF-16 as the
 * readers take them), each numbered, with the report's items under their
 * lines.  False on a read error of `source`. */
bool annotate_write_text(FILE *out, FILE *source, const annotate_report *report,
                         const annotate_text_options *options);

/* The same as one self-contained HTML5 page titled by `title`. */
bool annotate_write_html(FILE *out, FILE *source, const annotate_report *report,
                         const char *title);

#endif
