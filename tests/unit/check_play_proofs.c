/*
 * check_play_proofs.c — the referee's verdict on a play against the move
 * generator's, for every play a position allows.
 *
 * The referee proves most plays legal without generating moves
 * (referee_proof.c: a play written one die per move that uses every die, a
 * combined hop over no blot another reading could stop on, a partial play
 * of a double after which nothing can move...).  Each proof must agree with
 * the rules.  For each of the 2,990 positions and rolls of
 * ../shared/fixtures/legal-plays.tsv (BGMATCH_SHARED overrides "../shared"),
 * every position the roll can reach with any number of its dice
 * (movegen_reachable) is written as a recorded play twice: one move per
 * die, and with each checker's steps joined into one move ("13/5" for
 * 13/7/5); each without hit marks and with them, as a record that marks
 * its hits does.  The referee must accept it without an error exactly when
 * a legal play leaves the mover's checkers the same way (a record without
 * hit marks may hit or not on the way), and say why not otherwise.  When
 * the fixture is absent it says SKIP and passes.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "diag.h"
#include "match.h"
#include "movegen.h"
#include "referee_int.h"
#include "legal_fixture.h"
#include "run_suite.h"

static char fixture_path[4096];

/* The board and dice of a fixture line ("id<TAB>side0<TAB>side1<TAB>63..."). */
static bool parse_line(char *text, bg_board *board, int *die1, int *die2) {
  char *columns[4];
  for (int i = 0; i < 4; i++) {
    columns[i] = text;
    char *tab = strchr(text, '\t');
    if (!tab)
      return false;
    *tab = '\0';
    text = tab + 1;
  }
  if (!legal_fixture_side(columns[1], board->checkers[0]) ||
      !legal_fixture_side(columns[2], board->checkers[1]) || strlen(columns[3]) != 2)
    return false;
  *die1 = columns[3][0] - '0';
  *die2 = columns[3][1] - '0';
  return true;
}

/* `play` written as the record's moves: one a step, or each checker's
 * consecutive steps joined into one move; with `marked`, a '*' where a
 * move ends on a hit (a hit on the way of a joined move stays unmarked:
 * the notation's blind spot, a warning at most). */
static void write_play(const bg_play *play, bool joined, bool marked, bg_action *roll) {
  roll->move_count = 0;
  for (int s = 0; s < play->step_count; s++) {
    bg_move *last = roll->move_count ? &roll->moves[roll->move_count - 1] : NULL;
    bool hit = marked && play->steps[s].hit;
    if (joined && last && last->to == play->steps[s].from && last->to != BG_OFF) {
      last->to = play->steps[s].to;
      last->hit = hit;
      continue;
    }
    roll->moves[roll->move_count++] =
        (bg_move){play->steps[s].from, play->steps[s].to, 1, hit, {1, 10 + 6 * s}};
  }
}

static bool legal_leaves(const bg_playlist *legal, const bg_board *board) {
  for (int i = 0; i < legal->count; i++)
    if (memcmp(legal->plays[i].result.checkers[0], board->checkers[0], BG_SLOTS) == 0)
      return true;
  return false;
}

/* The referee's verdict on `roll` from `board` (the mover is the left
 * player, so the board is its own view): no error? */
static bool referee_accepts(play_checker *checker, bg_diag_sink *sink,
                            const bg_board *board, const bg_action *roll) {
  static position_set positions; /* large: kept out of the stack */
  positions.count = 0;
  referee_positions_only(&positions, board);
  long errors = sink->errors;
  referee_plays_new_game(checker);
  referee_check_play(checker, roll, &positions, false);
  bool clean = sink->errors == errors;
  diag_discard(sink); /* uncounts them too */
  return clean;
}

START_TEST(test_referee_agrees_with_the_rules) {
  FILE *file = fopen(fixture_path, "r");
  ck_assert_msg(file != NULL, "cannot open %s", fixture_path);
  bg_match *match = match_new("t.mat");
  bg_diag_sink sink;
  diag_sink_init(&sink, NULL, DIAG_TEXT);
  static play_checker checker; /* large: kept out of the stack */
  referee_play_checker_init(&checker, match, &sink);
  bg_playlist legal, reachable;
  movegen_playlist_init(&legal);
  movegen_playlist_init(&reachable);
  char *text = NULL;
  size_t text_size = 0;
  int lines = 0, plays = 0, accepted = 0, disagree = 0;
  while (getline(&text, &text_size, file) > 0) {
    bg_board board;
    int die1, die2;
    lines++;
    ck_assert_msg(parse_line(text, &board, &die1, &die2), "legal-plays.tsv:%d", lines);
    movegen_legal_plays(&board, die1, die2, &legal);
    movegen_reachable(&board, die1, die2, &reachable);
    bg_move moves[BG_MAX_MOVES];
    bg_action roll = {.kind = ACT_ROLL,
                      .player = 0,
                      .die1 = die1,
                      .die2 = die2,
                      .pos = {1, 6},
                      .moves = moves};
    for (int i = 0; i < reachable.count; i++) {
      const bg_play *play = &reachable.plays[i];
      bool expected = legal_leaves(&legal, &play->result);
      for (int way = 0; way < 4; way++) {
        bool joined = way & 1, marked = way & 2;
        checker.marks_hits = marked;
        write_play(play, joined, marked, &roll);
        roll.cannot_move = roll.move_count == 0;
        bool verdict = referee_accepts(&checker, &sink, &board, &roll);
        plays++;
        accepted += verdict;
        if (verdict != expected && disagree++ < 5) {
          char written[256];
          notation_play_text(&roll, written, sizeof written);
          printf("legal-plays.tsv:%d: roll %d%d, play '%s': referee %s, rules %s\n",
                 lines, die1, die2, written, verdict ? "accepts" : "refuses",
                 expected ? "legal" : "not legal");
        }
      }
    }
  }
  printf("play proofs: %d positions, %d written plays, %d accepted, %d disagree\n", lines,
         plays, accepted, disagree);
  fflush(stdout);
  free(text);
  fclose(file);
  movegen_playlist_free(&legal);
  movegen_playlist_free(&reachable);
  referee_play_checker_free(&checker);
  diag_sink_free(&sink);
  match_free(match);
  ck_assert_int_eq(lines, 2990);
  ck_assert_int_gt(accepted, 0);
  ck_assert_int_lt(accepted, plays);
  ck_assert_int_eq(disagree, 0);
}
END_TEST

/* Stands in for the fixture test when the fixture is absent. */
START_TEST(test_fixture_absent) {
  ck_assert_ptr_null(fopen(fixture_path, "r"));
}
END_TEST

int main(void) {
  legal_fixture_path(fixture_path, sizeof fixture_path);
  Suite *suite = suite_create("play_proofs");
  TCase *fixture = tcase_create("every reachable play");
  tcase_set_timeout(fixture, 120);
  if (legal_fixture_present(fixture_path, "the referee's play proofs"))
    tcase_add_test(fixture, test_referee_agrees_with_the_rules);
  else
    tcase_add_test(fixture, test_fixture_absent);
  suite_add_tcase(suite, fixture);
  return run_suite(suite);
}
