/*
 * cli.h — what bgmatch's commands share on the command line: the exit
 * statuses, messages to the user, the options every command takes,
 * opening the files named, and the progress line.  The last stage: one
 * file per command (cli_check.c, cli_convert.c...) reads its options and
 * drives the library; main.c only picks the command.  None of them knows
 * a rule or a notation.
 */
#ifndef BG_CLI_H
#define BG_CLI_H

#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "diag.h"
#include "reader.h"
#include "replay.h"

#define BGMATCH_VERSION "0.1.0"

enum { EXIT_VALID = 0, EXIT_BROKEN = 1, EXIT_TROUBLE = 2 };

/* Long options shared by the commands; the values above 255 keep clear of
 * short options.  A command lists the ones it takes in its getopt table. */
enum {
  OPT_FORMAT = 256,
  OPT_FROM,
  OPT_TO,
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

/* The getopt entries of the rule options, for a command's table. */
// clang-format off
#define CLI_RULE_OPTIONS                                 \
  {"jacoby", no_argument, NULL, OPT_JACOBY},             \
  {"no-jacoby", no_argument, NULL, OPT_NO_JACOBY},       \
  {"crawford", no_argument, NULL, OPT_CRAWFORD},         \
  {"no-crawford", no_argument, NULL, OPT_NO_CRAWFORD},   \
  {"beavers", no_argument, NULL, OPT_BEAVERS},           \
  {"no-beavers", no_argument, NULL, OPT_NO_BEAVERS},     \
  {"help", no_argument, NULL, OPT_HELP},                 \
  {"version", no_argument, NULL, OPT_VERSION}
// clang-format on

/* Prints "bgmatch: MESSAGE" on stderr after whatever stdout holds, so a
 * terminal shows messages in the order things happened. */
void cli_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* cli_say's line on `err`: stderr, or a buffer of one file's messages
 * (-j), printed later in the order of the files; stdout is flushed first
 * only when `err` is stderr. */
void cli_say_to(FILE *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A usage error: "bgmatch: WHAT 'WORD' (try 'bgmatch --help')", returns
 * EXIT_TROUBLE. */
int cli_usage_error(const char *what, const char *word);

/* The help (cli_help.c): the commands (--help, `bgmatch help`), or one
 * command's own options and an example of it (`bgmatch help COMMAND`,
 * COMMAND -h); each returns EXIT_VALID. */
int cli_print_help(void);
int cli_print_command_help(const char *command);
int cli_print_version(void);

/* The command names, NULL-ended. */
const char *const *cli_command_names(void);

/* The candidate nearest `word` (NULL-ended list), when one is near enough
 * to be what was meant: a letter or two off, two letters swapped; else
 * NULL. */
const char *cli_nearest(const char *word, const char *const *candidates);

/* A usage error that suggests the nearest candidate: "bgmatch: WHAT 'WORD'
 * (did you mean 'NEAR'?)", or cli_usage_error's words when none is near;
 * returns EXIT_TROUBLE. */
int cli_usage_error_near(const char *what, const char *word,
                         const char *const *candidates);

/* Applies an option every command takes (the rules, --help, --version, a
 * missing value, an unknown option).  Returns -1 to go on, else the exit
 * status the command ends with. */
int cli_apply_common_option(int opt, const char *word, bg_replay_options *rules);

/* Runs getopt_long over argv (argv[0] is the command) and calls `apply`
 * for each option with `options`; on success sets *first_file to the
 * index of the first operand and returns -1, else the exit status.
 * `short_options` (at most 60 bytes, starting with ':') need not list -h:
 * every command takes it, and passes it to cli_apply_common_option. */
int cli_parse_options(int argc, char **argv, const char *short_options,
                      const struct option *long_options,
                      int (*apply)(int opt, const char *arg, const char *word,
                                   void *options),
                      void *options, int *first_file);

/* --from=NOTATION into *from; returns -1 to go on, else the usage
 * error's exit status. */
int cli_apply_from(const char *arg, bg_notation *from);

/* --format=text|json: *json says which; returns -1 to go on, else the
 * usage error's exit status. */
int cli_apply_format(const char *arg, bool *json);

/* `one` when n is 1, else `many`: "1 file", "2 files". */
const char *cli_plural(long n, const char *one, const char *many);

/* Opens `path` for reading; a directory is refused here, because fopen
 * accepts one and only the first read would fail. */
FILE *cli_open_input(const char *path);

/* The files a command reads: its operands from argv[first_file] on, or
 * standard input ("-") when there are none; *count says how many.  NULL
 * when "-" is named twice, said on stderr: standard input can be read only
 * once, and a second "-" would find it empty and report a file with no
 * match, which is not what was asked for. */
char **cli_operands(int argc, char **argv, int first_file, int *count);

/* Flushes standard output; false, said as a write error, when what the
 * command wrote did not all reach it. */
bool cli_stdout_written(void);

/* Whether messages on `fd` may be coloured: a person at a terminal, and
 * no NO_COLOR in the environment. */
bool cli_colour(int fd);

/* Whether `name` is that of a record file a directory walk reads: .mat
 * .txt .yaml .yml .sgf, each also .gz, in any case. */
bool cli_is_record_name(const char *name);

/* Whether `name` ends in .txt (or .txt.gz, in any case): the name of
 * records and of notes alike. */
bool cli_is_text_name(const char *name);

/* How much of the base name `name` names the record without its
 * extensions: .gz and then a record extension (or, for another, the last
 * one): "s002.txt.gz", "s002.txt" and "s002.xg" give 4.  A name that is
 * all extension is kept whole. */
size_t cli_record_stem(const char *name);

/* A file a command reads: an operand, or a record file found by walking
 * a directory that is one. */
typedef struct {
  char *path;
  bool walked;  /* found in a directory, not named on the command line */
  size_t below; /* where in `path` the part below the walked operand
                 * starts ("logs/r1/a.mat" of "logs": 5); 0 for an operand */
} cli_file;

typedef struct {
  cli_file *files;
  size_t count, capacity;
  long skipped; /* files met in directories that are no record */
  bool trouble; /* a directory could not be read (said on stderr) */
  bool verbose; /* set by the caller (-v): each file skipped is named */
} cli_file_list;

/* Adds to `list` each operand ("-" is standard input), or, for a
 * directory, every record file under it, in name order; other files are
 * counted in list->skipped, symbolic links to directories too (not
 * followed).  A directory that cannot be read is said on stderr. */
void cli_list_files(char **operands, int count, cli_file_list *list);
void cli_file_list_free(cli_file_list *list);

/* What a command does with one match read, which it then owns (and
 * frees); false stops the reading. */
typedef bool (*cli_match_fn)(bg_match *match, void *data);

/* Reads every match of `reader` and hands each to `each`, adding to
 * *matches those read.  A match the input broke off in (a truncated or
 * corrupt file) counts as read but is not handed over, and what the
 * reader said of it is dropped from `sink` (it would only be about where
 * the input broke).  Returns why the input could not be read to its end,
 * for the command to say as "NAME: REASON"; NULL when it could. */
const char *cli_each_match(bg_reader *reader, bg_diag_sink *sink, cli_match_fn each,
                           void *data, long *matches);

/* Whether `file`, from which the reader gave `matches` matches and the
 * diagnostics `sink` holds, is skipped: a .txt found in a directory with
 * no match in it at all is notes, not a record (the caller discards its
 * diagnostics and counts it skipped).  Named on the command line, it is
 * a record with no match: an error. */
bool cli_skips_unmatched(const cli_file *file, const bg_diag_sink *sink, long matches);

/* "bgmatch: PATH: skipped: WHY" on `err` (stdout flushed first): a file
 * a walk skipped, named under -v. */
void cli_say_skipped_file(FILE *err, const char *path, const char *why);

/* Why `file`, from which `reader` gave `matches` matches, is unreadable
 * although the reader did not stop: named (or walked and not skipped),
 * it gave no match and is empty or binary (reader_no_record_reason).
 * Then the reader's diagnostics are discarded from `sink` and the reason
 * returned, for the command to treat as it treats a truncated file; NULL
 * otherwise, and always for standard input. */
const char *cli_unreadable_unmatched(const bg_reader *reader, const cli_file *file,
                                     bg_diag_sink *sink, long matches);

/* The readers' "no match found" diagnostic `sink` holds when the reader
 * gave no match (`matches` 0): the input is no record at all (notes, a
 * picture, random bytes); NULL otherwise. */
const bg_diag *cli_no_match_found(const bg_diag_sink *sink, long matches);

/* The line that counts the files a walk skipped, on stderr, when there
 * are any (after the command's own output). */
void cli_say_skipped(long skipped);

/* The progress line (cli_walk.c): a one-line indicator on stderr for long
 * runs at a terminal, files done of the total and the reading speed,
 * redrawn at most five times a second and erased before any diagnostic is
 * printed and at the end.  Never drawn when stderr is not a terminal, nor
 * when the user asked for silence (-q). */
typedef struct {
  bool enabled;
  bool shown;
  bool shares_terminal; /* stdout is a terminal too: erase before printing */
  int files_total;
  int files_done;
  double bytes_done;
  double started, last_drawn;
} progress;

/* files_total: how many files there are, or PROGRESS_UNKNOWN_TOTAL when
 * the caller cannot know it before it starts. */
#define PROGRESS_UNKNOWN_TOTAL (-1)

/* Whether the line is to be drawn: stderr is a terminal, there is more
 * than one file (or an unknown number), and the run is not quiet. */
bool cli_progress_wanted(bool stderr_is_terminal, int files_total, bool quiet);

/* `quiet`: nothing is to be printed but trouble (-q): no line either. */
void cli_progress_init(progress *bar, int files_total, bool quiet);

/* The text of the line into `line` (`size` bytes): "bgmatch: 3/12 files,
 * 4.2 MB/s", or "bgmatch: 3 files, 4.2 MB/s" when the total is unknown. */
void cli_progress_format(char *line, size_t size, int files_done, int files_total,
                         double megabytes_per_second);

/* Erases the line, if it is shown. */
void cli_progress_erase(progress *bar);

/* One more file done (`bytes` long).  The line appears only once the work
 * has taken a second: short runs stay quiet. */
void cli_progress_step(progress *bar, double bytes);

/* ---- several files at once (cli_jobs.c) ------------------------------- */

/* -j N into *jobs: N files at once, 0 for one a processor (at most 256);
 * returns -1 to go on, else the usage error's exit status. */
int cli_apply_jobs(const char *arg, int *jobs);

/* The work for file `index`, run in some thread: what it prints goes to
 * `out` and `err` (buffers, printed later in the order of the files). */
typedef void (*cli_job_work)(size_t index, FILE *out, FILE *err, void *context);

/* Called in the calling thread, in the order of the files, once file
 * `index`'s buffers are printed. */
typedef void (*cli_job_done)(size_t index, void *context);

/* Runs `work` for files 0..count-1 in `jobs` threads and prints their
 * output in order, the progress line `bar` (may be NULL) erased before
 * any output; `done` after each.  Ends the program with status 2 when
 * memory runs out. */
void cli_jobs_run(size_t count, int jobs, cli_job_work work, cli_job_done done,
                  void *context, progress *bar);

/* Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (*old: its mask
 * before), and gives the mask back.  A thread started in between inherits
 * the block: cli_jobs_run's threads never take those signals, so that the
 * one handler, which removes the temporary file being written (output
 * files, below), runs in the thread that makes and renames it. */
void cli_hold_interruptions(sigset_t *old);
void cli_release_interruptions(const sigset_t *old);

/* Sets the allocator for many short-lived records (see cli.c): called once
 * at start-up. */
void cli_tune_memory(void);

/* The commands. */
int cli_check(int argc, char **argv);
int cli_convert(int argc, char **argv);
int cli_show(int argc, char **argv);
int cli_stats(int argc, char **argv);
int cli_annotate(int argc, char **argv);
int cli_results(int argc, char **argv);
int cli_help(int argc, char **argv);

/* ---- output files ---------------------------------------------------- */

/*
 * Where a command's output goes (cli.c): standard output, or a file
 * written atomically.  The file is written as a temporary file in its own
 * directory and renamed over it only when everything was written: a
 * program reading it never sees half of it, and an error (a full disk, an
 * input that could not be read) leaves the old file as it was and no
 * temporary file behind.  A path that is no regular file (/dev/null, a
 * terminal, a FIFO) is written in place: renaming over it would replace
 * the device.
 */
typedef struct {
  FILE *stream;    /* where to write */
  char *target;    /* the file the output replaces; NULL: written in place */
  char *temporary; /* the temporary file while it is written, else NULL */
} bg_outfile;

/* Opens the output `path`; NULL or "-" is standard output.  Returns false
 * (errno says why) when it cannot be written. */
bool cli_outfile_open(bg_outfile *out, const char *path);

/* Finishes the output: flushes it, and puts the temporary file in the
 * target's place.  Returns false on a write error (errno says which);
 * then nothing was replaced and the temporary file is gone. */
bool cli_outfile_commit(bg_outfile *out);

/* Gives the output up: the temporary file is removed and the target left
 * as it was (what was written to standard output stays written). */
void cli_outfile_abandon(bg_outfile *out);

/* Would writing `output` (NULL or "-": standard output) overwrite the
 * file `input` ("-": standard input)?  True when the output is a regular
 * file and the input the same file, by device and inode: links and other
 * spellings of a path are seen through. */
bool cli_outfile_is_input(const char *output, const char *input);

#endif
