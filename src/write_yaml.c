/*
 * write_yaml.c — bgmatch's YAML notation (man/bgmatch.5): the tree of
 * write_tree.c emitted with libyaml's emitter, one YAML document per
 * match.
 *
 * Layout: a collection that holds only scalars is written in flow style,
 * on one line ([Bob, 52, 13/11 13/8], {crawford: true, ...}); the others
 * in block style.  So every action, tag and result is one line, and the
 * structure above them reads as an outline.  The line width is unlimited:
 * libyaml would otherwise fold a long flow collection.
 *
 * Quoting is libyaml's, but for one thing it cannot know: a string that a
 * YAML reader would take for another type if it were written plain (a
 * player called `yes`, `1` or `null`, a tag value `On` or `2024-01-01`).
 * Those are single-quoted, so the text comes back as text.
 */
#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <string.h>
#include <yaml.h>

#include "alloc.h"
#include "write_int.h"
#include "write_tree.h"

/* Plain scalars that YAML 1.1 or 1.2 resolvers read as null, a boolean, a
 * number, a timestamp, a merge key or a value key; cast wide on purpose
 * (anything that starts like a number and has only number-ish letters):
 * quoting a string that needs none is harmless, missing one is not. */
static const char typed_plain_pattern[] =
    "^(~|null|true|false|yes|no|on|off|y|n|<<|=|[-+]?[.0-9][-+.:0-9a-z_ ]*)?$";

typedef struct {
  yaml_emitter_t emitter;
  regex_t typed_plain; /* typed_plain_pattern, case-blind */
} yaml_writer;

static bool emit_node(yaml_writer *writer, json_t *node);

/* Emits `event` (which the emitter then owns).  False when the output
 * fails; memory running out ends the program, as everywhere (alloc.h). */
static bool emit(yaml_writer *writer, yaml_event_t *event) {
  if (yaml_emitter_emit(&writer->emitter, event))
    return true;
  if (writer->emitter.error == YAML_MEMORY_ERROR)
    bg_out_of_memory();
  if (writer->emitter.error != YAML_WRITER_ERROR)
    errno = EINVAL; /* an event out of order: a defect of this file */
  return false;
}

static bool emit_scalar(yaml_writer *writer, const char *text,
                        yaml_scalar_style_t style) {
  yaml_event_t event;
  if (!yaml_scalar_event_initialize(&event, NULL, NULL, (yaml_char_t *)text,
                                    (int)strlen(text), 1, 1, style))
    bg_out_of_memory(); /* or invalid UTF-8, which write_tree.c rules out */
  return emit(writer, &event);
}

static bool emit_string(yaml_writer *writer, const char *text) {
  bool typed = regexec(&writer->typed_plain, text, 0, NULL, 0) == 0;
  return emit_scalar(writer, text,
                     typed ? YAML_SINGLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE);
}

static bool is_collection(json_t *node) {
  return json_is_object(node) || json_is_array(node);
}

/* True when no member of the collection `node` is a collection itself. */
static bool holds_only_scalars(json_t *node) {
  if (json_is_array(node)) {
    for (size_t i = 0; i < json_array_size(node); i++)
      if (is_collection(json_array_get(node, i)))
        return false;
    return true;
  }
  for (void *at = json_object_iter(node); at; at = json_object_iter_next(node, at))
    if (is_collection(json_object_iter_value(at)))
      return false;
  return true;
}

static bool emit_mapping(yaml_writer *writer, json_t *node) {
  yaml_event_t event;
  yaml_mapping_style_t style =
      holds_only_scalars(node) ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE;
  yaml_mapping_start_event_initialize(&event, NULL, NULL, 1, style);
  if (!emit(writer, &event))
    return false;
  const char *key;
  json_t *member;
  json_object_foreach(node, key, member) {
    if (!emit_string(writer, key) || !emit_node(writer, member))
      return false;
  }
  yaml_mapping_end_event_initialize(&event);
  return emit(writer, &event);
}

static bool emit_sequence(yaml_writer *writer, json_t *node) {
  yaml_event_t event;
  yaml_sequence_style_t style =
      holds_only_scalars(node) ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE;
  yaml_sequence_start_event_initialize(&event, NULL, NULL, 1, style);
  if (!emit(writer, &event))
    return false;
  size_t index;
  json_t *member;
  json_array_foreach(node, index, member) {
    if (!emit_node(writer, member))
      return false;
  }
  yaml_sequence_end_event_initialize(&event);
  return emit(writer, &event);
}

static bool emit_node(yaml_writer *writer, json_t *node) {
  char number[32];
  switch (json_typeof(node)) {
  case JSON_OBJECT:
    return emit_mapping(writer, node);
  case JSON_ARRAY:
    return emit_sequence(writer, node);
  case JSON_STRING:
    return emit_string(writer, json_string_value(node));
  case JSON_INTEGER:
    snprintf(number, sizeof number, "%" JSON_INTEGER_FORMAT, json_integer_value(node));
    return emit_scalar(writer, number, YAML_PLAIN_SCALAR_STYLE);
  case JSON_REAL: /* the notation has none; written all the same */
    snprintf(number, sizeof number, "%.17g", json_real_value(node));
    return emit_scalar(writer, number, YAML_PLAIN_SCALAR_STYLE);
  case JSON_TRUE:
    return emit_scalar(writer, "true", YAML_PLAIN_SCALAR_STYLE);
  case JSON_FALSE:
    return emit_scalar(writer, "false", YAML_PLAIN_SCALAR_STYLE);
  default:
    return emit_scalar(writer, "null", YAML_PLAIN_SCALAR_STYLE);
  }
}

/* One stream of one document; the documents after the output's first
 * start with "---", which is what separates them. */
static bool emit_document(yaml_writer *writer, json_t *tree, bool first) {
  yaml_event_t event;
  yaml_stream_start_event_initialize(&event, YAML_UTF8_ENCODING);
  if (!emit(writer, &event))
    return false;
  yaml_document_start_event_initialize(&event, NULL, NULL, NULL, first);
  if (!emit(writer, &event) || !emit_node(writer, tree))
    return false;
  yaml_document_end_event_initialize(&event, 1);
  if (!emit(writer, &event))
    return false;
  yaml_stream_end_event_initialize(&event);
  return emit(writer, &event);
}

bool write_yaml(FILE *out, const bg_match *match, bg_replay *replay, bool first) {
  yaml_writer writer;
  if (!yaml_emitter_initialize(&writer.emitter))
    bg_out_of_memory();
  yaml_emitter_set_output_file(&writer.emitter, out);
  yaml_emitter_set_unicode(&writer.emitter, 1);
  yaml_emitter_set_width(&writer.emitter, -1);
  yaml_emitter_set_break(&writer.emitter, YAML_LN_BREAK);
  if (regcomp(&writer.typed_plain, typed_plain_pattern,
              REG_EXTENDED | REG_ICASE | REG_NOSUB) != 0)
    bg_out_of_memory(); /* the pattern is fixed: only memory can fail */
  json_t *tree = write_tree_of_match(match, replay);
  bool written = emit_document(&writer, tree, first);
  json_decref(tree);
  regfree(&writer.typed_plain);
  yaml_emitter_delete(&writer.emitter);
  /* Flushed here, so that a full disk is this match's write error. */
  return written && fflush(out) == 0;
}
