/*
 * main.c — the bgmatch command line: parses options, opens the files, hands
 * each match to the reader and the referee (check) or the writer (convert),
 * and turns what the diagnostic sink counted into an exit status.  It
 * knows no rule and no notation.
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

#include "alloc.h"
#include "diag.h"
#include "match.h"
#include "outfile.h"
#include "progress.h"
#include "read_mat.h"
#include "referee.h"
#include "writer.h"

#define BGMATCH_VERSION "0.1.0"

enum { EXIT_VALID = 0, EXIT_BROKEN = 1, EXIT_TROUBLE = 2 };

static const char *const usage_text =
    "Usage: bgmatch check [OPTION...] [FILE...]\n"
    "       bgmatch convert --to=FORMAT [-o OUT] [OPTION...] [FILE...]\n"
    "       bgmatch --help | --version\n"
    "Checks backgammon match records (.mat) against the rules of the game,\n"
    "and converts them.\n"
    "\n"
    "Commands:\n"
    "  check                 validate records; diagnostics on standard output\n"
    "  convert               write records in a notation; diagnostics on\n"
    "                        standard error\n"
    "  annotate, show, stats planned, not implemented yet\n"
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
    "Options of convert (and the rule options of check):\n"
    "  --to=FORMAT           the notation to write: mat (the canonical .mat\n"
    "                        layout, which GNU Backgammon imports)\n"
    "  --from=FORMAT         the notation read: mat (without it, recognised\n"
    "                        from the content)\n"
    "  -o, --output=OUT      write OUT, atomically, instead of standard output;\n"
    "                        never one of the inputs\n"
    "  --strict              write no match that has an error or a warning\n"
    "\n"
    "With no FILE, or when FILE is -, standard input is read.\n"
    "check writes a summary line to standard error.\n"
    "Exit status: 0 all records valid, 1 a record breaks a rule,\n"
    "2 the tool could not do its job (bad usage, unreadable file, write error).\n";

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
  OPT_TO,
  OPT_FROM,
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

/* The rule options check and convert share; false when `opt` is none. */
static bool apply_rule_option(int opt, bg_referee_options *rules) {
  switch (opt) {
  case OPT_JACOBY:
  case OPT_NO_JACOBY:
    rules->jacoby = opt == OPT_JACOBY ? RULE_ON : RULE_OFF;
    return true;
  case OPT_CRAWFORD:
  case OPT_NO_CRAWFORD:
    rules->crawford = opt == OPT_CRAWFORD ? RULE_ON : RULE_OFF;
    return true;
  case OPT_BEAVERS:
  case OPT_NO_BEAVERS:
    rules->beavers = opt == OPT_BEAVERS ? RULE_ON : RULE_OFF;
    return true;
  default:
    return false;
  }
}

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
  case OPT_HELP:
    return print_help();
  case OPT_VERSION:
    return print_version();
  case ':':
    return usage_error("a value is missing after", word);
  default:
    return apply_rule_option(opt, &options->referee)
               ? -1
               : usage_error("unknown option", word);
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

/* ---- convert ------------------------------------------------------------ */

typedef struct {
  bg_format to;
  bool to_given;
  const char *output; /* -o; NULL for standard output */
  bool strict;
  bg_referee_options referee;
} convert_options;

typedef struct {
  long errors, warnings;
  long written; /* matches written to the output */
  bool trouble; /* an input could not be read */
  int write_errno;
} convert_totals;

/* Writes one match; under --strict only when nothing was said about it
 * (since `errors`, `warnings`), so it is written to memory first. */
static bool convert_match(const bg_match *match, const convert_options *options,
                          bg_diag_sink *sink, FILE *out, bool first, long errors,
                          long warnings) {
  char *held = NULL;
  size_t held_size = 0;
  FILE *to = options->strict ? open_memstream(&held, &held_size) : out;
  if (!to)
    bg_out_of_memory();
  bg_replay *replay = bg_replay_new(match, &options->referee, sink);
  bool ok = writer_write(options->to, to, match, replay, first);
  bg_replay_free(replay);
  if (!options->strict)
    return ok;
  ok = fclose(to) == 0 && ok;
  if (ok && sink->errors == errors && sink->warnings == warnings)
    ok = fwrite(held, 1, held_size, out) == held_size;
  free(held);
  return ok;
}

/* Converts every match of one input into `out`.  Returns false when it
 * could not be read. */
static bool convert_stream(FILE *in, const char *name, const convert_options *options,
                           bg_diag_sink *sink, FILE *out, convert_totals *totals) {
  bg_mat_reader *reader = mat_reader_new(in, name, sink);
  if (!reader) {
    say("%s: out of memory", name);
    return false;
  }
  long errors = sink->errors, warnings = sink->warnings;
  bg_match *match;
  for (int index = 1; !totals->write_errno && (match = mat_reader_next(reader));
       index++) {
    errno = 0;
    if (!convert_match(match, options, sink, out, totals->written == 0, errors, warnings))
      totals->write_errno = errno ? errno : EIO;
    bool quiet = sink->errors == errors && sink->warnings == warnings;
    diag_flush(sink);
    if (options->strict && !quiet)
      say("%s: match %d not written (--strict: it has errors or warnings)", name, index);
    totals->written += quiet || !options->strict;
    errors = sink->errors;
    warnings = sink->warnings;
    match_free(match);
  }
  diag_flush(sink);
  bool ok = !mat_reader_io_error(reader);
  mat_reader_free(reader);
  if (!ok)
    say("%s: read error", name);
  return ok;
}

static void convert_file(const char *path, const convert_options *options,
                         bg_diag_sink *sink, FILE *out, convert_totals *totals) {
  bool is_stdin = strcmp(path, "-") == 0;
  FILE *in = is_stdin ? stdin : open_input(path);
  if (!in) {
    say("%s: %s", path, strerror(errno));
    totals->trouble = true;
    return;
  }
  long errors = sink->errors, warnings = sink->warnings;
  if (!convert_stream(in, is_stdin ? "<stdin>" : path, options, sink, out, totals))
    totals->trouble = true;
  if (!is_stdin)
    fclose(in);
  totals->errors += sink->errors - errors;
  totals->warnings += sink->warnings - warnings;
}

static const struct option convert_long_options[] = {
    {"to", required_argument, NULL, OPT_TO},
    {"from", required_argument, NULL, OPT_FROM},
    {"output", required_argument, NULL, 'o'},
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

/* Applies one option of convert; returns -1 to go on, else an exit status. */
static int apply_convert_option(int opt, const char *arg, const char *word,
                                convert_options *options) {
  switch (opt) {
  case OPT_TO:
    options->to_given = writer_format_named(arg, &options->to);
    return options->to_given ? -1 : usage_error("--to does not know the format", arg);
  case OPT_FROM: /* the only notation read today; recognised without it */
    return strcmp(arg, "mat") == 0 ? -1 : usage_error("--from takes mat, not", arg);
  case 'o':
    options->output = strcmp(arg, "-") == 0 ? NULL : arg;
    return -1;
  case OPT_STRICT:
    options->strict = true;
    return -1;
  case OPT_HELP:
    return print_help();
  case OPT_VERSION:
    return print_version();
  case ':':
    return usage_error("a value is missing after", word);
  default:
    return apply_rule_option(opt, &options->referee)
               ? -1
               : usage_error("unknown option", word);
  }
}

static int parse_convert_options(int argc, char **argv, convert_options *options,
                                 int *first_file) {
  memset(options, 0, sizeof *options);
  referee_options_init(&options->referee);
  opterr = 0;
  optind = 1;
  int opt;
  while ((opt = getopt_long(argc, argv, ":o:", convert_long_options, NULL)) != -1) {
    const char *word = argv[optind - 1];
    if (opt == '?' && optopt != 0) {
      char short_option[3] = {'-', (char)optopt, '\0'};
      return usage_error("unknown option", short_option);
    }
    int status = apply_convert_option(opt, optarg, word, options);
    if (status >= 0)
      return status;
  }
  if (!options->to_given) {
    say("convert needs --to=FORMAT, the notation to write (try 'bgmatch --help')");
    return EXIT_TROUBLE;
  }
  *first_file = optind;
  return -1;
}

/* The output is never one of the inputs: refused before anything is read,
 * the input left as it is. */
static bool output_is_an_input(const char *output, char **files, int count) {
  for (int i = 0; i < count; i++)
    if (outfile_is_input(output, files[i])) {
      say("%s is %s: not writing over it", output ? output : "standard output",
          strcmp(files[i], "-") == 0 ? "standard input" : "one of the inputs");
      return true;
    }
  return false;
}

/* Puts the output in place (-o) or flushes it, unless the job could not
 * be done; returns the exit status. */
static int finish_convert(bg_outfile *out, const convert_options *options,
                          const convert_totals *totals) {
  if (totals->write_errno) {
    outfile_abandon(out);
    say("%s: write error: %s", options->output ? options->output : "standard output",
        strerror(totals->write_errno));
    return EXIT_TROUBLE;
  }
  if (options->output && (totals->trouble || totals->written == 0)) {
    outfile_abandon(out);
    say("%s not written: %s", options->output,
        totals->trouble ? "an input could not be read" : "no match to write");
  } else if (!outfile_commit(out)) {
    say("%s: write error: %s", options->output ? options->output : "standard output",
        strerror(errno));
    return EXIT_TROUBLE;
  }
  if (totals->trouble)
    return EXIT_TROUBLE;
  bool broken = totals->errors > 0 || (options->strict && totals->warnings > 0);
  return broken ? EXIT_BROKEN : EXIT_VALID;
}

static int run_convert(int argc, char **argv) {
  convert_options options;
  int first_file = 0;
  int status = parse_convert_options(argc, argv, &options, &first_file);
  if (status >= 0)
    return status;
  char *standard_input[] = {"-"};
  char **files = first_file < argc ? argv + first_file : standard_input;
  int count = first_file < argc ? argc - first_file : 1;
  if (stdin_named_twice(count, files, 0)) {
    say("'-' (standard input) is given more than once; it can be read only once "
        "(try 'bgmatch --help')");
    return EXIT_TROUBLE;
  }
  if (output_is_an_input(options.output, files, count))
    return EXIT_TROUBLE;
  bg_outfile out;
  if (!outfile_open(&out, options.output)) {
    say("%s: %s", options.output, strerror(errno));
    return EXIT_TROUBLE;
  }
  bg_diag_sink sink;
  diag_sink_init(&sink, stderr, DIAG_TEXT);
  const char *no_colour = getenv("NO_COLOR");
  sink.colour = isatty(STDERR_FILENO) && !(no_colour && *no_colour);
  convert_totals totals = {0};
  for (int i = 0; i < count && !totals.write_errno; i++)
    convert_file(files[i], &options, &sink, out.stream, &totals);
  diag_sink_free(&sink);
  return finish_convert(&out, &options, &totals);
}

static bool is_planned_command(const char *command) {
  static const char *const planned[] = {"annotate", "show", "stats"};
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
  if (strcmp(command, "convert") == 0)
    return run_convert(argc - 1, argv + 1);
  if (is_planned_command(command)) {
    say("'%s' is not implemented yet", command);
    return EXIT_TROUBLE;
  }
  if (command[0] == '-')
    return usage_error("unknown option", command);
  return usage_error("unknown command", command);
}
