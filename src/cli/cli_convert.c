/*
 * cli_convert.c — `bgmatch convert`: reads records in any notation the
 * readers know and writes each match through a writer to standard output,
 * to one file (-o) or to one file per input in a directory (-d); one input
 * is cli_convert_file.c's.  Diagnostics go to standard error, so that
 * standard output holds only the record.
 *
 * Nothing is ever lost: an output file is written beside its target and
 * renamed over it only once complete (cli.h, output files), and an output that is
 * one of the inputs is refused before anything is read.
 *
 * With -j N, N files are converted at once by threads (cli_jobs.c), each
 * into buffers of its own; this thread writes them in the order of the
 * files, -d's files too, so that the outputs, the messages and the exit
 * status are those of one file after another, and the temporary files are
 * all made and renamed here, where the interruptions are handled.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "cli_convert.h"

static const struct option convert_long_options[] = {
    {"to", required_argument, NULL, OPT_TO},
    {"from", required_argument, NULL, OPT_FROM},
    {"output", required_argument, NULL, 'o'},
    {"directory", required_argument, NULL, 'd'},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"verbose", no_argument, NULL, 'v'},
    {"jobs", required_argument, NULL, 'j'},
    CLI_RULE_OPTIONS,
    {NULL, 0, NULL, 0},
};

/* Applies one option of convert; returns -1 to go on, else an exit status. */
static int apply_convert_option(int opt, const char *arg, const char *word, void *data) {
  cli_convert_options *options = data;
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
  case 'v':
    options->verbose = true;
    return -1;
  case 'j':
    return cli_apply_jobs(arg, &options->jobs);
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

static int exit_status(const cli_convert_totals *totals,
                       const cli_convert_options *options) {
  if (totals->trouble)
    return EXIT_TROUBLE;
  bool broken = totals->errors > 0 || (options->strict && totals->warnings > 0);
  return broken ? EXIT_BROKEN : EXIT_VALID;
}

/* One file's totals added to the run's. */
static void add_totals(cli_convert_totals *totals, const cli_convert_totals *file) {
  totals->errors += file->errors;
  totals->warnings += file->warnings;
  totals->skipped += file->skipped;
  totals->trouble = totals->trouble || file->trouble;
}

/* ---- several files at once (-j N) --------------------------------------- */

/* What a thread made of one file, until its turn. */
typedef struct {
  cli_convert_totals totals;
  cli_convert_output out; /* its counts: how many written, notes, errors */
  char *record, *said;    /* -d: the output and the messages */
  size_t record_size, said_size;
} job_result;

typedef struct {
  const cli_file_list *list;
  const cli_convert_options *options;
  char **targets; /* -d's files; NULL: all into standard output */
  job_result *results;
  cli_convert_totals *totals; /* the run's, added to in the order of files */
  bool stopped;               /* -d: an output could not be made, nor any later */
  /* Into standard output, which files wrote a match (cli_convert_turn). */
  pthread_mutex_t lock;
  pthread_cond_t changed;
  size_t first_writer; /* the first file that wrote a match; count: none yet */
  size_t all_done;     /* files 0 .. all_done-1 are converted */
  bool *converted;
} convert_jobs;

/* One file's place among the others, for cli_convert_turn. */
typedef struct {
  convert_jobs *jobs;
  size_t index;
} job_turn;

/* Waits until the files before this one wrote a match, or were all
 * converted without one. */
static bool job_before_wrote(void *data) {
  job_turn *turn = data;
  convert_jobs *jobs = turn->jobs;
  pthread_mutex_lock(&jobs->lock);
  while (jobs->first_writer >= turn->index && jobs->all_done < turn->index)
    pthread_cond_wait(&jobs->changed, &jobs->lock);
  bool wrote = jobs->first_writer < turn->index;
  pthread_mutex_unlock(&jobs->lock);
  return wrote;
}

static void job_wrote(void *data) {
  job_turn *turn = data;
  convert_jobs *jobs = turn->jobs;
  pthread_mutex_lock(&jobs->lock);
  if (turn->index < jobs->first_writer)
    jobs->first_writer = turn->index;
  pthread_cond_broadcast(&jobs->changed);
  pthread_mutex_unlock(&jobs->lock);
}

static void job_converted(convert_jobs *jobs, size_t index) {
  pthread_mutex_lock(&jobs->lock);
  jobs->converted[index] = true;
  while (jobs->all_done < jobs->list->count && jobs->converted[jobs->all_done])
    jobs->all_done++;
  pthread_cond_broadcast(&jobs->changed);
  pthread_mutex_unlock(&jobs->lock);
}

static FILE *open_buffer(char **text, size_t *size) {
  FILE *buffer = open_memstream(text, size);
  if (!buffer)
    bg_out_of_memory();
  return buffer;
}

static void close_buffer(FILE *buffer) {
  if (fclose(buffer) != 0)
    bg_out_of_memory();
}

/* Converts file `index` into buffers: into standard output's, `out` and
 * `err`, printed in order by cli_jobs_run; for -d, into its own, which
 * job_done writes. */
static void convert_job(size_t index, FILE *out, FILE *err, void *data) {
  convert_jobs *jobs = data;
  job_result *result = &jobs->results[index];
  job_turn place = {jobs, index};
  cli_convert_turn turn = {job_before_wrote, job_wrote, &place};
  FILE *record = out, *said = err;
  if (jobs->targets) {
    record = open_buffer(&result->record, &result->record_size);
    said = open_buffer(&result->said, &result->said_size);
  }
  cli_convert_output output = {.name = "standard output",
                               .turn = jobs->targets ? NULL : &turn};
  output.file.stream = record;
  bg_diag_sink sink;
  cli_convert_sink_open(&sink, said);
  cli_convert_file(&jobs->list->files[index], jobs->options, &sink, said, &output,
                   &result->totals);
  diag_sink_free(&sink);
  if (jobs->targets) {
    close_buffer(record);
    close_buffer(said);
  }
  result->out = output;
  job_converted(jobs, index);
}

/* Converts the files in `jobs->options->jobs` threads; `done` takes each
 * file's result in order. */
static void convert_in_parallel(convert_jobs *jobs, cli_job_done done) {
  size_t count = jobs->list->count;
  jobs->results = bg_calloc(count ? count : 1, sizeof *jobs->results);
  jobs->converted = bg_calloc(count ? count : 1, sizeof *jobs->converted);
  jobs->first_writer = count;
  pthread_mutex_init(&jobs->lock, NULL);
  pthread_cond_init(&jobs->changed, NULL);
  cli_jobs_run(count, jobs->options->jobs, convert_job, done, jobs, NULL);
  pthread_mutex_destroy(&jobs->lock);
  pthread_cond_destroy(&jobs->changed);
  free(jobs->converted);
  free(jobs->results);
}

/* ---- every input into one output ---------------------------------------- */

static void stdout_job_done(size_t index, void *data) {
  convert_jobs *jobs = data;
  job_result *result = &jobs->results[index];
  add_totals(jobs->totals, &result->totals);
}

/* Every input into one output: standard output or -o's file. */
static int convert_to_one(const cli_file_list *list, const cli_convert_options *options,
                          cli_convert_totals *totals) {
  if (output_is_an_input(options->output, list))
    return EXIT_TROUBLE;
  cli_convert_output out = {.name =
                                options->output ? options->output : "standard output"};
  if (!cli_outfile_open(&out.file, options->output)) {
    cli_say("%s: %s", options->output, strerror(errno));
    return EXIT_TROUBLE;
  }
  if (options->jobs > 1 && list->count > 1 && !options->output) {
    convert_jobs jobs = {.list = list, .options = options, .totals = totals};
    convert_in_parallel(&jobs, stdout_job_done);
  } else {
    bg_diag_sink sink;
    cli_convert_sink_open(&sink, stderr);
    for (size_t i = 0; i < list->count && !out.write_errno; i++)
      cli_convert_file(&list->files[i], options, &sink, stderr, &out, totals);
    diag_sink_free(&sink);
  }
  if (!cli_convert_finish(&out, totals->trouble))
    return EXIT_TROUBLE;
  return exit_status(totals, options);
}

/* ---- each input into its own file (-d) ---------------------------------- */

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

/* Opens -d's file `target`, its folders made; false, said, when it cannot
 * be. */
static bool open_target(cli_convert_output *out, const char *target,
                        const cli_convert_options *options) {
  *out = (cli_convert_output){.name = target};
  if (!make_folders(target, strlen(options->directory)))
    return false;
  if (cli_outfile_open(&out->file, target))
    return true;
  cli_say("%s: %s", target, strerror(errno));
  return false;
}

/* Whether -d can do its job before anything is read: a directory, no
 * standard input (it has no name to give its output), no two inputs that
 * would write one file, no output that is an input. */
static bool directory_usable(const cli_file_list *list, char **targets,
                             const cli_convert_options *options) {
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

/* Converts the files one after another, each into its target; false when
 * an output could not be made or written (said). */
static bool convert_in_turn(const cli_file_list *list, char **targets,
                            const cli_convert_options *options,
                            cli_convert_totals *totals) {
  bg_diag_sink sink;
  cli_convert_sink_open(&sink, stderr);
  bool written = true;
  for (size_t i = 0; i < list->count && written; i++) {
    cli_convert_output out;
    if (!open_target(&out, targets[i], options)) {
      written = false;
      break;
    }
    cli_convert_totals file = {0};
    cli_convert_file(&list->files[i], options, &sink, stderr, &out, &file);
    written = cli_convert_finish(&out, file.trouble);
    add_totals(totals, &file);
  }
  diag_sink_free(&sink);
  return written;
}

/* A file converted by a thread, written into its target in the order of
 * the files: what convert_in_turn does with it, the same bytes. */
static void directory_job_done(size_t index, void *data) {
  convert_jobs *jobs = data;
  job_result *result = &jobs->results[index];
  cli_convert_output out;
  if (!jobs->stopped && !open_target(&out, jobs->targets[index], jobs->options))
    jobs->stopped = true;
  if (!jobs->stopped) {
    fflush(stdout);
    fwrite(result->said, 1, result->said_size, stderr);
    errno = 0;
    if (fwrite(result->record, 1, result->record_size, out.file.stream) !=
        result->record_size)
      out.write_errno = errno ? errno : EIO;
    out.written = result->out.written;
    out.notes = result->out.notes;
    if (!out.write_errno)
      out.write_errno = result->out.write_errno;
    jobs->stopped = !cli_convert_finish(&out, result->totals.trouble);
    add_totals(jobs->totals, &result->totals);
  }
  free(result->record);
  free(result->said);
}

/* Each input into its own file in -d's directory. */
static int convert_to_directory(const cli_file_list *list,
                                const cli_convert_options *options,
                                cli_convert_totals *totals) {
  size_t count = list->count;
  char **targets = bg_calloc(count ? count : 1, sizeof *targets);
  for (size_t i = 0; i < count; i++)
    targets[i] = directory_target(options->directory, &list->files[i], options->to);
  int status = EXIT_TROUBLE;
  if (directory_usable(list, targets, options)) {
    bool written;
    if (options->jobs > 1 && count > 1) {
      convert_jobs jobs = {
          .list = list, .options = options, .targets = targets, .totals = totals};
      convert_in_parallel(&jobs, directory_job_done);
      written = !jobs.stopped;
    } else {
      written = convert_in_turn(list, targets, options, totals);
    }
    status = written ? exit_status(totals, options) : EXIT_TROUBLE;
  }
  for (size_t i = 0; i < count; i++)
    free(targets[i]);
  free(targets);
  return status;
}

/* -o writes one record's file: one FILE, not several nor a folder (whose
 * records -d keeps apart).  Returns -1 to go on, else the usage error's
 * exit status. */
static int check_one_output(char **operands, int count,
                            const cli_convert_options *options) {
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
  cli_convert_options options = {.from = BG_NOTATION_AUTO, .jobs = 1};
  bg_replay_options_init(&options.referee);
  int first_file = 0;
  int status = cli_parse_options(argc, argv, ":o:d:vj:", convert_long_options,
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
  cli_file_list list = {.verbose = options.verbose};
  cli_list_files(operands, count, &list);
  cli_convert_totals totals = {0};
  status = options.directory ? convert_to_directory(&list, &options, &totals)
                             : convert_to_one(&list, &options, &totals);
  if (list.trouble) /* a folder could not be read (said) */
    status = EXIT_TROUBLE;
  cli_say_skipped(list.skipped + totals.skipped);
  cli_file_list_free(&list);
  return status;
}
