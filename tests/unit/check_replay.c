/*
 * check_replay.c — the replay API (replay.h): what a writer reads.
 *
 *  - positions: for every position of GNU Backgammon's fixture
 *    (../shared/fixtures/legal-plays.tsv) and every play gnubg lists there,
 *    a record of that play (parsed from gnubg's text by the notation
 *    layer) replays to the position the engine's legal play gives, and the
 *    play read back as steps is that play; over the samples and the corpus
 *    each action starts where the one before ended;
 *  - results: every game of every valid sample and corpus record ends with
 *    the winner and points of its "Wins" line, a bear-off with the
 *    winner's fifteen checkers off, a drop where the loser dropped;
 *  - conventions resolved into the model: a Galaxy "Losses" line in the
 *    winner's column, DailyGammon's inline "Wins", a "Concedes", a play cut
 *    short before the opponent's "Wins" all name the right winner.
 */
#include <check.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "match.h"
#include "notation.h"
#include "read_mat.h"
#include "records.h"
#include "replay.h"
#include "legal_fixture.h"
#include "run_suite.h"
#include "shared_path.h"

/* ---- reading and replaying records ----------------------------------- */

/* Everything a test wants from one replayed match. */
typedef struct {
  int games;
  bg_game_result results[64];
  bg_board final_position[64];
  bool final_known[64];
  bool drops[64];
  long errors;
  int actions, continuity_breaks, rolls_with_steps, rolls_steps_missing;
  int match_winner;
} replay_summary;

static void replay_match(const bg_match *match, replay_summary *summary) {
  bg_diag_sink sink;
  FILE *out = fopen("/dev/null", "w");
  ck_assert_ptr_nonnull(out);
  diag_sink_init(&sink, out, DIAG_TEXT);
  bg_replay_options options;
  bg_replay_options_init(&options);
  memset(summary, 0, sizeof *summary);
  bg_replay *replay = bg_replay_new(match, &options, &sink);
  const bg_replay_event *event;
  bg_board last_after;
  bool last_known = false;
  while ((event = bg_replay_next(replay)) != NULL) {
    int g = event->game_index < 64 ? event->game_index : 63;
    switch (event->kind) {
    case BG_REPLAY_GAME_START:
      last_known = false;
      break;
    case BG_REPLAY_ACTION: {
      summary->actions++;
      if (last_known && event->before_known && !board_equal(&last_after, event->before))
        summary->continuity_breaks++;
      last_after = *event->after;
      last_known = event->after_known;
      if (event->action->kind == ACT_DROP)
        summary->drops[g] = true;
      bg_play play;
      if (event->action->kind == ACT_ROLL && event->before_known && event->after_known &&
          event->errors == 0) {
        if (bg_replay_play(event, &play))
          summary->rolls_with_steps++;
        else
          summary->rolls_steps_missing++;
      }
      break;
    }
    case BG_REPLAY_GAME_END:
      summary->games++;
      summary->results[g] = event->result;
      summary->final_known[g] = event->before_known;
      summary->final_position[g] = *event->before;
      break;
    case BG_REPLAY_MATCH_END:
      summary->match_winner = event->match_winner;
      break;
    }
  }
  bg_replay_free(replay);
  diag_flush(&sink);
  summary->errors = sink.errors;
  diag_sink_free(&sink);
  fclose(out);
}

static char *load_file(const char *path) {
  FILE *in = fopen(path, "rb");
  if (!in)
    return NULL;
  char *text = NULL;
  size_t size = 0;
  FILE *copy = open_memstream(&text, &size);
  char block[65536];
  size_t got;
  while ((got = fread(block, 1, sizeof block, in)) > 0)
    fwrite(block, 1, got, copy);
  fclose(copy);
  fclose(in);
  return text;
}

/* ---- positions: GNU Backgammon's legal plays ------------------------- */

/* A money session of one game: the position set, then one roll. */
static bg_match *one_play_match(const unsigned char setup[2][26], int die1, int die2,
                                const bg_move *moves, int move_count) {
  bg_match *match = match_new("fixture");
  bg_game *game = match_add_game(match);
  game->number = 1;
  bg_action *set = match_game_add_action(game);
  set->kind = ACT_SET_POSITION;
  set->setup = match_new_setup(match);
  ck_assert_ptr_nonnull(set->setup);
  memcpy(set->setup->checkers, setup, sizeof set->setup->checkers);
  bg_action *roll = match_game_add_action(game);
  roll->kind = ACT_ROLL;
  roll->player = 0;
  roll->die1 = die1;
  roll->die2 = die2;
  roll->move_count = move_count;
  roll->moves = match_reserve_moves(match);
  ck_assert_ptr_nonnull(roll->moves);
  memcpy(roll->moves, moves, (size_t)move_count * sizeof *moves);
  match_resolve(match);
  return match;
}

/* Replays the match and gives the roll's event's after position and play. */
static bool replay_roll(const bg_match *match, bg_board *after, bg_play *play,
                        long *errors) {
  bg_diag_sink sink;
  FILE *out = fopen("/dev/null", "w");
  diag_sink_init(&sink, out, DIAG_TEXT);
  bg_replay_options options;
  bg_replay_options_init(&options);
  bg_replay *replay = bg_replay_new(match, &options, &sink);
  const bg_replay_event *event;
  bool found = false;
  while ((event = bg_replay_next(replay)) != NULL)
    if (event->kind == BG_REPLAY_ACTION && event->action->kind == ACT_ROLL) {
      found = event->after_known && bg_replay_play(event, play);
      *after = *event->after;
    }
  bg_replay_free(replay);
  diag_flush(&sink);
  *errors = sink.errors;
  diag_sink_free(&sink);
  fclose(out);
  return found;
}

/* Checks every play gnubg lists for one fixture line; returns how many. */
static int check_fixture_line(char *line, int line_number) {
  char *columns[6] = {0};
  int count = 0;
  line[strcspn(line, "\r\n")] = '\0';
  for (char *at = line; at && count < 6; count++) {
    columns[count] = at;
    at = strchr(at, '\t');
    if (at)
      *at++ = '\0';
  }
  if (count < 6 || !*columns[5])
    return 0; /* no play: nothing to replay */
  unsigned char setup[2][26] = {{0}};
  ck_assert_msg(legal_fixture_side(columns[1], setup[0]) &&
                    legal_fixture_side(columns[2], setup[1]),
                "fixture line %d: unreadable position", line_number);
  int die1 = columns[3][0] - '0', die2 = columns[3][1] - '0';
  bg_board start;
  memset(&start, 0, sizeof start);
  bg_playlist legal;
  movegen_playlist_init(&legal);
  int checked = 0;
  for (char *text = strtok(columns[5], "|"); text; text = strtok(NULL, "|")) {
    bg_move moves[BG_MAX_MOVES];
    int move_count = notation_parse_moves(text, strlen(text), moves, BG_MAX_MOVES, NULL);
    ck_assert_msg(move_count > 0, "fixture line %d: '%s' does not parse", line_number,
                  text);
    bg_match *match = one_play_match(setup, die1, die2, moves, move_count);
    ck_assert(match_setup_board(&match->games[0].actions[0], &start));
    movegen_legal_plays(&start, die1, die2, &legal);
    bg_board after;
    bg_play play;
    long errors = 0;
    bool stepped = replay_roll(match, &after, &play, &errors);
    ck_assert_msg(errors == 0 && stepped, "fixture line %d: '%s' replays with %ld errors",
                  line_number, text, errors);
    /* the engine's play that gnubg writes so is the one the replay reached */
    char engine_text[128], replay_text[128], trimmed[128];
    snprintf(trimmed, sizeof trimmed, "%s", text + strspn(text, " "));
    trimmed[strcspn(trimmed, "\0")] = '\0';
    for (size_t n = strlen(trimmed); n > 0 && trimmed[n - 1] == ' '; n--)
      trimmed[n - 1] = '\0';
    bool engine_has_it = false;
    for (int i = 0; i < legal.count && !engine_has_it; i++) {
      notation_format_play(&legal.plays[i], engine_text, sizeof engine_text);
      engine_has_it = strcmp(engine_text, trimmed) == 0 &&
                      board_equal(&legal.plays[i].result, &after);
    }
    notation_format_play(&play, replay_text, sizeof replay_text);
    ck_assert_msg(engine_has_it && strcmp(replay_text, trimmed) == 0,
                  "fixture line %d: '%s' replays to another position (steps '%s')",
                  line_number, trimmed, replay_text);
    match_free(match);
    checked++;
  }
  movegen_playlist_free(&legal);
  return checked;
}

START_TEST(positions_after_plays_are_gnubgs) {
  char path[4096];
  shared_path("fixtures/legal-plays.tsv", path, sizeof path);
  FILE *in = fopen(path, "r");
  if (!in) {
    printf("SKIP: %s not found; replay not checked against gnubg's plays\n", path);
    return;
  }
  char *line = NULL;
  size_t size = 0;
  int line_number = 0, plays = 0, positions = 0;
  while (getline(&line, &size, in) > 0) {
    line_number++;
    int checked = check_fixture_line(line, line_number);
    plays += checked;
    positions += checked > 0;
  }
  free(line);
  fclose(in);
  printf("replay: %d positions, %d plays of gnubg replayed to the engine's position\n",
         positions, plays);
  ck_assert_int_gt(plays, 50000);
}
END_TEST

/* ---- results: samples and corpus ------------------------------------- */

/* The corpus README's records that are not valid. */
static bool is_broken(const char *path) {
  static const char *const broken[] = {"broken", "galaxy/match7940391.txt",
                                       "galaxy/match9814649.txt"};
  for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++)
    if (strstr(path, broken[i]))
      return true;
  return false;
}

typedef struct {
  int files, games, bore_off, drops, resigns, continuity_breaks, rolls_with_steps;
} results_tally;

static void check_results_of(const char *path, results_tally *tally) {
  char *text = load_file(path);
  ck_assert_ptr_nonnull(text);
  bg_match **matches;
  int count = read_all_matches(text, &matches);
  for (int m = 0; m < count; m++) {
    replay_summary summary;
    replay_match(matches[m], &summary);
    tally->continuity_breaks += summary.continuity_breaks;
    tally->rolls_with_steps += summary.rolls_with_steps;
    ck_assert_msg(summary.rolls_steps_missing == 0, "%s: %d plays not read as steps",
                  path, summary.rolls_steps_missing);
    if (summary.errors > 0)
      continue; /* a record the referee faults: its results may be its own */
    for (int g = 0; g < summary.games && g < 64; g++) {
      const bg_game_result *result = &summary.results[g];
      if (!result->recorded)
        continue;
      tally->games++;
      ck_assert_msg(
          result->winner == result->credited && result->points == result->recorded->value,
          "%s game %d: replay says %d wins %d, the record %d wins %d", path, g + 1,
          result->winner, result->points, result->credited, result->recorded->value);
      ck_assert_msg(result->by != BG_BY_NONE, "%s game %d: no way of winning", path,
                    g + 1);
      ck_assert_msg((result->by == BG_BY_DROP) == summary.drops[g],
                    "%s game %d: by %d, drop %d", path, g + 1, result->by,
                    summary.drops[g]);
      if (result->by >= BG_BY_SINGLE && result->by <= BG_BY_BACKGAMMON) {
        tally->bore_off++;
        ck_assert_msg(summary.final_known[g] &&
                          summary.final_position[g].checkers[result->winner][BG_OFF] ==
                              BG_CHECKERS,
                      "%s game %d: won by bearing off, but not all off", path, g + 1);
      }
      tally->drops += result->by == BG_BY_DROP;
      tally->resigns += result->by == BG_BY_RESIGN;
    }
  }
  free_all_matches(matches, count);
  free(text);
  tally->files++;
}

static void check_results_matching(const char *pattern, results_tally *tally) {
  glob_t found;
  if (glob(pattern, 0, NULL, &found) != 0)
    return;
  for (size_t i = 0; i < found.gl_pathc; i++)
    if (!is_broken(found.gl_pathv[i]))
      check_results_of(found.gl_pathv[i], tally);
  globfree(&found);
}

START_TEST(results_agree_with_wins_lines) {
  results_tally tally = {0};
  check_results_matching("samples/*.mat", &tally);
  char corpus[4096], pattern[4200];
  shared_path("corpus", corpus, sizeof corpus);
  struct stat info;
  bool with_corpus = stat(corpus, &info) == 0;
  if (!with_corpus) {
    printf("SKIP: %s not found; corpus results not replayed\n", corpus);
  } else {
    snprintf(pattern, sizeof pattern, "%s/*/*.txt", corpus);
    check_results_matching(pattern, &tally);
    snprintf(pattern, sizeof pattern, "%s/*/*.mat", corpus);
    check_results_matching(pattern, &tally);
  }
  printf("replay: %d files, %d games with a Wins line (%d bear-offs, %d drops, "
         "%d resignations), %d plays read as steps\n",
         tally.files, tally.games, tally.bore_off, tally.drops, tally.resigns,
         tally.rolls_with_steps);
  /* samples/ alone hold 19 games with a Wins line; the corpus hundreds */
  ck_assert_int_gt(tally.games, with_corpus ? 20 : 15);
  ck_assert_int_eq(tally.continuity_breaks, 0);
}
END_TEST

/* ---- conventions resolved -------------------------------------------- */

/* One match of a hand-made record, replayed. */
static void replay_text(const char *text, replay_summary *summary, bg_match **match) {
  bg_match **matches;
  ck_assert_int_eq(read_all_matches(text, &matches), 1);
  *match = matches[0];
  free(matches);
  replay_match(*match, summary);
}

/* Galaxy writes "Losses" in either column: the Wins line names the winner. */
START_TEST(galaxy_losses_in_the_winners_column) {
  char record[RECORD_SIZE] = "; [Site \"BackgammonGalaxy\"]\n";
  header(record, RECORD_SIZE, 3, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "31: 8/5 6/5", "41: 24/23 13/9");
  row(record, RECORD_SIZE, 2, "Losses 1 point", "");
  row(record, RECORD_SIZE, 0, "Wins 1 point", "");
  replay_summary summary;
  bg_match *match;
  replay_text(record, &summary, &match);
  const bg_action *losses = &match->games[0].actions[2];
  ck_assert_int_eq(losses->kind, ACT_RESIGN);
  ck_assert_int_eq(losses->column, 0);
  ck_assert_int_eq(losses->player, 1); /* Bob resigned */
  ck_assert_int_eq(summary.errors, 0);
  ck_assert_int_eq(summary.results[0].winner, 0);
  ck_assert_int_eq(summary.results[0].points, 1);
  ck_assert_int_eq(summary.results[0].by, BG_BY_RESIGN);
  match_free(match);
}
END_TEST

/* DailyGammon: the winner's last roll and "Wins" on one line. */
START_TEST(dailygammon_inline_wins) {
  char *text = load_file("samples/dailygammon-style.mat");
  ck_assert_ptr_nonnull(text);
  replay_summary summary;
  bg_match *match;
  replay_text(text, &summary, &match);
  const bg_game *last = &match->games[match->game_count - 1];
  const bg_action *wins = &last->actions[last->action_count - 1];
  ck_assert_int_eq(wins->kind, ACT_WIN);
  ck_assert_int_eq(wins->column, 1); /* written in Bob's column... */
  ck_assert_int_eq(wins->player, 1); /* (the model keeps what is written) */
  ck_assert_int_eq(summary.errors, 0);
  const bg_game_result *result = &summary.results[summary.games - 1];
  ck_assert_int_eq(result->credited, 0); /* ...credits the roller on its left, */
  ck_assert_int_eq(result->winner, 0);   /* whose roll bore off the last checker */
  ck_assert_int_eq(result->by, BG_BY_SINGLE);
  ck_assert_int_eq(summary.match_winner, 0);
  match_free(match);
  free(text);
}
END_TEST

/* The other side: "Wins" in Bob's column on the line of Alice's roll
 * that does not bear off her last checker.  The board says the game goes
 * on, so the column's player won: Alice gave up after rolling. */
START_TEST(inline_wins_without_the_last_checker) {
  char *text = load_file("samples/dailygammon-style.mat");
  ck_assert_ptr_nonnull(text);
  char *last = strstr(text, " 25) 52: 1/0 1/0 ");
  ck_assert_ptr_nonnull(last);
  memcpy(last, " 25) 52: 1/0     ", 17); /* one checker left on her 1 point */
  replay_summary summary;
  bg_match *match;
  replay_text(text, &summary, &match);
  ck_assert_int_eq(summary.errors, 0);
  const bg_game_result *result = &summary.results[summary.games - 1];
  ck_assert_int_eq(result->credited, 1);
  ck_assert_int_eq(result->winner, 1);
  ck_assert_int_eq(result->by, BG_BY_RESIGN);
  ck_assert_int_eq(summary.match_winner, 1);
  match_free(match);
  free(text);
}
END_TEST

/* Backgammon Studio's "Concedes" after a roll, and a play cut short
 * before the opponent's "Wins" (eXtreme Gammon's text export). */
static const struct {
  const char *left;
  bool resigns_after; /* the roll is marked as followed by a resignation */
} cut_short[] = {
    {"62: 13/7 13/11  Concedes", true},
    {"62: Concedes", true}, /* rolled, nothing played, then conceded */
    {"62: 13/7", true},
    {"62:", true},
};

START_TEST(resignations_name_the_opponent) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 1, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", "31: 8/5 6/5");
  row(record, RECORD_SIZE, 2, cut_short[_i].left, "");
  row(record, RECORD_SIZE, 0, "", "Wins 1 point and the match");
  replay_summary summary;
  bg_match *match;
  replay_text(record, &summary, &match);
  ck_assert_int_eq(summary.errors, 0);
  ck_assert_int_eq(summary.results[0].winner, 1);
  ck_assert_int_eq(summary.results[0].points, 1);
  ck_assert_int_eq(summary.results[0].by, BG_BY_RESIGN);
  ck_assert_int_eq(summary.match_winner, 1);
  const bg_game *game = &match->games[0];
  bool marked = false;
  for (int i = 0; i < game->action_count; i++)
    marked |= game->actions[i].kind == ACT_ROLL && game->actions[i].player == 0 &&
              game->actions[i].resigns_after;
  ck_assert_int_eq(marked, cut_short[_i].resigns_after);
  match_free(match);
}
END_TEST

/* The steps of the record's first roll, the opening 64 of the right
 * column written `play`, as written (bg_replay_steps_as_written) and as a
 * legal play (bg_replay_play). */
static void opening_steps(const char *play, bool *as_written, bg_play *written,
                          bool *legal, bg_play *steps) {
  char record[RECORD_SIZE] = "";
  header(record, RECORD_SIZE, 1, 1, 0, 0);
  row(record, RECORD_SIZE, 1, "", play);
  bg_match **matches;
  ck_assert_int_eq(read_all_matches(record, &matches), 1);
  bg_diag_sink sink;
  diag_sink_init(&sink, NULL, DIAG_TEXT);
  bg_replay_options options;
  bg_replay_options_init(&options);
  bg_replay *replay = bg_replay_new(matches[0], &options, &sink);
  const bg_replay_event *event;
  *as_written = *legal = false;
  while ((event = bg_replay_next(replay)) != NULL)
    if (event->kind == BG_REPLAY_ACTION && event->action->kind == ACT_ROLL) {
      *as_written = bg_replay_steps_as_written(event, written);
      *legal = bg_replay_play(event, steps);
    }
  bg_replay_free(replay);
  ck_assert_int_eq(diag_sink_errors(&sink), 0);
  diag_sink_free(&sink);
  match_free(matches[0]);
  free(matches);
}

static void assert_steps(const bg_play *play, const int (*expected)[2], int count) {
  ck_assert_int_eq(play->step_count, count);
  for (int i = 0; i < count; i++) {
    ck_assert_int_eq(play->steps[i].from, expected[i][0]);
    ck_assert_int_eq(play->steps[i].to, expected[i][1]);
  }
}

/* A hop is split into its dice in the order of the roll, the moves kept in
 * the order written; an order that does not play gives no steps as
 * written, while the play itself is legal. */
START_TEST(steps_as_written) {
  bool as_written, legal;
  bg_play written, steps;
  opening_steps("64: 24/14", &as_written, &written, &legal, &steps);
  ck_assert(as_written && legal);
  assert_steps(&written, (const int[][2]){{24, 18}, {18, 14}}, 2);
  opening_steps("64: 13/9 24/18", &as_written, &written, &legal, &steps);
  ck_assert(as_written && legal);
  assert_steps(&written, (const int[][2]){{13, 9}, {24, 18}}, 2);
  opening_steps("64: 18/14 24/18", &as_written, &written, &legal, &steps);
  ck_assert(legal);
  ck_assert(!as_written); /* no checker on the 18 before the 24/18 */
  assert_steps(&steps, (const int[][2]){{24, 18}, {18, 14}}, 2);
}
END_TEST

/* A bear-off win that is a gammon, and the cube as the game ends. */
START_TEST(gammon_and_cube_at_the_end) {
  char *text = load_file("samples/gnubg-5pt-s201.mat");
  ck_assert_ptr_nonnull(text);
  replay_summary summary;
  bg_match *match;
  replay_text(text, &summary, &match);
  ck_assert_int_eq(summary.errors, 0);
  ck_assert_int_eq(summary.games, match->game_count);
  int points[2] = {0, 0};
  for (int g = 0; g < summary.games; g++)
    points[summary.results[g].winner] += summary.results[g].points;
  /* the match was won: its winner has at least the length */
  ck_assert_int_ge(points[summary.match_winner], match->length);
  match_free(match);
  free(text);
}
END_TEST

/* ---- the notation layer ---------------------------------------------- */

START_TEST(notation_parses_both_styles) {
  bg_move moves[BG_MAX_MOVES];
  const char *text = "bar/21 24/18*/13 6/off(2) 25/22 8/0";
  int count = notation_parse_moves(text, strlen(text), moves, BG_MAX_MOVES, NULL);
  ck_assert_int_eq(count, 6);
  ck_assert(moves[0].from == BG_BAR && moves[0].to == 21 && !moves[0].hit);
  ck_assert(moves[1].from == 24 && moves[1].to == 18 && moves[1].hit);
  ck_assert(moves[2].from == 18 && moves[2].to == 13 && !moves[2].hit);
  ck_assert(moves[3].from == 6 && moves[3].to == BG_OFF && moves[3].count == 2);
  ck_assert(moves[4].from == BG_BAR && moves[4].to == 22);
  ck_assert(moves[5].from == 8 && moves[5].to == BG_OFF);
  ck_assert_int_eq(notation_parse_moves("", 0, moves, BG_MAX_MOVES, NULL), 0);
  size_t error_at = 0;
  const char *bad[] = {"13-9", "26/20", "13/", "6/off(x)", "????", "13/9 x"};
  size_t where[] = {2, 0, 3, 5, 0, 5};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ck_assert_msg(
        notation_parse_moves(bad[i], strlen(bad[i]), moves, BG_MAX_MOVES, &error_at) < 0,
        "'%s' parsed", bad[i]);
    ck_assert_msg(error_at == where[i], "'%s': error at %zu", bad[i], error_at);
  }
}
END_TEST

START_TEST(notation_formats_both_styles) {
  bg_play play = {.step_count = 4,
                  .steps = {{BG_BAR, 21, 4, false},
                            {13, 9, 4, true},
                            {9, 5, 4, false},
                            {4, BG_OFF, 4, false}}};
  char text[64];
  ck_assert_str_eq(notation_format_play_as(&play, NOTATION_GNUBG, text, sizeof text),
                   "bar/21 13/9*/5 4/off");
  ck_assert_str_eq(notation_format_play_as(&play, NOTATION_STEPS, text, sizeof text),
                   "25/21 13/9* 9/5 4/0");
  bg_play none = {.step_count = 0};
  ck_assert_str_eq(notation_format_play_as(&none, NOTATION_STEPS, text, sizeof text), "");
}
END_TEST

static Suite *replay_suite(void) {
  Suite *suite = suite_create("replay");
  TCase *positions = tcase_create("positions");
  tcase_set_timeout(positions, 120);
  tcase_add_test(positions, positions_after_plays_are_gnubgs);
  tcase_add_test(positions, results_agree_with_wins_lines);
  suite_add_tcase(suite, positions);
  TCase *conventions = tcase_create("conventions");
  tcase_add_test(conventions, galaxy_losses_in_the_winners_column);
  tcase_add_test(conventions, dailygammon_inline_wins);
  tcase_add_test(conventions, inline_wins_without_the_last_checker);
  tcase_add_loop_test(conventions, resignations_name_the_opponent, 0,
                      sizeof cut_short / sizeof cut_short[0]);
  tcase_add_test(conventions, gammon_and_cube_at_the_end);
  suite_add_tcase(suite, conventions);
  TCase *notation = tcase_create("notation");
  tcase_add_test(notation, notation_parses_both_styles);
  tcase_add_test(notation, steps_as_written);
  tcase_add_test(notation, notation_formats_both_styles);
  suite_add_tcase(suite, notation);
  return suite;
}

int main(void) {
  return run_suite(replay_suite());
}
