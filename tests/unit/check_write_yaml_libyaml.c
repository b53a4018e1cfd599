/*
 * check_write_yaml_libyaml.c — write_yaml.c writes what libyaml's emitter
 * writes.  write_yaml.c lays out the document itself and asks libyaml
 * only for the strings it cannot prove plain (for speed: DESIGN.md
 * section 6); the reference here is the writer it replaced, the same walk
 * of write_tree.c turned into libyaml's emitter events whole.  Both must
 * give the same bytes:
 *
 *  - on every record of samples/, of the e2e cases (.mat, .sgf, YAML,
 *    .xg) and, where the shared folder is, of the corpus and the archive;
 *  - on matches whose players' names, tags and event are random strings
 *    (quotes, colons, hashes, blanks at either end, control characters,
 *    non-ASCII letters, YAML's own words and numbers, empty), read from
 *    YAML documents that spell them as escapes.
 */
#include <check.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "diag.h"
#include "reader.h"
#include "replay.h"
#include "run_suite.h"
#include "writer.h"
#include "write_tree.h"
#include "shared_path.h"

/* ---- the reference: libyaml's emitter, event by event ------------------ */

typedef struct {
  write_tree_sink sink; /* first: the walk's sink is the writer */
  yaml_emitter_t emitter;
} event_writer;

static bool emit(event_writer *writer, yaml_event_t *event) {
  return yaml_emitter_emit(&writer->emitter, event) != 0;
}

static bool emit_scalar(event_writer *writer, const char *text, size_t length,
                        yaml_scalar_style_t style) {
  yaml_event_t event;
  ck_assert(yaml_scalar_event_initialize(&event, NULL, NULL, (yaml_char_t *)text,
                                         (int)length, 1, 1, style));
  return emit(writer, &event);
}

static bool emit_string(event_writer *writer, const char *text, size_t length) {
  return emit_scalar(writer, text, length,
                     write_yaml_looks_typed(text) ? YAML_SINGLE_QUOTED_SCALAR_STYLE
                                                  : YAML_ANY_SCALAR_STYLE);
}

static bool on_open(write_tree_sink *sink, write_tree_collection kind, bool flow) {
  event_writer *writer = (event_writer *)sink;
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
  event_writer *writer = (event_writer *)sink;
  yaml_event_t event;
  if (kind == WRITE_TREE_MAPPING)
    yaml_mapping_end_event_initialize(&event);
  else
    yaml_sequence_end_event_initialize(&event);
  return emit(writer, &event);
}

static bool on_key(write_tree_sink *sink, const char *word) {
  return emit_string((event_writer *)sink, word, strlen(word));
}

static bool on_scalar(write_tree_sink *sink, write_tree_scalar kind, const char *text,
                      size_t length) {
  event_writer *writer = (event_writer *)sink;
  if (kind == WRITE_TREE_STRING)
    return emit_string(writer, text, length);
  return emit_scalar(writer, text, length, YAML_PLAIN_SCALAR_STYLE);
}

static bool reference_write_yaml(FILE *out, const bg_match *match, bg_replay *replay,
                                 bool first) {
  event_writer writer = {
      .sink = {on_open, on_close, on_key, on_scalar, .names_source = false}};
  ck_assert(yaml_emitter_initialize(&writer.emitter));
  yaml_emitter_set_output_file(&writer.emitter, out);
  yaml_emitter_set_unicode(&writer.emitter, 1);
  yaml_emitter_set_width(&writer.emitter, -1);
  yaml_emitter_set_break(&writer.emitter, YAML_LN_BREAK);
  yaml_event_t event;
  yaml_stream_start_event_initialize(&event, YAML_UTF8_ENCODING);
  bool written = emit(&writer, &event);
  yaml_document_start_event_initialize(&event, NULL, NULL, NULL, first);
  written = written && emit(&writer, &event);
  written = written && write_tree_walk(match, replay, &writer.sink);
  yaml_document_end_event_initialize(&event, 1);
  written = written && emit(&writer, &event);
  yaml_stream_end_event_initialize(&event);
  written = written && emit(&writer, &event);
  yaml_emitter_delete(&writer.emitter);
  return written;
}

/* ---- both writers on one input --------------------------------------- */

typedef bool (*yaml_writer_fn)(FILE *out, const bg_match *match, bg_replay *replay,
                               bool first);

static void write_with(yaml_writer_fn write, FILE *out, const bg_match *match,
                       bool first) {
  FILE *quiet = fopen("/dev/null", "w");
  ck_assert_ptr_nonnull(quiet);
  bg_diag_sink sink;
  diag_sink_init(&sink, quiet, DIAG_TEXT);
  bg_replay_options options;
  bg_replay_options_init(&options);
  bg_replay *replay = bg_replay_new(match, &options, &sink);
  ck_assert(write(out, match, replay, first));
  bg_replay_free(replay);
  diag_flush(&sink);
  diag_sink_free(&sink);
  fclose(quiet);
}

/* Writes every match of `in` with both writers; returns the matches. */
static int compare_input(FILE *in, const char *name) {
  char *ours = NULL, *reference = NULL;
  size_t ours_size = 0, reference_size = 0;
  FILE *ours_out = open_memstream(&ours, &ours_size);
  FILE *reference_out = open_memstream(&reference, &reference_size);
  FILE *quiet = fopen("/dev/null", "w");
  ck_assert(ours_out && reference_out && quiet);
  bg_diag_sink sink;
  diag_sink_init(&sink, quiet, DIAG_TEXT);
  const char *reason;
  bg_reader *reader = reader_open(in, name, &sink, BG_NOTATION_AUTO, &reason);
  ck_assert_msg(reader != NULL, "%s: %s", name, reason);
  int matches = 0;
  bg_match *match;
  while ((match = reader_next(reader)) != NULL) {
    write_with(write_yaml, ours_out, match, matches == 0);
    write_with(reference_write_yaml, reference_out, match, matches == 0);
    matches++;
    match_free(match);
  }
  reader_free(reader);
  diag_flush(&sink);
  diag_sink_free(&sink);
  fclose(quiet);
  fclose(ours_out);
  fclose(reference_out);
  ck_assert_msg(ours_size == reference_size && memcmp(ours, reference, ours_size) == 0,
                "%s: write_yaml.c and libyaml's emitter differ:\n---- ours\n%s\n"
                "---- libyaml\n%s",
                name, ours, reference);
  free(ours);
  free(reference);
  return matches;
}

typedef struct {
  int files, matches;
} tally;

static void compare_matching(const char *pattern, tally *totals) {
  glob_t found;
  if (glob(pattern, 0, NULL, &found) != 0)
    return;
  for (size_t i = 0; i < found.gl_pathc; i++) {
    struct stat link;
    if (lstat(found.gl_pathv[i], &link) == 0 && S_ISLNK(link.st_mode))
      continue; /* an e2e input linked from another command's folder */
    FILE *in = fopen(found.gl_pathv[i], "rb");
    ck_assert_msg(in != NULL, "cannot open %s", found.gl_pathv[i]);
    totals->matches += compare_input(in, found.gl_pathv[i]);
    totals->files++;
    fclose(in);
  }
  globfree(&found);
}

START_TEST(every_record_the_same_bytes) {
  static const char *const own[] = {"samples/*.mat",
                                    "samples/broken/*.mat",
                                    "tests/e2e/cases/*/*.mat",
                                    "tests/e2e/cases/*/*.sgf",
                                    "tests/e2e/cases/*/*.yaml",
                                    "tests/e2e/cases/*/*.xg",
                                    "tests/e2e/cases/check/*/*.mat",
                                    "tests/e2e/cases/check/*/*.sgf",
                                    "tests/e2e/cases/check/*/*.yaml",
                                    "tests/e2e/cases/check/*/*.xg",
                                    "tests/fuzz/regress/*.mat"};
  tally totals = {0};
  for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
    compare_matching(own[i], &totals);
  ck_assert_int_ge(totals.files, 100);
  char folder[4096], pattern[4200];
  shared_path("", folder, sizeof folder);
  struct stat info;
  if (stat(folder, &info) != 0) {
    printf("SKIP: %s not found; corpus and archive records not compared\n", folder);
  } else {
    static const char *const theirs[] = {"corpus/*/*.txt",        "corpus/*/*.mat",
                                         "corpus/*/*.sgf",        "corpus/*/*.xg",
                                         "archive/records/*.mat", "archive/records/*.txt",
                                         "archive/records/*.sgf", "archive/records/*.xg"};
    for (size_t i = 0; i < sizeof theirs / sizeof theirs[0]; i++) {
      snprintf(pattern, sizeof pattern, "%s/%s", folder, theirs[i]);
      compare_matching(pattern, &totals);
    }
  }
  printf("write_yaml vs libyaml: %d files, %d matches, the same bytes\n", totals.files,
         totals.matches);
}
END_TEST

/* ---- random strings --------------------------------------------------- */

/* The characters random strings are made of: YAML's indicators, blanks,
 * digits and letters, control characters, and non-ASCII letters, breaks and
 * marks. */
static const char *const pieces[] = {
    "a", "Z", "0", "7", " ", "  ", "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*",
    "!", "|", ">", "'", "\"", "%", "@", "`", "/", ".", "_", "+", "(", ")", "\\", "~", "=",
    "<", "\t", "\n", "\r", "\a", "\b", "\x7f", "\xc3\xb8", "\xc3\xa9", "\xe2\x82\xac",
    "---", "...", "- ", ": ", " #", "yes", "null", "On", "1e5", "0x1F", "2024-01-01",
    "12:30", "bar/22*", "6/off",
    /* the edges of the UTF-8 letters write_yaml
     * proves plain itself (U+00C0 to U+07FF) */
    "\xc3\x80", "\xce\xa9", "\xd0\x96", "\xdf\xbf", "\xc2\xa0", "\xc2\x85", "\xc2\xbf",
    "\xe0\xa0\x80", "\xe2\x80\xa8", "\xef\xbb\xbf", "\xf0\x9f\x8e\xb2"};

static unsigned long random_state = 20261127;

static unsigned long next_random(void) {
  random_state = random_state * 6364136223846793005UL + 1442695040888963407UL;
  return random_state >> 33;
}

/* A random string of up to 6 pieces, as a YAML double-quoted scalar with
 * every byte outside printable ASCII (and " and \) escaped. */
static void random_quoted(char *to, size_t size) {
  size_t used = 0;
  to[used++] = '"';
  int count = (int)(next_random() % 7);
  for (int i = 0; i < count; i++) {
    const char *piece = pieces[next_random() % (sizeof pieces / sizeof pieces[0])];
    for (const unsigned char *c = (const unsigned char *)piece; *c; c++) {
      if (used + 8 >= size)
        break;
      if (*c >= 0x80 || *c < 0x20 || *c == 0x7f || *c == '"' || *c == '\\')
        used += (size_t)snprintf(to + used, size - used, "\\x%02x", *c);
      else
        to[used++] = (char)*c;
    }
  }
  to[used++] = '"';
  to[used] = '\0';
}

/* \xNN in a double-quoted YAML scalar is a code point, not a byte: a
 * non-ASCII letter spelt so comes back as two Latin-1 letters, still
 * UTF-8 and still a test of the writers. */
START_TEST(random_names_and_tags_the_same_bytes) {
  int matches = 0;
  for (int round = 0; round < 3000; round++) {
    char left[200], right[200], event[200], tag[200];
    random_quoted(left, sizeof left);
    random_quoted(right, sizeof right);
    random_quoted(event, sizeof event);
    random_quoted(tag, sizeof tag);
    char document[2048];
    snprintf(document, sizeof document,
             "bgmatch: 1\nmatch:\n  length: 3\n  players: [%s, %s]\n"
             "  info: {event: %s}\n  tags:\n  - [Round, %s]\n"
             "games:\n- game: 1\n  score: [0, 0]\n  actions:\n"
             "  - [0, 31, 8/5 6/5]\n  - [1, 52, 13/11 13/8]\n  - [0, 64, '?\?\?\?']\n"
             "  - [1, double, 2]\n  - [0, drop]\n  - [1, wins, 1]\n",
             left, right, event, tag);
    FILE *in = fmemopen(document, strlen(document), "r");
    ck_assert_ptr_nonnull(in);
    matches += compare_input(in, document);
    fclose(in);
  }
  ck_assert_int_ge(matches, 2000); /* most documents hold a match */
  printf("write_yaml vs libyaml: %d matches of random names and tags, the same bytes\n",
         matches);
}
END_TEST

int main(void) {
  Suite *suite = suite_create("write_yaml against libyaml's emitter");
  TCase *cases = tcase_create("same bytes");
  tcase_set_timeout(cases, 600);
  tcase_add_test(cases, every_record_the_same_bytes);
  tcase_add_test(cases, random_names_and_tags_the_same_bytes);
  suite_add_tcase(suite, cases);
  return run_suite(suite);
}
