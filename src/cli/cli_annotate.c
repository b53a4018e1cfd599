/*
 * cli_annotate.c — `bgmatch annotate [--board] [--ids] [-C N] [--problems]
 * [--format text|html] [-o OUT] [FILE|DIR...]`: reads each record (any
 * notation the readers know; a directory walked as check walks it, cli.h):
 * each file listed by cli_annotate_file.c.  Several files' text listings
 * follow one another, each under its name as head(1) names files; as
 * HTML, several files (or a directory) make one page: a table of the files
 * on top, each file's section below, held in a temporary file until the
 * end.  With --problems, a file without an error or a warning is left out
 * (its listing is held until its end says).  With -j N, N files are
 * listed at once by threads (cli_jobs.c), each listing held in a temporary
 * file and shown here in the order of the files: the same bytes as one
 * file after another.  Exit status as check's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "annotate.h"
#include "cli_annotate.h"

enum { OPT_BOARD = 512, OPT_IDS, OPT_PROBLEMS };

static const struct option annotate_long_options[] = {
    {"board", no_argument, NULL, OPT_BOARD},
    {"ids", no_argument, NULL, OPT_IDS},
    {"context", required_argument, NULL, 'C'},
    {"problems", no_argument, NULL, OPT_PROBLEMS},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"output", required_argument, NULL, 'o'},
    {"from", required_argument, NULL, OPT_FROM},
    {"verbose", no_argument, NULL, 'v'},
    {"jobs", required_argument, NULL, 'j'},
    CLI_RULE_OPTIONS,
    {NULL, 0, NULL, 0},
};

static int apply_annotate_option(int opt, const char *arg, const char *word, void *data) {
  cli_annotate_options *options = data;
  switch (opt) {
  case OPT_BOARD:
    options->board = true;
    return -1;
  case OPT_IDS:
    options->ids = true;
    return -1;
  case OPT_PROBLEMS:
    options->problems = true;
    return -1;
  case 'C': {
    char *end;
    long lines = strtol(arg, &end, 10);
    if (end == arg || *end || lines < 0 || lines > 1000000)
      return cli_usage_error("-C expects a number of lines from 0, not", arg);
    options->context = (int)lines;
    return -1;
  }
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
  case 'v':
    options->verbose = true;
    return -1;
  case 'j':
    return cli_apply_jobs(arg, &options->jobs);
  default:
    return cli_apply_common_option(opt, word, &options->referee);
  }
}

/* Over all files: where the listings go and what became of them. */
typedef struct {
  FILE *out;
  bool page;                 /* HTML of several files: one page, a table on top */
  FILE *sections;            /* with page: the files' sections until the end */
  annotate_html_file *files; /* with page: the table's rows */
  size_t file_count, file_capacity;
  bool headers;    /* several files: each listing under its name */
  long listed;     /* listings written so far */
  long skipped;    /* files a walk skips (cli.h) */
  bool incomplete; /* an input could not be opened or listed in full */
  int status;      /* the worst exit status of a file so far */
} annotate_run;

/* The id of the next section of a page: "f" and its number. */
static void next_id(const annotate_run *run, char *id, size_t size) {
  snprintf(id, size, "f%zu", run->file_count + 1);
}

/* A row of the table of a page of several files. */
static void add_row(annotate_run *run, const cli_annotate_outcome *outcome) {
  run->files = bg_grow(run->files, &run->file_capacity, run->file_count + 1,
                       sizeof *run->files, 16);
  annotate_html_file *file = &run->files[run->file_count];
  *file = (annotate_html_file){.name = bg_strdup(outcome->row_name),
                               .verdict = outcome->verdict,
                               .errors = outcome->errors,
                               .warnings = outcome->warnings};
  if (outcome->anchored)
    next_id(run, file->anchor, sizeof file->anchor);
  run->file_count++;
}

/* Copies a section listed before its id was known, the pending id's byte
 * replaced by `id`; false on a read error. */
static bool copy_with_id(FILE *from, FILE *to, const char *id) {
  if (fflush(from) != 0)
    return false;
  rewind(from);
  int c;
  while ((c = getc(from)) != EOF)
    if (c == CLI_ANNOTATE_PENDING_ID)
      fputs(id, to);
    else
      putc(c, to);
  return !ferror(from);
}

/* Puts a held listing where it belongs: under its name, or in a page's
 * sections under its id. */
static bool show_held(annotate_run *run, const cli_annotate_outcome *outcome,
                      bool pending_id) {
  if (!run->page) {
    if (run->headers)
      fprintf(run->out, "%s==> %s <==\n", run->listed > 0 ? "\n" : "", outcome->name);
    return cli_annotate_copy_held(outcome->held, run->out);
  }
  if (!pending_id)
    return cli_annotate_copy_held(outcome->held, run->sections);
  char id[24];
  next_id(run, id, sizeof id);
  return copy_with_id(outcome->held, run->sections, id);
}

/* Takes what annotating a file gave, in the order of the files. */
static void take_outcome(annotate_run *run, cli_annotate_outcome *outcome,
                         bool pending_id) {
  if (outcome->held && !show_held(run, outcome, pending_id))
    run->incomplete = true;
  if (outcome->held)
    fclose(outcome->held);
  if (outcome->row)
    add_row(run, outcome);
  run->listed += outcome->shown;
  run->skipped += outcome->skipped;
  run->incomplete = run->incomplete || outcome->incomplete;
  if (outcome->status > run->status)
    run->status = outcome->status;
}

/* Where a file's listing goes when files are listed one after another:
 * straight out, its name above it, or held (page, --problems). */
static void place_in_turn(const annotate_run *run, const cli_annotate_options *options,
                          cli_annotate_place *place, char *id, size_t id_size) {
  next_id(run, id, id_size);
  *place = (cli_annotate_place){.options = options,
                                .out = run->out,
                                .headers = run->headers,
                                .page = run->page,
                                .listed = run->listed,
                                .id = id,
                                .err = stderr};
}

static void annotate_in_turn(const cli_file_list *list,
                             const cli_annotate_options *options, annotate_run *run) {
  for (size_t i = 0; i < list->count; i++) {
    char id[24];
    cli_annotate_place place;
    place_in_turn(run, options, &place, id, sizeof id);
    cli_annotate_outcome outcome;
    cli_annotate_file(&list->files[i], &place, &outcome);
    take_outcome(run, &outcome, false);
  }
}

/* ---- several files at once (-j N, cli_jobs.c) --------------------------- */

typedef struct {
  const cli_file_list *list;
  const cli_annotate_options *options;
  annotate_run *run; /* read by the threads: page, headers */
  cli_annotate_outcome *outcomes;
} annotate_jobs;

static void annotate_job(size_t index, FILE *out, FILE *err, void *data) {
  (void)out; /* every listing is held until its turn */
  annotate_jobs *jobs = data;
  static const char pending_id[] = {CLI_ANNOTATE_PENDING_ID, '\0'};
  cli_annotate_place place = {.options = jobs->options,
                              .headers = jobs->run->headers,
                              .page = jobs->run->page,
                              .id = pending_id,
                              .err = err};
  cli_annotate_file(&jobs->list->files[index], &place, &jobs->outcomes[index]);
}

static void annotate_job_done(size_t index, void *data) {
  annotate_jobs *jobs = data;
  cli_annotate_outcome *outcome = &jobs->outcomes[index];
  take_outcome(jobs->run, outcome, true);
}

static void annotate_in_parallel(const cli_file_list *list,
                                 const cli_annotate_options *options, annotate_run *run) {
  annotate_jobs jobs = {list, options, run,
                        bg_calloc(list->count ? list->count : 1, sizeof *jobs.outcomes)};
  cli_jobs_run(list->count, options->jobs, annotate_job, annotate_job_done, &jobs, NULL);
  free(jobs.outcomes);
}

/* What annotate can be asked before anything is read: no input is
 * written over.  Returns -1 to go on, else the exit status. */
static int check_request(const cli_file_list *list, const cli_annotate_options *options) {
  for (size_t i = 0; i < list->count; i++) {
    const char *path = list->files[i].path;
    if (options->output && strcmp(path, "-") != 0 &&
        cli_outfile_is_input(options->output, path)) {
      cli_say("%s: the output would overwrite the input", options->output);
      return EXIT_TROUBLE;
    }
  }
  return -1;
}

/* The page of several files: the table, then the sections held. */
static void write_page(annotate_run *run) {
  char title[64];
  snprintf(title, sizeof title, "%zu file%s", run->file_count,
           run->file_count == 1 ? "" : "s");
  annotate_html_page_head(run->out, title);
  annotate_html_files_table(run->out, run->files, run->file_count);
  if (!cli_annotate_copy_held(run->sections, run->out))
    run->incomplete = true;
  annotate_html_page_foot(run->out);
  fclose(run->sections);
  for (size_t i = 0; i < run->file_count; i++)
    free(run->files[i].name);
  free(run->files);
}

/* Every file's listing into one output: standard output or -o's file,
 * which is left as it was when an input could not be listed in full. */
static int annotate_files(const cli_file_list *list,
                          const cli_annotate_options *options) {
  bg_outfile out;
  if (!cli_outfile_open(&out, options->output)) {
    cli_say("%s: %s", options->output, strerror(errno));
    return EXIT_TROUBLE;
  }
  annotate_run run = {
      .out = out.stream, .headers = list->count > 1, .skipped = list->skipped};
  run.page = options->html && (list->count != 1 || list->files[0].walked);
  if (run.page && !(run.sections = tmpfile())) {
    cli_say("a temporary file: %s", strerror(errno));
    cli_outfile_abandon(&out);
    return EXIT_TROUBLE;
  }
  if (options->jobs > 1 && list->count > 1)
    annotate_in_parallel(list, options, &run);
  else
    annotate_in_turn(list, options, &run);
  if (run.page)
    write_page(&run);
  if (run.incomplete) {
    cli_outfile_abandon(&out);
    if (options->output)
      cli_say("%s not written: an input could not be read", options->output);
  } else if (!cli_outfile_commit(&out)) {
    cli_say("%s: write error: %s", options->output ? options->output : "standard output",
            strerror(errno));
    return EXIT_TROUBLE;
  }
  cli_say_skipped(run.skipped);
  return run.status;
}

int cli_annotate(int argc, char **argv) {
  cli_annotate_options options = {.from = BG_NOTATION_AUTO, .context = -1, .jobs = 1};
  bg_replay_options_init(&options.referee);
  int first_file = 0;
  int status = cli_parse_options(argc, argv, ":o:C:vj:", annotate_long_options,
                                 apply_annotate_option, &options, &first_file);
  if (status >= 0)
    return status;
  int count = 0;
  char **files = cli_operands(argc, argv, first_file, &count);
  if (!files)
    return EXIT_TROUBLE;
  cli_file_list list = {.verbose = options.verbose};
  cli_list_files(files, count, &list);
  status = check_request(&list, &options);
  if (status < 0)
    status = annotate_files(&list, &options);
  if (list.trouble) /* a directory could not be read (said) */
    status = EXIT_TROUBLE;
  cli_file_list_free(&list);
  if (!cli_stdout_written())
    return EXIT_TROUBLE;
  return status;
}
