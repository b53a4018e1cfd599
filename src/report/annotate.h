/*
 * annotate.h — what `bgmatch annotate` shows: every diagnostic of a record
 * (reader's and referee's, as check reports them) with, where the replay
 * knows it, the position at its place: for an action's own diagnostics
 * the position before the action, with the board, cube, score and the
 * recorded play; for a game's end (a game that stops unfinished) the
 * position it stopped at; for what the reader could not read (a syntax
 * error) the position where it was expected, before the next action the
 * record holds, or where the game stopped when none follows.  The referee
 * knows nothing of this.
 *
 * It streams, match by match, as check does: annotate.c walks one match
 * into a batch of items; annotate_lines.c, for a record without lines
 * (eXtreme Gammon's .xg), writes the match in the canonical .mat layout
 * and says where in it each item stands, and hands the listings the lines
 * to list (the record's own, read a second time as the listing goes, or
 * the canonical text); annotate_text.c and
 * annotate_html.c list a batch's lines with its items under them, then
 * the batch is forgotten.  Memory is one match's, whatever the input.
 */
#ifndef BG_ANNOTATE_H
#define BG_ANNOTATE_H

#include <stdbool.h>
#include <stdio.h>

#include "diag.h"
#include "input.h"
#include "match.h"
#include "movegen.h"
#include "posid.h"
#include "replay.h"

/* One diagnostic and what is known of where it happened. */
typedef struct {
  bg_diag diag; /* strings owned by the batch's sink */
  /* Where the listing shows it: the diagnostic's own line and column in a
   * record with lines; in a canonical listing (.xg) the line and column
   * of its play (else of what stands before it) in the canonical .mat.
   * Line 0: before the first line. */
  bg_srcpos listed;
  size_t order; /* emission order: ties of place keep it */
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

/* One match's items (or, at the end of an input, what the reader said
 * after its last match). */
typedef struct {
  annotate_item *items; /* sorted by listed place, then emission */
  size_t count, capacity;
  bg_match *match; /* owned: items point into it; NULL when none */
  /* A canonical listing (annotate_canonical): the match as `convert --to
   * mat` writes it, `size` bytes, whose first line is numbered
   * `first_line`; NULL in a record listed by its own lines. */
  char *canonical;
  size_t canonical_size;
  int first_line;
} annotate_batch;

void annotate_batch_init(annotate_batch *batch);
void annotate_batch_free(annotate_batch *batch);

/* Walks `match` (the batch takes it) under `options`; the referee
 * reports into `sink`, a holding sink (never printing) that holds
 * nothing but what the reader said since the last batch was cleared. */
void annotate_walk(annotate_batch *batch, bg_match *match,
                   const bg_replay_options *options, bg_diag_sink *sink);

/* Takes the sink's diagnostics (the reader's among them) as the batch's
 * items, each listed at its own place, sorted. */
void annotate_take(annotate_batch *batch, bg_diag_sink *sink);

/* Sorts the items by listed place, then emission. */
void annotate_sort(annotate_batch *batch);

/* Forgets the batch's match and items, and the sink its diagnostics (its
 * counts stay): ready for the next match. */
void annotate_batch_clear(annotate_batch *batch, bg_diag_sink *sink);

/* For a record without lines: `canonical` (malloc'ed, `size` bytes, now
 * the batch's) is the batch's match as the .mat writer writes it, listed
 * after `lines_before` lines of the listing (a blank line between
 * matches, as convert writes them); each item is listed at its play
 * there, sorted again (annotate_lines.c).  Returns how many lines the
 * listing then has. */
int annotate_canonical(annotate_batch *batch, char *canonical, size_t size,
                       int lines_before);

/* "line 12:7", or in a record without lines "game 2, play 5" ("game 2"
 * for a game's own place); "" for no place.  Returns `buf`. */
const char *annotate_place_name(const bg_diag *diag, char *buf, size_t size);

/* The name of player `player` of the item's match, "" when none. */
const char *annotate_player_name(const annotate_item *item, int player);

/* The dice the item's roll shows (its action a roll of the player on
 * roll), else 0 0. */
void annotate_item_dice(const annotate_item *item, int dice[2]);

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
  int context; /* -C: only the lines this near an item, "--" between
                  runs, as grep(1); -1 every line */
} annotate_text_options;

/* The lines a listing shows, numbered, and where it stands in them: the
 * record's own, read from the start of a second handle on it as the
 * listing goes (gzip and UTF-16 as the readers take them), or a batch's
 * canonical text.  annotate_lines.c. */
typedef struct {
  FILE *record; /* NULL: the record has no lines to list (.xg) */
  FILE *memory; /* the canonical text being listed, when one is */
  bg_input *input;
  bg_line line;    /* the line listed last; valid while `current` */
  bool current;    /* `line` is there (else none yet, or the end passed) */
  int number;      /* its number, 0 before the first */
  int offset;      /* added to the input's numbers (canonical texts) */
  bool ended;      /* no line is left */
  bool read_error; /* the record could not be read to its end */
} annotate_lines;

/* Lines read from `record` (not owned, rewound), or none when NULL. */
void annotate_lines_init(annotate_lines *lines, FILE *record);
void annotate_lines_free(annotate_lines *lines);

/* When `batch` has a canonical text: its lines are those listed next. */
void annotate_lines_use(annotate_lines *lines, const annotate_batch *batch);

/* The next line into lines->line; false when there is none left. */
bool annotate_lines_next(annotate_lines *lines);

/* The text listing, written as the batches come: the lines, each
 * numbered, with the batches' items under them. */
typedef struct {
  FILE *out;
  annotate_text_options options;
  annotate_lines lines;
  bool has_previous;  /* an item was written among the lines */
  bg_srcpos previous; /* its listed place */
  int shown;          /* the number of the line written last, 0 none */
} annotate_text;

void annotate_text_begin(annotate_text *text, FILE *out, FILE *record,
                         const annotate_text_options *options);
void annotate_text_add(annotate_text *text, const annotate_batch *batch);
/* Writes the lines left; false when the record could not be read again. */
bool annotate_text_end(annotate_text *text);

/* The same as one self-contained HTML5 page titled by `title`: its head
 * counts the problems and its summary lists them, before the listing, so
 * summary and listing are held in temporary files until the end. */
typedef struct {
  FILE *out;
  const char *title;
  const char *prefix; /* "": a page of its own; else a section of a page of
                         several files, its id, and its anchors' prefix */
  annotate_lines lines;
  FILE *summary, *listing; /* temporary files */
  size_t written;          /* items written so far: their anchors */
  size_t problems;         /* errors and warnings in the summary */
} annotate_html;

/* False when no temporary file could be made (errno says why).
 * `prefix` NULL or "": the listing is a page; else a <section> of that id
 * (a page of several files), its anchors prefixed with it. */
bool annotate_html_begin(annotate_html *html, FILE *out, FILE *record, const char *title,
                         const char *prefix);
void annotate_html_add(annotate_html *html, const annotate_batch *batch);
/* Writes the page (or the section), the totals given; false on a read or
 * write error. */
bool annotate_html_end(annotate_html *html, long errors, long warnings);
void annotate_html_free(annotate_html *html);

/* A file that holds no record: one line saying so (`message`), as a page
 * or as the section `prefix`, instead of its bytes. */
void annotate_html_not_record(FILE *out, const char *prefix, const char *title,
                              const char *message);

/* A page of several files: its head and foot, and the table of the files
 * at its top (file, verdict, errors, warnings), each linked to its
 * section. */
typedef struct {
  char *name;
  const char *verdict; /* clean, warnings, errors, unreadable, not-record */
  long errors, warnings;
  char anchor[24]; /* its section's id; "" when it has none */
} annotate_html_file;

void annotate_html_page_head(FILE *out, const char *title);
void annotate_html_files_table(FILE *out, const annotate_html_file *files, size_t count);
void annotate_html_page_foot(FILE *out);

#endif
