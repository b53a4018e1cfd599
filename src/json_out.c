/*
 * json_out.c — file names and legal plays as every JSON output of
 * bgmatch writes them (json_out.h).
 */
#include "json_out.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "base64.h"
#include "notation.h"
#include "utf8.h"

static json_t *checked(json_t *value) {
  if (!value)
    bg_out_of_memory();
  return value;
}

/* A line being dumped: in the caller's `small` buffer until it outgrows
 * it, then in a malloc'ed one that doubles. */
typedef struct {
  char *text;
  size_t used, size;
  char *small;
} line_buffer;

static int add_to_line(const char *bytes, size_t count, void *data) {
  line_buffer *line = data;
  if (line->used + count + 1 > line->size) { /* +1: the newline */
    bool on_stack = line->text == line->small;
    char *bigger =
        bg_grow(on_stack ? NULL : line->text, &line->size, line->used + count + 1, 1, 0);
    if (on_stack)
      memcpy(bigger, line->small, line->used);
    line->text = bigger;
  }
  memcpy(line->text + line->used, bytes, count);
  line->used += count;
  return 0;
}

void json_out_line(const json_t *value, FILE *out, size_t flags) {
  char small[4096];
  line_buffer line = {.text = small, .size = sizeof small, .small = small};
  /* one dump, whatever the length (json_dumpb into a buffer too small
   * for it would have to be dumped again) */
  if (json_dump_callback(value, add_to_line, &line, flags) != 0)
    line.used = 0; /* no value to dump: an empty line, as json_dumpb gave */
  line.text[line.used] = '\n';
  fwrite(line.text, 1, line.used + 1, out);
  if (line.text != small)
    free(line.text);
}

json_t *json_out_file(const char *name) {
  json_t *object = checked(json_object());
  json_t *value;
  if (utf8_is_valid(name)) {
    value = checked(json_string(name));
    if (json_object_set_new(object, "text", value) != 0)
      bg_out_of_memory();
    return object;
  }
  size_t size = strlen(name);
  char *base64 = bg_malloc(base64_encoded_length(size, true) + 1);
  base64_encode((const unsigned char *)name, size, true, base64);
  value = checked(json_string(base64));
  free(base64);
  if (json_object_set_new(object, "bytes", value) != 0)
    bg_out_of_memory();
  return object;
}

json_t *json_out_legal(const bg_playlist *legal) {
  json_t *array = checked(json_array());
  for (int i = 0; i < legal->count; i++) {
    char text[128];
    json_t *play =
        checked(json_string(notation_legal_play(&legal->plays[i], text, sizeof text)));
    if (json_array_append_new(array, play) != 0)
      bg_out_of_memory();
  }
  return array;
}
