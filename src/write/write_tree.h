/*
 * write_tree.h — a match as the tree of bgmatch's YAML notation (version
 * 1, grammar/bgmatch.schema.json, man/bgmatch.5), walked once for both
 * writers that share it: write_yaml.c turns the walk into libyaml's
 * events, write_json.c into JSON text.  One walk, two serialisations: the
 * JSON is the same model as the YAML by construction.
 *
 * The tree is never built: the walk streams it into a write_tree_sink as
 * it walks the replay, node by node, in the order the text is written, so
 * a match costs no memory beyond the replay's.
 */
#ifndef BG_WRITE_TREE_H
#define BG_WRITE_TREE_H

#include <stdbool.h>
#include <stddef.h>

#include "match.h"
#include "replay.h"

/* The two kinds of collection: a mapping ({key: value}) or a sequence. */
typedef enum { WRITE_TREE_MAPPING, WRITE_TREE_SEQUENCE } write_tree_collection;

/* The kinds of scalar.  A string is text (valid UTF-8); the others are
 * written as their literal (1, true, null) in both notations. */
typedef enum {
  WRITE_TREE_STRING,
  WRITE_TREE_INTEGER,
  WRITE_TREE_BOOLEAN,
  WRITE_TREE_NULL,
} write_tree_scalar;

/* One scalar of a row (write_tree_sink.row), as `scalar` takes it. */
typedef struct {
  write_tree_scalar kind;
  const char *text; /* its `length` bytes, with a NUL after them */
  size_t length;
  /* a string of the notation's own words (notation_play_is_word: a play's
   * moves), which no notation quotes or escapes: a sink writes it as it
   * is, and need not look at its bytes */
  bool word;
} write_tree_item;

/* Where the walk sends the tree.  Every call returns false when the
 * output failed (errno says why): the walk then writes nothing more. */
typedef struct write_tree_sink write_tree_sink;
struct write_tree_sink {
  /* A collection opens; `flow` when all its members are scalars (YAML
   * writes it on one line).  Members follow, then close_collection. */
  bool (*open_collection)(write_tree_sink *sink, write_tree_collection kind, bool flow);
  bool (*close_collection)(write_tree_sink *sink, write_tree_collection kind);
  /* The key of a mapping's next member: a fixed ASCII word. */
  bool (*key)(write_tree_sink *sink, const char *word);
  /* A scalar: `text` (its `length` bytes, with a NUL after them) is the
   * string, or the literal of an integer, boolean or null. */
  bool (*scalar)(write_tree_sink *sink, write_tree_scalar kind, const char *text,
                 size_t length);
  /* The match names its source ({file, line}): JSON's lines, one match
   * each, stand in one stream where nothing else says which file a match
   * came from; a YAML file is the record of its own. */
  bool names_source;
  /* The players' names as the walk sends them, set by the walk for its
   * length (NULL when the players go by index): a name comes on every
   * action, always at one of these two addresses, so a sink may keep
   * what it made of it the first time. */
  const char *player_names[2];
  /* A roll's action, [player, dice, play], as one call: most of a
   * document.  NULL: the walk sends it as open_collection, a scalar for
   * each item and close_collection, which is what it means. */
  bool (*row)(write_tree_sink *sink, const write_tree_item *items, int count);
};

/* Walks `replay` (fresh, of `match`) to its end, sending the document of
 * `match` ({bgmatch, match, games}) to `sink`: the header and every
 * action from the model, each game's resolved result from the replay.
 * Returns false when the sink failed; the replay is walked to its end all
 * the same, so that it reports all it has to say.  Out of memory ends the
 * program (alloc.h). */
bool write_tree_walk(const bg_match *match, bg_replay *replay, write_tree_sink *sink);

#endif
