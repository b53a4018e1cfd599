/*
 * cli_results.c — `bgmatch results [FILE|DIR...]`: reads each file as
 * check does (a directory walked as check walks it, cli.h), and makes one
 * line a match (results.h: score, winner, games, fingerprint) with the
 * verdict check would give it; a match whose fingerprint an earlier line
 * of the run has is marked a duplicate of that line.  The lines are
 * printed by cli_results_print.c: as they come in JSON and TSV, all at
 * the end in text, whose columns need every line's width.  The exit
 * status is check's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "cli.h"
#include "cli_results.h"
#include "diag.h"
#include "match.h"
#include "reader.h"
#include "replay.h"
#include "results.h"

typedef struct {
  cli_results_format format;
  bg_notation from;
  bool strict;
  bool verbose; /* -v: the files skipped named */
  int jobs;     /* files read at once */
  bg_replay_options referee;
} results_options;

/* The fingerprints seen in the run, each with its first line's file and
 * match: an open-addressing table, a power of two in size, never full. */
typedef struct {
  uint64_t fingerprint; /* 0: an empty slot */
  const char *file;
  long match;
} seen_match;

typedef struct {
  seen_match *slots;
  size_t size, used;
} seen_table;

/* Over the whole run. */
typedef struct {
  const results_options *options;
  seen_table seen;
  cli_results_line *lines; /* kept for the text table only */
  size_t line_count, line_capacity;
  long printed; /* lines printed or kept */
  bool broken;  /* a match breaks a rule: exit status 1 */
  bool trouble; /* the tool could not do its job: exit status 2 */
  long skipped;
} results_run;

static seen_match *seen_slot(seen_table *table, uint64_t fingerprint) {
  size_t mask = table->size - 1;
  size_t i = (size_t)fingerprint & mask;
  while (table->slots[i].fingerprint != 0 && table->slots[i].fingerprint != fingerprint)
    i = (i + 1) & mask;
  return &table->slots[i];
}

static void seen_grow(seen_table *table) {
  seen_table bigger = {.size = table->size ? table->size * 2 : 256, .used = table->used};
  bigger.slots = bg_calloc(bigger.size, sizeof *bigger.slots);
  for (size_t i = 0; i < table->size; i++)
    if (table->slots[i].fingerprint != 0)
      *seen_slot(&bigger, table->slots[i].fingerprint) = table->slots[i];
  free(table->slots);
  *table = bigger;
}

/* Marks `line` a duplicate of the first line with its fingerprint, or
 * remembers it as that first line. */
static void find_duplicate(seen_table *table, cli_results_line *line) {
  uint64_t fingerprint = line->row.fingerprint;
  if (fingerprint == 0)
    return;
  if (2 * (table->used + 1) > table->size)
    seen_grow(table);
  seen_match *slot = seen_slot(table, fingerprint);
  if (slot->fingerprint != 0) {
    line->duplicate_file = slot->file;
    line->duplicate_match = slot->match;
    return;
  }
  *slot = (seen_match){fingerprint, line->file, line->match};
  table->used++;
}

static char *copy_or_null(const char *text) {
  return text && *text ? bg_strdup(text) : NULL;
}

/* The record's date as YYYY-MM-DD when it is one ("2024.01.01" in a
 * .mat's tag), else as written. */
static char *date_of(const bg_match *match) {
  const char *date = match_tag(match, "EventDate");
  long parts[3];
  if (date &&
      (match_parse_date(date, '.', parts) || match_parse_date(date, '-', parts))) {
    char iso[32];
    snprintf(iso, sizeof iso, "%04ld-%02ld-%02ld", parts[0], parts[1], parts[2]);
    return bg_strdup(iso);
  }
  return copy_or_null(date);
}

static void line_free(cli_results_line *line) {
  free(line->date);
  free(line->event);
  free(line->players[0]);
  free(line->players[1]);
}

/* Prints `line` (JSON, TSV) or keeps it for the table (text); the run
 * owns its strings from then on. */
static void take_line(results_run *run, cli_results_line *line) {
  cli_results_format format = run->options->format;
  if (format != RESULTS_TEXT) {
    cli_results_print_line(line, format, run->printed == 0);
    line_free(line);
  } else {
    run->lines = bg_grow(run->lines, &run->line_capacity, run->line_count + 1,
                         sizeof *run->lines, 64);
    run->lines[run->line_count++] = *line;
  }
  run->printed++;
}

static const char *verdict_of(long errors, long warnings) {
  return errors > 0 ? "errors" : warnings > 0 ? "warnings" : "clean";
}

/* What one file gave: its lines, before they are marked and printed in
 * the order of the files, and what they mean for the exit status. */
typedef struct {
  cli_results_line *lines;
  size_t count, capacity;
  bool broken, trouble, skipped;
} file_lines;

static void add_line(file_lines *into, const cli_results_line *line) {
  into->lines =
      bg_grow(into->lines, &into->capacity, into->count + 1, sizeof *into->lines, 4);
  into->lines[into->count++] = *line;
}

/* One file being read: its name, and the counts before its next match. */
typedef struct {
  const results_options *options;
  const char *file;
  bg_diag_sink *sink;
  file_lines *into;
  long matches;
  long errors, warnings; /* the sink's counts when the last match ended */
} results_file;

/* One match: its line, with the diagnostics reported since the last one
 * (the reader's of this match, then the referee's) for its verdict. */
static bool result_of_match(bg_match *match, void *data) {
  results_file *in = data;
  cli_results_line line = {.file = in->file, .match = ++in->matches};
  results_of_match(match, &in->options->referee, in->sink, &line.row);
  long errors = diag_sink_errors(in->sink) - in->errors;
  long warnings = diag_sink_warnings(in->sink) - in->warnings;
  in->errors += errors;
  in->warnings += warnings;
  diag_discard(in->sink);
  line.verdict = verdict_of(errors, warnings);
  in->into->broken =
      in->into->broken || errors > 0 || (in->options->strict && warnings > 0);
  line.date = date_of(match);
  line.event = copy_or_null(match_tag(match, "Event"));
  for (int side = 0; side < 2; side++)
    line.players[side] = bg_strdup(match->players[side] ? match->players[side] : "");
  match_free(match);
  add_line(in->into, &line);
  return true;
}

/* A line for a file that gave no match whole: `verdict` says why. */
static void line_without_match(file_lines *into, const char *file, long match,
                               const char *verdict) {
  cli_results_line line = {.file = file, .match = match, .verdict = verdict};
  add_line(into, &line);
}

/* What the tool could not do for a file: one line on `err`, and the
 * file's row says it is unreadable. */
static void say_unreadable(FILE *err, const char *name, const char *reason, long match,
                           file_lines *into) {
  fprintf(err, "bgmatch: %s: %s\n", name, reason);
  into->trouble = true;
  line_without_match(into, name, match, "unreadable");
}

/* Reads one opened input: a line a match, and one for the file when it
 * could not be read to its end or holds no match. */
static void results_opened(FILE *in, const char *name, const cli_file *file,
                           const results_options *options, FILE *err, file_lines *into) {
  bg_diag_sink sink;
  diag_sink_init(&sink, NULL, DIAG_TEXT);
  const char *reason;
  bg_reader *reader = reader_open(in, name, &sink, options->from, &reason);
  if (!reader) {
    say_unreadable(err, name, reason, 0, into);
    diag_sink_free(&sink);
    return;
  }
  results_file reading = {.options = options, .file = name, .sink = &sink, .into = into};
  long matches = 0;
  const char *trouble =
      cli_each_match(reader, &sink, result_of_match, &reading, &matches);
  bool skipped = cli_skips_unmatched(file, &sink, matches);
  if (!skipped && !trouble) /* named, empty or binary: no record */
    trouble = cli_unreadable_unmatched(reader, file, &sink, matches);
  if (skipped) {
    into->skipped = true;
    if (options->verbose)
      cli_say_skipped_file(err, name, "a .txt with no match");
  } else if (trouble) {
    say_unreadable(err, name, trouble, matches, into);
  } else if (matches == 0) {
    into->broken = true;
    line_without_match(into, name, 0, "errors");
  } else if (diag_sink_errors(&sink) > reading.errors) {
    into->broken = true; /* the reader's, after the last match */
  }
  reader_free(reader);
  diag_sink_free(&sink);
}

/* One file's lines into `into`; what the tool could not do said on
 * `err`.  The lines name the file as the list does, which outlives the
 * run: a later line that duplicates this one's points to it. */
static void read_file_lines(const cli_file *file, const results_options *options,
                            FILE *err, file_lines *into) {
  bool is_stdin = strcmp(file->path, "-") == 0;
  const char *name = is_stdin ? "<stdin>" : file->path;
  FILE *in = is_stdin ? stdin : cli_open_input(file->path);
  if (!in) {
    say_unreadable(err, name, strerror(errno), 0, into);
    return;
  }
  results_opened(in, name, file, options, err, into);
  if (!is_stdin)
    fclose(in);
}

/* A file's lines, in the order of the files: marked when they duplicate
 * an earlier one, then printed or kept for the table. */
static void take_file_lines(results_run *run, file_lines *from) {
  for (size_t i = 0; i < from->count; i++) {
    find_duplicate(&run->seen, &from->lines[i]);
    take_line(run, &from->lines[i]);
  }
  free(from->lines);
  run->broken = run->broken || from->broken;
  run->trouble = run->trouble || from->trouble;
  run->skipped += from->skipped;
}

/* -j N: the files read in threads (cli_jobs.c), their lines taken in
 * order. */
typedef struct {
  const cli_file_list *list;
  results_run *run;
  file_lines *files;
} results_jobs;

static void results_job(size_t index, FILE *out, FILE *err, void *data) {
  (void)out; /* the lines are printed in order, by take_file_lines */
  results_jobs *jobs = data;
  read_file_lines(&jobs->list->files[index], jobs->run->options, err,
                  &jobs->files[index]);
}

static void results_job_done(size_t index, void *data) {
  results_jobs *jobs = data;
  take_file_lines(jobs->run, &jobs->files[index]);
}

static void results_all(const cli_file_list *list, int threads, results_run *run) {
  if (threads > 1) {
    results_jobs jobs = {list, run,
                         bg_calloc(list->count ? list->count : 1, sizeof(file_lines))};
    cli_jobs_run(list->count, threads, results_job, results_job_done, &jobs, NULL);
    free(jobs.files);
    return;
  }
  for (size_t i = 0; i < list->count; i++) {
    file_lines lines = {0};
    read_file_lines(&list->files[i], run->options, stderr, &lines);
    take_file_lines(run, &lines);
  }
}

static const struct option results_long_options[] = {
    {"format", required_argument, NULL, OPT_FORMAT},
    {"from", required_argument, NULL, OPT_FROM},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"verbose", no_argument, NULL, 'v'},
    {"jobs", required_argument, NULL, 'j'},
    CLI_RULE_OPTIONS,
    {NULL, 0, NULL, 0},
};

static int apply_format(const char *arg, cli_results_format *format) {
  static const char *const names[] = {"text", "json", "tsv"};
  for (int i = 0; i < 3; i++)
    if (strcmp(arg, names[i]) == 0) {
      *format = (cli_results_format)i;
      return -1;
    }
  return cli_usage_error("--format takes text, json or tsv, not", arg);
}

static int apply_results_option(int opt, const char *arg, const char *word, void *data) {
  results_options *options = data;
  switch (opt) {
  case OPT_FORMAT:
    return apply_format(arg, &options->format);
  case OPT_FROM:
    return cli_apply_from(arg, &options->from);
  case OPT_STRICT:
    options->strict = true;
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

static void run_free(results_run *run) {
  for (size_t i = 0; i < run->line_count; i++)
    line_free(&run->lines[i]);
  free(run->lines);
  free(run->seen.slots);
}

int cli_results(int argc, char **argv) {
  results_options options = {.format = RESULTS_TEXT, .from = BG_NOTATION_AUTO, .jobs = 1};
  bg_replay_options_init(&options.referee);
  int first_file = 0;
  int status = cli_parse_options(argc, argv, ":vj:", results_long_options,
                                 apply_results_option, &options, &first_file);
  if (status >= 0)
    return status;
  int count = 0;
  char **operands = cli_operands(argc, argv, first_file, &count);
  if (!operands)
    return EXIT_TROUBLE;
  cli_file_list list = {.verbose = options.verbose};
  cli_list_files(operands, count, &list);
  results_run run = {.options = &options, .trouble = list.trouble};
  results_all(&list, options.jobs, &run);
  if (options.format == RESULTS_TEXT)
    cli_results_print_table(run.lines, run.line_count);
  run_free(&run);
  cli_say_skipped(list.skipped + run.skipped);
  cli_file_list_free(&list);
  if (!cli_stdout_written() || run.trouble)
    return EXIT_TROUBLE;
  return run.broken ? EXIT_BROKEN : EXIT_VALID;
}
