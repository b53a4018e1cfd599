/*
 * read_mat_tags.c — the header tags of a .mat record, `; [Key "value"]`
 * lines: kept in the match, or, before its "N point match" line, held for
 * the next match; the tags that are the record's rules (Crawford, Jacoby,
 * Beaver, CubeLimit) set them, and a value that means none is a warning.
 *
 * Stage: under read_mat.c, which hands it each tag line and each new match.
 * Calls read_mat_report.c and the model (match.h).
 */
#include "read_mat_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_TAGS 1024 /* per match: a header is short; junk must not grow memory */

static bg_rule_flag rule_flag(const char *value) {
  static const char *const on[] = {"on", "yes", "true", "1"};
  static const char *const off[] = {"off", "no", "false", "0"};
  for (size_t i = 0; i < sizeof on / sizeof *on; i++) {
    if (strcasecmp(value, on[i]) == 0)
      return RULE_ON;
    if (strcasecmp(value, off[i]) == 0)
      return RULE_OFF;
  }
  return RULE_UNSET;
}

/* The tags that are the record's own rules (XG, Galaxy, BGStudio write them).
 * Returns what a rule tag's value should have been when it is none of
 * those, else NULL (also for tags that are no rule). */
static const char *apply_rule_tag(bg_match *match, const char *key, const char *value) {
  /* The rule keys start with B, C or J, in any case; most tags' keys do
   * not ("Site", "Player 1", "EventDate"), and are told so at one byte. */
  switch (key[0] | 0x20) {
  case 'b':
  case 'c':
  case 'j':
    break;
  default:
    return NULL;
  }
  bg_rule_flag *rule = NULL;
  if (strcasecmp(key, "Crawford") == 0)
    rule = &match->crawford;
  else if (strcasecmp(key, "Jacoby") == 0)
    rule = &match->jacoby;
  else if (strcasecmp(key, "Beaver") == 0 || strcasecmp(key, "Beavers") == 0)
    rule = &match->beavers;
  if (rule) {
    /* the value read only for a rule's key: most tags are none */
    bg_rule_flag flag = rule_flag(value);
    if (flag == RULE_UNSET)
      return "On or Off";
    *rule = flag;
    return NULL;
  }
  if (strcasecmp(key, "CubeLimit") != 0)
    return NULL;
  char *end;
  long limit = strtol(value, &end, 10);
  if (end == value || *end != '\0' || limit <= 0 || limit > 1 << 30)
    return "a positive number";
  match->cube_limit = (int)limit;
  return NULL;
}

/* A rule tag whose value means nothing (`; [Jacoby "Maybe"]`) would
 * otherwise pass silently while the default rule is checked instead. */
static void warn_rule_value(bg_mat_reader *reader, const char *key, const char *value,
                            const char *expected, bg_srcpos pos) {
  char shown[64], message[256];
  mat_quote_bytes(value, strlen(value), shown, sizeof shown);
  snprintf(message, sizeof message,
           "unknown value '%s' for the %s tag: expected %s; the tag is ignored", shown,
           key, expected);
  mat_emit(reader, pos.line, pos.column, DIAG_WARNING, message);
}

/* A tag of `match` (the match being read) takes effect: a rule tag sets
 * the rule, or is warned about. */
static void apply_tag(bg_mat_reader *reader, bg_match *match, const bg_tag *tag) {
  const char *expected = apply_rule_tag(match, tag->key, tag->value);
  if (expected)
    warn_rule_value(reader, tag->key, tag->value, expected, tag->pos);
}

/* Adds a tag to `holder`, which keeps a copy of its key and value; past
 * MAX_TAGS the tag is dropped.  False when memory is out. */
static bool add_tag(bg_mat_reader *reader, bg_match *holder, const char *key,
                    size_t key_length, const char *value, size_t value_length,
                    bg_srcpos pos) {
  if (holder->tag_count >= MAX_TAGS)
    return true;
  if (!match_add_tag_bytes(holder, key, key_length, value, value_length, pos))
    return false;
  if (holder == reader->pending_tags)
    return true; /* applied when its match line comes */
  apply_tag(reader, holder, &holder->tags[holder->tag_count - 1]);
  return true;
}

/* Where a tag line's tag goes: the match being read while it has no game
 * yet, else the tags waiting for the next match line. */
static bg_match *tag_holder(bg_mat_reader *reader) {
  return reader->match && reader->match->game_count == 0 ? reader->match
                                                         : reader->pending_tags;
}

/* Moves the tags read before a match line into the new match, with the
 * texts that hold their keys and values. */
bool mat_adopt_pending_tags(bg_mat_reader *reader) {
  bg_match *pending = reader->pending_tags, *match = reader->match;
  match_take_texts(match, pending);
  if (match->tag_count == 0) {
    /* the common case: the tags are handed over, not copied and freed
     * (their copies were 1.4% of check's instructions on small matches) */
    bg_tag *none = match->tags;
    match->tags = pending->tags;
    match->tag_count = pending->tag_count;
    pending->tags = none;
    pending->tag_count = 0;
    for (int i = 0; i < match->tag_count; i++)
      apply_tag(reader, match, &match->tags[i]);
    return true;
  }
  /* else each is added in turn */
  bool ok = true;
  for (int i = 0; ok && i < pending->tag_count && match->tag_count < MAX_TAGS; i++) {
    bg_tag *tag = &pending->tags[i];
    ok = match_add_kept_tag(match, tag->key, tag->value, tag->pos);
    if (ok)
      apply_tag(reader, match, &match->tags[match->tag_count - 1]);
  }
  pending->tag_count = 0;
  return ok;
}

/* `; [Key "value"]`: a tag of the match being read while it has no game yet,
 * else of the next match (headers come before their match line). */
bool mat_read_tag_line(bg_mat_reader *reader, const mat_line *line) {
  mat_span key = {0, 0}, value = {0, 0};
  mat_group_span(&reader->patterns, GRP_TAG_LINE_KEY, &key);
  mat_group_span(&reader->patterns, GRP_TAG_LINE_VALUE, &value);
  return add_tag(reader, tag_holder(reader), line->text + key.start, key.end - key.start,
                 line->text + value.start, value.end - value.start,
                 (bg_srcpos){line->number, 1});
}

/* The variation a "; Game type:" line names by a word of it, NULL for
 * none: `type` is lowered in place. */
static const char *variation_in(char *type) {
  static const char *const lowered[] = {"nackgammon", "longgammon", "hypergammon"};
  static const char *const named[] = {"Nackgammon", "LongGammon", "Hypergammon"};
  for (char *c = type; *c; c++)
    *c = (char)tolower((unsigned char)*c);
  for (size_t i = 0; i < sizeof named / sizeof *named; i++)
    if (strstr(type, lowered[i]))
      return named[i];
  return NULL;
}

bool mat_read_game_type(bg_mat_reader *reader, const mat_line *line) {
  mat_span type = {0, 0};
  mat_group_span(&reader->patterns, GRP_GAME_TYPE_TYPE, &type);
  char *type_text = strndup(line->text + type.start, type.end - type.start);
  if (!type_text)
    return false;
  const char *variation = variation_in(type_text);
  free(type_text);
  if (!variation)
    return true; /* a game type that is backgammon's (match, money...) */
  return add_tag(reader, tag_holder(reader), "Variation", strlen("Variation"), variation,
                 strlen(variation), (bg_srcpos){line->number, 1});
}
