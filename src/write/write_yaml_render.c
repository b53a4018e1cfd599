/*
 * write_yaml_render.c — what a string becomes in bgmatch's YAML notation
 * where write_yaml.c's fast path cannot tell: libyaml's emitter is asked,
 * once a match per string; and which strings a YAML reader would take for
 * another type (write_yaml_looks_typed), which are single-quoted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "writer.h"
#include "write_yaml_int.h"

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

/* ---- libyaml's rendering, kept ------------------------------------------ */

static int collect_output(void *data, unsigned char *bytes, size_t size) {
  text_buffer *buffer = data;
  buffer->text = bg_grow(buffer->text, &buffer->size, buffer->length + size + 1, 1, 64);
  memcpy(buffer->text + buffer->length, bytes, size);
  buffer->length += size;
  buffer->text[buffer->length] = '\0';
  return 1;
}

static void emit_or_fail(yaml_emitter_t *emitter, yaml_event_t *event) {
  if (!yaml_emitter_emit(emitter, event))
    bg_out_of_memory(); /* into memory, of events in order: nothing else fails */
}

static void start_emitting(rendered_cache *cache) {
  yaml_emitter_t *emitter = &cache->emitter;
  yaml_event_t event;
  if (!yaml_emitter_initialize(emitter))
    bg_out_of_memory();
  yaml_emitter_set_output(emitter, collect_output, &cache->output);
  yaml_emitter_set_unicode(emitter, 1);
  yaml_emitter_set_width(emitter, -1);
  yaml_emitter_set_break(emitter, YAML_LN_BREAK);
  yaml_stream_start_event_initialize(&event, YAML_UTF8_ENCODING);
  emit_or_fail(emitter, &event);
  cache->emitting = true;
}

/* `text` as libyaml writes it as the one item of a flow sequence ("[X]"),
 * which is how it writes it in any flow collection; malloc'ed.  Each is a
 * document of its own, which libyaml writes whole at its end. */
static char *libyaml_render(rendered_cache *cache, const char *text, size_t length,
                            bool typed, size_t *rendered_length) {
  if (!cache->emitting)
    start_emitting(cache);
  yaml_emitter_t *emitter = &cache->emitter;
  text_buffer *output = &cache->output;
  output->length = 0;
  yaml_event_t event;
  yaml_document_start_event_initialize(&event, NULL, NULL, NULL, 1);
  emit_or_fail(emitter, &event);
  yaml_sequence_start_event_initialize(&event, NULL, NULL, 1, YAML_FLOW_SEQUENCE_STYLE);
  emit_or_fail(emitter, &event);
  if (!yaml_scalar_event_initialize(
          &event, NULL, NULL, (const yaml_char_t *)text, (int)length, 1, 1,
          typed ? YAML_SINGLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE))
    bg_out_of_memory(); /* or invalid UTF-8, which write_tree.c rules out */
  emit_or_fail(emitter, &event);
  yaml_sequence_end_event_initialize(&event);
  emit_or_fail(emitter, &event);
  yaml_document_end_event_initialize(&event, 1);
  emit_or_fail(emitter, &event);
  /* "[X]\n", and "--- [X]\n" after the first document: X is what it writes */
  if (!output->text || output->length < 3)
    bg_out_of_memory(); /* unreachable: libyaml writes a flow sequence so */
  size_t start = strncmp(output->text, "--- ", 4) == 0 ? 4 : 0;
  if (output->length < start + 3 || output->text[start] != '[')
    bg_out_of_memory(); /* as above */
  size_t end = output->length;
  while (end > start + 1 && output->text[end - 1] != ']')
    end--;
  *rendered_length = end - start - 2;
  char *rendered = bg_malloc(*rendered_length + 1);
  memcpy(rendered, output->text + start + 1, *rendered_length);
  rendered[*rendered_length] = '\0';
  return rendered;
}

const rendered_scalar *write_yaml_render(rendered_cache *cache, const char *text,
                                         size_t length) {
  for (int i = 0; i < cache->count; i++) {
    const rendered_scalar *kept = &cache->kept[i];
    if (kept->length == length && memcmp(kept->text, text, length) == 0)
      return kept;
  }
  rendered_scalar *slot;
  if (cache->count < RENDERED_KEPT) {
    slot = &cache->kept[cache->count++];
  } else {
    slot = &cache->kept[cache->next_evicted];
    cache->next_evicted = (cache->next_evicted + 1) % RENDERED_KEPT;
    free(slot->text);
    free(slot->rendered);
  }
  slot->text = bg_malloc(length + 1);
  memcpy(slot->text, text, length);
  slot->text[length] = '\0';
  slot->length = length;
  slot->rendered = libyaml_render(cache, text, length, write_yaml_looks_typed(text),
                                  &slot->rendered_length);
  slot->multiline = memchr(slot->rendered, '\n', slot->rendered_length) != NULL;
  return slot;
}

void write_yaml_render_init(rendered_cache *cache) {
  /* kept[] and the emitter are read only below `count` and once `emitting` */
  cache->count = cache->next_evicted = 0;
  cache->emitting = false;
  cache->output = (text_buffer){NULL, 0, 0};
}

void write_yaml_render_free(rendered_cache *cache) {
  for (int i = 0; i < cache->count; i++) {
    free(cache->kept[i].text);
    free(cache->kept[i].rendered);
  }
  if (cache->emitting)
    yaml_emitter_delete(&cache->emitter);
  free(cache->output.text);
}
