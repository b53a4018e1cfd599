/*
 * write_match.c — a test driver for the writers: reads records in any
 * notation bgmatch reads (through reader.h: .mat, its own YAML, SGF), and
 * writes every match in a notation with writer_write, so that scripts
 * (tests/notation.sh, tests/sgf-interop.sh) can validate what the writers write before
 * `bgmatch convert` exists.  Diagnostics of the records are not shown:
 * judging them is `bgmatch check`'s job.
 *
 *   build/tests/tools/write_match yaml|json|sgf [FILE]   (no FILE: stdin)
 *
 * Exit status: 0 written, 2 bad usage, an unreadable file or a write error.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "reader.h"
#include "replay.h"
#include "writer.h"

/* Writes every match of `in` to stdout; false on a read or write error. */
static bool write_matches(FILE *in, const char *name, bg_format format) {
  FILE *quiet = fopen("/dev/null", "w");
  if (!quiet)
    return false;
  bg_diag_sink sink;
  diag_sink_init(&sink, quiet, DIAG_TEXT);
  bg_replay_options options;
  bg_replay_options_init(&options);
  const char *reason = NULL;
  bg_reader *reader = reader_open(in, name, &sink, BG_NOTATION_AUTO, &reason);
  if (!reader)
    fprintf(stderr, "write_match: %s: %s\n", name, reason);
  bool ok = reader != NULL;
  bg_match *match;
  for (bool first = true; ok && (match = reader_next(reader)) != NULL; first = false) {
    bg_replay *replay = bg_replay_new(match, &options, &sink);
    ok = writer_write(format, stdout, match, replay, first);
    bg_replay_free(replay);
    diag_flush(&sink);
    match_free(match);
  }
  if (reader) {
    ok = ok && !reader_io_error(reader);
    reader_free(reader);
  }
  diag_flush(&sink);
  diag_sink_free(&sink);
  fclose(quiet);
  return ok && fflush(stdout) == 0;
}

int main(int argc, char **argv) {
  bg_format format;
  if (argc < 2 || argc > 3 || !writer_format_named(argv[1], &format)) {
    fprintf(stderr, "usage: write_match yaml|json|sgf [FILE]\n");
    return 2;
  }
  const char *name = argc == 3 ? argv[2] : "-";
  FILE *in = argc == 3 ? fopen(name, "rb") : stdin;
  if (!in) {
    fprintf(stderr, "write_match: %s: %s\n", name, strerror(errno));
    return 2;
  }
  bool ok = write_matches(in, name, format);
  if (in != stdin)
    fclose(in);
  if (!ok)
    fprintf(stderr, "write_match: %s: could not write (%s)\n", name, strerror(errno));
  return ok ? 0 : 2;
}
