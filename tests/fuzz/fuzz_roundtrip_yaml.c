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
#include <stdint.h>
#include <string.h>

#include "fuzz_read.h"

static void write_as_yaml(const bg_match *match, const bg_replay_options *options,
                          bg_diag_sink *sink, bool first, void *out) {
  fuzz_write(BG_FORMAT_YAML, out, match, options, sink, first);
}

/* Every match of the `size` bytes at `data`, read as `from`, written as
 * YAML into a malloc'ed text (*length bytes). */
static char *write_yaml_of(const void *data, size_t size, bg_notation from,
                           size_t *length) {
  char *text = NULL;
  FILE *out = open_memstream(&text, length);
  if (!out)
    abort(); /* the harness itself failed: not the input's doing */
  fuzz_read(data, size, from, DIAG_TEXT, write_as_yaml, out);
  fclose(out);
  return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
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
