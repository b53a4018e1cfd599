/*
 * cli_annotate.c — `bgmatch annotate [--board] [--ids] [--format
 * text|html] [-o OUT] [FILE|DIR...]`: reads each record (any notation the
 * readers know; a directory walked as check walks it, cli.h), collects its
 * diagnostics with their positions (annotate.h) and writes the listing as
 * text or as one HTML page.  Several files' text listings follow one
 * another, each under its name as head(1) names files; an HTML page is
 * one record's, so several files as HTML are refused before anything is
 * read.  Standard input is held in a temporary file first: the listing
 * reads the record's lines again after the readers.  Exit status as
 * check's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annotate.h"
#include "cli.h"
#include "diag.h"
#include "outfile.h"
#include "reader.h"

enum { OPT_BOARD = 512, OPT_IDS };

typedef struct {
  bool html;
  bool board, ids;
  const char *output; /* -o; NULL for standard output */
  bg_notation from;
  bg_referee_options referee;
} annotate_options;

static const struct option annotate_long_options[] = {
    {"board", no_argument, NULL, OPT_BOARD},
    {"ids", no_argument, NULL, OPT_IDS},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"output", required_argument, NULL, 'o'},
    {"from", required_argument, NULL, OPT_FROM},
    CLI_RULE_OPTIONS,
    {NULL, 0, NULL, 0},
};

static int apply_annotate_option(int opt, const char *arg, const char *word, void *data) {
  annotate_options *options = data;
  switch (opt) {
  case OPT_BOARD:
    options->board = true;
    return -1;
  case OPT_IDS:
    options->ids = true;
    return -1;
  case OPT_FORMAT:
    if (strcmp(arg, "text") == 0 || strcmp(arg, "html") == 0) {
      options->html = arg[0] == 'h';
      return -1;
    }
    return cli_usage_error("unknown format (text or html)", arg);
  case 'o':
    options->output = arg;
    return -1;
  case OPT_FROM:
    return cli_apply_from(arg, &options->from);
  default:
    return cli_apply_common_option(opt, word, &options->referee);
  }
}

/* Standard input, copied to a temporary file that can be read twice. */
static FILE *hold_stdin(void) {
  FILE *held = tmpfile();
  if (!held)
    return NULL;
  char buffer[65536];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, stdin)) > 0)
    if (fwrite(buffer, 1, n, held) != n) {
      fclose(held);
      return NULL;
    }
  if (ferror(stdin) || fflush(held) != 0) {
    fclose(held);
    return NULL;
  }
  rewind(held);
  return held;
}

/* Reads every match of `in` into `report`; false when the input could
 * not be read to its end (said on stderr).  Sets *skipped when it is an
 * input a walk skips for holding no match (cli.h): the report then holds
 * nothing. */
static bool collect(FILE *in, const char *name, const cli_file *file,
                    const annotate_options *options, bg_diag_sink *sink,
                    annotate_report *report, bool *skipped) {
  *skipped = false;
  const char *reason;
  bg_reader *reader = reader_open(in, name, sink, options->from, &reason);
  if (!reader) {
    cli_say("%s: %s", name, reason);
    return false;
  }
  bool ok = true;
  long matches = 0;
  bg_match *match;
  while ((match = reader_next(reader)) != NULL) {
    matches++;
    if (reader_io_error(reader)) { /* cut short: only the error is said */
      diag_discard(sink);
      match_free(match);
      break;
    }
    annotate_add_match(report, match, &options->referee, sink);
  }
  if (reader_io_error(reader)) {
    cli_say("%s: %s", name, reader_error_reason(reader));
    ok = false;
  }
  reader_free(reader);
  *skipped = ok && cli_skips_unmatched(file, sink, matches);
  if (*skipped)
    diag_discard(sink);
  annotate_finish(report, sink);
  return ok;
}

static bool write_report(FILE *out, FILE *in, const char *name,
                         const annotate_options *options, const annotate_report *report) {
  if (options->html)
    return annotate_write_html(out, in, report, name);
  annotate_text_options text = {.board = options->board,
                                .ids = options->ids,
                                .colour = !options->output && cli_colour(STDOUT_FILENO)};
  return annotate_write_text(out, in, report, &text);
}

/* Over all files: where the listings go and what became of them. */
typedef struct {
  FILE *out;
  bool headers;    /* several files: each listing under its name */
  long listed;     /* listings written so far */
  long skipped;    /* files a walk skips (cli.h) */
  bool incomplete; /* an input could not be opened or listed in full */
  int status;      /* the worst exit status of a file so far */
} annotate_run;

static void note_status(annotate_run *run, int status) {
  if (status > run->status)
    run->status = status;
}

/* The name of each listing when there are several, as head(1) writes
 * it, a blank line between one listing and the next. */
static void print_header(annotate_run *run, const char *name) {
  if (run->headers)
    fprintf(run->out, "%s==> %s <==\n", run->listed > 0 ? "\n" : "", name);
}

/* Annotates one opened input into run->out. */
static void annotate_input(FILE *in, const char *name, const cli_file *file,
                           const annotate_options *options, annotate_run *run) {
  bg_diag_sink sink; /* holds, never prints: the listing says it all */
  diag_sink_init(&sink, NULL, DIAG_TEXT);
  annotate_report report;
  annotate_report_init(&report);
  bool skipped;
  bool read = collect(in, name, file, options, &sink, &report, &skipped);
  if (skipped) {
    run->skipped++;
  } else {
    print_header(run, name);
    bool written = write_report(run->out, in, name, options, &report);
    run->listed++;
    if (!written && read) /* else the reader said why */
      cli_say("%s: read error", name);
    run->incomplete = run->incomplete || !written;
    note_status(run, !read || !written   ? EXIT_TROUBLE
                     : report.errors > 0 ? EXIT_BROKEN
                                         : EXIT_VALID);
  }
  annotate_report_free(&report);
  diag_sink_free(&sink);
}

/* Annotates one file ("-" is standard input). */
static void annotate_file(const cli_file *file, const annotate_options *options,
                          annotate_run *run) {
  bool is_stdin = strcmp(file->path, "-") == 0;
  FILE *in = is_stdin ? hold_stdin() : cli_open_input(file->path);
  if (!in) {
    cli_say("%s: %s", file->path, strerror(errno));
    run->incomplete = true;
    note_status(run, EXIT_TROUBLE);
    return;
  }
  annotate_input(in, is_stdin ? "<stdin>" : file->path, file, options, run);
  fclose(in);
}

/* What annotate can be asked before anything is read: one HTML page is
 * one record's, and no input is written over.  Returns -1 to go on, else
 * the exit status. */
static int check_request(const cli_file_list *list, const annotate_options *options) {
  if (options->html && list->count > 1) {
    cli_say("--format=html writes one page of one record, not of %zu files (annotate "
            "one file at a time, or use --format=text; try 'bgmatch --help')",
            list->count);
    return EXIT_TROUBLE;
  }
  for (size_t i = 0; i < list->count; i++) {
    const char *path = list->files[i].path;
    if (options->output && strcmp(path, "-") != 0 &&
        outfile_is_input(options->output, path)) {
      cli_say("%s: the output would overwrite the input", options->output);
      return EXIT_TROUBLE;
    }
  }
  return -1;
}

/* Every file's listing into one output: standard output or -o's file,
 * which is left as it was when an input could not be listed in full. */
static int annotate_files(const cli_file_list *list, const annotate_options *options) {
  bg_outfile out;
  if (!outfile_open(&out, options->output)) {
    cli_say("%s: %s", options->output, strerror(errno));
    return EXIT_TROUBLE;
  }
  annotate_run run = {.out = out.stream, .headers = list->count > 1};
  for (size_t i = 0; i < list->count; i++)
    annotate_file(&list->files[i], options, &run);
  if (run.incomplete) {
    outfile_abandon(&out);
    if (options->output)
      cli_say("%s not written: an input could not be read", options->output);
  } else if (!outfile_commit(&out)) {
    cli_say("%s: write error: %s", options->output ? options->output : "standard output",
            strerror(errno));
    return EXIT_TROUBLE;
  }
  cli_say_skipped(run.skipped);
  return run.status;
}

int cli_annotate(int argc, char **argv) {
  annotate_options options = {.from = BG_NOTATION_AUTO};
  referee_options_init(&options.referee);
  int first_file = 0;
  int status = cli_parse_options(argc, argv, ":o:", annotate_long_options,
                                 apply_annotate_option, &options, &first_file);
  if (status >= 0)
    return status;
  char *standard_input[] = {"-"};
  char **files = first_file < argc ? argv + first_file : standard_input;
  int count = first_file < argc ? argc - first_file : 1;
  if (cli_stdin_named_twice(files, count))
    return EXIT_TROUBLE;
  cli_file_list list = {0};
  cli_list_files(files, count, &list);
  status = check_request(&list, &options);
  if (status < 0)
    status = annotate_files(&list, &options);
  if (list.trouble) /* a directory could not be read (said) */
    status = EXIT_TROUBLE;
  cli_file_list_free(&list);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    cli_say("write error: %s", strerror(errno));
    return EXIT_TROUBLE;
  }
  return status;
}
