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

/* One file being read: its name, and the counts before its next match. */
typedef struct {
  results_run *run;
  const char *file;
  bg_diag_sink *sink;
  long matches;
  long errors, warnings; /* the sink's counts when the last match ended */
} results_file;

/* One match: its line, with the diagnostics reported since the last one
 * (the reader's of this match, then the referee's) for its verdict. */
static bool result_of_match(bg_match *match, void *data) {
  results_file *in = data;
  cli_results_line line = {.file = in->file, .match = ++in->matches};
  results_of_match(match, &in->run->options->referee, in->sink, &line.row);
  long errors = diag_sink_errors(in->sink) - in->errors;
  long warnings = diag_sink_warnings(in->sink) - in->warnings;
  in->errors += errors;
  in->warnings += warnings;
  diag_discard(in->sink);
  line.verdict = verdict_of(errors, warnings);
  in->run->broken =
      in->run->broken || errors > 0 || (in->run->options->strict && warnings > 0);
  line.date = date_of(match);
  line.event = copy_or_null(match_tag(match, "Event"));
  for (int side = 0; side < 2; side++)
    line.players[side] = bg_strdup(match->players[side] ? match->players[side] : "");
  match_free(match);
  find_duplicate(&in->run->seen, &line);
  take_line(in->run, &line);
  return true;
}

/* A line for a file that gave no match whole: `verdict` says why. */
static void line_without_match(results_run *run, const char *file, long match,
                               const char *verdict) {
  cli_results_line line = {.file = file, .match = match, .verdict = verdict};
  take_line(run, &line);
}

/* Reads one opened input: a line a match, and one for the file when it
 * could not be read to its end or holds no match. */
static void results_opened(FILE *in, const char *name, const cli_file *file,
                           results_run *run) {
  bg_diag_sink sink;
  diag_sink_init(&sink, NULL, DIAG_TEXT);
  const char *reason;
  bg_reader *reader = reader_open(in, name, &sink, run->options->from, &reason);
  if (!reader) {
    cli_say("%s: %s", name, reason);
    run->trouble = true;
    line_without_match(run, name, 0, "unreadable");
    diag_sink_free(&sink);
    return;
  }
  results_file reading = {.run = run, .file = name, .sink = &sink};
  long matches = 0;
  const char *trouble =
      cli_each_match(reader, &sink, result_of_match, &reading, &matches);
  if (cli_skips_unmatched(file, &sink, matches)) {
    run->skipped++;
    if (run->options->verbose)
      cli_say_skipped_file(stderr, name, "a .txt with no match");
  } else if (trouble) {
    cli_say("%s: %s", name, trouble);
    run->trouble = true;
    line_without_match(run, name, matches, "unreadable");
  } else if (matches == 0) {
    run->broken = true;
    line_without_match(run, name, 0, "errors");
  } else if (diag_sink_errors(&sink) > reading.errors) {
    run->broken = true; /* the reader's, after the last match */
  }
  reader_free(reader);
  diag_sink_free(&sink);
}

/* The name lines use for `path`: kept until the end of the run, for the
 * lines of later files that duplicate this one's. */
static const char *line_name(const char *path) {
  return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

static void results_file_named(const cli_file *file, results_run *run) {
  const char *name = line_name(file->path);
  bool is_stdin = strcmp(file->path, "-") == 0;
  FILE *in = is_stdin ? stdin : cli_open_input(file->path);
  if (!in) {
    cli_say("%s: %s", file->path, strerror(errno));
    run->trouble = true;
    line_without_match(run, name, 0, "unreadable");
    return;
  }
  results_opened(in, name, file, run);
  if (!is_stdin)
    fclose(in);
}

static const struct option results_long_options[] = {
    {"format", required_argument, NULL, OPT_FORMAT},
    {"from", required_argument, NULL, OPT_FROM},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"verbose", no_argument, NULL, 'v'},
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
  results_options options = {.format = RESULTS_TEXT, .from = BG_NOTATION_AUTO};
  bg_replay_options_init(&options.referee);
  int first_file = 0;
  int status = cli_parse_options(argc, argv, ":v", results_long_options,
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
  for (size_t i = 0; i < list.count; i++)
    results_file_named(&list.files[i], &run);
  if (options.format == RESULTS_TEXT)
    cli_results_print_table(run.lines, run.line_count);
  run_free(&run);
  cli_say_skipped(list.skipped + run.skipped);
  cli_file_list_free(&list);
  if (!cli_stdout_written() || run.trouble)
    return EXIT_TROUBLE;
  return run.broken ? EXIT_BROKEN : EXIT_VALID;
}
