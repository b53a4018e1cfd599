/*
 * cli_check.c — `bgmatch check`: opens the files, hands each match the
 * reader gives (reader.h: whatever the notation) to the referee, prints
 * the diagnostics match by match, and turns what the diagnostic sink
 * counted into a summary line and an exit status.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "diag.h"
#include "match.h"
#include "progress.h"
#include "reader.h"
#include "referee.h"

/* What is printed: the diagnostics, or only names of files (as grep -l
 * and -L), or nothing (-q: the exit status says it all). */
typedef enum {
  SHOW_DIAGNOSTICS,
  SHOW_FILES_WITH_ERRORS,
  SHOW_FILES_WITHOUT_ERRORS,
  SHOW_NOTHING
} show_mode;

typedef struct {
  bg_diag_format format;
  bg_notation from;
  bool strict;
  show_mode show;
  bg_referee_options referee;
} check_options;

/* Totals over all files, for the summary line and the exit status. */
typedef struct {
  long files;
  long files_with_errors;
  long errors;
  long warnings;
  long skipped; /* files met in directories that are no record */
  bool trouble; /* the tool could not do its job for some file */
} check_totals;

/* What checking one file after another needs (cli_walk's visit data). */
typedef struct {
  const check_options *options;
  bg_diag_sink *sink;
  check_totals *totals;
  progress *bar;
} check_run;

/* Prints the diagnostics held for one match, clear of the progress line. */
static void print_diagnostics(bg_diag_sink *sink, progress *bar) {
  if (bar->shares_terminal && sink->pending_count > 0) {
    progress_erase(bar);
    diag_flush(sink);
    fflush(stdout);
    return;
  }
  diag_flush(sink);
}

/* What the tool could not do for one file: one line on stderr. */
static void say_trouble(const char *name, const char *reason, check_totals *totals,
                        progress *bar) {
  progress_erase(bar);
  cli_say("%s: %s", name, reason);
  totals->trouble = true;
}

/* Reads every match of one input and referees it; diagnostics are printed
 * match by match.  Returns why the tool could not read the input to its
 * end, NULL when it could. */
static const char *check_stream(bg_reader *reader, const check_options *options,
                                bg_diag_sink *sink, progress *bar) {
  bg_match *match;
  while ((match = reader_next(reader)) != NULL) {
    if (reader_io_error(reader)) { /* cut short: only the error is said */
      diag_discard(sink);
      match_free(match);
      break;
    }
    referee_check_match(match, &options->referee, sink);
    print_diagnostics(sink, bar);
    match_free(match);
  }
  print_diagnostics(sink, bar);
  return reader_error_reason(reader);
}

/* Checks one opened input and adds to totals.  An input no reader can read
 * (a notation not read yet) is said and, like a file that cannot be
 * opened, not counted. */
static void check_opened(FILE *in, const char *name, const check_options *options,
                         bg_diag_sink *sink, check_totals *totals, progress *bar) {
  const char *reason;
  bg_reader *reader = reader_open(in, name, sink, options->from, &reason);
  if (!reader) {
    say_trouble(name, reason, totals, bar);
    return;
  }
  long errors_before = sink->errors, warnings_before = sink->warnings;
  const char *trouble = check_stream(reader, options, sink, bar);
  if (trouble)
    say_trouble(name, trouble, totals, bar);
  reader_free(reader);
  long bytes_read = ftell(in); /* -1 on a pipe: counts as nothing */
  progress_step(bar, bytes_read > 0 ? (double)bytes_read : 0.0);
  long errors = sink->errors - errors_before;
  long warnings = sink->warnings - warnings_before;
  totals->files++;
  totals->errors += errors;
  totals->warnings += warnings;
  bool has_errors = errors > 0 || (options->strict && warnings > 0);
  totals->files_with_errors += has_errors;
  if ((options->show == SHOW_FILES_WITH_ERRORS && has_errors) ||
      (options->show == SHOW_FILES_WITHOUT_ERRORS && !has_errors))
    printf("%s\n", name);
}

/* Checks one file ("-" is standard input) and adds to totals. */
static void check_file(const char *path, void *data) {
  check_run *run = data;
  bool is_stdin = strcmp(path, "-") == 0;
  FILE *in = is_stdin ? stdin : cli_open_input(path);
  if (!in) {
    say_trouble(path, strerror(errno), run->totals, run->bar);
    return;
  }
  check_opened(in, is_stdin ? "<stdin>" : path, run->options, run->sink, run->totals,
               run->bar);
  if (!is_stdin)
    fclose(in);
}

/* Checks one command-line operand: a file, or every record under a
 * directory. */
static void check_operand(const char *path, check_run *run) {
  cli_walk_counts counts = {0};
  if (!cli_walk(path, check_file, run, &counts))
    run->totals->trouble = true;
  run->totals->skipped += counts.skipped;
}

static const char *plural(long n, const char *one, const char *many) {
  return n == 1 ? one : many;
}

static void print_summary(const check_totals *totals) {
  fflush(stdout);
  fprintf(stderr, "%ld %s, %ld with errors, %ld %s, %ld %s\n", totals->files,
          plural(totals->files, "file", "files"), totals->files_with_errors,
          totals->errors, plural(totals->errors, "error", "errors"), totals->warnings,
          plural(totals->warnings, "warning", "warnings"));
  if (totals->skipped > 0)
    fprintf(stderr,
            "%ld other %s skipped: not a record (.mat .txt .yaml .yml .sgf, or .gz)\n",
            totals->skipped, plural(totals->skipped, "file", "files"));
}

static const struct option check_long_options[] = {
    {"format", required_argument, NULL, OPT_FORMAT},
    {"from", required_argument, NULL, OPT_FROM},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"files-with-errors", no_argument, NULL, 'l'},
    {"files-without-errors", no_argument, NULL, 'L'},
    {"quiet", no_argument, NULL, 'q'},
    CLI_RULE_OPTIONS,
    {NULL, 0, NULL, 0},
};

/* Applies one parsed option; returns -1 to go on, else an exit status. */
static int apply_check_option(int opt, const char *arg, const char *word, void *data) {
  check_options *options = data;
  switch (opt) {
  case OPT_FORMAT:
    if (strcmp(arg, "text") == 0)
      options->format = DIAG_TEXT;
    else if (strcmp(arg, "json") == 0)
      options->format = DIAG_JSON;
    else
      return cli_usage_error("--format takes text or json, not", arg);
    return -1;
  case OPT_FROM:
    if (!reader_notation_parse(arg, &options->from))
      return cli_usage_error("--from takes auto, mat, yaml or sgf, not", arg);
    return -1;
  case OPT_STRICT:
    options->strict = true;
    return -1;
  case 'l':
    options->show = SHOW_FILES_WITH_ERRORS;
    return -1;
  case 'L':
    options->show = SHOW_FILES_WITHOUT_ERRORS;
    return -1;
  case 'q':
    options->show = SHOW_NOTHING;
    return -1;
  default:
    return cli_apply_common_option(opt, word, &options->referee);
  }
}

int cli_check(int argc, char **argv) {
  check_options options = {.format = DIAG_TEXT, .from = BG_NOTATION_AUTO};
  referee_options_init(&options.referee);
  int first_file = 0;
  int status = cli_parse_options(argc, argv, ":lLqh", check_long_options,
                                 apply_check_option, &options, &first_file);
  if (status >= 0)
    return status;
  if (cli_stdin_named_twice(argv + first_file, argc - first_file))
    return EXIT_TROUBLE;

  /* Diagnostics can be many: a large buffer, flushed at the end. */
  static char out_buffer[1 << 16];
  setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);

  bg_diag_sink sink;
  diag_sink_init(&sink, options.show == SHOW_DIAGNOSTICS ? stdout : NULL, options.format);
  sink.colour = cli_colour(STDOUT_FILENO);
  check_totals totals = {0};
  progress bar;
  int operands = argc - first_file;
  progress_init(&bar, cli_any_directory(argv + first_file, operands)
                          ? PROGRESS_UNKNOWN_TOTAL
                          : operands);
  check_run run = {&options, &sink, &totals, &bar};
  if (operands == 0)
    check_operand("-", &run);
  for (int i = first_file; i < argc; i++)
    check_operand(argv[i], &run);
  progress_erase(&bar);
  diag_sink_free(&sink);

  if (fflush(stdout) != 0 || ferror(stdout)) {
    cli_say("write error: %s", strerror(errno));
    totals.trouble = true;
  }
  if (options.show == SHOW_DIAGNOSTICS)
    print_summary(&totals);
  if (totals.trouble)
    return EXIT_TROUBLE;
  bool broken = totals.errors > 0 || (options.strict && totals.warnings > 0);
  return broken ? EXIT_BROKEN : EXIT_VALID;
}
