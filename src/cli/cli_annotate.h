/*
 * cli_annotate.h — what the two files of `bgmatch annotate` share:
 * cli_annotate.c reads the options and puts each file's listing in its
 * place (standard output or -o's file, a page's table and sections; one
 * file after another or -j N at once), cli_annotate_file.c lists one file.
 */
#ifndef BG_CLI_ANNOTATE_H
#define BG_CLI_ANNOTATE_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "reader.h"
#include "replay.h"

typedef struct {
  bool html;
  bool board, ids;
  bool problems;      /* --problems: only the files with an error or warning */
  bool verbose;       /* -v: the files skipped are named */
  int context;        /* -C: the lines around each item only; -1 all */
  int jobs;           /* files annotated at once */
  const char *output; /* -o; NULL for standard output */
  bg_notation from;
  bg_replay_options referee;
} cli_annotate_options;

/* The byte that stands for a section's id in a listing made before the
 * files before it are done (-j, a page of several files): the id counts
 * the sections above it.  The listing escapes every control character of
 * the record's text, so this byte is found there only as the id. */
#define CLI_ANNOTATE_PENDING_ID '\x1f'

/* Where one file's listing goes. */
typedef struct {
  const cli_annotate_options *options;
  FILE *out;      /* the listing straight out, its name above it; NULL:
                   * held until its end (cli_annotate_outcome) */
  bool headers;   /* several files: a text listing under its name */
  bool page;      /* HTML of several files: a section of one page */
  long listed;    /* listings written so far (with `out`) */
  const char *id; /* the section's id in a page */
  FILE *err;      /* messages: stderr, or the file's buffer (-j) */
} cli_annotate_place;

/* What annotating one file gave, for the run to take in the order of the
 * files. */
typedef struct {
  int status;           /* EXIT_VALID, EXIT_BROKEN or EXIT_TROUBLE */
  bool incomplete;      /* not listed in full: -o's file is not written */
  bool skipped;         /* notes found in a walk: nothing listed */
  bool shown;           /* listed: not left out by --problems */
  bool row;             /* a row in a page's table */
  bool anchored;        /* the row links to the file's section */
  const char *name;     /* the listing's, above it when held and shown */
  const char *row_name; /* the row's */
  const char *verdict;  /* the row's */
  long errors, warnings;
  FILE *held; /* the listing, held until it is shown (a temporary file) */
} cli_annotate_outcome;

/* Annotates one file ("-" is standard input) into `place`. */
void cli_annotate_file(const cli_file *file, const cli_annotate_place *place,
                       cli_annotate_outcome *outcome);

/* Copies what was held in `from` to `to` (from its start); false on a
 * read error. */
bool cli_annotate_copy_held(FILE *from, FILE *to);

#endif
