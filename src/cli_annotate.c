/*
 * cli_annotate.c — `bgmatch annotate [--board] [--ids] [-C N] [--problems]
 * [--format text|html] [-o OUT] [FILE|DIR...]`: reads each record (any
 * notation the readers know; a directory walked as check walks it, cli.h)
 * match by match, as check does: each match's diagnostics with their
 * positions (annotate.h) are listed, as text or into one HTML page, before
 * the next match is read.  Several files' text listings follow one
 * another, each under its name as head(1) names files; as HTML, several
 * files (or a directory) make one page: a table of the files on top, each
 * file's section below, held in a temporary file until the end.  A file
 * that holds no match at all is one line, never its bytes; with
 * --problems, a file without an error or a warning is left out (its
 * listing is held until its end says).  The listing
 * reads the record's lines through a second handle while the reader reads
 * the first: standard input (or a pipe) is held in a temporary file
 * first.  A record without lines (.xg) is listed as its canonical .mat.
 * Exit status as check's.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "annotate.h"
#include "cli.h"
#include "diag.h"
#include "reader.h"
#include "replay.h"
#include "writer.h"

enum { OPT_BOARD = 512, OPT_IDS, OPT_PROBLEMS };

typedef struct {
  bool html;
  bool board, ids;
  bool problems;      /* --problems: only the files with an error or warning */
  int context;        /* -C: the lines around each item only; -1 all */
  const char *output; /* -o; NULL for standard output */
  bg_notation from;
  bg_replay_options referee;
} annotate_options;

static const struct option annotate_long_options[] = {
    {"board", no_argument, NULL, OPT_BOARD},
    {"ids", no_argument, NULL, OPT_IDS},
    {"context", required_argument, NULL, 'C'},
    {"problems", no_argument, NULL, OPT_PROBLEMS},
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
  default:
    return cli_apply_common_option(opt, word, &options->referee);
  }
}

/* An input open twice: `in` for the reader, `again` for the listing's
 * lines, each with its own offset. */
typedef struct {
  FILE *in, *again;
} input_pair;

static void close_pair(input_pair *pair) {
  if (pair->in)
    fclose(pair->in);
  if (pair->again)
    fclose(pair->again);
  pair->in = pair->again = NULL;
}

static bool copy_all(FILE *from, FILE *to) {
  char buffer[65536];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, from)) > 0)
    if (fwrite(buffer, 1, n, to) != n)
      return false;
  return !ferror(from) && fflush(to) == 0;
}

/* `source` (standard input, a pipe) copied to a temporary file, which is
 * opened twice and unlinked at once. */
static bool hold(FILE *source, input_pair *pair) {
  const char *dir = getenv("TMPDIR");
  char name[PATH_MAX];
  int length = snprintf(name, sizeof name, "%s/bgmatch-annotate.XXXXXX",
                        dir && *dir ? dir : "/tmp");
  if (length < 0 || (size_t)length >= sizeof name) {
    errno = ENAMETOOLONG;
    return false;
  }
  int fd = mkstemp(name);
  if (fd < 0)
    return false;
  pair->in = fdopen(fd, "w+b");
  if (!pair->in)
    close(fd);
  bool held = pair->in && copy_all(source, pair->in) && (pair->again = fopen(name, "rb"));
  int saved = errno;
  unlink(name);
  if (!held) {
    close_pair(pair);
    errno = saved;
    return false;
  }
  rewind(pair->in);
  return true;
}

/* Opens `path` ("-" is standard input) twice; false, errno set, when it
 * cannot be. */
static bool open_twice(const char *path, input_pair *pair) {
  *pair = (input_pair){NULL, NULL};
  if (strcmp(path, "-") == 0)
    return hold(stdin, pair);
  FILE *in = cli_open_input(path);
  if (!in)
    return false;
  struct stat st;
  if (fstat(fileno(in), &st) == 0 && !S_ISREG(st.st_mode)) { /* a pipe: read once */
    bool held = hold(in, pair);
    int saved = errno;
    fclose(in);
    errno = saved;
    return held;
  }
  pair->in = in;
  pair->again = fopen(path, "rb");
  if (!pair->again) {
    int saved = errno;
    close_pair(pair);
    errno = saved;
    return false;
  }
  return true;
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

static void note_status(annotate_run *run, int status) {
  if (status > run->status)
    run->status = status;
}

/* One input's listing, text or HTML, written as its matches are read. */
typedef struct {
  const annotate_options *options;
  annotate_run *run;
  const char *name;
  FILE *out;           /* run->out, or `held` */
  FILE *held;          /* a temporary file: the listing until its end */
  char prefix[24];     /* its section's id in a page of several files */
  bool started;        /* its name written (several files), its batches begun */
  int canonical_lines; /* .xg: the canonical lines listed so far; -1 else */
  annotate_text text;
  annotate_html html;
} listing;

/* The name of each listing when there are several, as head(1) writes
 * it, a blank line between one listing and the next. */
static void start(listing *list) {
  if (list->started)
    return;
  list->started = true;
  annotate_run *run = list->run;
  if (run->headers && !list->held) /* else written when it is shown */
    fprintf(run->out, "%s==> %s <==\n", run->listed > 0 ? "\n" : "", list->name);
}

/* A stream into a malloc'ed *text of *size bytes; only memory can be
 * short. */
static FILE *open_text(char **text, size_t *size) {
  FILE *out = open_memstream(text, size);
  if (!out)
    bg_out_of_memory();
  return out;
}

/* The match as `convert --to mat` writes it (`first`: the first of its
 * output), into a malloc'ed *text of *size bytes: the listing of a record
 * without lines (.xg).  The walk's diagnostics are the batch's already. */
static void write_canonical(const bg_match *match, const bg_replay_options *options,
                            bool first, char **text, size_t *size) {
  FILE *out = open_text(text, size);
  bg_diag_sink scratch;
  diag_sink_init(&scratch, NULL, DIAG_TEXT);
  bg_replay *replay = bg_replay_new(match, options, &scratch);
  writer_write(BG_FORMAT_MAT, out, match, replay, first);
  bg_replay_free(replay);
  diag_sink_free(&scratch);
  if (fclose(out) != 0)
    bg_out_of_memory();
}

/* Lists one batch (a match's, or what the reader said after the last). */
static void list_batch(listing *list, annotate_batch *batch) {
  start(list);
  if (list->canonical_lines >= 0 && batch->match) {
    char *text;
    size_t size;
    write_canonical(batch->match, &list->options->referee, list->canonical_lines == 0,
                    &text, &size);
    list->canonical_lines = annotate_canonical(batch, text, size, list->canonical_lines);
  }
  if (list->options->html)
    annotate_html_add(&list->html, batch);
  else
    annotate_text_add(&list->text, batch);
}

/* Begins the listing of `again`'s lines (none when NULL); false when an
 * HTML page cannot be begun (said). */
static bool begin_listing(listing *list, FILE *again) {
  const annotate_options *options = list->options;
  if (!options->html) {
    annotate_text_options text = {.board = options->board,
                                  .ids = options->ids,
                                  .colour = !options->output && cli_colour(STDOUT_FILENO),
                                  .context = options->context};
    annotate_text_begin(&list->text, list->out, again, &text);
    return true;
  }
  if (annotate_html_begin(&list->html, list->out, again, list->name, list->prefix))
    return true;
  cli_say("%s: %s", list->name, strerror(errno));
  return false;
}

/* Ends the listing; false on a read error of its lines or a spool. */
static bool end_listing(listing *list, const bg_diag_sink *sink) {
  if (!list->options->html)
    return annotate_text_end(&list->text);
  bool ok =
      annotate_html_end(&list->html, diag_sink_errors(sink), diag_sink_warnings(sink));
  annotate_html_free(&list->html);
  return ok;
}

/* Forgets a listing nothing of which was written. */
static void drop_listing(listing *list) {
  if (list->options->html)
    annotate_html_free(&list->html);
  else
    annotate_lines_free(&list->text.lines);
}

/* Reads and lists every match of `reader`; false when the input could
 * not be read to its end (said on stderr).  Sets *matches. */
/* One match listed. */
typedef struct {
  listing *list;
  bg_diag_sink *sink;
  annotate_batch batch;
} annotate_walk_state;

static bool list_one(bg_match *match, void *data) {
  annotate_walk_state *walk = data;
  /* the batch owns the match from here: annotate_batch_clear frees it */
  annotate_walk(&walk->batch, match, &walk->list->options->referee, walk->sink);
  annotate_take(&walk->batch, walk->sink);
  list_batch(walk->list, &walk->batch);
  annotate_batch_clear(&walk->batch, walk->sink);
  return true;
}

static bool stream(bg_reader *reader, const cli_file *file, listing *list,
                   bg_diag_sink *sink, long *matches, bool *no_record) {
  annotate_walk_state walk = {.list = list, .sink = sink};
  annotate_batch_init(&walk.batch);
  const char *trouble = cli_each_match(reader, sink, list_one, &walk, matches);
  annotate_batch_free(&walk.batch);
  if (!trouble && !cli_skips_unmatched(file, sink, *matches)) {
    trouble = cli_unreadable_unmatched(reader, file, sink, *matches);
    *no_record = trouble != NULL;
  }
  if (!trouble)
    return true;
  cli_say("%s: %s", list->name, trouble);
  return false;
}

/* Lists what the reader said after the last match, then the lines left;
 * false when the listing could not be written in full. */
static bool finish(listing *list, bool read, bg_diag_sink *sink) {
  annotate_batch rest;
  annotate_batch_init(&rest);
  annotate_take(&rest, sink);
  list_batch(list, &rest);
  annotate_batch_free(&rest);
  bool written = end_listing(list, sink);
  if (!written && read) /* else the reader said why */
    cli_say("%s: read error", list->name);
  return written;
}

/* The verdict of a file in the table of a page of several files. */
static const char *verdict_of(bool trouble, bool not_record, const bg_diag_sink *sink) {
  return trouble                        ? "unreadable"
         : not_record                   ? "not-record"
         : diag_sink_errors(sink) > 0   ? "errors"
         : diag_sink_warnings(sink) > 0 ? "warnings"
                                        : "clean";
}

/* A row of the table of a page of several files. */
static void add_row(annotate_run *run, const char *name, const char *verdict,
                    const char *anchor, long errors, long warnings) {
  run->files = bg_grow(run->files, &run->file_capacity, run->file_count + 1,
                       sizeof *run->files, 16);
  annotate_html_file *file = &run->files[run->file_count++];
  *file = (annotate_html_file){.name = bg_strdup(name),
                               .verdict = verdict,
                               .errors = errors,
                               .warnings = warnings};
  snprintf(file->anchor, sizeof file->anchor, "%s", anchor ? anchor : "");
}

/* Where the listing goes: straight out, or held until its end when it
 * may be left out (--problems) or belongs in a page's sections. */
static bool place_listing(listing *list) {
  annotate_run *run = list->run;
  list->out = run->out;
  if (run->page)
    snprintf(list->prefix, sizeof list->prefix, "f%zu", run->file_count + 1);
  if (!run->page && !list->options->problems)
    return true;
  list->held = tmpfile();
  list->out = list->held;
  return list->held != NULL;
}

/* Copies what was held in `from` to `to`; false on a read error. */
static bool copy_held(FILE *from, FILE *to) {
  if (fflush(from) != 0)
    return false;
  rewind(from);
  return copy_all(from, to);
}

/* The listing's end: a held one shown where it belongs (its name above a
 * text listing, its row in a page's table), or left out. */
static void show_listing(listing *list, bool shown, const char *verdict,
                         const bg_diag_sink *sink) {
  annotate_run *run = list->run;
  if (run->page && shown)
    add_row(run, list->name, verdict, list->prefix, diag_sink_errors(sink),
            diag_sink_warnings(sink));
  if (list->held && shown) {
    if (run->headers && !run->page)
      fprintf(run->out, "%s==> %s <==\n", run->listed > 0 ? "\n" : "", list->name);
    if (!copy_held(list->held, run->page ? run->sections : run->out))
      run->incomplete = true;
  }
  if (shown)
    run->listed++;
  if (list->held)
    fclose(list->held);
  list->held = NULL;
}

/* A file that holds no match: one line, as check words it, not its
 * bytes (a picture, random bytes, notes named on the command line). */
static void say_not_record(listing *list, const bg_diag *nothing) {
  drop_listing(list);
  if (list->options->html) {
    annotate_html_not_record(list->out, list->prefix, list->name, nothing->message);
    return;
  }
  start(list);
  fprintf(list->out, "%s:%d:%d: error: %s [%s]\n", list->name, nothing->line,
          nothing->column, nothing->message, nothing->rule);
}

/* Lists what was read, or says it is no record. */
static void end_input(listing *list, bool read, long matches, bg_diag_sink *sink) {
  annotate_run *run = list->run;
  const bg_diag *nothing = read ? cli_no_match_found(sink, matches) : NULL;
  bool written = true;
  if (nothing)
    say_not_record(list, nothing);
  else
    written = finish(list, read, sink);
  run->incomplete = run->incomplete || !written;
  bool trouble = !read || !written;
  note_status(run, trouble                      ? EXIT_TROUBLE
                   : diag_sink_errors(sink) > 0 ? EXIT_BROKEN
                                                : EXIT_VALID);
  bool shown = !list->options->problems || trouble ||
               diag_sink_errors(sink) + diag_sink_warnings(sink) > 0;
  show_listing(list, shown, verdict_of(trouble, nothing != NULL, sink), sink);
}

/* Annotates one opened input into run->out. */
static void annotate_input(const input_pair *input, const char *name,
                           const cli_file *file, const annotate_options *options,
                           annotate_run *run) {
  bg_diag_sink sink; /* holds, never prints: the listing says it all */
  diag_sink_init(&sink, NULL, DIAG_TEXT);
  listing list = {.options = options, .run = run, .name = name, .canonical_lines = -1};
  const char *reason;
  bg_reader *reader = reader_open(input->in, name, &sink, options->from, &reason);
  bool has_lines = !reader || reader_notation(reader) != BG_NOTATION_XG;
  if (!place_listing(&list) || !begin_listing(&list, has_lines ? input->again : NULL)) {
    if (!list.held && run->page)
      cli_say("%s: %s", name, strerror(errno));
    if (list.held)
      fclose(list.held);
    if (reader)
      reader_free(reader);
    diag_sink_free(&sink);
    run->incomplete = true;
    note_status(run, EXIT_TROUBLE);
    return;
  }
  list.canonical_lines = has_lines ? -1 : 0;
  bool read = reader != NULL, no_record = false;
  long matches = 0;
  if (reader) {
    read = stream(reader, file, &list, &sink, &matches, &no_record);
    reader_free(reader);
  } else {
    cli_say("%s: %s", name, reason);
  }
  if (no_record) { /* empty or binary: no line of it is worth listing */
    drop_listing(&list);
    if (run->page)
      add_row(run, file->path, "unreadable", NULL, 0, 0);
    note_status(run, EXIT_TROUBLE);
  } else if (read &&
             cli_skips_unmatched(file, &sink, matches)) { /* nothing written yet */
    drop_listing(&list);
    if (list.held)
      fclose(list.held);
    run->skipped++;
  } else {
    end_input(&list, read, matches, &sink);
  }
  diag_sink_free(&sink);
}

/* Annotates one file ("-" is standard input). */
static void annotate_file(const cli_file *file, const annotate_options *options,
                          annotate_run *run) {
  bool is_stdin = strcmp(file->path, "-") == 0;
  input_pair input;
  if (!open_twice(file->path, &input)) {
    cli_say("%s: %s", file->path, strerror(errno));
    if (run->page)
      add_row(run, file->path, "unreadable", NULL, 0, 0);
    run->incomplete = true;
    note_status(run, EXIT_TROUBLE);
    return;
  }
  annotate_input(&input, is_stdin ? "<stdin>" : file->path, file, options, run);
  close_pair(&input);
}

/* What annotate can be asked before anything is read: no input is
 * written over.  Returns -1 to go on, else the exit status. */
static int check_request(const cli_file_list *list, const annotate_options *options) {
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
  if (!copy_held(run->sections, run->out))
    run->incomplete = true;
  annotate_html_page_foot(run->out);
  fclose(run->sections);
  for (size_t i = 0; i < run->file_count; i++)
    free(run->files[i].name);
  free(run->files);
}

/* Every file's listing into one output: standard output or -o's file,
 * which is left as it was when an input could not be listed in full. */
static int annotate_files(const cli_file_list *list, const annotate_options *options) {
  bg_outfile out;
  if (!cli_outfile_open(&out, options->output)) {
    cli_say("%s: %s", options->output, strerror(errno));
    return EXIT_TROUBLE;
  }
  annotate_run run = {.out = out.stream, .headers = list->count > 1};
  run.page = options->html && (list->count != 1 || list->files[0].walked);
  if (run.page && !(run.sections = tmpfile())) {
    cli_say("a temporary file: %s", strerror(errno));
    cli_outfile_abandon(&out);
    return EXIT_TROUBLE;
  }
  for (size_t i = 0; i < list->count; i++)
    annotate_file(&list->files[i], options, &run);
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
  annotate_options options = {.from = BG_NOTATION_AUTO, .context = -1};
  bg_replay_options_init(&options.referee);
  int first_file = 0;
  int status = cli_parse_options(argc, argv, ":o:C:", annotate_long_options,
                                 apply_annotate_option, &options, &first_file);
  if (status >= 0)
    return status;
  int count = 0;
  char **files = cli_operands(argc, argv, first_file, &count);
  if (!files)
    return EXIT_TROUBLE;
  cli_file_list list = {0};
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
