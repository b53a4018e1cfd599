/*
 * check_write_yaml.c — the YAML and JSON writers (write_yaml.c,
 * write_json.c, the tree of write_tree.c), through writer_write.
 *
 *  - every record: each valid sample and every corpus record
 *    (*.txt, *.mat under $BGMATCH_SHARED/corpus) is written as YAML and as
 *    JSON in memory, the YAML parsed back with libyaml's parser and the
 *    JSON with jansson; each has one document per match, and the games and
 *    the actions of each game the model has;
 *  - text comes back as text: player names a YAML reader would take for
 *    something else (yes, 1, null, - x, a colon) or that a record wrote in
 *    Latin-1 come back as the same UTF-8 strings; two players of one name
 *    are told apart by their index;
 *  - every kind of action is written as man/bgmatch.5 says
 *    (tests/notation/example.mat), positions losslessly, the same bytes
 *    every time, and a write error is reported.
 * grammar/bgmatch.schema.json is checked by tests/notation.sh.
 */
#include <check.h>
#include <glob.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "match.h"
#include "read_mat.h"
#include "replay.h"
#include "run_suite.h"
#include "writer.h"
#include "shared_path.h"

/* ---- writing ----------------------------------------------------------- */

/* What writing one input's matches gave. */
typedef struct {
  char *yaml; /* malloc'ed */
  char *json;
  int matches;
  int games[64]; /* of the first 64 matches */
  int actions[64][64];
} written;

static bool write_one(bg_format format, FILE *out, const bg_match *match, bool first) {
  FILE *quiet = fopen("/dev/null", "w");
  ck_assert_ptr_nonnull(quiet);
  bg_diag_sink sink;
  diag_sink_init(&sink, quiet, DIAG_TEXT);
  bg_replay_options options;
  bg_replay_options_init(&options);
  bg_replay *replay = bg_replay_new(match, &options, &sink);
  bool ok = writer_write(format, out, match, replay, first);
  bg_replay_free(replay);
  diag_flush(&sink);
  diag_sink_free(&sink);
  fclose(quiet);
  return ok;
}

static void note_counts(written *result, const bg_match *match) {
  int m = result->matches;
  if (m >= 64)
    return;
  result->games[m] = match->game_count;
  for (int g = 0; g < match->game_count && g < 64; g++)
    result->actions[m][g] = match->games[g].action_count;
}

/* Writes every match `in` holds as YAML and as JSON, as files would be. */
static void write_all(FILE *in, const char *name, written *result) {
  memset(result, 0, sizeof *result);
  size_t yaml_size = 0, json_size = 0;
  FILE *yaml = open_memstream(&result->yaml, &yaml_size);
  FILE *json = open_memstream(&result->json, &json_size);
  FILE *quiet = fopen("/dev/null", "w");
  ck_assert(yaml && json && quiet);
  bg_diag_sink sink;
  diag_sink_init(&sink, quiet, DIAG_TEXT);
  bg_mat_reader *reader = mat_reader_new(in, name, &sink);
  ck_assert_ptr_nonnull(reader);
  bg_match *match;
  while ((match = mat_reader_next(reader)) != NULL) {
    bool first = result->matches == 0;
    ck_assert_msg(write_one(BG_FORMAT_YAML, yaml, match, first), "%s: YAML", name);
    ck_assert_msg(write_one(BG_FORMAT_JSON, json, match, first), "%s: JSON", name);
    note_counts(result, match);
    result->matches++;
    match_free(match);
  }
  mat_reader_free(reader);
  diag_flush(&sink);
  diag_sink_free(&sink);
  fclose(quiet);
  fclose(yaml);
  fclose(json);
}

static void write_file(const char *path, written *result) {
  FILE *in = fopen(path, "rb");
  ck_assert_msg(in != NULL, "cannot open %s", path);
  write_all(in, path, result);
  fclose(in);
}

static void write_text(const char *text, written *result) {
  FILE *in = fmemopen((void *)text, strlen(text), "r");
  ck_assert_ptr_nonnull(in);
  write_all(in, "t.mat", result);
  fclose(in);
}

static void written_free(written *result) {
  free(result->yaml);
  free(result->json);
}

/* ---- reading back: YAML with libyaml, JSON with jansson ---------------- */

static yaml_node_t *yaml_value(yaml_document_t *document, yaml_node_t *mapping,
                               const char *key) {
  if (!mapping || mapping->type != YAML_MAPPING_NODE)
    return NULL;
  for (yaml_node_pair_t *pair = mapping->data.mapping.pairs.start;
       pair < mapping->data.mapping.pairs.top; pair++) {
    yaml_node_t *name = yaml_document_get_node(document, pair->key);
    if (name && name->type == YAML_SCALAR_NODE &&
        strcmp((const char *)name->data.scalar.value, key) == 0)
      return yaml_document_get_node(document, pair->value);
  }
  return NULL;
}

static int yaml_length(yaml_node_t *sequence) {
  ck_assert_ptr_nonnull(sequence);
  ck_assert_int_eq(sequence->type, YAML_SEQUENCE_NODE);
  return (int)(sequence->data.sequence.items.top - sequence->data.sequence.items.start);
}

static yaml_node_t *yaml_item(yaml_document_t *document, yaml_node_t *sequence, int i) {
  ck_assert_int_lt(i, yaml_length(sequence));
  return yaml_document_get_node(document, sequence->data.sequence.items.start[i]);
}

/* The documents of `text` parsed by libyaml, each checked against the
 * counts of its match; returns how many there were. */
static int check_yaml_documents(const char *text, const written *result,
                                const char *name) {
  yaml_parser_t parser;
  ck_assert(yaml_parser_initialize(&parser));
  yaml_parser_set_input_string(&parser, (const unsigned char *)text, strlen(text));
  int count = 0;
  for (;;) {
    yaml_document_t document;
    ck_assert_msg(yaml_parser_load(&parser, &document), "%s: YAML does not parse: %s",
                  name, parser.problem ? parser.problem : "?");
    yaml_node_t *root = yaml_document_get_root_node(&document);
    if (!root) {
      yaml_document_delete(&document);
      break;
    }
    yaml_node_t *version = yaml_value(&document, root, "bgmatch");
    ck_assert_ptr_nonnull(version);
    ck_assert_str_eq((const char *)version->data.scalar.value, "1");
    yaml_node_t *games = yaml_value(&document, root, "games");
    if (count < 64) {
      ck_assert_int_eq(yaml_length(games), result->games[count]);
      for (int g = 0; g < result->games[count] && g < 64; g++) {
        yaml_node_t *game = yaml_item(&document, games, g);
        ck_assert_msg(yaml_length(yaml_value(&document, game, "actions")) ==
                          result->actions[count][g],
                      "%s: match %d game %d: actions", name, count + 1, g + 1);
      }
    }
    yaml_document_delete(&document);
    count++;
  }
  yaml_parser_delete(&parser);
  return count;
}

/* The lines of `text` parsed by jansson, checked like the YAML. */
static int check_json_lines(const char *text, const written *result, const char *name) {
  int count = 0;
  for (const char *line = text; *line;) {
    const char *end = strchr(line, '\n');
    ck_assert_msg(end != NULL, "%s: JSON line %d not ended", name, count + 1);
    json_error_t error;
    json_t *document = json_loadb(line, (size_t)(end - line), 0, &error);
    ck_assert_msg(document != NULL, "%s: JSON line %d: %s", name, count + 1, error.text);
    json_t *games = json_object_get(document, "games");
    if (count < 64) {
      ck_assert_int_eq((int)json_array_size(games), result->games[count]);
      for (int g = 0; g < result->games[count] && g < 64; g++)
        ck_assert_int_eq(
            (int)json_array_size(json_object_get(json_array_get(games, g), "actions")),
            result->actions[count][g]);
    }
    json_decref(document);
    count++;
    line = end + 1;
  }
  return count;
}

/* ---- every record ----------------------------------------------------- */

typedef struct {
  int files, documents, games, actions;
} tally;

static void check_record(const char *path, tally *totals) {
  written result;
  write_file(path, &result);
  ck_assert_msg(result.matches > 0, "%s: no match read", path);
  ck_assert_int_eq(check_yaml_documents(result.yaml, &result, path), result.matches);
  ck_assert_int_eq(check_json_lines(result.json, &result, path), result.matches);
  totals->files++;
  totals->documents += result.matches;
  for (int m = 0; m < result.matches && m < 64; m++) {
    totals->games += result.games[m];
    for (int g = 0; g < result.games[m] && g < 64; g++)
      totals->actions += result.actions[m][g];
  }
  written_free(&result);
}

static void check_records_matching(const char *pattern, tally *totals) {
  glob_t found;
  if (glob(pattern, 0, NULL, &found) != 0)
    return;
  for (size_t i = 0; i < found.gl_pathc; i++)
    check_record(found.gl_pathv[i], totals);
  globfree(&found);
}

START_TEST(every_record_is_written_and_read_back) {
  tally totals = {0};
  check_records_matching("samples/*.mat", &totals);
  ck_assert_int_ge(totals.files, 7);
  char corpus[4096], pattern[4200];
  shared_path("corpus", corpus, sizeof corpus);
  struct stat info;
  if (stat(corpus, &info) != 0) {
    printf("SKIP: %s not found; corpus records not written\n", corpus);
  } else {
    snprintf(pattern, sizeof pattern, "%s/*/*.txt", corpus);
    check_records_matching(pattern, &totals);
    snprintf(pattern, sizeof pattern, "%s/*/*.mat", corpus);
    check_records_matching(pattern, &totals);
  }
  printf("write_yaml: %d files, %d documents (YAML and JSON), %d games, %d actions "
         "read back\n",
         totals.files, totals.documents, totals.games, totals.actions);
}
END_TEST

/* ---- text comes back as text ----------------------------------------- */

/* A one-game match of two players, built in the model directly: names a
 * .mat score line could not even hold. */
static bg_match *match_of(const char *left, const char *right) {
  bg_match *match = match_new("t.mat");
  ck_assert(match_set_player(match, 0, left) && match_set_player(match, 1, right));
  ck_assert(match_add_tag(match, "Crawford", "On", (bg_srcpos){1, 1}));
  match->length = 1;
  bg_game *game = match_add_game(match);
  game->number = 1;
  bg_action *roll = match_game_add_action(game);
  roll->kind = ACT_ROLL;
  roll->player = 1;
  roll->die1 = 5;
  roll->die2 = 2;
  bg_move moves[2] = {{13, 11, 1, false, {0, 0}}, {13, 8, 1, false, {0, 0}}};
  roll->moves = match_reserve_moves(match);
  ck_assert_ptr_nonnull(roll->moves);
  memcpy(roll->moves, moves, sizeof moves);
  roll->move_count = 2;
  return match;
}

static char *write_match_as(bg_format format, const bg_match *match) {
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&text, &size);
  ck_assert_ptr_nonnull(out);
  ck_assert(write_one(format, out, match, true));
  fclose(out);
  return text;
}

/* The players of the YAML of `match` as libyaml reads them back, and
 * whether each was written plain. */
static void yaml_players(const bg_match *match, char names[2][64], bool plain[2]) {
  char *text = write_match_as(BG_FORMAT_YAML, match);
  yaml_parser_t parser;
  yaml_document_t document;
  ck_assert(yaml_parser_initialize(&parser));
  yaml_parser_set_input_string(&parser, (const unsigned char *)text, strlen(text));
  ck_assert_msg(yaml_parser_load(&parser, &document), "does not parse:\n%s", text);
  yaml_node_t *root = yaml_document_get_root_node(&document);
  yaml_node_t *players =
      yaml_value(&document, yaml_value(&document, root, "match"), "players");
  for (int i = 0; i < 2; i++) {
    yaml_node_t *name = yaml_item(&document, players, i);
    ck_assert_int_eq(name->type, YAML_SCALAR_NODE);
    snprintf(names[i], 64, "%s", (const char *)name->data.scalar.value);
    plain[i] = name->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
  }
  yaml_document_delete(&document);
  yaml_parser_delete(&parser);
  free(text);
}

/* Each name comes back as written; those a resolver would type, quoted. */
START_TEST(names_come_back_as_text) {
  static const struct {
    const char *name;
    bool typed; /* a YAML reader would take it plain for another type */
  } names[] = {
      {"yes", true},
      {"1", true},
      {"null", true},
      {"On", true},
      {"~", true},
      {"2024-07-30", true},
      {"12.00", true},
      {"-3", true},
      {".inf", true},
      {"Alice", false},
      {"Ana María", false},
      {"nori,1774", false},
      {"- x", false},
      {"a: b", false},
      {"#1 seed", false},
      {"x #y", false},
      {"[bot]", false},
      {"' quoted", false},
      {"Bob van Dijk", false},
      {"\"Doc\" Holliday", false},
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    bg_match *match = match_of(names[i].name, "Zoë");
    char read[2][64];
    bool plain[2];
    yaml_players(match, read, plain);
    ck_assert_str_eq(read[0], names[i].name);
    ck_assert_str_eq(read[1], "Zoë");
    if (names[i].typed)
      ck_assert_msg(!plain[0], "'%s' written plain", names[i].name);
    match_free(match);
  }
}
END_TEST

/* A record's Latin-1 name is written in UTF-8, in YAML and in JSON. */
START_TEST(latin1_names_become_utf8) {
  bg_match *match = match_of("Ren\xe9", "Zo\xc3\xab");
  char read[2][64];
  bool plain[2];
  yaml_players(match, read, plain);
  ck_assert_str_eq(read[0], "Ren\xc3\xa9");
  ck_assert_str_eq(read[1], "Zo\xc3\xab");
  char *json = write_match_as(BG_FORMAT_JSON, match);
  ck_assert_ptr_nonnull(strstr(json, "\"players\":[\"Ren\xc3\xa9\",\"Zo\xc3\xab\"]"));
  free(json);
  match_free(match);
}
END_TEST

/* Two players of one name: the actions say who by index. */
START_TEST(same_names_by_index) {
  bg_match *match = match_of("Bob", "Bob");
  char *yaml = write_match_as(BG_FORMAT_YAML, match);
  ck_assert_msg(strstr(yaml, "  - [1, 52, 13/11 13/8]\n") != NULL, "%s", yaml);
  char *json = write_match_as(BG_FORMAT_JSON, match);
  ck_assert_ptr_nonnull(strstr(json, "\"actions\":[[1,52,\"13/11 13/8\"]]"));
  free(yaml);
  free(json);
  match_free(match);
}
END_TEST

/* ---- actions and positions -------------------------------------------- */

/* Every kind of action of the example of man/bgmatch.5, one a line. */
START_TEST(every_kind_of_action) {
  static const char *const lines[] = {
      "  - [Bob, 52, 13/11 13/8]\n",
      "  - [Bob, double, 2]\n",
      "  - [Alice, take]\n",
      "  - [Alice, 63, '?\?\?\?']\n",
      "  - [Bob, drop]\n",
      "  - [Alice, wins, 2]\n",
      "  result: {winner: Alice, points: 2, by: drop, recorded: 2}\n",
      "  - [Alice, 66, 13/7(2) 8/2(2)]\n",
      "  - [Bob, resign, gammon]\n",
      "  - [Alice, wins, 1, match]\n",
      "\n---\nbgmatch: 1\n",
      "  - [position, '------B------------bbbbbbA']\n",
      "  - [Alice, 64, cannot move]\n",
      "  - [Alice, beaver, 4]\n",
      "  - [Bob, 21, 2/off 1/off]\n",
      "  - [Alice, resign, backgammon]\n",
      "  result: {winner: Bob, points: 12, by: resign, recorded: 12}\n",
      "  rules: {crawford: true, jacoby: null, beavers: null}\n",
      "  - [ClockType, Fischer 60/12]\n",
  };
  written result;
  write_file("tests/notation/example.mat", &result);
  for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
    ck_assert_msg(strstr(result.yaml, lines[i]) != NULL, "no line %s in:\n%s", lines[i],
                  result.yaml);
  ck_assert_ptr_nonnull(strstr(result.json, "[\"Alice\",\"wins\",1,\"match\"]"));
  written_free(&result);
}
END_TEST

/* Nothing rolled ("00:"), dice that cannot be read ("72:"). */
START_TEST(rolls_without_dice) {
  char record[] = " 1 point match\n\n Game 1\n Alice : 0      Bob : 0\n"
                  "  1) 72: 13/9                   00: ????\n";
  written result;
  write_text(record, &result);
  ck_assert_msg(strstr(result.yaml, "  - [Alice, '?\?', 13/9]\n") != NULL, "%s",
                result.yaml);
  ck_assert_msg(strstr(result.yaml, "  - [Bob, 0, '?\?\?\?']\n") != NULL, "%s",
                result.yaml);
  written_free(&result);
}
END_TEST

/* The board strings of a position action in the YAML of `match`. */
static char *position_line(const bg_match *match) {
  char *yaml = write_match_as(BG_FORMAT_YAML, match);
  char *line = strstr(yaml, "[position,");
  ck_assert_msg(line != NULL, "%s", yaml);
  char *copy = strndup(line, strcspn(line, "\n"));
  free(yaml);
  return copy;
}

START_TEST(positions_are_lossless) {
  bg_match *match = match_of("Alice", "Bob");
  bg_action *set = match_game_add_action(&match->games[0]);
  set->kind = ACT_SET_POSITION;
  set->setup = match_new_setup(match);
  ck_assert_ptr_nonnull(set->setup);
  set->setup->checkers[0][1] = 2;  /* Alice: 2 on her 1 point: slot 1 */
  set->setup->checkers[1][24] = 2; /* Bob: 2 on his 24 point: slot 1 too */
  set->setup->checkers[0][25] = 1; /* Alice's bar: slot 25 */
  set->setup->checkers[1][25] = 3; /* Bob's bar: slot 0 */
  set->setup->checkers[1][1] = 20; /* Bob: 20 on his 1 point (slot 24): 16 + 4 */
  char *line = position_line(match);
  ck_assert_str_eq(line, "[position, cB----------------------pA, "
                         "-b----------------------d-]");
  free(line);
  memset(set->setup->checkers, 0, sizeof set->setup->checkers);
  set->setup->checkers[0][6] = 5;
  set->setup->checkers[1][6] = 5; /* Bob's 6 point is slot 19 */
  line = position_line(match);
  ck_assert_str_eq(line, "[position, '------E------------e------']");
  free(line);
  match_free(match);
}
END_TEST

/* ---- output ------------------------------------------------------------ */

START_TEST(the_same_bytes_every_time) {
  written first, second;
  write_file("samples/xg-style.mat", &first);
  write_file("samples/xg-style.mat", &second);
  ck_assert_str_eq(first.yaml, second.yaml);
  ck_assert_str_eq(first.json, second.json);
  written_free(&first);
  written_free(&second);
}
END_TEST

/* A full disk is the writer's false, with errno set. */
START_TEST(write_errors_are_reported) {
  FILE *full = fopen("/dev/full", "w");
  if (!full) {
    printf("SKIP: /dev/full not available; write errors not checked\n");
    return;
  }
  bg_match *match = match_of("Alice", "Bob");
  ck_assert(!write_one(BG_FORMAT_YAML, full, match, true));
  clearerr(full);
  ck_assert(!write_one(BG_FORMAT_JSON, full, match, true));
  fclose(full);
  match_free(match);
}
END_TEST

START_TEST(formats_are_named) {
  bg_format format;
  ck_assert(writer_format_named("yaml", &format) && format == BG_FORMAT_YAML);
  ck_assert(writer_format_named("json", &format) && format == BG_FORMAT_JSON);
  ck_assert(!writer_format_named("YAML", &format));
  ck_assert(writer_format_named("sgf", &format) && format == BG_FORMAT_SGF);
  ck_assert(writer_format_named("mat", &format) && format == BG_FORMAT_MAT);
}
END_TEST

static Suite *write_yaml_suite(void) {
  Suite *suite = suite_create("write_yaml");
  TCase *records = tcase_create("records");
  tcase_set_timeout(records, 300);
  tcase_add_test(records, every_record_is_written_and_read_back);
  suite_add_tcase(suite, records);
  TCase *text = tcase_create("text");
  tcase_add_test(text, names_come_back_as_text);
  tcase_add_test(text, latin1_names_become_utf8);
  tcase_add_test(text, same_names_by_index);
  suite_add_tcase(suite, text);
  TCase *actions = tcase_create("actions");
  tcase_add_test(actions, every_kind_of_action);
  tcase_add_test(actions, rolls_without_dice);
  tcase_add_test(actions, positions_are_lossless);
  suite_add_tcase(suite, actions);
  TCase *output = tcase_create("output");
  tcase_add_test(output, the_same_bytes_every_time);
  tcase_add_test(output, write_errors_are_reported);
  tcase_add_test(output, formats_are_named);
  suite_add_tcase(suite, output);
  return suite;
}

int main(void) {
  return run_suite(write_yaml_suite());
}
