/*
 * write_json.c — bgmatch's notation as JSON: the tree of write_tree.c,
 * the same one the YAML writer emits, dumped with jansson.
 *
 * JSON Lines: one compact object per match, ended by a newline, so a file
 * of many matches streams through `jq` (which reads a sequence of values)
 * and `while read` loops one match at a time, and no match needs a whole
 * file in memory.  `jq .` pretty-prints it for a human.
 */
#include <stdio.h>

#include "write_int.h"
#include "write_tree.h"

bool write_json(FILE *out, const bg_match *match, bg_replay *replay, bool first) {
  (void)first; /* lines need no separator */
  json_t *tree = write_tree_of_match(match, replay);
  int failed = json_dumpf(tree, out, JSON_COMPACT);
  json_decref(tree);
  /* Flushed here, so that a full disk is this match's write error. */
  return failed == 0 && fputc('\n', out) != EOF && fflush(out) == 0;
}
