/*
 * cli_results.h — what `bgmatch results` prints, shared by its two files:
 * cli_results.c reads the files and makes one line a match,
 * cli_results_print.c prints the lines as a table, JSON or TSV.
 */
#ifndef BG_CLI_RESULTS_H
#define BG_CLI_RESULTS_H

#include <stdbool.h>
#include <stdio.h>

#include "results.h"

typedef enum { RESULTS_TEXT, RESULTS_JSON, RESULTS_TSV } cli_results_format;

/* One line of the table: a match, or a file that gave none. */
typedef struct {
  const char *file;           /* as named on the command line or found by the walk */
  long match;                 /* 1 for a file's first match; 0 when none was read */
  char *date, *event;         /* the record's, NULL when it gives none */
  char *players[2];           /* NULL when no match was read */
  bg_results_row row;         /* when a match was read */
  const char *verdict;        /* "clean", "warnings", "errors", "unreadable" */
  const char *duplicate_file; /* the first line with this fingerprint */
  long duplicate_match;       /* its match; 0 when the line is no duplicate */
} cli_results_line;

/* Prints one line at once (JSON, TSV: the header before the first). */
void cli_results_print_line(const cli_results_line *line, cli_results_format format,
                            bool first);

/* Prints the text table of `count` lines, its columns aligned. */
void cli_results_print_table(const cli_results_line *lines, size_t count);

#endif
