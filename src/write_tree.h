/*
 * write_tree.h — a match as the tree of bgmatch's YAML notation (version
 * 1, grammar/bgmatch.schema.json, man/bgmatch.5), built once for both
 * writers that share it: write_yaml.c emits the tree with libyaml,
 * write_json.c dumps it with jansson.  One tree, two serialisations: the
 * JSON is the same model as the YAML by construction.
 */
#ifndef BG_WRITE_TREE_H
#define BG_WRITE_TREE_H

#include <jansson.h>

#include "match.h"
#include "replay.h"

/* The document of `match`: {bgmatch, match, games}.  Walks `replay` (fresh,
 * of the same match) to its end for each game's resolved result.  Object
 * keys keep the order they are written in (jansson keeps insertion
 * order), so the output is deterministic.  The caller json_decref's it.
 * Out of memory ends the program (alloc.h). */
json_t *write_tree_of_match(const bg_match *match, bg_replay *replay);

#endif
