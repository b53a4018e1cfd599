/*
 * check_grammar.c — the grammar of the .mat reader, checked before any
 * record is read: every pattern of grammar/ compiles with PCRE2 as the
 * reader compiles it; the groups the build listed from the .pcre files
 * (grammar_lists.h, by grammar/gen.sh) are exactly the named groups PCRE2
 * finds, one number each; the reader's GRP_ names lead to the right groups;
 * and the list maker reads the group syntaxes and fails on bad names.
 *
 * A compile catches a C name the grammar lacks; these catch what a compile
 * cannot (a pattern PCRE2 rejects would otherwise show only when bgmatch
 * first runs).  The generator tests run grammar/gen.sh from the repository
 * root, where the tests run.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "read_mat_int.h"
#include "run_suite.h"

#include "grammar_patterns.h"

static const char *const pattern_file[PAT_COUNT] = {
#define PATTERN_FILE(ID, file) [PAT_##ID] = file,
    MAT_PATTERNS(PATTERN_FILE)
#undef PATTERN_FILE
};

static const char *const pattern_source[PAT_COUNT] = {
#define PATTERN_SOURCE(ID, file) [PAT_##ID] = GRAMMAR_##ID,
    MAT_PATTERNS(PATTERN_SOURCE)
#undef PATTERN_SOURCE
};

typedef struct {
  mat_pattern_id pattern;
  const char *name;
} listed_group;

static const listed_group listed[GRP_COUNT] = {
#define LISTED(PATTERN, GROUP, name) [GRP_##PATTERN##_##GROUP] = {PAT_##PATTERN, name},
    MAT_GROUPS(LISTED)
#undef LISTED
};

/* Compiles pattern `id` as the reader does; the test fails, naming the
 * file, when PCRE2 rejects it. */
static pcre2_code *compile(mat_pattern_id id) {
  int error;
  PCRE2_SIZE offset;
  pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern_source[id], PCRE2_ZERO_TERMINATED,
                                   MAT_PATTERN_OPTIONS, &error, &offset, NULL);
  PCRE2_UCHAR message[256] = "";
  if (!code)
    pcre2_get_error_message(error, message, sizeof message);
  ck_assert_msg(code != NULL, "grammar/%s.pcre: offset %zu: %s", pattern_file[id],
                (size_t)offset, (const char *)message);
  return code;
}

START_TEST(every_pattern_compiles) {
  pcre2_code *code = compile((mat_pattern_id)_i);
  pcre2_code_free(code);
}
END_TEST

/* Each listed group is one group of its pattern. */
START_TEST(every_listed_group_is_in_its_pattern) {
  pcre2_code *code = compile((mat_pattern_id)_i);
  for (int g = 0; g < GRP_COUNT; g++) {
    if (listed[g].pattern != (mat_pattern_id)_i)
      continue;
    int number = pcre2_substring_number_from_name(code, (PCRE2_SPTR)listed[g].name);
    ck_assert_msg(number != PCRE2_ERROR_NOUNIQUESUBSTRING,
                  "grammar/%s.pcre: several groups named '%s' ((?J)): C reads one",
                  pattern_file[_i], listed[g].name);
    ck_assert_msg(number > 0, "grammar/%s.pcre: no group named '%s', which is listed",
                  pattern_file[_i], listed[g].name);
  }
  pcre2_code_free(code);
}
END_TEST

static bool is_listed(mat_pattern_id id, const char *name) {
  for (int g = 0; g < GRP_COUNT; g++)
    if (listed[g].pattern == id && strcmp(listed[g].name, name) == 0)
      return true;
  return false;
}

/* Each named group PCRE2 finds is listed: grammar/gen.sh missed none. */
START_TEST(every_named_group_is_listed) {
  pcre2_code *code = compile((mat_pattern_id)_i);
  uint32_t count = 0, entry_size = 0;
  PCRE2_SPTR table = NULL;
  pcre2_pattern_info(code, PCRE2_INFO_NAMECOUNT, &count);
  pcre2_pattern_info(code, PCRE2_INFO_NAMEENTRYSIZE, &entry_size);
  pcre2_pattern_info(code, PCRE2_INFO_NAMETABLE, &table);
  for (uint32_t e = 0; e < count; e++) {
    const char *name = (const char *)table + e * entry_size + 2; /* after the number */
    ck_assert_msg(is_listed((mat_pattern_id)_i, name),
                  "grammar/%s.pcre: group '%s' is not in grammar_lists.h "
                  "(grammar/gen.sh misread the pattern)",
                  pattern_file[_i], name);
  }
  pcre2_code_free(code);
}
END_TEST

/* The reader's compiled grammar: every group resolved, and the match data
 * holds the groups of the pattern with most. */
START_TEST(reader_resolves_every_group) {
  mat_patterns patterns;
  ck_assert(mat_patterns_compile(&patterns));
  for (int g = 0; g < GRP_COUNT; g++) {
    ck_assert_int_gt(patterns.group[g], 0);
    ck_assert_uint_lt((uint32_t)patterns.group[g], patterns.ovector_pairs);
  }
  mat_patterns_free(&patterns);
}
END_TEST

static void assert_span(const mat_patterns *patterns, mat_group_id group, size_t start,
                        size_t end) {
  mat_span span = {0, 0};
  ck_assert_msg(mat_group_span(patterns, group, &span), "group %s: not set",
                listed[group].name);
  ck_assert_msg(span.start == start && span.end == end,
                "group %s: [%zu, %zu), not [%zu, %zu)", listed[group].name, span.start,
                span.end, start, end);
}

/* GRP_ names lead to the groups of those names: a move chain, whose groups
 * the reader takes one by one. */
START_TEST(group_names_lead_to_their_groups) {
  mat_patterns patterns;
  ck_assert(mat_patterns_compile(&patterns));
  const char *token = "24/18*/13(2)*";
  ck_assert(mat_match_at(&patterns, PAT_CELL_TOKEN, token, strlen(token), 0));
  ck_assert_str_eq(mat_match_mark(&patterns), "move");
  assert_span(&patterns, GRP_CELL_TOKEN_P1, 0, 2);
  assert_span(&patterns, GRP_CELL_TOKEN_P2, 3, 5);
  assert_span(&patterns, GRP_CELL_TOKEN_H2, 5, 6);
  assert_span(&patterns, GRP_CELL_TOKEN_P3, 7, 9);
  assert_span(&patterns, GRP_CELL_TOKEN_COUNT, 10, 11);
  assert_span(&patterns, GRP_CELL_TOKEN_TAIL_HIT, 12, 13);
  mat_span span;
  ck_assert(!mat_group_span(&patterns, GRP_CELL_TOKEN_H1, &span));
  ck_assert(!mat_group_span(&patterns, GRP_CELL_TOKEN_P4, &span));

  const char *score = " Alice : 3        Bob : 5";
  ck_assert(mat_match_at(&patterns, PAT_SCORE_LINE, score, strlen(score), 0));
  assert_span(&patterns, GRP_SCORE_LINE_NAME0, 1, 6);
  assert_span(&patterns, GRP_SCORE_LINE_SCORE0, 9, 10);
  assert_span(&patterns, GRP_SCORE_LINE_NAME1, 18, 21);
  assert_span(&patterns, GRP_SCORE_LINE_SCORE1, 24, 25);
  mat_patterns_free(&patterns);
}
END_TEST

/* ---- the line memo ------------------------------------------------------ */

typedef struct {
  mat_pattern_id pattern;
  const char *line;
  bool matches;
} line_ask;

/* The line memo answers as PCRE2 does, in an order where each start (its
 * spaces and the byte after them) is asked of a pattern before a line of
 * that start matches it, or after one did. */
START_TEST(line_memo_answers_as_pcre2) {
  static const line_ask asks[] = {
      {PAT_SET_POSITION, " ; Set Pos=-b----E-C---eE---c-e----B-/1", false},
      {PAT_SET_POSITION, "; Set Pos=-b----E-C---eE---c-e----B-/1", true},
      {PAT_SET_POSITION, "; Set Pos=-b----E-C---eE---c-e----B-/1", true},
      {PAT_GAME_LINE, " Gamble 3", false},
      {PAT_GAME_LINE, " Game 3", true},
      {PAT_GAME_LINE, " 3 point match", false},
      {PAT_MATCH_LINE, " 3 point match", true},
      {PAT_MATCH_LINE, "  3 point match", true},
      {PAT_MATCH_LINE, " Game 3", false},
      {PAT_MATCH_LINE, " Game 3", false},
      {PAT_TAG_LINE, " Game 3", false},
      {PAT_TAG_LINE, "; [Site \"GNU Backgammon\"]", true},
      {PAT_TAG_LINE, " ; [Site \"GNU Backgammon\"]", true},
      {PAT_COMMENT_LINE, "; [Site \"GNU Backgammon\"]", true},
      {PAT_MOVE_NUMBER, "      Wins 1 point", false},
      {PAT_MOVE_NUMBER, "  9) 31: 8/5 6/5", true},
      {PAT_MOVE_NUMBER, "      Wins 1 point", false},
  };
  mat_patterns patterns;
  ck_assert(mat_patterns_compile(&patterns));
  ck_assert(mat_line_memo_new(&patterns));
  for (size_t i = 0; i < sizeof asks / sizeof *asks; i++) {
    mat_line_memo_new_line(&patterns);
    const line_ask *ask = &asks[i];
    ck_assert_msg(mat_match_line(&patterns, ask->pattern, ask->line, strlen(ask->line)) ==
                      ask->matches,
                  "ask %zu, grammar/%s.pcre on '%s': not %s", i,
                  pattern_file[ask->pattern], ask->line,
                  ask->matches ? "a match" : "no match");
  }
  mat_line_memo_free(&patterns);
  mat_patterns_free(&patterns);
}
END_TEST

/* Ruling a pattern out for a line's start asks PCRE2, which leaves the
 * groups of the line's last match as they were: the reader reads them
 * after asking other patterns. */
START_TEST(line_memo_keeps_the_last_match) {
  mat_patterns patterns;
  ck_assert(mat_patterns_compile(&patterns));
  ck_assert(mat_line_memo_new(&patterns));
  mat_line_memo_new_line(&patterns);
  const char *game = " Game 12";
  ck_assert(mat_match_line(&patterns, PAT_GAME_LINE, game, strlen(game)));
  ck_assert(!mat_match_line(&patterns, PAT_MATCH_LINE, game, strlen(game)));
  ck_assert(!mat_match_line(&patterns, PAT_MOVE_NUMBER, game, strlen(game)));
  assert_span(&patterns, GRP_GAME_LINE_NUMBER, 6, 8);
  mat_line_memo_free(&patterns);
  mat_patterns_free(&patterns);
}
END_TEST

/* A line met again is answered with the groups of its own match, not
 * those of the line matched last, and a group unset in its match is unset
 * again. */
START_TEST(line_memo_gives_a_lines_own_groups) {
  static const char *const lines[] = {" Game 12", "  Game 3", " Game 12"};
  static const size_t number_at[][2] = {{6, 8}, {7, 8}, {6, 8}};
  mat_patterns patterns;
  ck_assert(mat_patterns_compile(&patterns));
  ck_assert(mat_line_memo_new(&patterns));
  for (size_t i = 0; i < 3; i++) {
    mat_line_memo_new_line(&patterns);
    ck_assert(mat_match_line(&patterns, PAT_GAME_LINE, lines[i], strlen(lines[i])));
    assert_span(&patterns, GRP_GAME_LINE_NUMBER, number_at[i][0], number_at[i][1]);
  }
  static const char *const scores[] = {
      " lasse : 0        : 0", " Alice : 3        Bob : 5", " lasse : 0        : 0"};
  for (size_t i = 0; i < 3; i++) {
    mat_line_memo_new_line(&patterns);
    ck_assert(mat_match_line(&patterns, PAT_SCORE_LINE, scores[i], strlen(scores[i])));
    mat_span name = {0, 0};
    ck_assert(mat_group_span(&patterns, GRP_SCORE_LINE_NAME1, &name) == (i == 1));
    assert_span(&patterns, GRP_SCORE_LINE_SCORE1, i == 1 ? 24 : 20, i == 1 ? 25 : 21);
  }
  mat_line_memo_free(&patterns);
  mat_patterns_free(&patterns);
}
END_TEST

/* A Wins line's token, kept with its line, is answered with that line's
 * own groups and mark: "and the match" set where written, unset where
 * not, whatever line was read before. */
START_TEST(line_memo_gives_a_lines_own_token) {
  static const char *const lines[] = {"      Wins 12 points and the match",
                                      "                                  Wins 1 point"};
  static const size_t won_at[][2] = {{11, 13}, {39, 40}};
  mat_patterns patterns;
  ck_assert(mat_patterns_compile(&patterns));
  ck_assert(mat_memo_new(&patterns) && mat_line_memo_new(&patterns));
  for (size_t i = 0; i < 4; i++) {
    const char *line = lines[i % 2];
    size_t length = strlen(line), first = strspn(line, " ");
    mat_line_memo_new_line(&patterns);
    mat_memo_forget_word(&patterns);
    ck_assert(!mat_match_line(&patterns, PAT_SCORE_LINE, line, length));
    ck_assert(mat_match_token(&patterns, line, length, first));
    ck_assert_str_eq(mat_match_mark(&patterns), "win");
    assert_span(&patterns, GRP_CELL_TOKEN_WON, won_at[i % 2][0], won_at[i % 2][1]);
    mat_span and_match = {0, 0};
    ck_assert(mat_group_span(&patterns, GRP_CELL_TOKEN_AND_MATCH, &and_match) ==
              (i % 2 == 0));
    ck_assert_uint_eq(mat_match_end(&patterns), length);
  }
  mat_line_memo_free(&patterns);
  mat_memo_free(&patterns);
  mat_patterns_free(&patterns);
}
END_TEST

/* ---- the score memo ----------------------------------------------------- */

/* The groups of the score line matched last, each [start, end) or unset
 * (SIZE_MAX). */
static void score_groups(const mat_patterns *patterns, size_t spans[4][2]) {
  static const mat_group_id groups[4] = {GRP_SCORE_LINE_NAME0, GRP_SCORE_LINE_SCORE0,
                                         GRP_SCORE_LINE_NAME1, GRP_SCORE_LINE_SCORE1};
  for (int g = 0; g < 4; g++) {
    mat_span span = {SIZE_MAX, SIZE_MAX};
    mat_group_span(patterns, groups[g], &span);
    spans[g][0] = span.start;
    spans[g][1] = span.end;
  }
}

/* Whether the memo answers `line` by itself: PCRE2's score pattern taken
 * away, a line the memo does not answer is no match. */
static bool memo_answers(mat_patterns *patterns, mat_score_memo memo,
                         const mat_line *line) {
  pcre2_code *code = patterns->code[PAT_SCORE_LINE];
  bool jit = patterns->jit[PAT_SCORE_LINE];
  patterns->code[PAT_SCORE_LINE] = NULL;
  patterns->jit[PAT_SCORE_LINE] = false;
  bool answered = mat_match_score_line(patterns, &memo, line);
  patterns->code[PAT_SCORE_LINE] = code;
  patterns->jit[PAT_SCORE_LINE] = jit;
  return answered;
}

/* The score memo answers each line of a run as PCRE2 does, groups
 * included, by itself where the line is the last one PCRE2 matched with
 * other scores (wider or narrower, the right part moved); where it must
 * not (no blank after the left score, a score of ten digits, another name,
 * text after the right score) PCRE2 answers. */
START_TEST(score_memo_answers_as_pcre2) {
  static const struct {
    const char *text;
    bool by_memo;
  } lines[] = {
      {" nori : 0                        Bob van Dijk : 0", false},
      {" nori : 3                        Bob van Dijk : 12", true},
      {" nori : 10                       Bob van Dijk : 7", true},
      {" nori : 1                                Bob van Dijk : 123456789", true},
      /* a tab as the blanks, as PCRE2 takes it (the reader expands tabs) */
      {" nori : 2\tBob van Dijk : 0", true},
      {" nori : 1234567890               Bob van Dijk : 0", false},
      /* fused: matched by PCRE2, not kept, so the next line is PCRE2's */
      {" nori : 1Bob van Dijk : 0", false},
      {" nori : 3  Bob van Dijk : 0", false},
      {" nori : 5                        Bob van Dijk : 0 x", false},
      {" nori : 5                        Bob van Dijk : 1234567890", false},
      {" nori : 4                        Zoë : 0", false},
      {" nori : 6                        Zoë : 0", true},
      {" lasse : 0        : 0", false},
      {" lasse : 10       : 3", true},
      {" Bob : 0                          Alice : 0", false},
      {" Bob : 1   Alice : 0", true},
  };
  mat_patterns patterns;
  ck_assert(mat_patterns_compile(&patterns));
  mat_score_memo memo = {0};
  for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
    /* as the reader's lines are, followed by INPUT_LINE_SLACK readable bytes */
    char text[128 + INPUT_LINE_SLACK] = "";
    ck_assert_uint_lt(strlen(lines[i].text), 128);
    strcpy(text, lines[i].text);
    mat_line line = {text, strlen(text), (int)i + 1};
    ck_assert_msg(memo_answers(&patterns, memo, &line) == lines[i].by_memo,
                  "line %zu: '%s': %s by the memo", i, line.text,
                  lines[i].by_memo ? "not answered" : "answered");
    bool memo_says = mat_match_score_line(&patterns, &memo, &line);
    size_t memo_spans[4][2], pcre2_spans[4][2];
    score_groups(&patterns, memo_spans);
    bool pcre2_says = mat_match_at(&patterns, PAT_SCORE_LINE, line.text, line.length, 0);
    score_groups(&patterns, pcre2_spans);
    ck_assert_msg(memo_says == pcre2_says, "line %zu: '%s': %s", i, line.text,
                  memo_says ? "matched" : "not matched");
    if (pcre2_says)
      ck_assert_msg(memcmp(memo_spans, pcre2_spans, sizeof memo_spans) == 0,
                    "line %zu: '%s': other groups", i, line.text);
  }
  mat_score_memo_free(&memo);
  mat_patterns_free(&patterns);
}
END_TEST

/* ---- grammar/gen.sh ------------------------------------------------------ */

typedef struct {
  char output[4096];
  int status;
} generated;

/* Runs `grammar/gen.sh lists` on one file holding `pattern`, named
 * `name`.pcre in a new temporary folder; keeps its output and stderr. */
static void generate(generated *result, const char *name, const char *pattern) {
  char folder[] = "/tmp/check_grammar.XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(folder));
  char path[256];
  snprintf(path, sizeof path, "%s/%s.pcre", folder, name);
  FILE *file = fopen(path, "w");
  ck_assert_ptr_nonnull(file);
  fputs(pattern, file);
  fclose(file);
  char command[512];
  snprintf(command, sizeof command, "sh grammar/gen.sh lists %s 2>&1", path);
  FILE *pipe = popen(command, "r");
  ck_assert_ptr_nonnull(pipe);
  size_t size = fread(result->output, 1, sizeof result->output - 1, pipe);
  result->output[size] = '\0';
  int status = pclose(pipe);
  result->status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  remove(path);
  rmdir(folder);
}

static int occurrences(const char *text, const char *part) {
  int count = 0;
  for (const char *at = text; (at = strstr(at, part)); at += strlen(part))
    count++;
  return count;
}

START_TEST(generator_reads_group_syntaxes) {
  ck_assert_msg(access("grammar/gen.sh", R_OK) == 0,
                "grammar/gen.sh not found: run the tests from the repository root");
  generated result;
  generate(&result, "some-pattern",
           "# a comment line: (?<no_comment>\n"
           "(?J) (?<a> x ) | (?<a> y ) (?P<b> z ) (?'c' w ) (?<= v ) (?<! u )\n"
           "(?| (?<d_2> 1 ) | (?<d_2> 2 ) ) [(?<no_class>] []] \\(?<no_escape>\n"
           "\\Q(?<no_quoted>\\E (?# (?<no_comment2> ) # (?<no_comment3>\n"
           "(?P=b) (?P>b) \\k<a> (?&a) [[:alpha:](?<no_posix>]\n");
  ck_assert_msg(result.status == 0, "%s", result.output);
  ck_assert_int_eq(occurrences(result.output, "X(SOME_PATTERN, \"some-pattern\")"), 1);
  ck_assert_int_eq(occurrences(result.output, "X(SOME_PATTERN, A, \"a\")"), 1);
  ck_assert_int_eq(occurrences(result.output, "X(SOME_PATTERN, B, \"b\")"), 1);
  ck_assert_int_eq(occurrences(result.output, "X(SOME_PATTERN, C, \"c\")"), 1);
  ck_assert_int_eq(occurrences(result.output, "X(SOME_PATTERN, D_2, \"d_2\")"), 1);
  ck_assert_int_eq(occurrences(result.output, "X(SOME_PATTERN, "), 5);
}
END_TEST

START_TEST(generator_fails_on_bad_input) {
  static const struct {
    const char *name, *pattern, *says;
  } cases[] = {
      {"digit", "x\n(?<1st> x )\n", "digit.pcre:2: malformed group name '1st'"},
      {"dash", "(?<a-b> x )\n", "dash.pcre:1: malformed group name 'a-b'"},
      {"unclosed", "(?<abc x )\n", "unclosed.pcre:1: group name without its closing >"},
      {"case", "(?<Ab> x ) (?<aB> y )\n", "makes the C name GRP_CASE_AB"},
      {"none", "no groups\n", "no named group in any .pcre file"},
      {"Upper", "(?<a> x )\n", "Upper.pcre: a pattern file is named like"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    generated result;
    generate(&result, cases[i].name, cases[i].pattern);
    ck_assert_msg(result.status != 0, "%s: gen.sh succeeded", cases[i].name);
    ck_assert_msg(strstr(result.output, cases[i].says), "%s: said '%s'", cases[i].name,
                  result.output);
  }
}
END_TEST

static Suite *grammar_suite(void) {
  Suite *suite = suite_create("grammar");
  TCase *patterns = tcase_create("patterns");
  tcase_add_loop_test(patterns, every_pattern_compiles, 0, PAT_COUNT);
  tcase_add_loop_test(patterns, every_listed_group_is_in_its_pattern, 0, PAT_COUNT);
  tcase_add_loop_test(patterns, every_named_group_is_listed, 0, PAT_COUNT);
  tcase_add_test(patterns, reader_resolves_every_group);
  tcase_add_test(patterns, group_names_lead_to_their_groups);
  suite_add_tcase(suite, patterns);

  TCase *line_memo = tcase_create("line memo");
  tcase_add_test(line_memo, line_memo_answers_as_pcre2);
  tcase_add_test(line_memo, line_memo_keeps_the_last_match);
  tcase_add_test(line_memo, line_memo_gives_a_lines_own_groups);
  tcase_add_test(line_memo, line_memo_gives_a_lines_own_token);
  suite_add_tcase(suite, line_memo);

  TCase *score_memo = tcase_create("score memo");
  tcase_add_test(score_memo, score_memo_answers_as_pcre2);
  suite_add_tcase(suite, score_memo);

  TCase *generator = tcase_create("generator");
  tcase_add_test(generator, generator_reads_group_syntaxes);
  tcase_add_test(generator, generator_fails_on_bad_input);
  suite_add_tcase(suite, generator);
  return suite;
}

int main(void) {
  return run_suite(grammar_suite());
}
