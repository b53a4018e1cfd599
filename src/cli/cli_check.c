/*
 * cli_check.c — `bgmatch check`: opens the files, hands each match the
 * reader gives (reader.h: whatever the notation) to the referee, prints
 * the diagnostics match by match, and turns what the diagnostic sinks
 * counted into a summary line and an exit status.  With -j N, N files are
 * checked at once by threads, each file's output buffered and printed in
 * the order of the files, the same bytes as one file after another.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "cli.h"
#include "diag.h"
#include "match.h"
#include "reader.h"
#include "replay.h"

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
  bool null;    /* -0: names under -l and -L end with a NUL, not a newline */
  bool verbose; /* -v: the files a walk skips are named */
  bool colour;  /* severities in colour (stdout a terminal, no NO_COLOR) */
  int jobs;     /* files checked at once */
  bg_replay_options referee;
} check_options;

/* Totals over all files, for the summary line and the exit status. */
typedef struct {
  long files;
  long files_with_errors;
  long errors;
  long warnings;
  long unreadable; /* files not read whole: no verdict on what they hold */
  long skipped;    /* files met in directories that are no record (cli.h) */
  bool trouble;    /* the tool could not do its job for some file */
} check_totals;

/* What checking one file gave. */
typedef struct {
  bool read;       /* it was opened and a reader took it: counted */
  bool skipped;    /* a .txt in a walked directory with no match: notes */
  bool trouble;    /* the tool could not do its job for it (said) */
  bool unreadable; /* opened but not read whole, or empty or binary */
  long errors, warnings;
  double bytes; /* read, for the progress line */
} file_outcome;

/* Where one file's output goes: stdout and stderr when files are checked
 * one after another, buffers when several are checked at once (printed in
 * the order of the files).  `bar` is NULL in the second case. */
typedef struct {
  FILE *out, *err;
  progress *bar;
} file_output;

/* Prints the diagnostics held for one match, clear of the progress line. */
static void print_diagnostics(bg_diag_sink *sink, progress *bar) {
  if (bar && bar->shares_terminal && diag_sink_held_count(sink) > 0) {
    cli_progress_erase(bar);
    diag_flush(sink);
    fflush(stdout);
    return;
  }
  diag_flush(sink);
}

/* What the tool could not do for one file: one line for stderr. */
static void say_trouble(const file_output *output, const char *name, const char *reason,
                        file_outcome *outcome) {
  if (output->bar)
    cli_progress_erase(output->bar);
  fflush(output->out);
  fprintf(output->err, "bgmatch: %s: %s\n", name, reason);
  outcome->trouble = true;
}

/* A file opened but not read whole: said on stderr as any trouble, and
 * under --format=json one object on stdout too, so that a script reading
 * the objects learns of it. */
static void say_unreadable(const file_output *output, const check_options *options,
                           const char *name, const char *reason, file_outcome *outcome) {
  say_trouble(output, name, reason, outcome);
  if (options->show == SHOW_DIAGNOSTICS && options->format == DIAG_JSON)
    diag_print_unreadable(output->out, name, reason);
  outcome->unreadable = true;
}

/* One match checked, its diagnostics printed. */
typedef struct {
  const check_options *options;
  bg_diag_sink *sink;
  progress *bar;
} check_walk;

static bool check_one(bg_match *match, void *data) {
  check_walk *walk = data;
  bg_replay_check(match, &walk->options->referee, walk->sink);
  print_diagnostics(walk->sink, walk->bar);
  match_free(match);
  return true;
}

/* Reads every match of one input and referees it; diagnostics are printed
 * match by match.  Sets *skipped, with nothing printed, when the input is
 * one a walk skips for holding no match (cli.h).  Returns why the tool
 * could not read the input to its end, NULL when it could. */
static const char *check_stream(bg_reader *reader, const cli_file *file,
                                const check_options *options, bg_diag_sink *sink,
                                progress *bar, bool *skipped) {
  long matches = 0;
  check_walk walk = {.options = options, .sink = sink, .bar = bar};
  const char *trouble = cli_each_match(reader, sink, check_one, &walk, &matches);
  *skipped = cli_skips_unmatched(file, sink, matches);
  if (*skipped)
    diag_discard(sink);
  else if (!trouble)
    trouble = cli_unreadable_unmatched(reader, file, sink, matches);
  print_diagnostics(sink, bar);
  return trouble;
}

/* Checks one opened input.  An input no reader can read (a notation not
 * read yet) is said and, like a file that cannot be opened, not counted. */
static void check_opened(FILE *in, const char *name, const cli_file *file,
                         const check_options *options, const file_output *output,
                         file_outcome *outcome) {
  bg_diag_sink sink;
  diag_sink_init(&sink, options->show == SHOW_DIAGNOSTICS ? output->out : NULL,
                 options->format);
  diag_sink_set_colour(&sink, options->colour);
  const char *reason;
  bg_reader *reader = reader_open(in, name, &sink, options->from, &reason);
  if (!reader) {
    say_trouble(output, name, reason, outcome);
    diag_sink_free(&sink);
    return;
  }
  bool skipped;
  const char *trouble = check_stream(reader, file, options, &sink, output->bar, &skipped);
  if (trouble)
    say_unreadable(output, options, name, trouble, outcome);
  reader_free(reader);
  long bytes_read = ftell(in); /* -1 on a pipe: counts as nothing */
  outcome->bytes = bytes_read > 0 ? (double)bytes_read : 0.0;
  outcome->skipped = skipped;
  outcome->read = !skipped;
  if (skipped && options->verbose) {
    fflush(output->out);
    cli_say_skipped_file(output->err, name, "a .txt with no match");
  }
  outcome->errors = diag_sink_errors(&sink);
  outcome->warnings = diag_sink_warnings(&sink);
  diag_sink_free(&sink);
}

/* Checks one file ("-" is standard input). */
static file_outcome check_one_file(const cli_file *file, const check_options *options,
                                   const file_output *output) {
  file_outcome outcome = {0};
  const char *path = file->path;
  bool is_stdin = strcmp(path, "-") == 0;
  FILE *in = is_stdin ? stdin : cli_open_input(path);
  if (!in) {
    say_trouble(output, path, strerror(errno), &outcome);
    return outcome;
  }
  check_opened(in, is_stdin ? "<stdin>" : path, file, options, output, &outcome);
  if (!is_stdin)
    fclose(in);
  return outcome;
}

/* Adds one file's outcome to the totals, and prints its name under -l or
 * -L. */
static void count_outcome(const char *path, const file_outcome *outcome,
                          const check_options *options, check_totals *totals) {
  totals->trouble = totals->trouble || outcome->trouble;
  totals->skipped += outcome->skipped;
  if (!outcome->read)
    return;
  totals->files++;
  totals->errors += outcome->errors;
  totals->warnings += outcome->warnings;
  if (outcome->unreadable) { /* neither with errors nor without: unread */
    totals->unreadable++;
    return;
  }
  bool has_errors = outcome->errors > 0 || (options->strict && outcome->warnings > 0);
  totals->files_with_errors += has_errors;
  if ((options->show == SHOW_FILES_WITH_ERRORS && has_errors) ||
      (options->show == SHOW_FILES_WITHOUT_ERRORS && !has_errors))
    printf("%s%c", strcmp(path, "-") == 0 ? "<stdin>" : path,
           options->null ? '\0' : '\n');
}

/* ---- one file after another --------------------------------------------- */

/* Checks the files one after another: diagnostics are printed match by
 * match. */
static void check_in_turn(const cli_file_list *list, const check_options *options,
                          check_totals *totals, progress *bar) {
  file_output output = {stdout, stderr, bar};
  for (size_t i = 0; i < list->count; i++) {
    file_outcome outcome = check_one_file(&list->files[i], options, &output);
    cli_progress_step(bar, outcome.bytes);
    count_outcome(list->files[i].path, &outcome, options, totals);
  }
}

/* ---- several files at once (-j N, cli_jobs.c) --------------------------- */

typedef struct {
  const cli_file_list *list;
  const check_options *options;
  check_totals *totals;
  progress *bar;
  file_outcome *outcomes; /* one a file, filled by the threads */
} check_jobs;

static void check_job(size_t index, FILE *out, FILE *err, void *data) {
  check_jobs *jobs = data;
  file_output output = {out, err, NULL};
  jobs->outcomes[index] =
      check_one_file(&jobs->list->files[index], jobs->options, &output);
}

static void check_job_done(size_t index, void *data) {
  check_jobs *jobs = data;
  cli_progress_step(jobs->bar, jobs->outcomes[index].bytes);
  count_outcome(jobs->list->files[index].path, &jobs->outcomes[index], jobs->options,
                jobs->totals);
}

/* Checks the files in `jobs` threads; the output is what check_in_turn
 * prints, byte for byte. */
static void check_in_parallel(const cli_file_list *list, int threads,
                              const check_options *options, check_totals *totals,
                              progress *bar) {
  check_jobs jobs = {list, options, totals, bar,
                     bg_calloc(list->count ? list->count : 1, sizeof(file_outcome))};
  cli_jobs_run(list->count, threads, check_job, check_job_done, &jobs, bar);
  free(jobs.outcomes);
}

static void print_summary(const check_totals *totals) {
  fflush(stdout);
  fprintf(stderr, "%ld %s, ", totals->files, cli_plural(totals->files, "file", "files"));
  if (totals->unreadable > 0)
    fprintf(stderr, "%ld unreadable, ", totals->unreadable);
  fprintf(stderr, "%ld with errors, %ld %s, %ld %s\n", totals->files_with_errors,
          totals->errors, cli_plural(totals->errors, "error", "errors"), totals->warnings,
          cli_plural(totals->warnings, "warning", "warnings"));
  cli_say_skipped(totals->skipped);
}

static const struct option check_long_options[] = {
    {"format", required_argument, NULL, OPT_FORMAT},
    {"from", required_argument, NULL, OPT_FROM},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"files-with-errors", no_argument, NULL, 'l'},
    {"files-without-errors", no_argument, NULL, 'L'},
    {"quiet", no_argument, NULL, 'q'},
    {"null", no_argument, NULL, '0'},
    {"verbose", no_argument, NULL, 'v'},
    {"jobs", required_argument, NULL, 'j'},
    CLI_RULE_OPTIONS,
    {NULL, 0, NULL, 0},
};

/* Applies one parsed option; returns -1 to go on, else an exit status. */
static int apply_check_option(int opt, const char *arg, const char *word, void *data) {
  check_options *options = data;
  switch (opt) {
  case OPT_FORMAT: {
    bool json = options->format == DIAG_JSON;
    int status = cli_apply_format(arg, &json);
    options->format = json ? DIAG_JSON : DIAG_TEXT;
    return status;
  }
  case OPT_FROM:
    return cli_apply_from(arg, &options->from);
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
  case '0':
    options->null = true;
    return -1;
  case 'v':
    options->verbose = true;
    return -1;
  case 'j':
    return cli_apply_jobs(arg, &options->jobs);
  default:
    return cli_apply_common_option(opt, word, &options->referee);
  }
}

int cli_check(int argc, char **argv) {
  check_options options = {.format = DIAG_TEXT, .from = BG_NOTATION_AUTO, .jobs = 1};
  bg_replay_options_init(&options.referee);
  int first_file = 0;
  int status = cli_parse_options(argc, argv, ":lLq0vj:", check_long_options,
                                 apply_check_option, &options, &first_file);
  if (status >= 0)
    return status;
  int count = 0;
  char **operands = cli_operands(argc, argv, first_file, &count);
  if (!operands)
    return EXIT_TROUBLE;

  /* Diagnostics can be many: a large buffer, flushed at the end. */
  static char out_buffer[1 << 16];
  setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
  options.colour = cli_colour(STDOUT_FILENO);

  cli_file_list list = {.verbose = options.verbose};
  cli_list_files(operands, count, &list);
  check_totals totals = {.skipped = list.skipped, .trouble = list.trouble};
  progress bar; /* the walk is done: the total is known */
  cli_progress_init(&bar, list.count < INT_MAX ? (int)list.count : INT_MAX,
                    options.show == SHOW_NOTHING);
  if (options.jobs > 1)
    check_in_parallel(&list, options.jobs, &options, &totals, &bar);
  else
    check_in_turn(&list, &options, &totals, &bar);
  cli_progress_erase(&bar);
  cli_file_list_free(&list);

  if (!cli_stdout_written())
    totals.trouble = true;
  if (options.show == SHOW_DIAGNOSTICS)
    print_summary(&totals);
  if (totals.trouble)
    return EXIT_TROUBLE;
  bool broken = totals.errors > 0 || (options.strict && totals.warnings > 0);
  return broken ? EXIT_BROKEN : EXIT_VALID;
}
