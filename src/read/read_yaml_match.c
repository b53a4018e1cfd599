/*
 * read_yaml_match.c — one document of bgmatch's YAML notation read into
 * the model: {bgmatch: 1, match: {length, players, rules, info, tags, source},
 * games: [{game, score, actions, result}]}.  The actions are
 * read_yaml_action.c's; the events and diagnostics read_yaml.c's.
 *
 * The notation records who really acted (match_resolve's reading when the
 * record was a .mat), so match_resolve_named, not match_resolve, finishes
 * the match: nobody is moved to the other column again.  A game's
 * `result` is what bgmatch's replay resolved: it is derived, and read
 * only to see that it holds nothing the notation refuses.
 *
 * Stage: the top of the YAML reader's schema layer, and where its matches
 * are handed over (bg_yaml_reader_next).  Calls read_yaml_game.c for
 * `games:` and read_yaml.c's events and diagnostics; neither calls back.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "alloc.h"
#include "read_yaml_int.h"

#define MAX_TAGS 1024 /* per match, as the .mat reader: junk must not grow memory */

/* ---- the match header --------------------------------------------------- */

/* players: [left, right] */
static bool read_players(bg_yaml_reader *reader, bg_match *match) {
  if (!bg_yaml_expect_start(reader, YAML_SEQUENCE_START_EVENT, "players: [left, right]"))
    return false;
  for (int i = 0;; i++) {
    if (!bg_yaml_advance(reader))
      return false;
    if (reader->event.type == YAML_SEQUENCE_END_EVENT && i == 2)
      return true;
    if (i == 2 || reader->event.type == YAML_SEQUENCE_END_EVENT) {
      return bg_yaml_unexpected(reader, "two players, [left, right]");
    }
    if (!bg_yaml_expect_scalar(reader, "a player's name"))
      return false;
    if (!match_set_player(match, i, bg_yaml_scalar_text(reader)))
      bg_out_of_memory();
  }
}

/* true, false, or null when the record does not say. */
static bool read_rule_flag(bg_yaml_reader *reader, bg_rule_flag *flag) {
  static const char *const on[] = {"true", "True", "TRUE"};
  static const char *const off[] = {"false", "False", "FALSE"};
  static const char *const unset[] = {"", "~", "null", "Null", "NULL"};
  if (!bg_yaml_expect_scalar(reader, "true, false or null"))
    return false;
  const char *text = bg_yaml_scalar_text(reader);
  for (size_t i = 0; bg_yaml_scalar_is_plain(reader) && i < 5; i++) {
    if (i < 3 && strcmp(text, on[i]) == 0)
      *flag = RULE_ON;
    else if (i < 3 && strcmp(text, off[i]) == 0)
      *flag = RULE_OFF;
    else if (strcmp(text, unset[i]) == 0)
      *flag = RULE_UNSET;
    else
      continue;
    return true;
  }
  return bg_yaml_unexpected(reader, "true, false or null");
}

static const char *const variation_words[] = {"backgammon", "nackgammon", "longgammon",
                                              "other"};
/* The tag value a variation is written back with when only rules name it. */
static const char *const variation_tags[] = {"Backgammon", "Nackgammon", "Longgammon",
                                             "Other"};

static bool read_variation(bg_yaml_reader *reader, int *variation) {
  if (!bg_yaml_expect_scalar(reader, "a variation"))
    return false;
  for (int i = 0; i < 4; i++)
    if (strcmp(bg_yaml_scalar_text(reader), variation_words[i]) == 0) {
      *variation = i;
      return true;
    }
  return bg_yaml_unexpected(reader, "backgammon, nackgammon, longgammon or other");
}

/* rules: {crawford, jacoby, beavers, cube_limit, variation}; a rule given
 * wrong is said and stays unset.  *variation is -1 when none is given. */
/* Where rules: puts what it reads. */
typedef struct {
  bg_match *match;
  int *variation;
} rules_into;

static bool read_rule_value(bg_yaml_reader *reader, const char *key, yaml_mark_t mark,
                            void *data) {
  rules_into *into = data;
  bg_match *match = into->match;
  long limit;
  if (strcmp(key, "crawford") == 0)
    return read_rule_flag(reader, &match->crawford);
  if (strcmp(key, "jacoby") == 0)
    return read_rule_flag(reader, &match->jacoby);
  if (strcmp(key, "beavers") == 0)
    return read_rule_flag(reader, &match->beavers);
  if (strcmp(key, "cube_limit") == 0) {
    bool ok =
        bg_yaml_read_number(reader, "a cube limit like 64", YAML_MAX_NUMBER, &limit);
    if (ok && limit == 0) /* "none" is said by leaving it out */
      bg_yaml_syntax_error(reader, reader->event.start_mark,
                           "expected a cube limit like 64, found 0");
    ok = ok && limit > 0;
    match->cube_limit = ok ? (int)limit : 0;
    return ok;
  }
  if (strcmp(key, "variation") == 0)
    return read_variation(reader, into->variation);
  bg_yaml_unknown_key(reader, key, mark,
                      "crawford, jacoby, beavers, cube_limit or variation");
  return false;
}

static bg_yaml_entry read_rule(bg_yaml_reader *reader, const char *key, yaml_mark_t mark,
                               void *data) {
  return bg_yaml_entry_of(read_rule_value(reader, key, mark, data));
}

static bool read_rules(bg_yaml_reader *reader, bg_match *match, int *variation) {
  rules_into into = {.match = match, .variation = variation};
  return bg_yaml_read_mapping(reader, "rules: {crawford: ..., jacoby: ..., beavers: ...}",
                              read_rule, &into);
}

/* One [key, value] of `tags` into `into` (a match's tags). */
static bool read_tag(bg_yaml_reader *reader, bg_match *into) {
  const char *what = "a tag like [Event, Club night]";
  if (!bg_yaml_expect_start(reader, YAML_SEQUENCE_START_EVENT, what))
    return false;
  bg_srcpos pos = bg_yaml_position(reader, reader->event.start_mark);
  char *pair[2] = {NULL, NULL};
  bool ok = true;
  for (int i = 0; ok && i < 2; i++) {
    ok = bg_yaml_advance(reader) && bg_yaml_expect_scalar(reader, what);
    if (ok)
      pair[i] = bg_strdup(bg_yaml_scalar_text(reader));
  }
  ok = ok && bg_yaml_advance(reader);
  if (ok && reader->event.type != YAML_SEQUENCE_END_EVENT) {
    char found[256];
    bg_yaml_syntax_error(
        reader, reader->event.start_mark,
        "expected a tag like [Event, Club night], found %s after its value",
        bg_yaml_event_found(reader, found, sizeof found));
    ok = false;
  }
  if (ok && into->tag_count < MAX_TAGS && !match_add_tag(into, pair[0], pair[1], pos))
    bg_out_of_memory();
  free(pair[0]);
  free(pair[1]);
  return ok;
}

static bool read_tag_item(bg_yaml_reader *reader, void *data) {
  bg_match *match = data;
  if (match->tag_count == MAX_TAGS)
    bg_yaml_syntax_error(reader, reader->event.start_mark,
                         "more than %d tags: the rest are ignored", MAX_TAGS);
  return read_tag(reader, match);
}

static bool read_tags(bg_yaml_reader *reader, bg_match *match) {
  return bg_yaml_read_sequence(reader, "tags: [[key, value], ...]", read_tag_item, match);
}

/* The short names of `info` and the tags they stand for (write_tree.c). */
static const char *const info_keys[][2] = {
    {"event", "Event"},
    {"round", "Round"},
    {"site", "Site"},
    {"date", "EventDate"},
    {"time", "EventTime"},
    {"match_id", "Match ID"},
    {"transcriber", "Transcriber"},
    {"annotator", "Annotator"},
};

/* info: {event: ..., ...}: derived from tags, but a record written by
 * hand may give only info; its entries are then the tags. */
static bg_yaml_entry read_info_entry(bg_yaml_reader *reader, const char *key,
                                     yaml_mark_t mark, void *data) {
  bg_match *info = data;
  bool ok = bg_yaml_expect_scalar(reader, "a text");
  const char *tag = key;
  for (size_t i = 0; i < sizeof info_keys / sizeof *info_keys; i++)
    if (strcmp(key, info_keys[i][0]) == 0)
      tag = info_keys[i][1];
  if (ok && info->tag_count < MAX_TAGS &&
      !match_add_tag(info, tag, bg_yaml_scalar_text(reader),
                     bg_yaml_position(reader, mark)))
    bg_out_of_memory();
  return bg_yaml_entry_of(ok);
}

static bool read_info(bg_yaml_reader *reader, bg_match *info) {
  return bg_yaml_read_mapping(reader, "info: {event: ..., ...}", read_info_entry, info);
}

/* source: {file: NAME, line: N}: the file a JSON line's match came from
 * (write_tree.c), kept so that the match written again names it. */
static bg_yaml_entry read_source_entry(bg_yaml_reader *reader, const char *key,
                                       yaml_mark_t mark, void *data) {
  bg_match *match = data;
  long line;
  if (strcmp(key, "line") == 0) {
    bool ok = bg_yaml_read_number(reader, "a line number like 3", YAML_MAX_NUMBER, &line);
    match->source_line = ok ? (int)line : 0;
    return bg_yaml_entry_of(ok);
  }
  if (strcmp(key, "file") != 0) {
    bg_yaml_unknown_key(reader, key, mark, "file or line");
    return bg_yaml_entry_of(false);
  }
  if (!bg_yaml_expect_scalar(reader, "a file name"))
    return bg_yaml_entry_of(false);
  const char *file = bg_yaml_scalar_text(reader);
  match->source_file = match_keep_text(match, file, strlen(file));
  if (!match->source_file)
    bg_out_of_memory();
  return bg_yaml_entry_of(true);
}

static bool read_source(bg_yaml_reader *reader, bg_match *match) {
  return bg_yaml_read_mapping(reader, "source: {file: NAME, line: N}", read_source_entry,
                              match);
}

/* What the header gave beside the match itself. */
typedef struct {
  bool length, players, tags, failed;
  int variation;
  bg_srcpos rules_pos;
  bg_match *info; /* its tags: info's entries */
} header_seen;

static bool read_header_value(bg_yaml_reader *reader, const char *key, yaml_mark_t mark,
                              bg_match *match, header_seen *seen) {
  if (strcmp(key, "length") == 0) {
    static const char what[] =
        "a match length like 7 (0: a money session, null: not given)";
    if (!bg_yaml_expect_scalar(reader, what)) {
      seen->failed = true;
      return false;
    }
    long length = bg_yaml_scalar_number(reader, YAML_MAX_NUMBER);
    /* null: the record the notation was written from gave no length */
    match->length_unknown = length < 0 && bg_yaml_scalar_is_plain(reader) &&
                            strcmp(bg_yaml_scalar_text(reader), "null") == 0;
    seen->length =
        length >= 0 || match->length_unknown || bg_yaml_unexpected(reader, what);
    match->length = length > 0 ? (int)length : 0;
    seen->failed |= !seen->length;
    return seen->length;
  }
  if (strcmp(key, "players") == 0) {
    seen->players = read_players(reader, match);
    seen->failed |= !seen->players;
    return seen->players;
  }
  if (strcmp(key, "rules") == 0) {
    seen->rules_pos = bg_yaml_position(reader, reader->event.start_mark);
    return read_rules(reader, match, &seen->variation);
  }
  if (strcmp(key, "info") == 0)
    return read_info(reader, seen->info);
  if (strcmp(key, "tags") == 0) {
    seen->tags = true;
    return read_tags(reader, match);
  }
  if (strcmp(key, "source") == 0)
    return read_source(reader, match);
  bg_yaml_unknown_key(reader, key, mark, "length, players, rules, info, tags or source");
  return false;
}

/* The tags a record written by hand left to info and rules. */
static void complete_tags(bg_match *match, const header_seen *seen) {
  for (int i = 0; !seen->tags && i < seen->info->tag_count; i++)
    if (!match_add_tag(match, seen->info->tags[i].key, seen->info->tags[i].value,
                       seen->info->tags[i].pos))
      bg_out_of_memory();
  if (seen->variation >= 0 && !match_tag(match, "Variation") &&
      !match_add_tag(match, "Variation", variation_tags[seen->variation],
                     seen->rules_pos))
    bg_out_of_memory();
}

/* match: {...} into reader->match; false when the header cannot be used
 * (said), which drops the document. */
static bool read_header(bg_yaml_reader *reader) {
  if (!bg_yaml_expect_start(reader, YAML_MAPPING_START_EVENT,
                            "match: {length: ..., players: [left, right], ...}"))
    return false;
  bg_match *match = match_new(reader->file);
  header_seen seen = {.variation = -1, .info = match_new(reader->file)};
  if (!match || !seen.info)
    bg_out_of_memory();
  match_free(reader->match);
  reader->match = match;
  bool ok = true;
  for (;;) {
    char key[64];
    yaml_mark_t mark;
    key_status status = bg_yaml_next_entry(reader, key, sizeof key, &mark);
    if (status == KEY_END || status == KEY_STOP) {
      ok = status == KEY_END;
      break;
    }
    if (status == KEY_BAD)
      continue;
    int depth = bg_yaml_node_depth(reader);
    if (!bg_yaml_settle(reader, depth,
                        read_header_value(reader, key, mark, match, &seen))) {
      ok = false;
      break;
    }
  }
  if (ok && !seen.failed && (!seen.length || !seen.players))
    bg_yaml_syntax_error(reader, reader->event.start_mark,
                         "expected %s in 'match', found none",
                         seen.length ? "players: [left, right]" : "length: 7");
  ok = ok && !seen.failed && seen.length && seen.players;
  if (ok)
    complete_tags(match, &seen);
  match_free(seen.info);
  return ok;
}

/* ---- the document --------------------------------------------------------- */

/* bgmatch: 1, the first key: it says the document is the notation. */
static bool read_version(bg_yaml_reader *reader) {
  char key[64];
  yaml_mark_t mark;
  key_status status = bg_yaml_next_key(reader, key, sizeof key, &mark);
  if (status != KEY_OK) {
    if (status == KEY_END)
      bg_yaml_syntax_error(reader, reader->event.start_mark,
                           "expected 'bgmatch: 1' first, found an empty mapping");
    return false;
  }
  if (strcmp(key, "bgmatch") != 0) {
    bg_yaml_unknown_key(reader, key, mark, "'bgmatch: 1' first");
    return false;
  }
  long version;
  if (!bg_yaml_advance(reader) ||
      !bg_yaml_read_number(reader, "the notation's version, 1", YAML_MAX_NUMBER,
                           &version))
    return false;
  if (version == 1)
    return true;
  bg_yaml_syntax_error(
      reader, reader->event.start_mark,
      "expected the notation's version, 1 (this bgmatch reads version 1), "
      "found %ld",
      version);
  return false;
}

/* The root mapping: bgmatch, match, games. */
static bool read_root(bg_yaml_reader *reader) {
  const yaml_event_t *event = &reader->event;
  if (event->type == YAML_SCALAR_EVENT && event->data.scalar.length == 0 &&
      bg_yaml_node_allowed(reader)) {
    bg_yaml_syntax_error(
        reader, event->start_mark,
        "expected a bgmatch document (a mapping that starts 'bgmatch: 1'), "
        "found an empty document");
    return false;
  }
  if (!bg_yaml_expect_start(reader, YAML_MAPPING_START_EVENT,
                            "a bgmatch document (a mapping that starts 'bgmatch: 1')") ||
      !read_version(reader))
    return false;
  bool games = false;
  for (;;) {
    char key[64];
    yaml_mark_t mark;
    key_status status = bg_yaml_next_entry(reader, key, sizeof key, &mark);
    if (status == KEY_STOP || status == KEY_BAD)
      return false;
    if (status == KEY_END)
      break;
    bool ok;
    if (strcmp(key, "match") == 0 && !reader->match)
      ok = read_header(reader);
    else if (strcmp(key, "games") == 0 && reader->match && !games)
      ok = games = bg_yaml_read_games(reader, mark);
    else {
      bg_yaml_unknown_key(reader, key, mark,
                          games           ? "the end of the document"
                          : reader->match ? "games"
                                          : "match");
      ok = false;
    }
    if (!ok)
      return false;
  }
  if (games)
    return true;
  bg_yaml_syntax_error(reader, event->start_mark,
                       "expected '%s' before the end of the document",
                       reader->match ? "games" : "match");
  return false;
}

bg_match *bg_yaml_read_document(bg_yaml_reader *reader) {
  reader->game_index = reader->action_index = 0;
  match_free(reader->match);
  reader->match = NULL;
  if (!bg_yaml_advance(reader))
    return NULL;
  bool ok = read_root(reader);
  reader->game_index = reader->action_index = 0;
  if (!bg_yaml_settle(reader, 0, ok) || !bg_yaml_advance(reader))
    return NULL; /* the document's end, after its root */
  bg_match *match = reader->match;
  reader->match = NULL;
  if (!ok) {
    match_free(match);
    return NULL;
  }
  match_resolve_named(match);
  return match;
}

/* Syntax errors are counted from one match handed over to the next: the
 * caller prints what the sink holds after each match, so a stream of
 * 100,000 documents that hold none holds DIAG_SYNTAX_LIMIT diagnostics, not
 * 100,000. */
bg_match *bg_yaml_reader_next(bg_yaml_reader *reader) {
  diag_syntax_new_match(&reader->syntax_limit);
  while (bg_yaml_advance(reader)) {
    if (reader->event.type != YAML_DOCUMENT_START_EVENT)
      continue; /* the stream's start and end */
    reader->documents++;
    bg_match *match = bg_yaml_read_document(reader);
    if (match)
      return match;
  }
  if (reader->documents == 0 && !reader->stopped && !reader->said_empty) {
    reader->said_empty = true;
    yaml_mark_t start = {0, 0, 0};
    bg_yaml_syntax_error(
        reader, start,
        "no match found: expected a YAML document that starts 'bgmatch: 1'");
  }
  return NULL;
}
