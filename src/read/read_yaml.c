/*
 * read_yaml.c — the event layer of the reader of bgmatch's YAML notation
 * (read_yaml.h): drives libyaml's parser one event at a time over the bytes
 * of bg_input, with the limits on depth and token length, the positions of
 * events in bytes, the diagnostics, and the helpers the schema layer reads
 * nodes with (a scalar, a number, the next key, skipping a node).
 *
 * Recovery is by nodes: a function that finds what the notation does not
 * allow reports it once and returns false; its caller skips the rest of
 * that node (bg_yaml_skip_to, by depth) and goes on with the next action,
 * game or document.  A parse error or a limit stops the input: libyaml
 * cannot resynchronise, and a limit means the input is hostile.
 *
 * Stage: the bottom of the YAML reader, under the schema layer
 * (read_yaml_match.c, read_yaml_action.c), which it never calls; it makes
 * and frees the reader, read_yaml_match.c hands its matches over.  Calls
 * libyaml, input.h and diag.h.
 */
#include "read_yaml_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "rules.h"
#include "utf8.h"

/* ---- bytes in, marks out ---------------------------------------------- */

/* libyaml's read handler: the bytes of bg_input, remembered in the ring
 * for bg_yaml_position.  It refuses to feed more than YAML_MAX_TOKEN bytes
 * between two events: libyaml holds a whole scalar in memory before it
 * hands it over, so a 100 MB scalar is stopped here, at 1 MiB. */
static int read_handler(void *data, unsigned char *buffer, size_t size,
                        size_t *size_read) {
  bg_yaml_reader *reader = data;
  *size_read = 0;
  if (reader->fed - reader->fed_at_event > YAML_MAX_TOKEN) {
    reader->too_long = true;
    return 0;
  }
  size_t got = input_read(reader->input, (char *)buffer, size);
  if (reader->ring_size < YAML_RING_BYTES && reader->fed + got > reader->ring_size) {
    size_t needed =
        reader->fed + got < YAML_RING_BYTES ? reader->fed + got : YAML_RING_BYTES;
    reader->ring =
        bg_grow(reader->ring, &reader->ring_size, needed, 1, YAML_RING_FIRST_BYTES);
  }
  for (size_t i = 0; i < got; i++) {
    size_t at = reader->fed + i;
    reader->ring[at % reader->ring_size] = buffer[i];
    if (buffer[i] != '\n')
      continue;
    if (++reader->lines_fed >= reader->line_capacity &&
        reader->line_capacity < YAML_RING_LINES)
      reader->line_start =
          bg_grow(reader->line_start, &reader->line_capacity, reader->lines_fed + 1,
                  sizeof *reader->line_start, YAML_RING_FIRST_LINES);
    reader->line_start[reader->lines_fed % reader->line_capacity] = at + 1;
  }
  reader->fed += got;
  *size_read = got;
  return input_io_error(reader->input) ? 0 : 1;
}

/* libyaml's column counts characters; bgmatch's count bytes.  The line of
 * the mark is looked up in the ring (it is there unless a token that long
 * pushed it out, then the character column stands). */
bg_srcpos bg_yaml_position(const bg_yaml_reader *reader, yaml_mark_t mark) {
  bg_srcpos pos = {(int)mark.line + 1, (int)mark.column + 1};
  size_t line = mark.line;
  if (line > reader->lines_fed || reader->lines_fed - line >= reader->line_capacity)
    return pos;
  size_t at = line == 0 ? 0 : reader->line_start[line % reader->line_capacity];
  size_t start = at;
  if (reader->fed - at > reader->ring_size)
    return pos;
  for (size_t chars = 0; chars < mark.column; chars++) {
    if (at >= reader->fed || reader->ring[at % reader->ring_size] == '\n')
      return pos; /* a line break libyaml counts and this does not (a lone CR) */
    at++;
    while (at < reader->fed &&
           utf8_is_continuation((unsigned char)reader->ring[at % reader->ring_size]))
      at++;
  }
  pos.column = (int)(at - start) + 1;
  return pos;
}

/* ---- diagnostics -------------------------------------------------------- */

/* A `syntax` error at `pos`, within the per-match limit (diag.h). */
static void syntax_error_v(bg_yaml_reader *reader, bg_srcpos pos, const char *fmt,
                           va_list args) {
  bg_diag diag = {.file = reader->file,
                  .line = pos.line,
                  .column = pos.column,
                  .severity = DIAG_ERROR,
                  .rule = RULE_SLUG(SYNTAX),
                  .game = reader->game_index};
  if (!diag_syntax_admit(&reader->syntax_limit, reader->sink, &diag))
    return;
  char where[64] = "", message[512];
  if (reader->game_index > 0 && reader->action_index > 0)
    snprintf(where, sizeof where, "game %d, action %d: ", reader->game_index,
             reader->action_index);
  else if (reader->game_index > 0)
    snprintf(where, sizeof where, "game %d: ", reader->game_index);
  int length = snprintf(message, sizeof message, "%s", where);
  vsnprintf(message + length, sizeof message - (size_t)length, fmt, args);
  diag.message = message;
  diag_emit(reader->sink, &diag);
}

void bg_yaml_syntax_error(bg_yaml_reader *reader, yaml_mark_t mark, const char *fmt,
                          ...) {
  va_list args;
  va_start(args, fmt);
  syntax_error_v(reader, bg_yaml_position(reader, mark), fmt, args);
  va_end(args);
}

void bg_yaml_syntax_error_at(bg_yaml_reader *reader, bg_srcpos pos, const char *fmt,
                             ...) {
  va_list args;
  va_start(args, fmt);
  syntax_error_v(reader, pos, fmt, args);
  va_end(args);
}

/* Text quoted for a message: printable ASCII as is, the rest as \xNN (a
 * garbage byte must not look like a token), cut at 40 bytes. */
void bg_yaml_quote(const char *text, size_t length, char *out, size_t size) {
  static const char hex[] = "0123456789abcdef";
  size_t n = 0, i = 0;
  for (; i < length && n + 8 < size && i < 40; i++) {
    unsigned char c = (unsigned char)text[i];
    if (c >= 0x20 && c < 0x7f) {
      out[n++] = (char)c;
      continue;
    }
    out[n++] = '\\';
    out[n++] = 'x';
    out[n++] = hex[c >> 4];
    out[n++] = hex[c & 15];
  }
  if (i < length && n + 4 < size) {
    memcpy(out + n, "...", 3);
    n += 3;
  }
  out[n] = '\0';
}

const char *bg_yaml_event_found(const bg_yaml_reader *reader, char *buf, size_t size) {
  const yaml_event_t *event = &reader->event;
  switch (event->type) {
  case YAML_SCALAR_EVENT: {
    if (event->data.scalar.length == 0 &&
        event->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
      snprintf(buf, size, "nothing");
      break;
    }
    char quoted[200];
    bg_yaml_quote((const char *)event->data.scalar.value, event->data.scalar.length,
                  quoted, sizeof quoted);
    snprintf(buf, size, "'%s'", quoted);
    break;
  }
  case YAML_SEQUENCE_START_EVENT:
    snprintf(buf, size, "a sequence");
    break;
  case YAML_MAPPING_START_EVENT:
    snprintf(buf, size, "a mapping");
    break;
  case YAML_ALIAS_EVENT:
    snprintf(buf, size, "an alias");
    break;
  case YAML_SEQUENCE_END_EVENT:
  case YAML_MAPPING_END_EVENT:
    snprintf(buf, size, "the end of the collection");
    break;
  default:
    snprintf(buf, size, "the end of the document");
    break;
  }
  return buf;
}

bool bg_yaml_unexpected(bg_yaml_reader *reader, const char *what) {
  char found[256];
  bg_yaml_syntax_error(reader, reader->event.start_mark, "expected %s, found %s", what,
                       bg_yaml_event_found(reader, found, sizeof found));
  return false;
}

/* ---- events ------------------------------------------------------------- */

static void stop_on_parse_error(bg_yaml_reader *reader) {
  reader->stopped = true;
  yaml_parser_t *parser = &reader->parser;
  if (parser->error == YAML_MEMORY_ERROR)
    bg_out_of_memory();
  if (input_io_error(reader->input))
    return; /* the caller says "read error" and exits 2 */
  diag_syntax_last_word(&reader->syntax_limit); /* the last word on this input */
  if (reader->too_long) {
    bg_yaml_syntax_error(reader, parser->mark,
                         "a YAML scalar or comment longer than %d bytes (the notation's "
                         "longest text is a name or a tag value): reading stopped",
                         YAML_MAX_TOKEN);
    return;
  }
  yaml_mark_t mark = parser->problem_mark;
  if (parser->error == YAML_READER_ERROR) { /* invalid UTF-8: an offset only */
    mark = parser->mark;
  }
  bg_yaml_syntax_error(reader, mark, "not valid YAML: %s%s%s: reading stopped",
                       parser->context ? parser->context : "",
                       parser->context ? ", " : "",
                       parser->problem ? parser->problem : "parse error");
}

bool bg_yaml_advance(bg_yaml_reader *reader) {
  if (reader->has_event) {
    yaml_event_delete(&reader->event);
    reader->has_event = false;
  }
  if (reader->stopped || reader->finished)
    return false;
  if (!yaml_parser_parse(&reader->parser, &reader->event)) {
    stop_on_parse_error(reader);
    return false;
  }
  reader->has_event = true;
  reader->fed_at_event = reader->fed;
  switch (reader->event.type) {
  case YAML_SEQUENCE_START_EVENT:
  case YAML_MAPPING_START_EVENT:
    if (++reader->depth > YAML_MAX_DEPTH) {
      diag_syntax_last_word(&reader->syntax_limit);
      bg_yaml_syntax_error(reader, reader->event.start_mark,
                           "YAML nested deeper than %d collections (the notation needs "
                           "5): reading stopped",
                           YAML_MAX_DEPTH);
      reader->stopped = true;
      return false;
    }
    break;
  case YAML_SEQUENCE_END_EVENT:
  case YAML_MAPPING_END_EVENT:
    reader->depth--;
    break;
  case YAML_STREAM_END_EVENT:
    reader->finished = true;
    break;
  default:
    break;
  }
  return true;
}

bool bg_yaml_skip_to(bg_yaml_reader *reader, int depth) {
  while (reader->depth > depth)
    if (!bg_yaml_advance(reader))
      return false;
  return true;
}

/* The depth the current event's node starts at. */
int bg_yaml_node_depth(const bg_yaml_reader *reader) {
  yaml_event_type_t type = reader->event.type;
  bool opens = type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT;
  return opens ? reader->depth - 1 : reader->depth;
}

/* The notation has no anchors, aliases or tags: an alias bomb is refused
 * at its first alias, a `!!binary` scalar at its tag. */
bool bg_yaml_node_allowed(bg_yaml_reader *reader) {
  const yaml_event_t *event = &reader->event;
  const yaml_char_t *anchor = NULL, *tag = NULL;
  if (event->type == YAML_ALIAS_EVENT) {
    bg_yaml_syntax_error(reader, event->start_mark,
                         "an alias (*%s): the bgmatch notation has no aliases",
                         (const char *)event->data.alias.anchor);
    return false;
  }
  if (event->type == YAML_SCALAR_EVENT) {
    anchor = event->data.scalar.anchor;
    tag = event->data.scalar.tag;
  } else if (event->type == YAML_SEQUENCE_START_EVENT) {
    anchor = event->data.sequence_start.anchor;
    tag = event->data.sequence_start.tag;
  } else if (event->type == YAML_MAPPING_START_EVENT) {
    anchor = event->data.mapping_start.anchor;
    tag = event->data.mapping_start.tag;
  }
  if (anchor)
    bg_yaml_syntax_error(
        reader, event->start_mark,
        "an anchor (&%s): the bgmatch notation has no anchors or aliases",
        (const char *)anchor);
  else if (tag) {
    /* libyaml hands "!!binary" over as its full name */
    const char *name = (const char *)tag, *core = "tag:yaml.org,2002:";
    bool short_name = strncmp(name, core, strlen(core)) == 0;
    bg_yaml_syntax_error(reader, event->start_mark,
                         "a YAML tag (%s%s): the bgmatch notation has no tags",
                         short_name ? "!!" : "", short_name ? name + strlen(core) : name);
  }
  return !anchor && !tag;
}

bool bg_yaml_expect_scalar(bg_yaml_reader *reader, const char *what) {
  if (!bg_yaml_node_allowed(reader))
    return false;
  if (reader->event.type == YAML_SCALAR_EVENT)
    return true;
  return bg_yaml_unexpected(reader, what);
}

bool bg_yaml_expect_start(bg_yaml_reader *reader, yaml_event_type_t type,
                          const char *what) {
  if (!bg_yaml_node_allowed(reader))
    return false;
  if (reader->event.type == type)
    return true;
  return bg_yaml_unexpected(reader, what);
}

/* ---- scalars ------------------------------------------------------------ */

const char *bg_yaml_scalar_text(const bg_yaml_reader *reader) {
  return (const char *)reader->event.data.scalar.value;
}

bool bg_yaml_scalar_is_plain(const bg_yaml_reader *reader) {
  return reader->event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

long bg_yaml_item_number(const yaml_item *item, long max) {
  if (!item->plain || item->length == 0 || item->length > 9)
    return -1;
  long value = 0;
  for (size_t i = 0; i < item->length; i++) {
    if (item->text[i] < '0' || item->text[i] > '9')
      return -1;
    value = value * 10 + (item->text[i] - '0');
  }
  return value <= max ? value : -1;
}

/* The current scalar as a whole number 0..max, else -1. */
long bg_yaml_scalar_number(const bg_yaml_reader *reader, long max) {
  yaml_item item = {.text = (char *)bg_yaml_scalar_text(reader),
                    .length = reader->event.data.scalar.length,
                    .plain = bg_yaml_scalar_is_plain(reader)};
  return bg_yaml_item_number(&item, max);
}

/* A number 0..max, described as `what` in the message. */
bool bg_yaml_read_number(bg_yaml_reader *reader, const char *what, long max, long *out) {
  if (!bg_yaml_expect_scalar(reader, what))
    return false;
  *out = bg_yaml_scalar_number(reader, max);
  if (*out >= 0)
    return true;
  return bg_yaml_unexpected(reader, what);
}

/* A mapping's next key into key[size]; KEY_END at the mapping's end.  A
 * key that is no scalar is reported and skipped with its value. */
key_status bg_yaml_next_key(bg_yaml_reader *reader, char *key, size_t size,
                            yaml_mark_t *mark) {
  if (!bg_yaml_advance(reader))
    return KEY_STOP;
  if (reader->event.type == YAML_MAPPING_END_EVENT)
    return KEY_END;
  int depth = bg_yaml_node_depth(reader);
  *mark = reader->event.start_mark;
  if (bg_yaml_expect_scalar(reader, "a key")) {
    snprintf(key, size, "%s", bg_yaml_scalar_text(reader));
    return KEY_OK;
  }
  if (!bg_yaml_skip_to(reader, depth) || !bg_yaml_advance(reader) ||
      !bg_yaml_skip_to(reader, bg_yaml_node_depth(reader)))
    return KEY_STOP;
  return KEY_BAD;
}

key_status bg_yaml_next_entry(bg_yaml_reader *reader, char *key, size_t size,
                              yaml_mark_t *mark) {
  key_status status = bg_yaml_next_key(reader, key, size, mark);
  if (status == KEY_OK && !bg_yaml_advance(reader))
    return KEY_STOP; /* the reader stopped: it stays stopped */
  return status;
}

bool bg_yaml_read_entries(bg_yaml_reader *reader, bg_yaml_entry_fn each, void *data) {
  for (;;) {
    char key[64];
    yaml_mark_t mark;
    key_status status = bg_yaml_next_entry(reader, key, sizeof key, &mark);
    if (status == KEY_STOP)
      return false;
    if (status == KEY_END)
      return true;
    if (status == KEY_BAD)
      continue;
    int depth = bg_yaml_node_depth(reader);
    bg_yaml_entry entry = each(reader, key, mark, data);
    if (!bg_yaml_settle(reader, depth, entry == BG_YAML_ENTRY_READ) ||
        entry == BG_YAML_ENTRY_STOP)
      return false;
  }
}

bool bg_yaml_read_mapping(bg_yaml_reader *reader, const char *what, bg_yaml_entry_fn each,
                          void *data) {
  return bg_yaml_expect_start(reader, YAML_MAPPING_START_EVENT, what) &&
         bg_yaml_read_entries(reader, each, data);
}

bool bg_yaml_read_sequence(bg_yaml_reader *reader, const char *what, bg_yaml_item_fn each,
                           void *data) {
  if (!bg_yaml_expect_start(reader, YAML_SEQUENCE_START_EVENT, what))
    return false;
  for (;;) {
    if (!bg_yaml_advance(reader))
      return false;
    if (reader->event.type == YAML_SEQUENCE_END_EVENT)
      return true;
    int depth = bg_yaml_node_depth(reader);
    if (!bg_yaml_settle(reader, depth, each(reader, data)))
      return false;
  }
}

/* A key the mapping does not have (expecting `expected`). */
void bg_yaml_unknown_key(bg_yaml_reader *reader, const char *key, yaml_mark_t mark,
                         const char *expected) {
  char quoted[200];
  bg_yaml_quote(key, strlen(key), quoted, sizeof quoted);
  bg_yaml_syntax_error(reader, mark, "expected %s, found the key '%s'", expected, quoted);
}

bool bg_yaml_settle(bg_yaml_reader *reader, int depth, bool ok) {
  if (reader->stopped)
    return false;
  return ok || bg_yaml_skip_to(reader, depth);
}

bool bg_yaml_skip_checked(bg_yaml_reader *reader) {
  int depth = bg_yaml_node_depth(reader);
  for (;;) {
    yaml_event_type_t type = reader->event.type;
    if (type != YAML_SEQUENCE_END_EVENT && type != YAML_MAPPING_END_EVENT &&
        !bg_yaml_node_allowed(reader))
      return false;
    if (reader->depth == depth)
      return true;
    if (!bg_yaml_advance(reader))
      return false;
  }
}

/* ---- the API ------------------------------------------------------------ */

bg_yaml_reader *bg_yaml_reader_open(bg_input *input, const char *file,
                                    bg_diag_sink *sink) {
  bg_yaml_reader *reader = bg_calloc(1, sizeof *reader);
  reader->ring = bg_grow(NULL, &reader->ring_size, 1, 1, YAML_RING_FIRST_BYTES);
  reader->line_start = bg_grow(NULL, &reader->line_capacity, 1,
                               sizeof *reader->line_start, YAML_RING_FIRST_LINES);
  reader->input = input;
  reader->file = file;
  reader->sink = sink;
  if (!yaml_parser_initialize(&reader->parser))
    bg_out_of_memory();
  yaml_parser_set_input(&reader->parser, read_handler, reader);
  return reader;
}

bool bg_yaml_reader_io_error(const bg_yaml_reader *reader) {
  return input_io_error(reader->input);
}

void bg_yaml_reader_free(bg_yaml_reader *reader) {
  if (!reader)
    return;
  if (reader->has_event)
    yaml_event_delete(&reader->event);
  yaml_parser_delete(&reader->parser);
  match_free(reader->match);
  free(reader->ring);
  free(reader->line_start);
  free(reader);
}
