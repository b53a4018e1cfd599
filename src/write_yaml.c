/*
 * write_yaml.c — bgmatch's YAML notation (man/bgmatch.5): the walk of
 * write_tree.c turned into libyaml's emitter events as it goes, one YAML
 * document per match.
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
 * Those are single-quoted, so the text comes back as text
 * (write_yaml_looks_typed).
 *
 * The output is not flushed after each match, only after an output's
 * first (so that an output that cannot be written at all fails at once);
 * a later write error shows in the stream's error flag, which is checked
 * after every match, and at the latest when the output is closed.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <yaml.h>

#include "alloc.h"
#include "write_int.h"
#include "write_tree.h"

/* ---- which strings are quoted ---------------------------------------- */

/* The words YAML 1.1 or 1.2 resolvers read as null, a boolean, a merge
 * key or a value key, compared case-blind. */
static const char *const typed_words[] = {"~",  "null", "true", "false", "yes", "no",
                                          "on", "off",  "y",    "n",     "<<",  "="};

static char lower_ascii(char c) {
  return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static bool equal_case_blind(const char *text, const char *word) {
  while (*text && lower_ascii(*text) == *word) {
    text++;
    word++;
  }
  return *text == '\0' && *word == '\0';
}

static bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

/* A letter a number, a date or a time may hold, as cast wide as
 * [-+.:0-9a-z_ ] case-blind. */
static bool is_number_letter(char c) {
  char lower = lower_ascii(c);
  return is_digit(c) || (lower >= 'a' && lower <= 'z') || c == '-' || c == '+' ||
         c == '.' || c == ':' || c == '_' || c == ' ';
}

/* Something that starts like a number and holds only number-ish letters:
 * [-+]?[.0-9][-+.:0-9a-z_ ]* (1, -2, .5, 1e5, 0x1F, 2024-01-01, 12:30). */
static bool looks_like_number(const char *text) {
  if (*text == '-' || *text == '+')
    text++;
  if (*text != '.' && !is_digit(*text))
    return false;
  for (text++; *text; text++)
    if (!is_number_letter(*text))
      return false;
  return true;
}

/* Cast wide on purpose: quoting a string that needs none is harmless,
 * missing one is not.  The empty string is one too (a plain empty scalar
 * is null). */
bool write_yaml_looks_typed(const char *text) {
  if (*text == '\0' || looks_like_number(text))
    return true;
  if (!strchr("~nNtTfFyYoO<=", *text))
    return false; /* starts as none of the words: most names, every play */
  for (size_t i = 0; i < sizeof typed_words / sizeof typed_words[0]; i++)
    if (equal_case_blind(text, typed_words[i]))
      return true;
  return false;
}

/* ---- events ----------------------------------------------------------- */

typedef struct {
  write_tree_sink sink; /* first: the walk's sink is the writer */
  yaml_emitter_t emitter;
} yaml_writer;

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

static bool emit_scalar(yaml_writer *writer, const char *text, size_t length,
                        yaml_scalar_style_t style) {
  yaml_event_t event;
  if (!yaml_scalar_event_initialize(&event, NULL, NULL, (yaml_char_t *)text, (int)length,
                                    1, 1, style))
    bg_out_of_memory(); /* or invalid UTF-8, which write_tree.c rules out */
  return emit(writer, &event);
}

static bool emit_string(yaml_writer *writer, const char *text, size_t length) {
  return emit_scalar(writer, text, length,
                     write_yaml_looks_typed(text) ? YAML_SINGLE_QUOTED_SCALAR_STYLE
                                                  : YAML_ANY_SCALAR_STYLE);
}

static bool on_open(write_tree_sink *sink, write_tree_collection kind, bool flow) {
  yaml_writer *writer = (yaml_writer *)sink;
  yaml_event_t event;
  if (kind == WRITE_TREE_MAPPING)
    yaml_mapping_start_event_initialize(
        &event, NULL, NULL, 1, flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE);
  else
    yaml_sequence_start_event_initialize(&event, NULL, NULL, 1,
                                         flow ? YAML_FLOW_SEQUENCE_STYLE
                                              : YAML_BLOCK_SEQUENCE_STYLE);
  return emit(writer, &event);
}

static bool on_close(write_tree_sink *sink, write_tree_collection kind) {
  yaml_writer *writer = (yaml_writer *)sink;
  yaml_event_t event;
  if (kind == WRITE_TREE_MAPPING)
    yaml_mapping_end_event_initialize(&event);
  else
    yaml_sequence_end_event_initialize(&event);
  return emit(writer, &event);
}

static bool on_key(write_tree_sink *sink, const char *word) {
  return emit_string((yaml_writer *)sink, word, strlen(word));
}

static bool on_scalar(write_tree_sink *sink, write_tree_scalar kind, const char *text,
                      size_t length) {
  yaml_writer *writer = (yaml_writer *)sink;
  if (kind == WRITE_TREE_STRING)
    return emit_string(writer, text, length);
  return emit_scalar(writer, text, length, YAML_PLAIN_SCALAR_STYLE);
}

/* One stream of one document; the documents after the output's first
 * start with "---", which is what separates them. */
static bool emit_document(yaml_writer *writer, const bg_match *match, bg_replay *replay,
                          bool first) {
  yaml_event_t event;
  yaml_stream_start_event_initialize(&event, YAML_UTF8_ENCODING);
  bool started = emit(writer, &event);
  if (started) {
    yaml_document_start_event_initialize(&event, NULL, NULL, NULL, first);
    started = emit(writer, &event);
  }
  if (!started) {
    while (bg_replay_next(replay) != NULL)
      ; /* walked all the same, for its diagnostics */
    return false;
  }
  if (!write_tree_walk(match, replay, &writer->sink))
    return false;
  yaml_document_end_event_initialize(&event, 1);
  if (!emit(writer, &event))
    return false;
  yaml_stream_end_event_initialize(&event);
  return emit(writer, &event);
}

bool write_yaml(FILE *out, const bg_match *match, bg_replay *replay, bool first) {
  yaml_writer writer = {.sink = {on_open, on_close, on_key, on_scalar}};
  if (!yaml_emitter_initialize(&writer.emitter))
    bg_out_of_memory();
  yaml_emitter_set_output_file(&writer.emitter, out);
  yaml_emitter_set_unicode(&writer.emitter, 1);
  yaml_emitter_set_width(&writer.emitter, -1);
  yaml_emitter_set_break(&writer.emitter, YAML_LN_BREAK);
  bool written = emit_document(&writer, match, replay, first);
  yaml_emitter_delete(&writer.emitter);
  return written && !ferror(out) && (!first || fflush(out) == 0);
}
