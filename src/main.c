/*
 * main.c — the bgmatch command line: parses options, opens the files, hands
 * each match to the reader and the referee, and turns what the diagnostic
 * sink counted into a summary line and an exit status.  It knows no rule.
 *
 * Exit status: 0 every record valid, 1 a record breaks a rule, 2 the tool
 * could not do its job (bad usage, unreadable file, I/O error).
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "match.h"
#include "progress.h"
#include "read_mat.h"
#include "referee.h"

#define BGMATCH_VERSION "0.1.0"

enum { EXIT_VALID = 0, EXIT_BROKEN = 1, EXIT_TROUBLE = 2 };

static const char *const usage_text =
    "Usage: bgmatch check [OPTION...] [FILE...]\n"
    "       bgmatch --help | --version\n"
    "Checks backgammon match records (.mat) against the rules of the game.\n"
    "\n"
    "Commands:\n"
    "  check                 validate records; diagnostics on standard output\n"
    "  convert, annotate, show, stats\n"
    "                        planned, not implemented yet\n"
    "\n"
    "Options of check:\n"
    "  --format=text|json    diagnostics as FILE:LINE:COL: lines (the default)\n"
    "                        or as one JSON object a line\n"
    "  --strict              warnings count as errors for the exit status\n"
    "  --jacoby, --no-jacoby        gammons count only once the cube is turned\n"
    "  --crawford, --no-crawford    no double in the Crawford game of a match\n"
    "  --beavers, --no-beavers      beavers allowed in money play\n"
    "                        (these override the record's own header tags)\n"
    "  --help                show this help and exit\n"
    "  --version             show the version and exit\n"
    "\n"
    "With no FILE, or when FILE is -, standard input is read.\n"
    "A summary line goes to standard error.\n"
    "Exit status: 0 all records valid, 1 a record breaks a rule,\n"
    "2 the tool could not do its job (bad usage, unreadable file).\n";

typedef struct {
  bg_diag_format format;
  bool strict;
  bg_referee_options referee;
} check_options;

/* Totals over all files, for the summary line and the exit status. */
typedef struct {
  long files;
  long files_with_errors;
  long errors;
  long warnings;
  bool trouble; /* the tool could not do its job for some file */
} check_totals;

/* Prints "bgmatch: MESSAGE" on stderr after whatever stdout holds, so a
 * terminal shows messages in the order things happened. */
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fflush(stdout);
  fputs("bgmatch: ", stderr);
  vfprintf(stderr, fmt, args);
  fputc('\n', stderr);
  va_end(args);
}

/* A usage error: one line on stderr, exit status 2. */
static int usage_error(const char *what, const char *word) {
  say("%s '%s' (try 'bgmatch --help')", what, word);
  return EXIT_TROUBLE;
}

static int print_help(void) {
  fputs(usage_text, stdout);
  return EXIT_VALID;
}

static int print_version(void) {
  fputs("bgmatch " BGMATCH_VERSION "\n", stdout);
  return EXIT_VALID;
}

/* Opens `path` for reading; a directory is refused here, because fopen
 * accepts one and only the first read would fail. */
static FILE *open_input(const char *path) {
  FILE *in = fopen(path, "rb");
  if (!in)
    return NULL;
  struct stat st;
  if (fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(in);
    errno = EISDIR;
    return NULL;
  }
  return in;
}

/* Reads every match of one input and referees it; diagnostics are printed
 * match by match.  Returns false when the tool could not read the input. */
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

static bool check_stream(FILE *in, const char *name, const check_options *options,
                         bg_diag_sink *sink, progress *bar) {
  bg_mat_reader *reader = mat_reader_new(in, name, sink);
  if (!reader) {
    progress_erase(bar);
    say("%s: out of memory", name);
    return false;
  }
  bg_match *match;
  while ((match = mat_reader_next(reader)) != NULL) {
    referee_check_match(match, &options->referee, sink);
    print_diagnostics(sink, bar);
    match_free(match);
  }
  print_diagnostics(sink, bar);
  bool ok = !mat_reader_io_error(reader);
  mat_reader_free(reader);
  if (!ok) {
    progress_erase(bar);
    say("%s: read error", name);
  }
  return ok;
}

/* Checks one command-line operand ("-" is standard input) and adds to totals. */
static void check_file(const char *path, const check_options *options, bg_diag_sink *sink,
                       check_totals *totals, progress *bar) {
  bool is_stdin = strcmp(path, "-") == 0;
  const char *name = is_stdin ? "<stdin>" : path;
  FILE *in = is_stdin ? stdin : open_input(path);
  if (!in) {
    progress_erase(bar);
    say("%s: %s", path, strerror(errno));
    totals->trouble = true;
    return;
  }
  long errors_before = sink->errors, warnings_before = sink->warnings;
  if (!check_stream(in, name, options, sink, bar))
    totals->trouble = true;
  long bytes_read = ftell(in); /* -1 on a pipe: counts as nothing */
  progress_step(bar, bytes_read > 0 ? (double)bytes_read : 0.0);
  if (!is_stdin)
    fclose(in);
  long errors = sink->errors - errors_before;
  long warnings = sink->warnings - warnings_before;
  totals->files++;
  totals->errors += errors;
  totals->warnings += warnings;
  if (errors > 0 || (options->strict && warnings > 0))
    totals->files_with_errors++;
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
}

/* Long options of `check`; the values above 255 keep clear of short options. */
enum {
  OPT_FORMAT = 256,
  OPT_STRICT,
  OPT_JACOBY,
  OPT_NO_JACOBY,
  OPT_CRAWFORD,
  OPT_NO_CRAWFORD,
  OPT_BEAVERS,
  OPT_NO_BEAVERS,
  OPT_HELP,
  OPT_VERSION,
};

static const struct option check_long_options[] = {
    {"format", required_argument, NULL, OPT_FORMAT},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"jacoby", no_argument, NULL, OPT_JACOBY},
    {"no-jacoby", no_argument, NULL, OPT_NO_JACOBY},
    {"crawford", no_argument, NULL, OPT_CRAWFORD},
    {"no-crawford", no_argument, NULL, OPT_NO_CRAWFORD},
    {"beavers", no_argument, NULL, OPT_BEAVERS},
    {"no-beavers", no_argument, NULL, OPT_NO_BEAVERS},
    {"help", no_argument, NULL, OPT_HELP},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* Applies one parsed option; returns -1 to go on, else an exit status. */
static int apply_option(int opt, const char *arg, const char *word,
                        check_options *options) {
  switch (opt) {
  case OPT_FORMAT:
    if (strcmp(arg, "text") == 0)
      options->format = DIAG_TEXT;
    else if (strcmp(arg, "json") == 0)
      options->format = DIAG_JSON;
    else
      return usage_error("--format takes text or json, not", arg);
    return -1;
  case OPT_STRICT:
    options->strict = true;
    return -1;
  case OPT_JACOBY:
  case OPT_NO_JACOBY:
    options->referee.jacoby = opt == OPT_JACOBY ? RULE_ON : RULE_OFF;
    return -1;
  case OPT_CRAWFORD:
  case OPT_NO_CRAWFORD:
    options->referee.crawford = opt == OPT_CRAWFORD ? RULE_ON : RULE_OFF;
    return -1;
  case OPT_BEAVERS:
  case OPT_NO_BEAVERS:
    options->referee.beavers = opt == OPT_BEAVERS ? RULE_ON : RULE_OFF;
    return -1;
  case OPT_HELP:
    return print_help();
  case OPT_VERSION:
    return print_version();
  case ':':
    return usage_error("a value is missing after", word);
  default:
    return usage_error("unknown option", word);
  }
}

/* Parses the options of `check` (argv[0] is "check"); on success sets
 * *first_file to the index of the first operand and returns -1. */
static int parse_check_options(int argc, char **argv, check_options *options,
                               int *first_file) {
  options->format = DIAG_TEXT;
  options->strict = false;
  referee_options_init(&options->referee);
  opterr = 0;
  optind = 1;
  int opt;
  while ((opt = getopt_long(argc, argv, ":", check_long_options, NULL)) != -1) {
    const char *word = argv[optind - 1];
    if (opt == '?' && optopt != 0) {
      char short_option[3] = {'-', (char)optopt, '\0'};
      return usage_error("unknown option", short_option);
    }
    int status = apply_option(opt, optarg, word, options);
    if (status >= 0)
      return status;
  }
  *first_file = optind;
  return -1;
}

/* Standard input can be read only once: a second "-" would find it empty
 * and report a file with no match, which is not what was asked for. */
static bool stdin_named_twice(int argc, char **argv, int first_file) {
  int seen = 0;
  for (int i = first_file; i < argc; i++)
    seen += strcmp(argv[i], "-") == 0;
  return seen > 1;
}

static int run_check(int argc, char **argv) {
  check_options options;
  int first_file = 0;
  int status = parse_check_options(argc, argv, &options, &first_file);
  if (status >= 0)
    return status;
  if (stdin_named_twice(argc, argv, first_file)) {
    say("'-' (standard input) is given more than once; it can be read only once "
        "(try 'bgmatch --help')");
    return EXIT_TROUBLE;
  }

  /* Diagnostics can be many: a large buffer, flushed at the end. */
  static char out_buffer[1 << 16];
  setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);

  bg_diag_sink sink;
  diag_sink_init(&sink, stdout, options.format);
  /* Colour only for a person at a terminal, and never under NO_COLOR. */
  const char *no_colour = getenv("NO_COLOR");
  sink.colour = isatty(STDOUT_FILENO) && !(no_colour && *no_colour);
  check_totals totals = {0};
  progress bar;
  progress_init(&bar, argc - first_file);
  if (first_file == argc)
    check_file("-", &options, &sink, &totals, &bar);
  for (int i = first_file; i < argc; i++)
    check_file(argv[i], &options, &sink, &totals, &bar);
  progress_erase(&bar);
  diag_sink_free(&sink);

  if (fflush(stdout) != 0 || ferror(stdout)) {
    say("write error: %s", strerror(errno));
    totals.trouble = true;
  }
  print_summary(&totals);
  if (totals.trouble)
    return EXIT_TROUBLE;
  bool broken = totals.errors > 0 || (options.strict && totals.warnings > 0);
  return broken ? EXIT_BROKEN : EXIT_VALID;
}

static bool is_planned_command(const char *command) {
  static const char *const planned[] = {"convert", "annotate", "show", "stats"};
  for (size_t i = 0; i < sizeof planned / sizeof planned[0]; i++)
    if (strcmp(command, planned[i]) == 0)
      return true;
  return false;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    say("no command given (try 'bgmatch --help')");
    return EXIT_TROUBLE;
  }
  const char *command = argv[1];
  if (strcmp(command, "--help") == 0)
    return print_help();
  if (strcmp(command, "--version") == 0)
    return print_version();
  if (strcmp(command, "check") == 0)
    return run_check(argc - 1, argv + 1);
  if (is_planned_command(command)) {
    say("'%s' is not implemented yet", command);
    return EXIT_TROUBLE;
  }
  if (command[0] == '-')
    return usage_error("unknown option", command);
  return usage_error("unknown command", command);
}
