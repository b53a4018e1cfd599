/*
 * check_recovery.c — one mistake, one diagnostic: after a record's first
 * mistake the referee goes on from what the record says happened (the
 * moves as written, the unmoved position of a recorded no-play, the score
 * the other score lines agree on), so nothing after it is blamed for it.
 *
 * Each test puts one mistake into a valid record and requires exactly one
 * error, at the mistake's line, under the expected rule; where the mistake
 * is close to a legal convention, the legal twin must be clean.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"
#include "records.h"
#include "run_suite.h"

/* Copies the line of `text` at `*start` into `one` (cut to its size) and
 * moves `*start` past it; false at the end of the text. */
static bool next_line(const char **start, char *one, size_t size) {
  if (!**start)
    return false;
  const char *end = strchr(*start, '\n');
  size_t length = end ? (size_t)(end - *start) : strlen(*start);
  snprintf(one, size, "%.*s", (int)(length < size ? length : size - 1), *start);
  *start += length + (end ? 1 : 0);
  return true;
}

/* The one error of `result` is at `line` under `rule`. */
static void assert_one_error(const verdict *result, int line, const char *rule) {
  char place[32], tag[48], one[1024];
  snprintf(place, sizeof place, "t.mat:%d:", line);
  snprintf(tag, sizeof tag, "[%s]", rule);
  ck_assert_msg(result->errors == 1, "%ld errors, expected 1:\n%s", result->errors,
                result->output);
  for (const char *start = result->output; next_line(&start, one, sizeof one);)
    if (strstr(one, ": error: ")) {
      ck_assert_msg(strncmp(one, place, strlen(place)) == 0 && strstr(one, tag),
                    "expected the error at line %d %s:\n%s", line, tag, result->output);
      return;
    }
  ck_abort_msg("no error line found:\n%s", result->output);
}

/* ---- mistakes put into a GNU Backgammon record ------------------------ */

#define SAMPLE "samples/gnubg-3pt-s110.mat"
#define MAX_LINES 256

/* SAMPLE with its line `number` replaced by `text` (or, with `insert`,
 * `text` added as a new line after it; NULL text: the line removed). */
static char *sample_with(const char *sample, int number, const char *text, bool insert) {
  FILE *in = fopen(sample, "r");
  ck_assert_msg(in != NULL, "cannot open %s (tests run from the repository root)",
                sample);
  size_t size = 0;
  char *out = NULL;
  FILE *record = open_memstream(&out, &size);
  char line[512];
  for (int at = 1; fgets(line, sizeof line, in); at++) {
    if (at != number || insert)
      fputs(line, record);
    if (at == number && text)
      fprintf(record, "%s\n", text);
  }
  fclose(in);
  fclose(record);
  return out;
}

static verdict judge_file(const char *sample, int number, const char *text, bool insert) {
  char *record = sample_with(sample, number, text, insert);
  verdict result = judge(record, NULL);
  free(record);
  return result;
}

static verdict judge_sample(int number, const char *text, bool insert) {
  return judge_file(SAMPLE, number, text, insert);
}

START_TEST(sample_is_clean) {
  verdict result = judge_sample(0, NULL, false);
  ck_assert_msg(result.errors == 0 && result.warnings == 0, "%s", result.output);
  free(result.output);
}
END_TEST

/* One mistake put into the sample and the one error it must give: the
 * line changed (or, with `insert`, the line a new one goes after), the
 * line and rule of the error. */
static const struct {
  const char *what;
  int line;
  bool insert;
  const char *text; /* NULL: the line is removed */
  int error_line;
  const char *rule;
} sample_mistakes[] = {
    /* Cascade 1: a stray line inside a game takes no turn. */
    {"stray line", 20, true, "~~~ line noise ~~~", 21, "syntax"},
    {"stray line", 20, true, "      %%%% 12 / 34", 21, "syntax"},
    {"stray line", 20, true, "                                   @#! garbage", 21,
     "syntax"},
    {"stray remark", 20, true, "this was a great match, well played", 21, "syntax"},
    /* Cascade 2: a roll that cannot be read is still its player's turn,
     * and its play goes on as written (line 22: "  7) 42: 25/21 7/5"). */
    {"no roll", 22, false, "  7) 72: 25/21 7/5               31: 13/10 10/9* ", 22,
     "syntax"},
    {"no roll", 22, false, "  7) 05: 25/21 7/5               31: 13/10 10/9* ", 22,
     "syntax"},
    {"no colon", 22, false, "  7) 42 25/21 7/5                31: 13/10 10/9* ", 22,
     "syntax"},
    {"no roll", 22, false, "  7) 42: 25/21 7/5               69: 13/10 10/9* ", 22,
     "syntax"},
    {"no colon", 22, false, "  7) 42: 25/21 7/5               31 13/10 10/9* ", 22,
     "syntax"},
    /* Cascade 3: a recorded no-play where a play existed; the record may
     * be right that nothing moved (line 24: "  9) 55: 21/16* ..."). */
    {"no-play", 24, false, "  9) 55:                         42: 25/23 8/4 ", 24,
     "wrong-no-play"},
    /* Item 8: each written step must be made by the dice, even when the
     * position reached is a legal play's (line 8: "  2) 42: 8/4 6/4"). */
    {"wrong distance", 8, false, "  2) 42: 8/6 6/4(2)             63: 24/18 18/15 ", 8,
     "illegal-move"},
    /* Cascade 4: one wrong score line is blamed once, and the match goes on
     * from the results' score: Ana María at 2 of 3 (the Crawford score)
     * would make game 2's double a false cube error. */
    {"score line", 15, false, " Ana María : 2                 Bob van Dijk : 0", 15,
     "score"},
    /* Cascade 5: a missing "Game N" line; the score line starts the game. */
    {"no Game line", 14, false, NULL, 14, "syntax"},
    /* A record may start at any score (a resumed match), but game 2's
     * score line counting game 1 from 0-0 says the first line was wrong;
     * game numbers follow each other. */
    {"game 1 score", 6, false, " Ana María : 1                 Bob van Dijk : 0", 6,
     "score"},
    {"score 1x", 15, false, " Ana María : 1x                Bob van Dijk : 0", 15,
     "syntax"},
    {"game number", 14, false, " Game 3", 14, "syntax"},
    /* A take written for a drop: the game ends at once for what a drop is
     * worth (line 11: "  5)  Doubles => 2                Drops"). */
    {"take for a drop", 11, false, "  5)  Doubles => 2                Takes", 11, "cube"},
    /* A drop written for a take: the game goes on, on the same line here
     * (line 18: "  3)  Takes                      43: 16/13 13/9 "). */
    {"drop for a take", 18, false, "  3)  Drops                      43: 16/13 13/9 ", 18,
     "cube"},
};

START_TEST(one_mistake_one_error) {
  verdict result = judge_sample(sample_mistakes[_i].line, sample_mistakes[_i].text,
                                sample_mistakes[_i].insert);
  assert_one_error(&result, sample_mistakes[_i].error_line, sample_mistakes[_i].rule);
  free(result.output);
}
END_TEST

/* Mistakes put into other samples, each one error at its line: dice whose
 * play, as written, is another roll's (the dice are the one mistake, the
 * plays that follow are not blamed), a wrong value on a line that also says
 * "and the match". */
static const struct {
  const char *what;
  const char *sample;
  int line;
  const char *text;
  const char *rule;
} file_mistakes[] = {
    /* An opening double: the play is 51's, so only the dice are wrong. */
    {"opening 55", SAMPLE, 7, "  1)                             55: 13/8 24/23 ",
     "turn-order"},
    {"opening 11", SAMPLE, 7, "  1)                             11: 13/8 24/23 ",
     "turn-order"},
    /* 11 for 21: "13/11 24/23" is made by three 1s, one fewer than 11
     * plays; the dice are still the one mistake. */
    {"opening 11 of game 3", SAMPLE, 52,
     "  1) 11: 13/11 24/23             21: 24/23 23/21 ", "turn-order"},
    {"opening 44 of game 2", SAMPLE, 16,
     "  1) 44: 13/9 24/23              44: 24/20 20/16* 6/2* 6/2", "turn-order"},
    /* 62 read as 66 in a bear-off: "2/0" bears off with a 6 while a checker
     * stands on the 4.  The legal plays of 66 bear off her last checkers,
     * but the game goes on: the record's own position is the one to follow. */
    {"66 in a bear-off", "samples/gnubg-money3g-s304.mat", 46,
     " 24) 52: 4/2 5/0                 66: 4/0 2/0 ", "wrong-bear-off"},
    /* Wins 1 for 4 (3 were needed): the value is wrong, "and the match"
     * is not, since the true value wins it. */
    {"value and the match", "samples/dailygammon-style.mat", 29,
     " 25) 52: 1/0 1/0                 Wins 1 point and the match", "score"},
    {"44 in a bear-off", "samples/gnubg-money3g-s304.mat", 48,
     " 26) 44: 4/0 6/0                 43: 1/0 ", "unplayed-dice"},
    /* A line's two plays written in each other's place with their dice in
     * a bear-off: the right one also fits as written after some play of
     * 41, but then the right player's next plays do not; read as
     * exchanged they do, so the exchange is the one mistake. */
    {"bear-off plays exchanged with their dice", "samples/dailygammon-style.mat", 26,
     " 22) 41: 4/0 1/0                 42: 5/1 2/0 ", "illegal-move"},
};

START_TEST(file_mistake_one_error) {
  verdict result = judge_file(file_mistakes[_i].sample, file_mistakes[_i].line,
                              file_mistakes[_i].text, false);
  assert_one_error(&result, file_mistakes[_i].line, file_mistakes[_i].rule);
  free(result.output);
}
END_TEST

/* Line `number` of `record` replaced by `text` (a new string). */
static char *line_replaced(const char *record, int number, const char *text) {
  size_t size = 0;
  char *out = NULL;
  FILE *changed = open_memstream(&out, &size);
  const char *start = record;
  for (int at = 1; *start; at++) {
    const char *end = strchr(start, '\n');
    size_t length = end ? (size_t)(end - start) + 1 : strlen(start);
    if (at == number)
      fprintf(changed, "%s\n", text);
    else
      fwrite(start, 1, length, changed);
    start += length;
  }
  fclose(changed);
  return out;
}

/* A player named otherwise in a later score line ("X22" for "Magriel")
 * is a transcriber's habit: one warning at the first such line, however
 * many lines follow it, and no error; text glued before a known name
 * (a score "1x") stays a syntax error, in the table above. */
START_TEST(renamed_player_is_one_warning) {
  char *once =
      sample_with(SAMPLE, 15, " Ana María : 1                 Bob van Dyk : 0", false);
  char *twice = line_replaced(once, 51, " Ana María : 1                 Bob van Dyk : 2");
  const char *records[] = {once, twice};
  for (int i = 0; i < 2; i++) {
    verdict result = judge(records[i], NULL);
    ck_assert_msg(result.errors == 0 && result.warnings == 1 &&
                      reports(&result, 15, 33, "warning", "syntax"),
                  "%s", result.output);
    free(result.output);
  }
  free(once);
  free(twice);
}
END_TEST

/* The other side of "game 1 score": a record that starts at 2-0 and whose
 * later score lines go on from there is a resumed match: no error (the
 * 5-point match stops unfinished, a warning). */
START_TEST(resumed_match_is_clean) {
  static const struct {
    int line;
    const char *text;
  } changes[] = {
      {3, " 5 point match"},
      {6, " Ana María : 2                 Bob van Dijk : 0"},
      {15, " Ana María : 3                 Bob van Dijk : 0"},
      {51, " Ana María : 3                 Bob van Dijk : 2"},
  };
  char *record = sample_with(SAMPLE, changes[0].line, changes[0].text, false);
  for (size_t i = 1; i < sizeof changes / sizeof changes[0]; i++) {
    char *next = line_replaced(record, changes[i].line, changes[i].text);
    free(record);
    record = next;
  }
  verdict result = judge(record, NULL);
  ck_assert_msg(result.errors == 0, "%s", result.output);
  free(result.output);
  free(record);
}
END_TEST

START_TEST(money_sample_is_clean) {
  verdict result = judge_file("samples/gnubg-money3g-s304.mat", 0, NULL, false);
  ck_assert_msg(result.errors == 0 && result.warnings == 0, "%s", result.output);
  free(result.output);
}
END_TEST

START_TEST(hop_through_open_points_is_legal) {
  /* 24/18 18/15 written as one hop: the same steps. */
  verdict result = judge_sample(8, "  2) 42: 8/4 6/4                 63: 24/15 ", false);
  ck_assert_msg(result.errors == 0, "%s", result.output);
  free(result.output);
}
END_TEST

/* 33 for 63 at the opening: "24/18 13/10" is three 3s, not a legal play of
 * 33 (four are playable), but the dice are the mistake, not the play. */
START_TEST(opening_double_with_a_part_of_its_play) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "33: 24/18 13/10");
  row(record, RECORD_SIZE, 2, "42: 8/4 6/4", "");
  verdict result = judge(record, NULL);
  ck_assert_msg(result.errors == 1 && mentions_rule(&result, "turn-order") &&
                    !mentions_rule(&result, "unplayed-dice"),
                "%s", result.output);
  free(result.output);
}
END_TEST

/* The other side of "take for a drop": a take and then a resignation of a
 * single game at the new cube (2 points) is no mistake. */
START_TEST(take_then_resignation_is_clean) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "42: 8/4 6/4", " Doubles => 2");
  row(record, RECORD_SIZE, 3, " Takes", "");
  row(record, RECORD_SIZE, 0, "", " Wins 2 points");
  verdict result = judge(record, NULL);
  ck_assert_msg(result.errors == 0, "%s", result.output);
  free(result.output);
}
END_TEST

/* A record that never marks hits (FIBS style) with one '*' put in: a mark
 * on a step that hits nothing is one warning at its line, and a mark on a
 * real hit none; the record's other hits, unmarked as always, are not
 * blamed for it (they were, each, when one '*' made a marking record). */
START_TEST(one_mark_in_an_unmarked_record) {
  const char *fibs = "samples/fibs-two-matches.mat";
  verdict slip = judge_file(fibs, 24, " 20) 44: 10/6 9/5* 6/2 4/0        16:", false);
  ck_assert_msg(slip.errors == 0 && slip.warnings == 1 &&
                    reports(&slip, 24, 15, "warning", "hit-marker"),
                "%s", slip.output);
  free(slip.output);
  verdict right =
      judge_file(fibs, 5, "  1) 23: 24/21 13/11             52: 6/4* 13/8", false);
  ck_assert_msg(right.errors == 0 && right.warnings == 0, "%s", right.output);
  free(right.output);
}
END_TEST

/* Cascade 7: a record cut off right after a roll is unfinished, not a
 * wrong no-play. */
START_TEST(record_cut_after_a_roll_is_incomplete) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "42: ", "");
  verdict result = judge(record, NULL);
  ck_assert_msg(result.errors == 0, "%s", result.output);
  ck_assert_msg(mentions_rule(&result, "incomplete"), "%s", result.output);
  free(result.output);
}
END_TEST

START_TEST(empty_play_inside_a_record_is_still_wrong) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "42: ", "62: 24/18 13/11");
  verdict result = judge(record, NULL);
  assert_one_error(&result, 6, "wrong-no-play");
  free(result.output);
}
END_TEST

/* Item 11: turn-order names the roller's own last roll. */
START_TEST(turn_order_names_the_rollers_own_line) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "41: ????", "");
  row(record, RECORD_SIZE, 3, "52: 13/8 13/11", "");
  verdict result = judge(record, NULL);
  assert_one_error(&result, 7, "turn-order");
  ck_assert_msg(strstr(result.output, "Alice already rolled last (line 6)"), "%s",
                result.output);
  free(result.output);
}
END_TEST

/* Items 12 and 13: Backgammon Studio's "Concedes" and a bare "????" are
 * resignations when the opponent's "Wins" follows. */
static const struct {
  const char *left, *right;
} resignations[] = {
    {"62: Concedes", ""},
    {"62: 13/7 13/11  Concedes", ""},
    {"Concedes", ""},
    {"????", ""},
};

START_TEST(resignation_conventions) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 1, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, resignations[_i].left, resignations[_i].right);
  row(record, RECORD_SIZE, 0, "", "Wins 1 point and the match");
  verdict result = judge(record, NULL);
  ck_assert_msg(result.errors == 0 && result.warnings == 0, "%s", result.output);
  free(result.output);
}
END_TEST

START_TEST(conceded_game_is_valued_as_a_resignation) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 7, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "62: Concedes", "");
  row(record, RECORD_SIZE, 0, "", "Wins 5 points");
  verdict result = judge(record, NULL);
  assert_one_error(&result, 7, "score");
  free(result.output);
}
END_TEST

/* Item 9: a "Wins" line capped at the match length, not at the points the
 * winner needed, is Backgammon Galaxy's convention alone.  Alice, 3 of 5,
 * wins a resignation with the cube at 2 (2, 4 or 6 points: she needed 2). */
static verdict capped_at_length(const char *site) {
  char record[RECORD_SIZE] = "";
  snprintf(record, sizeof record, "%s 5 point match\n\n Game 3\n Alice : 3%25sBob : 0\n",
           site, "");
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, " Doubles => 2", " Takes");
  row(record, RECORD_SIZE, 3, "41: 24/23 13/9", "");
  row(record, RECORD_SIZE, 0, " Wins 5 points and the match", "");
  return judge(record, NULL);
}

START_TEST(wins_capped_at_the_length_only_from_galaxy) {
  verdict plain = capped_at_length("");
  assert_one_error(&plain, 8, "score");
  free(plain.output);
  verdict galaxy = capped_at_length("; [Site \"BackgammonGalaxy\"]\n");
  ck_assert_msg(galaxy.errors == 0, "%s", galaxy.output);
  free(galaxy.output);
}
END_TEST

/* Cascade 6: a double the rules refuse (after rolling) or a beaver in match
 * play is reported once; the "Wins" line may count the cube before it or
 * the one the record turned. */
static verdict refused_cube(const char *left, const char *right, const char *wins) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "41: 24/23 13/9", "");
  row(record, RECORD_SIZE, 3, left, right);
  row(record, RECORD_SIZE, 4, "", "62: 24/18 13/11");
  row(record, RECORD_SIZE, 5, "52: 13/8 13/11", "");
  row(record, RECORD_SIZE, 0, wins, "");
  return judge(record, NULL);
}

START_TEST(refused_cube_action_is_said_once) {
  const char *wins[] = {" Wins 1 point", " Wins 2 points"};
  for (int i = 0; i < 2; i++) {
    verdict after_rolling = refused_cube(" Doubles => 2", " Takes", wins[i]);
    assert_one_error(&after_rolling, 7, "cube");
    free(after_rolling.output);
  }
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, " Doubles => 2", " Beavers => 4");
  row(record, RECORD_SIZE, 3, " Takes", "");
  row(record, RECORD_SIZE, 4, "41: 24/23 13/9", "62: 24/18 13/11");
  row(record, RECORD_SIZE, 0, " Wins 2 points", "");
  verdict beaver = judge(record, NULL);
  ck_assert_msg(reports(&beaver, 6, 35, "error", "cube"), "%s", beaver.output);
  assert_one_error(&beaver, 6, "cube");
  free(beaver.output);
}
END_TEST

/* After a refused double the cube without it is followed too, and a
 * later double both readings share turns both: Alice's double after
 * rolling (line 7, refused) is taken, Bob redoubles to 4 (line 9) and
 * Alice takes.  "Wins 6" fits neither the record's cube (4) nor the cube
 * before the refused double (1), only that one turned by the redouble
 * (2, three times): one error, the refused double's. */
START_TEST(later_double_turns_both_readings_of_the_cube) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 7, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, "41: 24/23 13/9", "");
  row(record, RECORD_SIZE, 3, " Doubles => 2", " Takes");
  row(record, RECORD_SIZE, 4, "", "62: 24/18 13/11");
  row(record, RECORD_SIZE, 5, "52: 13/8 13/11", " Doubles => 4");
  row(record, RECORD_SIZE, 6, " Takes", "64: 24/18 13/9");
  row(record, RECORD_SIZE, 0, " Wins 6 points", "");
  verdict result = judge(record, NULL);
  assert_one_error(&result, 7, "cube");
  free(result.output);
}
END_TEST

/* Item 10: a game whose end is missing in the middle of a match still has
 * its next score line checked: one game's worth apart, for either player. */
static verdict unfinished_then(int alice, int bob) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 5, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  header(record, RECORD_SIZE, 5, 2, alice, bob);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 0, "", "Wins 1 point");
  header(record, RECORD_SIZE, 5, 3, alice, bob + 1);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  return judge(record, NULL);
}

START_TEST(score_after_an_unfinished_game_is_checked) {
  verdict one_game = unfinished_then(2, 0);
  ck_assert_msg(one_game.errors == 0, "%s", one_game.output);
  ck_assert_msg(reports(&one_game, 5, 34, "warning", "incomplete"), "%s",
                one_game.output);
  free(one_game.output);
  verdict both_gained = unfinished_then(1, 1);
  assert_one_error(&both_gained, 8, "score");
  free(both_gained.output);
}
END_TEST

/* How many lines of `result` hold both `first` and `second` (or `first`
 * alone when `second` is NULL). */
static int lines_saying(const verdict *result, const char *first, const char *second) {
  int count = 0;
  char one[1024];
  for (const char *start = result->output; next_line(&start, one, sizeof one);)
    if (strstr(one, first) && (!second || strstr(one, second)))
      count++;
  return count;
}

/* A play whose own position cannot stand (Ana moves from her 7 point,
 * empty since line 22) is one error; the referee then follows the legal
 * plays of her 32, and the game is still checked to its end: a second
 * mistake on line 29 (8/1 with a 6) is the one other error, and a record
 * with the first mistake only has nothing else to say. */
START_TEST(game_checked_after_a_play_that_cannot_stand) {
  char *first_only =
      sample_with(SAMPLE, 25, " 10) 32: 7/4 5/3                 63: 21/18 24/18 ", false);
  verdict one = judge(first_only, NULL);
  assert_one_error(&one, 25, "illegal-move");
  ck_assert_msg(lines_saying(&one, "not checked", NULL) == 0, "%s", one.output);
  free(one.output);
  char *both =
      line_replaced(first_only, 29, " 14) 64: 25/21 8/1               53: 11/8 13/8 ");
  verdict two = judge(both, NULL);
  ck_assert_msg(two.errors == 2, "%s", two.output);
  ck_assert_msg(lines_saying(&two, "t.mat:25:", ": error: ") == 1, "%s", two.output);
  ck_assert_msg(lines_saying(&two, "t.mat:29:", ": error: ") == 1, "%s", two.output);
  free(two.output);
  free(both);
  free(first_only);
}
END_TEST

/* A record out of step with the game from its start (its first plays,
 * both players', fit neither backgammon's start nor another known one: a
 * game begun from a position the record does not give) is not wrong at
 * every play: one warning at the game says so, and it is not checked. */
START_TEST(record_out_of_step_is_one_error) {
  const char *record = " 3 point match\n\n Game 1\n"
                       " Ana : 0                        Bob : 0\n"
                       "  1) 31: 23/22 8/5               42: 23/21 6/2\n"
                       "  2) 64: 23/17 13/9              53: 23/18 13/10\n"
                       "  3) 62: 17/11 9/7               61: 18/12 10/9\n";
  verdict result = judge(record, NULL);
  ck_assert_msg(result.errors == 0, "%s", result.output);
  ck_assert_msg(lines_saying(&result, "t.mat:3:",
                             "starts from a position the record does not give") == 1,
                "%s", result.output);
  ck_assert_msg(lines_saying(&result, "t.mat:", NULL) == 1, "%s", result.output);
  free(result.output);
}
END_TEST

/* The other side of that line: the plays of a game's first line written
 * in each other's place (the dice kept) fit backgammon's start once
 * exchanged.  One mistake, said once at its line; the game is checked. */
START_TEST(plays_exchanged_on_the_first_line_are_one_error) {
  const char *record = " 3 point match\n\n Game 1\n"
                       " Ana : 0                        Bob : 0\n"
                       "  1) 31: 8/4 6/4                 42: 8/5 6/5\n"
                       "  2) 64: 24/18 13/9              53: 13/8 13/10\n";
  verdict result = judge(record, NULL);
  assert_one_error(&result, 5, "illegal-move");
  ck_assert_msg(lines_saying(&result, "t.mat:5:", "exchanged") == 1, "%s", result.output);
  ck_assert_msg(lines_saying(&result, "t.mat:", "not checked") == 0, "%s", result.output);
  free(result.output);
}
END_TEST

/* A game the referee follows unreported (its record out of step) still
 * counts a drop at the cube's worth, as a game checked in full does: the
 * cube does not rest on the plays guessed, and a notation that cannot say
 * what put the game out of step (YAML has no move numbers) must read the
 * same score.  An end the board decides (a "Wins" line with checkers
 * left) counts what the line says.  Seen in the score line after it. */
static verdict out_of_step_then(const char *end, int bob_after) {
  char record[RECORD_SIZE];
  snprintf(record, sizeof record,
           " 5 point match\n\n Game 1\n"
           " Ana : 0                        Bob : 0\n"
           "  1) 31: 23/22 8/5               42: 23/21 6/2\n"
           "  2) 64: 23/17 13/9              53: 23/18 13/10\n"
           "  3) 62: 17/11 9/7               61: 18/12 10/9\n"
           "%s\n Game 2\n"
           " Ana : 0                        Bob : %d\n"
           "  1) 31: 8/5 6/5\n",
           end, bob_after);
  return judge(record, NULL);
}

START_TEST(out_of_step_game_counts_a_drop_by_the_cube) {
  const char *drop = "  4)  Doubles => 2                 Takes\n"
                     "  5) 42: 8/4 6/4                 Doubles => 4\n"
                     "  6)  Drops                         Wins 1 point\n";
  verdict by_cube = out_of_step_then(drop, 2);
  ck_assert_msg(by_cube.errors == 0 && reports(&by_cube, 3, 2, "warning", "unrecorded"),
                "%s", by_cube.output);
  free(by_cube.output);
  verdict by_line = out_of_step_then(drop, 1);
  ck_assert_msg(by_line.errors == 1 && reports(&by_line, 13, 2, "error", "score"), "%s",
                by_line.output);
  free(by_line.output);
  const char *resigned = "  4) 42: 8/4 6/4                  Wins 2 points\n";
  verdict as_written = out_of_step_then(resigned, 2);
  ck_assert_msg(as_written.errors == 0, "%s", as_written.output);
  free(as_written.output);
  verdict not_written = out_of_step_then(resigned, 1);
  ck_assert_msg(not_written.errors == 1 && reports(&not_written, 8, 35, "error", "score"),
                "%s", not_written.output);
  free(not_written.output);
}
END_TEST

/* A move line left out or written twice breaks the record's move numbers
 * (every program numbers a game's lines 1, 2, 3...): one syntax error at
 * the break; the plays after it, which no longer fit the game, are not
 * blamed one by one: the first that fits no position stops the game's
 * checking, with a note.  A wrong number alone (the lines after it go on
 * from the one before) is a warning, and the game is checked on. */
START_TEST(move_line_left_out_or_repeated) {
  verdict left_out = judge_sample(22, NULL, false);
  assert_one_error(&left_out, 22, "syntax");
  ck_assert_msg(lines_saying(&left_out, "move numbers break off at line 22", NULL) == 1,
                "%s", left_out.output);
  free(left_out.output);
  verdict repeated =
      judge_sample(22, "  7) 42: 25/21 7/5               31: 13/10 10/9* ", true);
  assert_one_error(&repeated, 23, "syntax");
  ck_assert_msg(strstr(repeated.output, "move 7 is written twice"), "%s",
                repeated.output);
  free(repeated.output);
  verdict misnumbered =
      judge_sample(22, " 17) 42: 25/21 7/5               31: 13/10 10/9* ", false);
  ck_assert_msg(misnumbered.errors == 0 && misnumbered.warnings == 1 &&
                    reports(&misnumbered, 22, 2, "warning", "syntax") &&
                    strstr(misnumbered.output, "move 17 should be numbered 7"),
                "%s", misnumbered.output);
  ck_assert_msg(lines_saying(&misnumbered, "note:", NULL) == 0, "%s", misnumbered.output);
  free(misnumbered.output);
  /* the misnumbered line's game is still checked: a mistake after it is
   * an error of its own */
  char *record =
      sample_with(SAMPLE, 22, " 17) 42: 25/21 7/5               31: 13/10 10/9* ", false);
  char *also =
      line_replaced(record, 29, " 14) 64: 25/21 8/1               53: 11/8 13/8 ");
  verdict two = judge(also, NULL);
  ck_assert_msg(two.errors == 1 && lines_saying(&two, "t.mat:29:", ": error: ") == 1,
                "%s", two.output);
  free(two.output);
  free(also);
  free(record);
}
END_TEST

int main(void) {
  Suite *suite = suite_create("recovery");
  TCase *plays = tcase_create("after a mistake");
  tcase_add_test(plays, sample_is_clean);
  tcase_add_loop_test(plays, one_mistake_one_error, 0,
                      (int)(sizeof sample_mistakes / sizeof sample_mistakes[0]));
  tcase_add_test(plays, money_sample_is_clean);
  tcase_add_test(plays, renamed_player_is_one_warning);
  tcase_add_test(plays, resumed_match_is_clean);
  tcase_add_loop_test(plays, file_mistake_one_error, 0,
                      (int)(sizeof file_mistakes / sizeof file_mistakes[0]));
  tcase_add_test(plays, opening_double_with_a_part_of_its_play);
  tcase_add_test(plays, take_then_resignation_is_clean);
  tcase_add_test(plays, one_mark_in_an_unmarked_record);
  tcase_add_test(plays, hop_through_open_points_is_legal);
  tcase_add_test(plays, record_cut_after_a_roll_is_incomplete);
  tcase_add_test(plays, empty_play_inside_a_record_is_still_wrong);
  tcase_add_test(plays, turn_order_names_the_rollers_own_line);
  tcase_add_loop_test(plays, resignation_conventions, 0,
                      (int)(sizeof resignations / sizeof resignations[0]));
  tcase_add_test(plays, conceded_game_is_valued_as_a_resignation);
  tcase_add_test(plays, refused_cube_action_is_said_once);
  tcase_add_test(plays, later_double_turns_both_readings_of_the_cube);
  tcase_add_test(plays, score_after_an_unfinished_game_is_checked);
  tcase_add_test(plays, wins_capped_at_the_length_only_from_galaxy);
  tcase_add_test(plays, game_checked_after_a_play_that_cannot_stand);
  tcase_add_test(plays, plays_exchanged_on_the_first_line_are_one_error);
  tcase_add_test(plays, record_out_of_step_is_one_error);
  tcase_add_test(plays, move_line_left_out_or_repeated);
  tcase_add_test(plays, out_of_step_game_counts_a_drop_by_the_cube);
  suite_add_tcase(suite, plays);
  return run_suite(suite);
}
