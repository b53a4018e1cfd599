/*
 * cli_convert_file.c — one input of `bgmatch convert` (cli_convert.h):
 * reads every match of a record in any notation the readers know
 * (reader.h) and writes it through a writer (writer.h) into one output,
 * its diagnostics on standard error or, with -j, into the file's buffer;
 * then puts the output in place, or gives it up.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "cli_convert.h"
#include "match.h"

void cli_convert_sink_open(bg_diag_sink *sink, FILE *err) {
  diag_sink_init(sink, err, DIAG_TEXT);
  diag_sink_set_colour(sink, cli_colour(STDERR_FILENO));
}

/* Writes one match; under --strict only when nothing was said about it
 * (since `errors`, `warnings`), so it is written to memory first. */
static bool convert_match(const bg_match *match, const cli_convert_options *options,
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
  const cli_convert_options *options;
  bg_diag_sink *sink;
  FILE *err;
  cli_convert_output *out;
  int index;             /* of the match, from 1 */
  long errors, warnings; /* the sink's counts before the match */
} convert_walk;

/* Whether the next match written is the output's first. */
static bool first_of_output(const cli_convert_output *out) {
  if (out->written > 0)
    return false;
  return !out->turn || !out->turn->before_wrote(out->turn->context);
}

static bool convert_one(bg_match *match, void *data) {
  convert_walk *walk = data;
  bg_diag_sink *sink = walk->sink;
  cli_convert_output *out = walk->out;
  walk->index++;
  errno = 0;
  if (!convert_match(match, walk->options, sink, out->file.stream, first_of_output(out),
                     walk->errors, walk->warnings))
    out->write_errno = errno ? errno : EIO;
  bool quiet = diag_sink_errors(sink) == walk->errors &&
               diag_sink_warnings(sink) == walk->warnings;
  diag_flush(sink);
  if (walk->options->strict && !quiet)
    cli_say_to(walk->err,
               "%s: match %d not written (--strict: it has errors or warnings)",
               walk->name, walk->index);
  bool written = quiet || !walk->options->strict;
  if (written && out->written == 0 && out->turn)
    out->turn->wrote(out->turn->context);
  out->written += written;
  walk->errors = diag_sink_errors(sink);
  walk->warnings = diag_sink_warnings(sink);
  match_free(match);
  return !out->write_errno; /* a write error stops the output */
}

/* Converts every match `reader` gives into `out`.  Returns why the input
 * could not be read to its end, NULL when it could. */
static const char *convert_stream(bg_reader *reader, const cli_file *file,
                                  const char *name, const cli_convert_options *options,
                                  bg_diag_sink *sink, FILE *err,
                                  cli_convert_output *out) {
  if (out->write_errno)
    return NULL;
  convert_walk walk = {.name = name,
                       .options = options,
                       .sink = sink,
                       .err = err,
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

/* Converts one opened input, read through a reader. */
static void convert_opened(FILE *in, const char *name, const cli_file *file,
                           const cli_convert_options *options, bg_diag_sink *sink,
                           FILE *err, cli_convert_output *out,
                           cli_convert_totals *totals) {
  const char *reason;
  bg_reader *reader = reader_open(in, name, sink, options->from, &reason);
  if (!reader) {
    cli_say_to(err, "%s: %s", name, reason);
    totals->trouble = true;
    return;
  }
  const char *trouble = convert_stream(reader, file, name, options, sink, err, out);
  if (trouble) {
    cli_say_to(err, "%s: %s", name, trouble);
    totals->trouble = true;
  } else if (out->notes) {
    totals->skipped++;
    if (options->verbose)
      cli_say_skipped_file(err, name, "a .txt with no match");
  }
  reader_free(reader);
}

void cli_convert_file(const cli_file *file, const cli_convert_options *options,
                      bg_diag_sink *sink, FILE *err, cli_convert_output *out,
                      cli_convert_totals *totals) {
  const char *path = file->path;
  bool is_stdin = strcmp(path, "-") == 0;
  FILE *in = is_stdin ? stdin : cli_open_input(path);
  if (!in) {
    cli_say_to(err, "%s: %s", path, strerror(errno));
    totals->trouble = true;
    return;
  }
  long errors = diag_sink_errors(sink), warnings = diag_sink_warnings(sink);
  convert_opened(in, is_stdin ? "<stdin>" : path, file, options, sink, err, out, totals);
  if (!is_stdin)
    fclose(in);
  totals->errors += diag_sink_errors(sink) - errors;
  totals->warnings += diag_sink_warnings(sink) - warnings;
}

bool cli_convert_finish(cli_convert_output *out, bool input_trouble) {
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
