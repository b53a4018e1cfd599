/*
 * writer.c — dispatches writer_write to the file of each notation.
 */
#include "writer.h"

#include <string.h>

static const struct {
  const char *name;
  bg_format format;
  bool (*write)(FILE *out, const bg_match *match, bg_replay *replay, bool first);
} writers[] = {
    {"mat", BG_FORMAT_MAT, write_mat},
    {"yaml", BG_FORMAT_YAML, write_yaml},
    {"json", BG_FORMAT_JSON, write_json},
    {"sgf", BG_FORMAT_SGF, write_sgf},
};

static int writer_index(bg_format format) {
  for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++)
    if (writers[i].format == format)
      return (int)i;
  return -1;
}

bool writer_format_named(const char *name, bg_format *format) {
  for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++)
    if (strcmp(writers[i].name, name) == 0) {
      *format = writers[i].format;
      return true;
    }
  return false;
}

const char *writer_format_name(bg_format format) {
  int index = writer_index(format);
  return index < 0 ? "" : writers[index].name;
}

bool writer_write(bg_format format, FILE *out, const bg_match *match, bg_replay *replay,
                  bool first) {
  int index = writer_index(format);
  if (index < 0)
    return false;
  /* SGF has no place for a line no reader could read: its reader would
   * not say it again */
  bg_replay_say_unkept_syntax(replay, format != BG_FORMAT_SGF);
  return writers[index].write(out, match, replay, first);
}
