/*
 * cli_convert.c — `bgmatch convert`: reads records in any notation the
 * readers know (reader.h) and writes each match through a writer
 * (writer.h) to standard output, to one file (-o) or to one file per input
 * in a directory (-d).  Diagnostics go to standard error, so that standard
 * output holds only the record.
 *
 * Nothing is ever lost: an output file is written beside its target and
 * renamed over it only once complete (cli.h, output files), and an output that is
 * one of the inputs is refused before anything is read.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "cli.h"
#include "diag.h"
#include "match.h"
#include "reader.h"
#include "replay.h"
#include "writer.h"

typedef struct {
  bg_format to;
  bool to_given;
  bg_notation from;
  const char *output;    /* -o; NULL for standard output */
  const char *directory; /* -d; NULL when not given */
  bool strict;
  bg_replay_options referee;
} convert_options;

/* One output being written: standard output, -o's file or one of -d's. */
typedef struct {
  bg_outfile file;
  const char *name; /* for messages */
  long written;     /* matches written to it */
  int write_errno;  /* the first write error, 0 when none */
  bool notes;       /* its input, found in a walk, is notes (cli.h): none */
} output;

/* Over all inputs, for the exit status. */
typedef struct {
  long errors, warnings;
  bool trouble; /* an input could not be read, or an output not written */
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
  if (ok && diag_sink_errors(sink) == errors && diag_sink_warnings(sink) == warnings)
    ok = fwrite(held, 1, held_size, out) == held_size;
  free(held);
  return ok;
}

/* What converting one input keeps from match to match. */
typedef struct {
  const char *name;
  const convert_options *options;
  bg_diag_sink *sink;
  output *out;
  int index;             /* of the match, from 1 */
  long errors, warnings; /* the sink's counts before the match */
} convert_walk;

static bool convert_one(bg_match *match, void *data) {
  convert_walk *walk = data;
  bg_diag_sink *sink = walk->sink;
  output *out = walk->out;
  walk->index++;
  errno = 0;
  if (!convert_match(match, walk->options, sink, out->file.stream, out->written == 0,
                     walk->errors, walk->warnings))
    out->write_errno = errno ? errno : EIO;
  bool quiet = diag_sink_errors(sink) == walk->errors &&
               diag_sink_warnings(sink) == walk->warnings;
  diag_flush(sink);
  if (walk->options->strict && !quiet)
    cli_say("%s: match %d not written (--strict: it has errors or warnings)", walk->name,
            walk->index);
  out->written += quiet || !walk->options->strict;
  walk->errors = diag_sink_errors(sink);
  walk->warnings = diag_sink_warnings(sink);
  match_free(match);
  return !out->write_errno; /* a write error stops the output */
}

/* Converts every match `reader` gives into `out`.  Returns why the input
 * could not be read to its end, NULL when it could. */
static const char *convert_stream(bg_reader *reader, const cli_file *file,
                                  const char *name, const convert_options *options,
                                  bg_diag_sink *sink, output *out) {
  if (out->write_errno)
    return NULL;
  convert_walk walk = {.name = name,
                       .options = options,
                       .sink = sink,
                       .out = out,
                       .errors = diag_sink_errors(sink),
                       .warnings = diag_sink_warnings(sink)};
  long matches = 0;
  const char *trouble = cli_each_match(reader, sink, convert_one, &walk, &matches);
  out->notes = cli_skips_unmatched(file, sink, matches);
  if (out->notes)
    diag_discard(sink);
  diag_flush(sink);
  return trouble;
}

/* Converts one file ("-" is standard input) into `out`. */
static void convert_file(const cli_file *file, const convert_options *options,
                         bg_diag_sink *sink, output *out, convert_totals *totals) {
  const char *path = file->path;
  bool is_stdin = strcmp(path, "-") == 0;
  const char *name = is_stdin ? "<stdin>" : path;
  FILE *in = is_stdin ? stdin : cli_open_input(path);
  if (!in) {
    cli_say("%s: %s", path, strerror(errno));
    totals->trouble = true;
    return;
  }
  long errors = diag_sink_errors(sink), warnings = diag_sink_warnings(sink);
  const char *reason;
  bg_reader *reader = reader_open(in, name, sink, options->from, &reason);
  if (!reader) {
    cli_say("%s: %s", name, reason);
    totals->trouble = true;
  } else {
    const char *trouble = convert_stream(reader, file, name, options, sink, out);
    if (trouble) {
      cli_say("%s: %s", name, trouble);
      totals->trouble = true;
    }
    reader_free(reader);
  }
  if (!is_stdin)
    fclose(in);
  totals->errors += diag_sink_errors(sink) - errors;
  totals->warnings += diag_sink_warnings(sink) - warnings;
}

/* Puts an output in place, or gives it up when nothing (or not all that
 * was asked) could be written to it.  Returns false on a write error. */
static bool finish_output(output *out, bool input_trouble) {
  if (out->write_errno) {
    cli_outfile_abandon(&out->file);
    cli_say("%s: write error: %s", out->name, strerror(out->write_errno));
    return false;
  }
  if (out->notes && !input_trouble) { /* no record: nothing to say */
    cli_outfile_abandon(&out->file);
    return true;
  }
  if (out->file.target && (input_trouble || out->written == 0)) {
    cli_outfile_abandon(&out->file);
    cli_say("%s not written: %s", out->name,
            input_trouble ? "an input could not be read" : "no match to write");
    return true;
  }
  if (!cli_outfile_commit(&out->file)) {
    cli_say("%s: write error: %s", out->name, strerror(errno));
    return false;
  }
  return true;
}

static const struct option convert_long_options[] = {
    {"to", required_argument, NULL, OPT_TO},
    {"from", required_argument, NULL, OPT_FROM},
    {"output", required_argument, NULL, 'o'},
    {"directory", required_argument, NULL, 'd'},
    {"strict", no_argument, NULL, OPT_STRICT},
    CLI_RULE_OPTIONS,
    {NULL, 0, NULL, 0},
};

/* Applies one option of convert; returns -1 to go on, else an exit status. */
static int apply_convert_option(int opt, const char *arg, const char *word, void *data) {
  convert_options *options = data;
  switch (opt) {
  case OPT_TO:
    options->to_given = writer_format_named(arg, &options->to);
    return options->to_given
               ? -1
               : cli_usage_error("--to takes mat, yaml, json or sgf, not", arg);
  case OPT_FROM:
    return cli_apply_from(arg, &options->from);
  case 'o':
    options->output = strcmp(arg, "-") == 0 ? NULL : arg;
    return -1;
  case 'd':
    options->directory = arg;
    return -1;
  case OPT_STRICT:
    options->strict = true;
    return -1;
  default:
    return cli_apply_common_option(opt, word, &options->referee);
  }
}

/* The output is never one of the inputs: refused before anything is read,
 * the input left as it is. */
static bool output_is_an_input(const char *target, const cli_file_list *list) {
  for (size_t i = 0; i < list->count; i++) {
    const char *input = list->files[i].path;
    if (cli_outfile_is_input(target, input)) {
      cli_say("%s is %s: not writing over it", target ? target : "standard output",
              strcmp(input, "-") == 0 ? "standard input" : "one of the inputs");
      return true;
    }
  }
  return false;
}

static int exit_status(const convert_totals *totals, const convert_options *options) {
  if (totals->trouble)
    return EXIT_TROUBLE;
  bool broken = totals->errors > 0 || (options->strict && totals->warnings > 0);
  return broken ? EXIT_BROKEN : EXIT_VALID;
}

static void sink_open(bg_diag_sink *sink) {
  diag_sink_init(sink, stderr, DIAG_TEXT);
  diag_sink_set_colour(sink, cli_colour(STDERR_FILENO));
}

/* Every input into one output: standard output or -o's file. */
static int convert_to_one(const cli_file_list *list, const convert_options *options) {
  if (output_is_an_input(options->output, list))
    return EXIT_TROUBLE;
  output out = {.name = options->output ? options->output : "standard output"};
  if (!cli_outfile_open(&out.file, options->output)) {
    cli_say("%s: %s", options->output, strerror(errno));
    return EXIT_TROUBLE;
  }
  bg_diag_sink sink;
  sink_open(&sink);
  convert_totals totals = {0};
  for (size_t i = 0; i < list->count && !out.write_errno; i++)
    convert_file(&list->files[i], options, &sink, &out, &totals);
  diag_sink_free(&sink);
  if (!finish_output(&out, totals.trouble))
    return EXIT_TROUBLE;
  return exit_status(&totals, options);
}

/* -d's file for `input`: DIR/NAME.EXT, NAME the input's base name without
 * its extensions (cli_record_stem: s002.txt.gz gives s002, as s002.txt
 * does, not s002.txt), EXT the notation's; a file found in a walk keeps
 * the folders between the operand and it (logs/r1/a.mat of logs:
 * DIR/r1/a.EXT), so that the output mirrors the tree. */
static char *directory_target(const char *directory, const cli_file *input,
                              bg_format to) {
  const char *below = input->path + input->below;
  const char *base = strrchr(below, '/');
  base = base ? base + 1 : below;
  int folders = input->walked ? (int)(base - below) : 0;
  int stem = (int)cli_record_stem(base);
  const char *extension = writer_format_name(to);
  size_t size =
      strlen(directory) + (size_t)folders + (size_t)stem + strlen(extension) + 3;
  char *target = bg_malloc(size);
  snprintf(target, size, "%s/%.*s%.*s.%s", directory, folders, below, stem, base,
           extension);
  return target;
}

/* Makes the folders of `target` below -d's `directory` (which exists):
 * the mirror of a walked tree.  False, said, when one cannot be made. */
static bool make_folders(const char *target, size_t directory_length) {
  char *path = bg_strdup(target);
  bool made = true;
  for (char *slash = strchr(path + directory_length + 1, '/'); slash && made;
       slash = strchr(slash + 1, '/')) {
    *slash = '\0';
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
      cli_say("%s: %s", path, strerror(errno));
      made = false;
    }
    *slash = '/';
  }
  free(path);
  return made;
}

/* Whether -d can do its job before anything is read: a directory, no
 * standard input (it has no name to give its output), no two inputs that
 * would write one file, no output that is an input. */
static bool directory_usable(const cli_file_list *list, char **targets,
                             const convert_options *options) {
  struct stat st;
  int stat_errno = stat(options->directory, &st) != 0 ? errno
                   : S_ISDIR(st.st_mode)              ? 0
                                                      : ENOTDIR;
  if (stat_errno) {
    cli_say("-d %s: %s", options->directory, strerror(stat_errno));
    return false;
  }
  for (size_t i = 0; i < list->count; i++) {
    const char *input = list->files[i].path;
    if (strcmp(input, "-") == 0) {
      cli_say(
          "-d writes a file for each FILE named; standard input has no name (use -o)");
      return false;
    }
    for (size_t j = 0; j < i; j++)
      if (strcmp(targets[i], targets[j]) == 0) {
        cli_say("%s and %s would both be written to %s", list->files[j].path, input,
                targets[i]);
        return false;
      }
    if (output_is_an_input(targets[i], list))
      return false;
  }
  return true;
}

/* Each input into its own file in -d's directory. */
static int convert_to_directory(const cli_file_list *list,
                                const convert_options *options) {
  size_t count = list->count;
  char **targets = bg_calloc(count ? count : 1, sizeof *targets);
  for (size_t i = 0; i < count; i++)
    targets[i] = directory_target(options->directory, &list->files[i], options->to);
  int status = EXIT_TROUBLE;
  if (directory_usable(list, targets, options)) {
    bg_diag_sink sink;
    sink_open(&sink);
    convert_totals totals = {0};
    bool written = true;
    for (size_t i = 0; i < count && written; i++) {
      output out = {.name = targets[i]};
      if (!make_folders(targets[i], strlen(options->directory))) {
        written = false;
        break;
      }
      if (!cli_outfile_open(&out.file, targets[i])) {
        cli_say("%s: %s", targets[i], strerror(errno));
        written = false;
        break;
      }
      bool trouble_before = totals.trouble;
      totals.trouble = false;
      convert_file(&list->files[i], options, &sink, &out, &totals);
      written = finish_output(&out, totals.trouble);
      totals.trouble = totals.trouble || trouble_before;
    }
    diag_sink_free(&sink);
    status = written ? exit_status(&totals, options) : EXIT_TROUBLE;
  }
  for (size_t i = 0; i < count; i++)
    free(targets[i]);
  free(targets);
  return status;
}

/* -o writes one record's file: one FILE, not several nor a folder (whose
 * records -d keeps apart).  Returns -1 to go on, else the usage error's
 * exit status. */
static int check_one_output(char **operands, int count, const convert_options *options) {
  struct stat st;
  if (!options->output)
    return -1;
  if (count > 1) {
    cli_say("-o writes the matches of one FILE, not of %d (use -d DIR; try 'bgmatch "
            "--help')",
            count);
    return EXIT_TROUBLE;
  }
  if (strcmp(operands[0], "-") != 0 && stat(operands[0], &st) == 0 &&
      S_ISDIR(st.st_mode)) {
    cli_say("-o writes the matches of one FILE, not of the folder %s (use -d DIR; try "
            "'bgmatch --help')",
            operands[0]);
    return EXIT_TROUBLE;
  }
  return -1;
}

int cli_convert(int argc, char **argv) {
  convert_options options = {.from = BG_NOTATION_AUTO};
  bg_replay_options_init(&options.referee);
  int first_file = 0;
  int status = cli_parse_options(argc, argv, ":o:d:", convert_long_options,
                                 apply_convert_option, &options, &first_file);
  if (status >= 0)
    return status;
  if (!options.to_given) {
    cli_say("convert needs --to=FORMAT, the notation to write (try 'bgmatch --help')");
    return EXIT_TROUBLE;
  }
  if (options.output && options.directory) {
    cli_say("-o and -d cannot be given together (try 'bgmatch --help')");
    return EXIT_TROUBLE;
  }
  int count = 0;
  char **operands = cli_operands(argc, argv, first_file, &count);
  if (!operands)
    return EXIT_TROUBLE;
  status = check_one_output(operands, count, &options);
  if (status >= 0)
    return status;
  cli_file_list list = {0};
  cli_list_files(operands, count, &list);
  status = options.directory ? convert_to_directory(&list, &options)
                             : convert_to_one(&list, &options);
  if (list.trouble) /* a folder could not be read (said) */
    status = EXIT_TROUBLE;
  cli_say_skipped(list.skipped);
  cli_file_list_free(&list);
  return status;
}
