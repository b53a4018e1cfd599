/*
 * read_yaml_action_text.c — the text of one action of bgmatch's YAML
 * notation: the scalars of its flow sequence, copied out of libyaml's
 * events (man/bgmatch.5, ACTIONS), before anything is made of them.
 *
 * An action is read whole first, then understood (read_yaml_action.c),
 * so that a mistake is said once, at the scalar it is in: here the
 * sequence is read as text alone, and only what makes it no sequence of
 * scalars is said (another node, an item that is no plain scalar, too
 * many items).
 *
 * Stage: the schema layer's text, under read_yaml_action.c, which calls
 * it for each action.  Calls read_yaml.c's events and diagnostics.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "read_yaml_int.h"

void bg_yaml_free_action_text(yaml_action_text *text) {
  for (int i = 0; i < text->count; i++)
    if (text->allocated[i])
      free(text->items[i].text);
}

/* Item `i`'s copy of `length` bytes and a NUL at `value`. */
static char *copy_item_text(yaml_action_text *text, int i, const unsigned char *value,
                            size_t length) {
  char *copy;
  text->allocated[i] = length >= sizeof text->room - text->room_used;
  if (text->allocated[i]) {
    copy = bg_malloc(length + 1);
  } else {
    copy = text->room + text->room_used;
    text->room_used += length + 1;
  }
  memcpy(copy, value, length + 1);
  return copy;
}

/* Copies the scalars of the action's sequence; false (said) when it is no
 * sequence of scalars.  The sequence is consumed either way unless
 * reading stopped. */
static bool collect_items(bg_yaml_reader *reader, yaml_action_text *text) {
  const char *what = "an action like [Bob, 52, 13/11 13/8]";
  int depth = bg_yaml_node_depth(reader);
  text->mark = reader->event.start_mark;
  bool ok = bg_yaml_expect_start(reader, YAML_SEQUENCE_START_EVENT, what);
  while (ok && bg_yaml_advance(reader) && reader->event.type != YAML_SEQUENCE_END_EVENT) {
    if (text->count == YAML_ACTION_ITEMS) {
      bg_yaml_syntax_error(reader, reader->event.start_mark,
                           "expected an action of at most %d items", YAML_ACTION_ITEMS);
      ok = false;
    } else if (bg_yaml_expect_scalar(reader, "a scalar of the action")) {
      const yaml_event_t *event = &reader->event;
      yaml_item *item = &text->items[text->count];
      item->length = event->data.scalar.length;
      item->text =
          copy_item_text(text, text->count++, event->data.scalar.value, item->length);
      item->plain = event->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
      item->style = event->data.scalar.style;
      item->start = event->start_mark;
      item->end = event->end_mark;
    } else {
      ok = false;
    }
  }
  if (!ok)
    bg_yaml_skip_to(reader, depth);
  return ok && !reader->stopped;
}

/* The items of one flow sequence into `text`; false when they could not
 * be read (the reader said why).  The items are zeroed (an item past the
 * count is read as no text), the room not: only its first bytes are used. */
bool bg_yaml_read_action_text(bg_yaml_reader *reader, yaml_action_text *text) {
  memset(text->items, 0, sizeof text->items);
  text->count = 0;
  text->room_used = 0;
  if (collect_items(reader, text))
    return true;
  bg_yaml_free_action_text(text);
  return false;
}
