/*
 * write_yaml_int.h — what write_yaml.c shares with write_yaml_render.c:
 * libyaml's own rendering of the strings the writer's fast path does not
 * tell, kept for a match.
 */
#ifndef BG_WRITE_YAML_INT_H
#define BG_WRITE_YAML_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>

/* libyaml's answers kept for a match: what a string becomes in a flow
 * collection, asked plain-or-quoted or single-quoted (when it looks
 * typed, which the string alone decides: so it is asked once). */
typedef struct {
  char *text;     /* the string, malloc'ed */
  size_t length;  /* ... of `length` bytes */
  char *rendered; /* as libyaml writes it, malloc'ed */
  size_t rendered_length;
  bool multiline; /* `rendered` holds a line break */
} rendered_scalar;

#define RENDERED_KEPT 64 /* names, tags, info, '????', '': a match has few */

/* Collects the text libyaml writes into a growing buffer. */
typedef struct {
  char *text;
  size_t length, size;
} text_buffer;

typedef struct {
  rendered_scalar kept[RENDERED_KEPT];
  int count;
  int next_evicted; /* past RENDERED_KEPT, the oldest gives way */
  /* One emitter asks libyaml for all of a match's strings, a document
   * each: setting one up allocates five buffers, and under
   * AddressSanitizer one for every string was a twentieth of
   * fuzz_roundtrip_yaml's time. */
  yaml_emitter_t emitter;
  bool emitting; /* the emitter is set up, its stream begun */
  text_buffer output;
} rendered_cache;

/* `text` (`length` bytes, UTF-8) as libyaml writes it in a flow
 * collection: asked once a match, then kept (the oldest of RENDERED_KEPT
 * gives way). */
const rendered_scalar *write_yaml_render(rendered_cache *cache, const char *text,
                                         size_t length);

/* An empty cache, without clearing its slots (a match writes a few). */
void write_yaml_render_init(rendered_cache *cache);

/* Frees what the cache holds, and its emitter. */
void write_yaml_render_free(rendered_cache *cache);

#endif
