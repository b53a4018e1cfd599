/*
 * cli_convert.h — what the two files of `bgmatch convert` share:
 * cli_convert.c reads the options and drives the outputs (standard output,
 * -o's file, -d's files; one file after another or -j N at once),
 * cli_convert_file.c converts one input into one output.
 */
#ifndef BG_CLI_CONVERT_H
#define BG_CLI_CONVERT_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "diag.h"
#include "reader.h"
#include "replay.h"
#include "writer.h"

typedef struct {
  bg_format to;
  bool to_given;
  bg_notation from;
  const char *output;    /* -o; NULL for standard output */
  const char *directory; /* -d; NULL when not given */
  bool strict;
  bool verbose; /* -v: the files skipped are named */
  int jobs;     /* files converted at once */
  bg_replay_options referee;
} cli_convert_options;

/* With -j, several files into standard output: whether a match is the
 * output's first (which a .mat or YAML output writes differently) depends
 * on the files before, which other threads may still be converting. */
typedef struct {
  /* Whether a file before this one wrote a match; waits until known. */
  bool (*before_wrote)(void *context);
  /* This file wrote its first match. */
  void (*wrote)(void *context);
  void *context;
} cli_convert_turn;

/* One output being written: standard output, -o's file or one of -d's
 * (with -j, a buffer of one file's output until its turn). */
typedef struct {
  bg_outfile file;
  const char *name;             /* for messages */
  long written;                 /* matches written to it */
  int write_errno;              /* the first write error, 0 when none */
  bool notes;                   /* its input, found in a walk, is notes (cli.h): none */
  const cli_convert_turn *turn; /* NULL: `written` alone says the first */
} cli_convert_output;

/* Over the inputs, for the exit status and the closing lines. */
typedef struct {
  long errors, warnings;
  long skipped; /* .txt files with no match met in a walk: notes */
  bool trouble; /* an input could not be read, or an output not written */
} cli_convert_totals;

/* A sink printing diagnostics as text on `err` (stderr, or one file's
 * buffer), in colour when stderr is a terminal that takes it. */
void cli_convert_sink_open(bg_diag_sink *sink, FILE *err);

/* Converts one file ("-" is standard input) into `out`, its diagnostics
 * into `sink` and its messages on `err`; adds to `totals`. */
void cli_convert_file(const cli_file *file, const cli_convert_options *options,
                      bg_diag_sink *sink, FILE *err, cli_convert_output *out,
                      cli_convert_totals *totals);

/* Puts an output in place, or gives it up when nothing (or not all that
 * was asked) could be written to it; said on stderr.  Returns false on a
 * write error. */
bool cli_convert_finish(cli_convert_output *out, bool input_trouble);

#endif
