/*
 * cli_annotate.c — `bgmatch annotate [--board] [--ids] [--format
 * text|html] [-o OUT] [FILE]`: reads one record (any notation the readers
 * know), collects its diagnostics with their positions (annotate.h) and
 * writes the listing as text or as one HTML page.  Standard input is
 * held in a temporary file first: the listing reads the record's lines
 * again after the readers.  Exit status as check's.
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
 * not be read (said on stderr). */
static bool collect(FILE *in, const char *name, const annotate_options *options,
                    bg_diag_sink *sink, annotate_report *report) {
  const char *reason;
  bg_reader *reader = reader_open(in, name, sink, options->from, &reason);
  if (!reader) {
    cli_say("%s: %s", name, reason);
    return false;
  }
  bool ok = true;
  bg_match *match;
  while ((match = reader_next(reader)) != NULL) {
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

static int annotate_input(FILE *in, const char *name, const annotate_options *options) {
  bg_outfile out;
  if (!outfile_open(&out, options->output)) {
    cli_say("%s: %s", options->output, strerror(errno));
    return EXIT_TROUBLE;
  }
  bg_diag_sink sink; /* holds, never prints: the listing says it all */
  diag_sink_init(&sink, NULL, DIAG_TEXT);
  annotate_report report;
  annotate_report_init(&report);
  bool read = collect(in, name, options, &sink, &report);
  bool written = write_report(out.stream, in, name, options, &report);
  int status = !read || !written   ? EXIT_TROUBLE
               : report.errors > 0 ? EXIT_BROKEN
                                   : EXIT_VALID;
  annotate_report_free(&report);
  diag_sink_free(&sink);
  if (!written) {
    outfile_abandon(&out);
    if (read) /* else the reader said why */
      cli_say("%s: read error", name);
  } else if (!outfile_commit(&out)) {
    cli_say("%s: write error: %s", options->output ? options->output : "standard output",
            strerror(errno));
    return EXIT_TROUBLE;
  }
  return status;
}

int cli_annotate(int argc, char **argv) {
  annotate_options options = {.from = BG_NOTATION_AUTO};
  referee_options_init(&options.referee);
  int first_file = 0;
  int status = cli_parse_options(argc, argv, ":o:", annotate_long_options,
                                 apply_annotate_option, &options, &first_file);
  if (status >= 0)
    return status;
  if (first_file < argc - 1) {
    cli_say("annotate takes one FILE (try 'bgmatch --help')");
    return EXIT_TROUBLE;
  }
  const char *path = first_file < argc ? argv[first_file] : "-";
  bool is_stdin = strcmp(path, "-") == 0;
  if (!is_stdin && options.output && outfile_is_input(options.output, path)) {
    cli_say("%s: the output would overwrite the input", options.output);
    return EXIT_TROUBLE;
  }
  FILE *in = is_stdin ? hold_stdin() : cli_open_input(path);
  if (!in) {
    cli_say("%s: %s", path, strerror(errno));
    return EXIT_TROUBLE;
  }
  status = annotate_input(in, is_stdin ? "<stdin>" : path, &options);
  fclose(in);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    cli_say("write error: %s", strerror(errno));
    return EXIT_TROUBLE;
  }
  return status;
}
