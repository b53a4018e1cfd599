/*
 * cli.c — the command-line pieces every command shares (cli.h): messages,
 * the help text, the common options, opening inputs and writing outputs
 * atomically.
 */
/* realpath() (an output file's identity) is an X/Open function, beyond the
 * POSIX base the build asks for; a feature-test macro is a reserved name
 * by design. */
// NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp)
#define _XOPEN_SOURCE 700

#include "cli.h"

#include <errno.h>
#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const usage_text =
    "Usage: bgmatch check [OPTION...] [FILE...]\n"
    "       bgmatch convert --to=FORMAT [-o OUT | -d DIR] [OPTION...] [FILE...]\n"
    "       bgmatch show FILE (--game=G --play=N | --line=L [--col=C])\n"
    "                        [--format=text|json] [OPTION...]\n"
    "       bgmatch stats [--format=text|json] [OPTION...] [FILE...]\n"
    "       bgmatch annotate [--board] [--ids] [-C N] [--problems]\n"
    "                        [--format=text|html] [-o OUT]\n"
    "                        [OPTION...] [FILE...]\n"
    "       bgmatch -h | --help | --version\n"
    "Checks backgammon match records against the rules of the game,\n"
    "converts them from one notation to another and shows their positions.\n"
    "\n"
    "Commands:\n"
    "  check                 validate records; diagnostics on standard output\n"
    "  convert               write records in a notation; diagnostics on\n"
    "                        standard error\n"
    "  show                  the position before one play: a text board, the\n"
    "                        dice, the legal plays, the Position ID, Match ID\n"
    "                        and XGID\n"
    "  stats                 counts per file and in total: matches, games,\n"
    "                        plays, cube actions, gammons, resignations,\n"
    "                        Crawford games, pips per game, problems by rule\n"
    "  annotate              the record's lines, numbered, each problem under\n"
    "                        its line with a caret, the legal plays and the\n"
    "                        position before the action; text or HTML\n"
    "\n"
    "Options of check:\n"
    "  --format=text|json    diagnostics as FILE:LINE:COL: lines (the default)\n"
    "                        or as one JSON object a line\n"
    "  --from=auto|mat|yaml|sgf|xg\n"
    "                        the notation of the input: recognised from its\n"
    "                        content (auto, the default) or the one named\n"
    "  --strict              warnings count as errors for the exit status\n"
    "  -l, --files-with-errors      print only the names of files with errors\n"
    "  -L, --files-without-errors   print only the names of files without\n"
    "  -q, --quiet           print nothing: the exit status says it\n"
    "  -j, --jobs=N          check N files at once (0: one a processor); the\n"
    "                        output is the same, in the order of the files\n"
    "  --jacoby, --no-jacoby        gammons count only once the cube is turned\n"
    "  --crawford, --no-crawford    no double in the Crawford game of a match\n"
    "  --beavers, --no-beavers      beavers allowed in money play\n"
    "                        (these override the record's own header tags)\n"
    "  -h, --help            show this help and exit (every command takes it)\n"
    "  --version             show the version and exit\n"
    "\n"
    "Options of convert (and --from and the rule options of check):\n"
    "  --to=mat|yaml|json|sgf\n"
    "                        the notation to write: mat (the canonical .mat\n"
    "                        layout, which GNU Backgammon imports), yaml\n"
    "                        (bgmatch's notation, bgmatch(5)), json (the\n"
    "                        same, one object a match a line) or sgf (GNU\n"
    "                        Backgammon's saved matches)\n"
    "  -o, --output=OUT      write OUT, atomically, instead of standard output;\n"
    "                        never one of the inputs\n"
    "  -d, --directory=DIR   write one file in DIR for each FILE, atomically:\n"
    "                        its name without .gz and its extension, then the\n"
    "                        notation's (s002.txt.gz gives s002.yaml)\n"
    "  --strict              write no match that has an error or a warning\n"
    "\n"
    "Options of show (and --from and the rule options of check):\n"
    "  --game=G              the game, from 1\n"
    "  --play=N              the play, from 1 in the game across both players:\n"
    "                        one a turn with dice (cube actions are none)\n"
    "  --line=L, --col=C     instead: the play a diagnostic at L:C names\n"
    "  --match=M             the match of a file that holds several (default 1)\n"
    "  --format=text|json    a text board (the default) or one JSON object\n"
    "\n"
    "Options of stats: --format=text|json, --from and the rule options.\n"
    "\n"
    "Options of annotate (and --from and the rule options of check):\n"
    "  --board               the text board of the position before each problem\n"
    "  --ids                 its Position ID and Match ID\n"
    "  -C, --context=N       only the lines within N of each problem\n"
    "  --problems            only the files with an error or a warning\n"
    "  --format=text|html    a text listing (the default), one file's after\n"
    "                        another under its name, or one HTML page with an\n"
    "                        SVG board under each problem (several files: a\n"
    "                        table of them on top, linked to their sections)\n"
    "  -o, --output=OUT      write OUT, atomically, instead of standard output\n"
    "\n"
    "With no FILE, or when FILE is -, standard input is read.  A directory is\n"
    "walked (check, stats, annotate): every .mat .txt .yaml .yml .sgf .xg file\n"
    "under it is read, also gzip-compressed (.gz), and a .txt in it that holds\n"
    "no match (notes) is skipped; a gzip file is read whatever its name.\n"
    "check writes a summary line to standard error.\n"
    "Exit status: 0 all records valid, 1 a record breaks a rule,\n"
    "2 the tool could not do its job (bad usage, unreadable file, write error).\n";

void cli_say(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fflush(stdout);
  fputs("bgmatch: ", stderr);
  vfprintf(stderr, fmt, args);
  fputc('\n', stderr);
  va_end(args);
}

int cli_usage_error(const char *what, const char *word) {
  cli_say("%s '%s' (try 'bgmatch --help')", what, word);
  return EXIT_TROUBLE;
}

int cli_print_help(void) {
  fputs(usage_text, stdout);
  return EXIT_VALID;
}

int cli_print_version(void) {
  fputs("bgmatch " BGMATCH_VERSION "\n", stdout);
  return EXIT_VALID;
}

int cli_apply_common_option(int opt, const char *word, bg_replay_options *rules) {
  switch (opt) {
  case OPT_JACOBY:
  case OPT_NO_JACOBY:
    rules->jacoby = opt == OPT_JACOBY ? RULE_ON : RULE_OFF;
    return -1;
  case OPT_CRAWFORD:
  case OPT_NO_CRAWFORD:
    rules->crawford = opt == OPT_CRAWFORD ? RULE_ON : RULE_OFF;
    return -1;
  case OPT_BEAVERS:
  case OPT_NO_BEAVERS:
    rules->beavers = opt == OPT_BEAVERS ? RULE_ON : RULE_OFF;
    return -1;
  case OPT_HELP:
  case 'h':
    return cli_print_help();
  case OPT_VERSION:
    return cli_print_version();
  case ':':
    return cli_usage_error("a value is missing after", word);
  default:
    return cli_usage_error("unknown option", word);
  }
}

int cli_parse_options(int argc, char **argv, const char *short_options,
                      const struct option *long_options,
                      int (*apply)(int opt, const char *arg, const char *word,
                                   void *options),
                      void *options, int *first_file) {
  /* Every command takes -h as it takes --help: added here, so that no
   * command can leave it out. */
  char shorts[64];
  snprintf(shorts, sizeof shorts, "%sh", short_options);
  opterr = 0;
  optind = 1;
  int opt;
  while ((opt = getopt_long(argc, argv, shorts, long_options, NULL)) != -1) {
    const char *word = argv[optind - 1];
    if (opt == '?' && optopt != 0) {
      char short_option[3] = {'-', (char)optopt, '\0'};
      return cli_usage_error("unknown option", short_option);
    }
    int status = apply(opt, optarg, word, options);
    if (status >= 0)
      return status;
  }
  *first_file = optind;
  return -1;
}

int cli_apply_from(const char *arg, bg_notation *from) {
  if (!reader_notation_parse(arg, from))
    return cli_usage_error("--from takes auto, mat, yaml, sgf or xg, not", arg);
  return -1;
}

int cli_apply_format(const char *arg, bool *json) {
  if (strcmp(arg, "text") != 0 && strcmp(arg, "json") != 0)
    return cli_usage_error("--format takes text or json, not", arg);
  *json = strcmp(arg, "json") == 0;
  return -1;
}

const char *cli_plural(long n, const char *one, const char *many) {
  return n == 1 ? one : many;
}

FILE *cli_open_input(const char *path) {
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

static bool stdin_named_twice(char **files, int count) {
  int seen = 0;
  for (int i = 0; i < count; i++)
    seen += strcmp(files[i], "-") == 0;
  if (seen > 1)
    cli_say("'-' (standard input) is given more than once; it can be read only once "
            "(try 'bgmatch --help')");
  return seen > 1;
}

char **cli_operands(int argc, char **argv, int first_file, int *count) {
  if (first_file >= argc) {
    static char *standard_input[] = {"-"};
    *count = 1;
    return standard_input;
  }
  *count = argc - first_file;
  return stdin_named_twice(argv + first_file, *count) ? NULL : argv + first_file;
}

bool cli_stdout_written(void) {
  if (fflush(stdout) == 0 && !ferror(stdout))
    return true;
  cli_say("write error: %s", strerror(errno));
  return false;
}

void cli_say_skipped(long skipped) {
  if (skipped == 0)
    return;
  fflush(stdout);
  fprintf(stderr,
          "%ld other %s skipped: not a record (.mat .txt .yaml .yml .sgf .xg, or .gz), "
          "or a .txt with no match\n",
          skipped, cli_plural(skipped, "file", "files"));
}

bool cli_colour(int fd) {
  const char *no_colour = getenv("NO_COLOR");
  return isatty(fd) && !(no_colour && *no_colour);
}

void cli_tune_memory(void) {
#ifdef __GLIBC__
  /* Each record gets buffers of 100 KB and more (the input's block, the
   * replay); above glibc's default threshold of 128 KB, or once its dynamic
   * threshold falls back, they are mapped and unmapped again for every
   * file, and the page faults of zeroing them cost a quarter of the time of
   * checking an archive of small records, and serialise threads (-j) on
   * the kernel's lock of the address space.  Kept in the heap instead. */
  mallopt(M_MMAP_THRESHOLD, 8 << 20);
  mallopt(M_TRIM_THRESHOLD, 16 << 20);
#endif
}

const char *cli_each_match(bg_reader *reader, bg_diag_sink *sink, cli_match_fn each,
                           void *data, long *matches) {
  bg_match *match;
  while ((match = reader_next(reader)) != NULL) {
    ++*matches;
    if (reader_io_error(reader)) {
      diag_discard(sink);
      match_free(match);
      break;
    }
    if (!each(match, data))
      break;
  }
  return reader_error_reason(reader);
}

/* ---- output files (cli.h): written atomically: mkstemp beside the
 * target, fsync, rename ------------------------------------------------- */

static bool is_stdout(const char *path) {
  return !path || strcmp(path, "-") == 0;
}

/* ---- interruptions: the temporary file goes with the program ----------- */

/* The signals that end a program someone stopped (^C, kill, a closed
 * terminal): each removes the temporary file being written, so that an
 * interrupted command leaves its directory as it found it. */
static const int interruptions[] = {SIGINT, SIGTERM, SIGHUP};
#define INTERRUPTION_COUNT (sizeof interruptions / sizeof *interruptions)

/* The temporary file being written, NULL when none.  One at a time: the
 * commands write their outputs one after another. */
static char *volatile temporary_in_writing;

/* Removes the temporary file, then dies of the same signal, so that the
 * parent sees the interruption (a shell says 128 + its number).  Only
 * async-signal-safe calls. */
static void remove_temporary_and_die(int signal_number) {
  char *temporary = temporary_in_writing;
  if (temporary)
    unlink(temporary);
  struct sigaction default_action = {.sa_handler = SIG_DFL};
  sigemptyset(&default_action.sa_mask);
  sigaction(signal_number, &default_action, NULL);
  raise(signal_number); /* delivered as this handler returns */
}

/* Installs the handler once, for each signal not ignored: a signal the
 * parent ignores (nohup) ends nothing, and must stay ignored. */
static void catch_interruptions(void) {
  static bool caught;
  if (caught)
    return;
  caught = true;
  struct sigaction action = {.sa_handler = remove_temporary_and_die};
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < INTERRUPTION_COUNT; i++)
    sigaddset(&action.sa_mask, interruptions[i]);
  for (size_t i = 0; i < INTERRUPTION_COUNT; i++) {
    struct sigaction old;
    if (sigaction(interruptions[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
      sigaction(interruptions[i], &action, NULL);
  }
}

/* Holds the interruptions back while the temporary file is made, renamed
 * or removed and temporary_in_writing follows it: a signal in between
 * would leave a file the handler does not know of, or remove a name
 * already renamed. */
static void hold_interruptions(sigset_t *old) {
  sigset_t held;
  sigemptyset(&held);
  for (size_t i = 0; i < INTERRUPTION_COUNT; i++)
    sigaddset(&held, interruptions[i]);
  sigprocmask(SIG_BLOCK, &held, old);
}

static void release_interruptions(const sigset_t *old) {
  sigprocmask(SIG_SETMASK, old, NULL);
}

/* "DIR/.NAME.XXXXXX" beside `target`: a hidden name in the same
 * directory, so that the rename stays on one file system. */
static char *temporary_name(const char *target) {
  const char *slash = strrchr(target, '/');
  int dir_length = slash ? (int)(slash - target + 1) : 0;
  size_t size = strlen(target) + sizeof "..XXXXXX";
  char *name = malloc(size);
  if (name)
    snprintf(name, size, "%.*s.%s.XXXXXX", dir_length, target, target + dir_length);
  return name;
}

/* The permissions a new file gets: 0666 less the umask, as fopen gives. */
static mode_t new_file_mode(void) {
  mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

/* Removes the temporary file, if any, and forgets it was being written. */
static void remove_temporary(bg_outfile *out) {
  if (!out->temporary)
    return;
  sigset_t old_mask;
  hold_interruptions(&old_mask);
  unlink(out->temporary);
  temporary_in_writing = NULL;
  release_interruptions(&old_mask);
}

/* Puts the temporary file in the target's place; false (errno says why)
 * when it cannot be. */
static bool rename_temporary(bg_outfile *out) {
  sigset_t old_mask;
  hold_interruptions(&old_mask);
  bool renamed = rename(out->temporary, out->target) == 0;
  int saved = errno;
  if (renamed)
    temporary_in_writing = NULL;
  release_interruptions(&old_mask);
  errno = saved;
  return renamed;
}

static void forget(bg_outfile *out) {
  free(out->target);
  free(out->temporary);
  out->target = out->temporary = NULL;
  out->stream = NULL;
}

/* The temporary file for `path` (a regular file, or none yet), with the
 * permissions the target has or a new file would get. */
static bool open_temporary(bg_outfile *out, const char *path,
                           const struct stat *existing) {
  out->target = existing ? realpath(path, NULL) : strdup(path);
  out->temporary = out->target ? temporary_name(out->target) : NULL;
  if (!out->temporary) {
    forget(out);
    return false;
  }
  catch_interruptions();
  sigset_t old_mask;
  hold_interruptions(&old_mask);
  int fd = mkstemp(out->temporary);
  if (fd >= 0)
    temporary_in_writing = out->temporary;
  release_interruptions(&old_mask);
  if (fd < 0) {
    int saved = errno;
    forget(out);
    errno = saved;
    return false;
  }
  mode_t mode = existing ? existing->st_mode & 07777 : new_file_mode();
  out->stream = fchmod(fd, mode) == 0 ? fdopen(fd, "wb") : NULL;
  if (!out->stream) {
    int saved = errno;
    close(fd);
    remove_temporary(out);
    forget(out);
    errno = saved;
    return false;
  }
  return true;
}

bool cli_outfile_open(bg_outfile *out, const char *path) {
  memset(out, 0, sizeof *out);
  if (is_stdout(path)) {
    out->stream = stdout;
    return true;
  }
  struct stat st;
  bool exists = stat(path, &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    errno = EISDIR;
    return false;
  }
  if (exists && !S_ISREG(st.st_mode)) {
    out->stream = fopen(path, "wb");
    return out->stream != NULL;
  }
  return open_temporary(out, path, exists ? &st : NULL);
}

bool cli_outfile_commit(bg_outfile *out) {
  if (out->stream == stdout) {
    bool ok = fflush(stdout) == 0 && !ferror(stdout);
    out->stream = NULL;
    return ok;
  }
  bool ok = fflush(out->stream) == 0 && !ferror(out->stream);
  if (ok && out->temporary)
    ok = fsync(fileno(out->stream)) == 0;
  int saved = errno;
  if (fclose(out->stream) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  out->stream = NULL;
  if (ok && out->temporary && !rename_temporary(out)) {
    ok = false;
    saved = errno;
  }
  if (!ok)
    remove_temporary(out);
  forget(out);
  errno = saved;
  return ok;
}

void cli_outfile_abandon(bg_outfile *out) {
  if (out->stream == stdout)
    fflush(stdout);
  else if (out->stream)
    fclose(out->stream);
  remove_temporary(out);
  forget(out);
}

bool cli_outfile_is_input(const char *output, const char *input) {
  struct stat out_st, in_st;
  int got = is_stdout(output) ? fstat(STDOUT_FILENO, &out_st) : stat(output, &out_st);
  if (got != 0 || !S_ISREG(out_st.st_mode))
    return false;
  got = strcmp(input, "-") == 0 ? fstat(STDIN_FILENO, &in_st) : stat(input, &in_st);
  return got == 0 && in_st.st_dev == out_st.st_dev && in_st.st_ino == out_st.st_ino;
}
