/*
 * cli_annotate_file.c — one file of `bgmatch annotate` (cli_annotate.h):
 * reads the record (any notation the readers know) match by match, as
 * check does, and lists each match's diagnostics with their positions
 * (annotate.h), as text or as an HTML page or section, before the next
 * match is read.  A file that holds no match at all is one line, never
 * its bytes.  The listing reads the record's lines through a second
 * handle while the reader reads the first: standard input (or a pipe) is
 * held in a temporary file first.  A record without lines (.xg) is listed
 * as its canonical .mat.  What became of the file (its verdict, whether it
 * is shown) goes into an outcome the run takes (cli_annotate.c), so that a
 * file can be listed in a thread of its own (-j).
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
#include "cli_annotate.h"
#include "diag.h"
#include "writer.h"

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

/* One input's listing, text or HTML, written as its matches are read. */
typedef struct {
  const cli_annotate_options *options;
  const cli_annotate_place *place;
  cli_annotate_outcome *outcome;
  const char *name;
  FILE *out;           /* place->out, or `held` */
  FILE *held;          /* a temporary file: the listing until its end */
  const char *prefix;  /* its section's id in a page of several files, or "" */
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
  const cli_annotate_place *place = list->place;
  if (place->headers && !list->held) /* else written when it is shown */
    fprintf(place->out, "%s==> %s <==\n", place->listed > 0 ? "\n" : "", list->name);
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
  const cli_annotate_options *options = list->options;
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
  cli_say_to(list->place->err, "%s: %s", list->name, strerror(errno));
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

/* Reads and lists every match of `reader`; false when the input could
 * not be read to its end (said).  Sets *matches, and *no_record when the
 * input is empty or binary. */
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
  cli_say_to(list->place->err, "%s: %s", list->name, trouble);
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
    cli_say_to(list->place->err, "%s: read error", list->name);
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

/* Where the listing goes: straight out, or held until its end when it
 * may be left out (--problems) or belongs in a page's sections. */
static bool place_listing(listing *list) {
  const cli_annotate_place *place = list->place;
  list->out = place->out;
  list->prefix = place->page ? place->id : "";
  if (place->out && !place->page && !list->options->problems)
    return true;
  list->held = tmpfile();
  list->out = list->held;
  return list->held != NULL;
}

bool cli_annotate_copy_held(FILE *from, FILE *to) {
  if (fflush(from) != 0)
    return false;
  rewind(from);
  return copy_all(from, to);
}

/* The worse of the file's exit status so far and `status`. */
static void note_status(cli_annotate_outcome *outcome, int status) {
  if (status > outcome->status)
    outcome->status = status;
}

/* The file's row in a page's table. */
static void set_row(cli_annotate_outcome *outcome, const char *name, const char *verdict,
                    bool anchored, const bg_diag_sink *sink) {
  outcome->row = true;
  outcome->row_name = name;
  outcome->verdict = verdict;
  outcome->anchored = anchored;
  outcome->errors = sink ? diag_sink_errors(sink) : 0;
  outcome->warnings = sink ? diag_sink_warnings(sink) : 0;
}

/* The listing's end: shown (a held one where the run puts it, its name
 * above a text listing, its row in a page's table), or left out. */
static void show_listing(listing *list, bool shown, const char *verdict,
                         const bg_diag_sink *sink) {
  cli_annotate_outcome *outcome = list->outcome;
  if (list->place->page && shown)
    set_row(outcome, list->name, verdict, true, sink);
  outcome->shown = shown;
  if (list->held && shown)
    outcome->held = list->held;
  else if (list->held)
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
  cli_annotate_outcome *outcome = list->outcome;
  const bg_diag *nothing = read ? cli_no_match_found(sink, matches) : NULL;
  bool written = true;
  if (nothing)
    say_not_record(list, nothing);
  else
    written = finish(list, read, sink);
  outcome->incomplete = outcome->incomplete || !written;
  bool trouble = !read || !written;
  note_status(outcome, trouble                      ? EXIT_TROUBLE
                       : diag_sink_errors(sink) > 0 ? EXIT_BROKEN
                                                    : EXIT_VALID);
  bool shown = !list->options->problems || trouble ||
               diag_sink_errors(sink) + diag_sink_warnings(sink) > 0;
  show_listing(list, shown, verdict_of(trouble, nothing != NULL, sink), sink);
}

/* A listing that could not be begun: said, the file not listed. */
static void not_begun(listing *list, bg_reader *reader) {
  if (!list->held && list->place->page)
    cli_say_to(list->place->err, "%s: %s", list->name, strerror(errno));
  if (list->held)
    fclose(list->held);
  if (reader)
    reader_free(reader);
  list->outcome->incomplete = true;
  note_status(list->outcome, EXIT_TROUBLE);
}

/* What was read, once the reader is done: listed, or said to be no
 * record (empty, binary) or notes a walk skips. */
static void end_file(listing *list, const cli_file *file, bool read, bool no_record,
                     long matches, bg_diag_sink *sink) {
  cli_annotate_outcome *outcome = list->outcome;
  if (no_record) { /* empty or binary: no line of it is worth listing */
    drop_listing(list);
    if (list->held)
      fclose(list->held);
    if (list->place->page)
      set_row(outcome, file->path, "unreadable", false, NULL);
    note_status(outcome, EXIT_TROUBLE);
  } else if (read && cli_skips_unmatched(file, sink, matches)) { /* nothing written */
    drop_listing(list);
    if (list->held)
      fclose(list->held);
    outcome->skipped = true;
    if (list->options->verbose)
      cli_say_skipped_file(list->place->err, list->name, "a .txt with no match");
  } else {
    end_input(list, read, matches, sink);
  }
}

/* Annotates one opened input. */
static void annotate_input(const input_pair *input, const char *name,
                           const cli_file *file, const cli_annotate_place *place,
                           cli_annotate_outcome *outcome) {
  const cli_annotate_options *options = place->options;
  bg_diag_sink sink; /* holds, never prints: the listing says it all */
  diag_sink_init(&sink, NULL, DIAG_TEXT);
  listing list = {.options = options,
                  .place = place,
                  .outcome = outcome,
                  .name = name,
                  .canonical_lines = -1};
  outcome->name = name;
  const char *reason;
  bg_reader *reader = reader_open(input->in, name, &sink, options->from, &reason);
  bool has_lines = !reader || reader_notation(reader) != BG_NOTATION_XG;
  if (!place_listing(&list) || !begin_listing(&list, has_lines ? input->again : NULL)) {
    not_begun(&list, reader);
    diag_sink_free(&sink);
    return;
  }
  list.canonical_lines = has_lines ? -1 : 0;
  bool read = reader != NULL, no_record = false;
  long matches = 0;
  if (reader) {
    read = stream(reader, file, &list, &sink, &matches, &no_record);
    reader_free(reader);
  } else {
    cli_say_to(place->err, "%s: %s", name, reason);
  }
  end_file(&list, file, read, no_record, matches, &sink);
  diag_sink_free(&sink);
}

void cli_annotate_file(const cli_file *file, const cli_annotate_place *place,
                       cli_annotate_outcome *outcome) {
  *outcome = (cli_annotate_outcome){.status = EXIT_VALID};
  bool is_stdin = strcmp(file->path, "-") == 0;
  input_pair input;
  if (!open_twice(file->path, &input)) {
    cli_say_to(place->err, "%s: %s", file->path, strerror(errno));
    if (place->page)
      set_row(outcome, file->path, "unreadable", false, NULL);
    outcome->incomplete = true;
    note_status(outcome, EXIT_TROUBLE);
    return;
  }
  annotate_input(&input, is_stdin ? "<stdin>" : file->path, file, place, outcome);
  close_pair(&input);
}
