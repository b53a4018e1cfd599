/*
 * fuzz_roundtrip_yaml.c — libFuzzer target for the round trip through
 * bgmatch's YAML notation: any bytes are read in the notation they look
 * like (.mat or YAML), every match written as YAML; that text is read back
 * as YAML and written again.  The two texts must be the same bytes (the
 * writer's output is a fixed point of reading and writing), else the
 * target aborts, which libFuzzer reports with the input that did it.
 *
 *   make fuzz FUZZ_SECONDS=60      (clang with libFuzzer; seeds: samples/)
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "reader.h"
#include "referee.h"
#include "replay.h"
#include "writer.h"

static FILE *sink_file;

/* Every match of the `size` bytes at `data`, read as `from`, written as
 * YAML into a malloc'ed text (*length bytes). */
static char *write_yaml_of(const void *data, size_t size, bg_notation from,
                           size_t *length) {
  char *text = NULL;
  FILE *out = open_memstream(&text, length);
  FILE *in = size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
  if (!out || !in)
    abort(); /* the harness itself failed: not the input's doing */
  bg_diag_sink sink;
  diag_sink_init(&sink, sink_file, DIAG_TEXT);
  bg_referee_options options;
  referee_options_init(&options);
  const char *reason;
  bg_reader *reader = reader_open(in, "fuzz", &sink, from, &reason);
  if (reader) {
    bg_match *match;
    for (bool first = true; (match = reader_next(reader)) != NULL; first = false) {
      bg_replay *replay = bg_replay_new(match, &options, &sink);
      writer_write(BG_FORMAT_YAML, out, match, replay, first);
      bg_replay_free(replay);
      diag_flush(&sink);
      match_free(match);
    }
    reader_free(reader);
  }
  diag_flush(&sink);
  diag_sink_free(&sink);
  fclose(in);
  fclose(out);
  return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!sink_file)
    sink_file = fopen("/dev/null", "w");
  if (!sink_file)
    return 0;
  size_t first_length, second_length;
  char *first = write_yaml_of(data, size, BG_NOTATION_AUTO, &first_length);
  char *second = write_yaml_of(first, first_length, BG_NOTATION_YAML, &second_length);
  if (first_length != second_length || memcmp(first, second, first_length) != 0) {
    fprintf(stderr,
            "fuzz_roundtrip_yaml: the YAML read back is written differently\n"
            "---- first\n%s\n---- second\n%s\n",
            first, second);
    abort();
  }
  free(first);
  free(second);
  return 0;
}
