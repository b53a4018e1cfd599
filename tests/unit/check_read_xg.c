/*
 * check_read_xg.c — the .xg reader (read_xg*.c) against the corpus's real
 * eXtreme Gammon files ($BGMATCH_SHARED/corpus/xg-binary, default
 * ../shared; without it each test says SKIP):
 *
 *  - every game's starting score and Crawford mark, every play (its
 *    dice and the checkers it moves, steps in any order), every cube
 *    action and every result equal what X.xgdump says (an independent
 *    reader's decoding of X.xg, parsed here);
 *  - bgmatch's check finds every file clean but one, whose one error is
 *    a real one: a play of two threes written with 43 (XG's own
 *    positions before and after it say the same);
 *  - test.xg's event, round, place, date, time and transcriber are the
 *    tags of XG's own .mat export of it;
 *  - test.xg and charlot1-...-2305.xg convert to the same canonical .mat
 *    as their .mat twins, header tags and the .xg's "Resigns" lines aside
 *    (XG's own .mat export does not write what its footers say the loser
 *    resigned).
 * Hostile and built files are check_read_xg_hostile.c's.
 */
#include <check.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"
#include "replay.h"
#include "run_suite.h"
#include "writer.h"
#include "xg_fixture.h"

/* ---- the corpus ------------------------------------------------------------ */

#define MAX_FILES 16

/* The .xg files of the corpus (their paths without ".xg"), sorted; 0 with
 * a SKIP line when there is no corpus. */
static int corpus_files(char stems[MAX_FILES][1400], const char *test) {
  DIR *dir = opendir(xg_corpus_dir());
  if (!dir) {
    printf("SKIP: %s: no corpus at %s\n", test, xg_corpus_dir());
    return 0;
  }
  int count = 0;
  struct dirent *entry;
  while ((entry = readdir(dir)) && count < MAX_FILES) {
    size_t n = strlen(entry->d_name);
    if (n > 3 && strcmp(entry->d_name + n - 3, ".xg") == 0)
      snprintf(stems[count++], sizeof stems[0], "%s/%.*s", xg_corpus_dir(), (int)(n - 3),
               entry->d_name);
  }
  closedir(dir);
  qsort(stems, count, sizeof stems[0], (int (*)(const void *, const void *))strcmp);
  ck_assert_int_ge(count, 5);
  return count;
}

static xg_read_result read_file(const char *path, bool check) {
  size_t size;
  unsigned char *bytes = xg_slurp(path, &size);
  ck_assert_msg(bytes != NULL, "%s cannot be read", path);
  const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  xg_read_result result = xg_read_bytes(bytes, size, name, check, DIAG_TEXT);
  free(bytes);
  ck_assert_msg(!result.io_error, "%s: %s", path, result.reason);
  ck_assert_int_eq(result.count, 1);
  return result;
}

/* ---- the dump ------------------------------------------------------------- */

/* What the comparison of one file found. */
typedef struct {
  const char *file;
  const bg_match *match;
  const bg_game *game; /* being compared, NULL before the first */
  int next;            /* its next action to compare */
  int games, plays, cube_actions, results, resignations, mismatches;
} comparison;

__attribute__((format(printf, 3, 4))) static void mismatch(comparison *c, int line,
                                                           const char *fmt, ...) {
  if (c->mismatches++ < 10) {
    va_list args;
    va_start(args, fmt);
    printf("%s.xgdump:%d: ", c->file, line);
    vprintf(fmt, args);
    putchar('\n');
    va_end(args);
  }
}

/* The next action of the game being compared, NULL at its end. */
static const bg_action *next_action(comparison *c) {
  if (!c->game || c->next >= c->game->action_count)
    return NULL;
  return &c->game->actions[c->next];
}

/* "P+1" is the model's player 0, "P-1" player 1. */
static int dump_player(const char *text) {
  return strncmp(text, "P+1", 3) == 0 ? 0 : 1;
}

/* "bar/24", "13/8", "5/off" as the model's points (25 bar, 0 off). */
static int dump_point(const char *text) {
  if (strncmp(text, "bar", 3) == 0)
    return 25;
  if (strncmp(text, "off", 3) == 0)
    return 0;
  return atoi(text);
}

/* Sorts the steps {from, to} of a play, so that their order is free. */
static int by_step(const void *a, const void *b) {
  const int *x = a, *y = b;
  return x[0] != y[0] ? x[0] - y[0] : x[1] - y[1];
}

static bool same_steps(const bg_action *roll, const char *steps) {
  int want[8][2], got[8][2], wanted = 0, found = 0;
  for (const char *at = steps; *at && wanted < 8;) {
    want[wanted][0] = dump_point(at);
    const char *slash = strchr(at, '/');
    if (!slash)
      return false;
    want[wanted++][1] = dump_point(slash + 1);
    at = strchr(slash, ' ');
    if (!at)
      break;
    at++;
  }
  for (int i = 0; i < roll->move_count; i++)
    for (int k = 0; k < roll->moves[i].count && found < 8; k++) {
      got[found][0] = roll->moves[i].from;
      got[found++][1] = roll->moves[i].to;
    }
  qsort(want, wanted, sizeof want[0], by_step);
  qsort(got, found, sizeof got[0], by_step);
  return wanted == found && memcmp(want, got, sizeof want[0] * wanted) == 0;
}

/* "  P+1 51: 13/8 24/23", "(no move)", "(game over, roll not played)". */
static void compare_roll(comparison *c, int line, const char *text) {
  int player = dump_player(text), dice[2] = {text[4] - '0', text[5] - '0'};
  const char *play = text + 8;
  const bg_action *roll = next_action(c);
  bool is_roll = roll && roll->kind == ACT_ROLL && roll->player == player &&
                 ((roll->die1 == dice[0] && roll->die2 == dice[1]) ||
                  (roll->die1 == dice[1] && roll->die2 == dice[0]));
  if (strcmp(play, "(game over, roll not played)") == 0) {
    /* dropped, or kept as a roll not played before a resignation */
    if (is_roll && match_roll_marked_unknown(roll))
      c->next++;
    return;
  }
  c->plays++;
  c->next++;
  bool no_move = strcmp(play, "(no move)") == 0;
  if (!is_roll || match_roll_play_unknown(roll))
    mismatch(c, line, "expected the roll '%s'", text);
  else if (no_move ? roll->move_count != 0 : !same_steps(roll, play))
    mismatch(c, line, "the play of '%s' differs (%d moves read)", text, roll->move_count);
}

/* "  P-1 doubles (cubeB before=-1) -> drop": the double to twice the cube
 * before, then its answer by the other player. */
static void compare_cube(comparison *c, int line, const char *text) {
  int player = dump_player(text), exponent = abs(atoi(strstr(text, "before=") + 7));
  const char *answer = strstr(text, "-> ") + 3;
  const bg_action *act = next_action(c);
  c->cube_actions++;
  if (!act || act->kind != ACT_DOUBLE || act->player != player ||
      act->value != 2 << exponent) {
    mismatch(c, line, "expected the double of '%s'", text);
    return;
  }
  c->next++;
  act = next_action(c);
  bg_action_kind kind = strcmp(answer, "take") == 0   ? ACT_TAKE
                        : strcmp(answer, "drop") == 0 ? ACT_DROP
                                                      : ACT_BEAVER;
  if (!act || act->kind != kind || act->player != 1 - player)
    mismatch(c, line, "expected the answer of '%s'", text);
  else
    c->next++;
}

/* What a termination code of 100 and more says the loser resigned: 101
 * a single game, 102 a gammon, 103 a backgammon, 104 the match; -1 for
 * a game not resigned. */
static int resigned_level(int termination) {
  if (termination < 100)
    return -1;
  return termination >= 1000 || termination > 104 ? RESIGN_UNSAID : termination - 100;
}

/* "  end game: winner P+1 wins 1 (termination=0) -> score 1-0": the
 * loser's resignation first when the code says it resigned. */
static void compare_result(comparison *c, int line, const char *text) {
  const char *winner = strstr(text, "winner ") + 7;
  int player = dump_player(winner), points = atoi(strstr(text, " wins ") + 6);
  int level = resigned_level(atoi(strstr(text, "termination=") + 12));
  c->results++;
  if (level >= 0) {
    const bg_action *resign = next_action(c);
    if (!resign || resign->kind != ACT_RESIGN || resign->player != 1 - player ||
        resign->resign_level != level || resign->value != 0) {
      mismatch(c, line, "expected the loser's resignation before '%s'", text);
      return;
    }
    c->resignations++;
    c->next++;
  }
  const bg_action *win = next_action(c);
  if (!win || win->kind != ACT_WIN || win->player != player || win->value != points)
    mismatch(c, line, "expected the result '%s'", text);
  else if (++c->next != c->game->action_count)
    mismatch(c, line, "%d actions after the result", c->game->action_count - c->next);
}

/* "game 2: score 1-0 crawford=False" */
static void compare_game(comparison *c, int line, const char *text) {
  if (c->game && c->next < c->game->action_count)
    mismatch(c, line, "game %d has %d actions past the dump's", c->games,
             c->game->action_count - c->next);
  int number, score[2];
  ck_assert_int_eq(sscanf(text, "game %d: score %d-%d", &number, &score[0], &score[1]),
                   3);
  if (c->games >= c->match->game_count) {
    mismatch(c, line, "no game %d read", number);
    c->game = NULL;
    return;
  }
  c->game = &c->match->games[c->games++];
  c->next = 0;
  bool crawford = strstr(text, "crawford=True") != NULL;
  if (c->game->score[0] != score[0] || c->game->score[1] != score[1])
    mismatch(c, line, "game %d read at %d-%d", number, c->game->score[0],
             c->game->score[1]);
  if (c->game->crawford_marked != (crawford ? RULE_ON : RULE_OFF))
    mismatch(c, line, "game %d's Crawford mark differs", number);
  if (c->next < c->game->action_count && c->game->actions[0].kind == ACT_SET_POSITION)
    c->next++;
}

/* "match: A vs B, length 7, crawford=True jacoby=False version=32" */
static void compare_match(comparison *c, int line, const char *text) {
  char expected[512];
  const bg_match *match = c->match;
  snprintf(expected, sizeof expected, "match: %s vs %s, length %d, crawford=%s jacoby=%s",
           match->players[0], match->players[1], match->length,
           match->crawford == RULE_ON ? "True" : "False",
           match->jacoby == RULE_ON ? "True" : "False");
  if (strncmp(text, expected, strlen(expected)) != 0)
    mismatch(c, line, "the match is read as '%s'", expected);
}

static void compare_line(comparison *c, int line, const char *text) {
  if (strncmp(text, "match: ", 7) == 0)
    compare_match(c, line, text);
  else if (strncmp(text, "game ", 5) == 0)
    compare_game(c, line, text);
  else if (strncmp(text, "  end game:", 11) == 0)
    compare_result(c, line, text + 2);
  else if (strstr(text, " doubles (cubeB"))
    compare_cube(c, line, text + 2);
  else if (strncmp(text, "  P", 3) == 0)
    compare_roll(c, line, text + 2);
  else if (strncmp(text, "end match:", 10) == 0 && c->games != c->match->game_count)
    mismatch(c, line, "%d games read, %d in the dump", c->match->game_count, c->games);
}

static comparison compare_with_dump(const char *stem) {
  char path[1500];
  snprintf(path, sizeof path, "%s.xg", stem);
  xg_read_result read = read_file(path, false);
  comparison c = {.file = strrchr(stem, '/') + 1, .match = read.matches[0]};
  snprintf(path, sizeof path, "%s.xgdump", stem);
  FILE *dump = fopen(path, "r");
  ck_assert_msg(dump != NULL, "%s is missing", path);
  char text[1024];
  for (int line = 1; fgets(text, sizeof text, dump); line++) {
    text[strcspn(text, "\r\n")] = '\0';
    compare_line(&c, line, text);
  }
  fclose(dump);
  printf("xg: %s: %d games, %d plays, %d cube actions, %d results (%d resigned) "
         "compared with its dump: %d mismatches\n",
         c.file, c.games, c.plays, c.cube_actions, c.results, c.resignations,
         c.mismatches);
  c.match = NULL;
  c.game = NULL;
  xg_read_free(&read);
  return c;
}

START_TEST(every_action_as_the_dump_says) {
  char stems[MAX_FILES][1400];
  int files = corpus_files(stems, "every_action_as_the_dump_says");
  if (files == 0)
    return; /* no corpus: SKIP said, nothing to compare */
  int plays = 0, resignations = 0, mismatches = 0;
  for (int i = 0; i < files; i++) {
    comparison c = compare_with_dump(stems[i]);
    ck_assert_int_gt(c.plays, 100);
    ck_assert_int_gt(c.results, 3);
    plays += c.plays;
    resignations += c.resignations;
    mismatches += c.mismatches;
  }
  printf("xg: %d files, %d plays, %d resignations compared: %d mismatches\n", files,
         plays, resignations, mismatches);
  ck_assert_int_eq(mismatches, 0);
  ck_assert_int_ge(resignations, 15); /* 101, 102 and 104 among them */
}
END_TEST

/* ---- the referee ------------------------------------------------------------ */

START_TEST(every_file_checks_clean_but_a_transcription_slip) {
  char stems[MAX_FILES][1400];
  int files = corpus_files(stems, "every_file_checks_clean_but_a_transcription_slip");
  for (int i = 0; i < files; i++) {
    char path[1500];
    snprintf(path, sizeof path, "%s.xg", stems[i]);
    xg_read_result r = read_file(path, true);
    if (strstr(path, "/Squire-")) {
      /* 43 played as 14/11 8/5 (two threes), in XG's positions too */
      ck_assert_int_eq(r.errors, 1);
      ck_assert_msg(strstr(r.said, ".xg: game 7, play 26: error: 8/5 cannot be played "
                                   "with the dice left") != NULL,
                    "%.2000s", r.said);
    } else {
      ck_assert_msg(r.errors == 0 && r.warnings == 0, "%s: %.2000s", path, r.said);
    }
    xg_read_free(&r);
  }
}
END_TEST

/* ---- the .mat twins ------------------------------------------------------------ */

/* The canonical .mat of `match`, its header tags left out. */
static char *canonical_mat(const bg_match *match) {
  char *text = NULL, *kept;
  size_t size = 0;
  FILE *out = open_memstream(&text, &size);
  bg_diag_sink sink;
  diag_sink_init(&sink, NULL, DIAG_TEXT);
  bg_replay_options options;
  bg_replay_options_init(&options);
  bg_replay *replay = bg_replay_new(match, &options, &sink);
  ck_assert(writer_write(BG_FORMAT_MAT, out, match, replay, true));
  bg_replay_free(replay);
  diag_sink_free(&sink);
  fclose(out);
  kept = calloc(1, size + 1);
  size_t length = 0;
  for (char *line = text; line && *line;) {
    char *end = strchr(line, '\n');
    size_t n = end ? (size_t)(end - line + 1) : strlen(line);
    if (strncmp(line, "; [", 3) != 0) {
      memcpy(kept + length, line, n);
      length += n;
    }
    line += n;
  }
  free(text);
  return kept;
}

/* Takes the resignations out of `match`; returns how many there were. */
static int without_resignations(bg_match *match) {
  int taken = 0;
  for (int g = 0; g < match->game_count; g++) {
    bg_game *game = &match->games[g];
    int kept = 0;
    for (int i = 0; i < game->action_count; i++)
      if (game->actions[i].kind != ACT_RESIGN)
        game->actions[kept++] = game->actions[i];
    taken += game->action_count - kept;
    game->action_count = kept;
  }
  return taken;
}

/* The .xg's resignations aside (its game footers say what the loser
 * resigned; XG's .mat export leaves it out), the same canonical .mat as
 * its twin, and with them the same but for `resignations` lines. */
static void same_as_twin(const char *xg, const char *twin, int resignations) {
  char path[1500];
  snprintf(path, sizeof path, "%s/%s", xg_corpus_dir(), xg);
  xg_read_result binary = read_file(path, false);
  char *with_them = canonical_mat(binary.matches[0]);
  ck_assert_int_eq(without_resignations(binary.matches[0]), resignations);
  snprintf(path, sizeof path, "%s/%s", xg_corpus_dir(), twin);
  size_t size;
  char *text = (char *)xg_slurp(path, &size);
  ck_assert_ptr_nonnull(text);
  text = realloc(text, size + 1);
  text[size] = '\0';
  bg_match **matches;
  ck_assert_int_eq(read_all_matches(text, &matches), 1);
  char *from_xg = canonical_mat(binary.matches[0]);
  char *from_mat = canonical_mat(matches[0]);
  ck_assert_str_eq(from_xg, from_mat);
  int resign_lines = 0;
  for (const char *at = with_them; (at = strstr(at, " Resigns ")) != NULL; at++)
    resign_lines++;
  ck_assert_int_eq(resign_lines, resignations);
  free(with_them);
  free(from_xg);
  free(from_mat);
  free_all_matches(matches, 1);
  free(text);
  xg_read_free(&binary);
}

/* What the match header holds beside the players and rules, as the
 * tags of XG's own .mat export of test.xg say it (that export writes
 * more: a match ID, Elo ratings, players named again, not read). */
START_TEST(the_header_as_its_mat_twin_says) {
  static const char *const keys[] = {"Site",      "Event",     "Round",
                                     "EventDate", "EventTime", "Variation",
                                     "Crawford",  "CubeLimit", "Transcriber"};
  char stems[MAX_FILES][1400], path[1500];
  if (corpus_files(stems, "the_header_as_its_mat_twin_says") == 0)
    return;
  snprintf(path, sizeof path, "%s/test.xg", xg_corpus_dir());
  xg_read_result binary = read_file(path, false);
  snprintf(path, sizeof path, "%s/../xg/test.mat", xg_corpus_dir());
  size_t size;
  char *text = (char *)xg_slurp(path, &size);
  ck_assert_ptr_nonnull(text);
  text = realloc(text, size + 1);
  text[size] = '\0';
  bg_match **matches;
  ck_assert_int_eq(read_all_matches(text, &matches), 1);
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
    const char *want = match_tag(matches[0], keys[i]);
    const char *got = match_tag(binary.matches[0], keys[i]);
    ck_assert_msg(want && got && strcmp(want, got) == 0, "%s: '%s', the .mat says '%s'",
                  keys[i], got ? got : "(none)", want ? want : "(none)");
  }
  ck_assert_int_eq(binary.matches[0]->tag_count, (int)(sizeof keys / sizeof keys[0]));
  free_all_matches(matches, 1);
  free(text);
  xg_read_free(&binary);
}
END_TEST

START_TEST(converts_as_its_mat_twin) {
  char stems[MAX_FILES][1400];
  if (corpus_files(stems, "converts_as_its_mat_twin") == 0)
    return;
  same_as_twin("test.xg", "../xg/test.mat", 3);
  same_as_twin("charlot1-charlot2_7p_2025-11-08-2305.xg",
               "charlot1-charlot2_7p_2025-11-08-2305.mat", 2);
}
END_TEST

/* A message names a place by its line in a notation with lines, and by
 * its play where there are none (a .xg's places have a negative line). */
START_TEST(places_are_named_by_line_or_play) {
  char place[32];
  ck_assert_str_eq(match_place_name((bg_srcpos){12, 7}, place, sizeof place), "line 12");
  ck_assert_str_eq(match_place_name((bg_srcpos){-1000, 26}, place, sizeof place),
                   "play 26");
  ck_assert_str_eq(match_place_name((bg_srcpos){-1000, 0}, place, sizeof place),
                   "the game's start");
}
END_TEST

static Suite *read_xg_suite(void) {
  Suite *suite = suite_create("read_xg");
  TCase *corpus = tcase_create("corpus");
  tcase_set_timeout(corpus, 60);
  tcase_add_test(corpus, every_action_as_the_dump_says);
  tcase_add_test(corpus, every_file_checks_clean_but_a_transcription_slip);
  tcase_add_test(corpus, converts_as_its_mat_twin);
  tcase_add_test(corpus, the_header_as_its_mat_twin_says);
  tcase_add_test(corpus, places_are_named_by_line_or_play);
  suite_add_tcase(suite, corpus);
  return suite;
}

int main(void) {
  return run_suite(read_xg_suite());
}
