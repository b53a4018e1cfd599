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
 * hit marks may hit or not on the way), and say why not otherwise.  The
 * proof made in place on the referee's own position (referee_prove_onto)
 * must give what the proof from the roller's view gives, for either
 * player, and leave the position untouched where it fails.  When
 * the fixture is absent it says SKIP and passes.  Over positions of random
 * games, the written order's first path (referee_search_first_path) must
 * give what the search it stands in front of gives, wherever it plays.
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
#include "referee_prove.h"
#include "legal_fixture.h"
#include "random_games.h"
#include "play_path.h"
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

/* The fixture's positions, read a line at a time (fixture_next). */
typedef struct {
  FILE *file;
  char *text;
  size_t size;
  int lines; /* read so far */
} fixture_lines;

static void fixture_open(fixture_lines *fixture) {
  *fixture = (fixture_lines){.file = fopen(fixture_path, "r")};
  ck_assert_msg(fixture->file != NULL, "cannot open %s", fixture_path);
}

/* The next line's board and dice; false at the end. */
static bool fixture_next(fixture_lines *fixture, bg_board *board, int *die1, int *die2) {
  if (getline(&fixture->text, &fixture->size, fixture->file) <= 0)
    return false;
  fixture->lines++;
  ck_assert_msg(parse_line(fixture->text, board, die1, die2), "legal-plays.tsv:%d",
                fixture->lines);
  return true;
}

/* Closes the fixture, read to its end: 2,990 positions. */
static void fixture_close(fixture_lines *fixture) {
  free(fixture->text);
  fclose(fixture->file);
  ck_assert_int_eq(fixture->lines, 2990);
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
  static reading_set positions; /* large: kept out of the stack */
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
  fixture_lines fixture;
  fixture_open(&fixture);
  bg_match *match = match_new("t.mat");
  bg_diag_sink sink;
  diag_sink_init(&sink, NULL, DIAG_TEXT);
  static play_checker checker; /* large: kept out of the stack */
  referee_play_checker_init(&checker, match, &sink);
  bg_playlist legal, reachable;
  movegen_playlist_init(&legal);
  movegen_playlist_init(&reachable);
  int plays = 0, accepted = 0, disagree = 0;
  bg_board board;
  int die1, die2;
  while (fixture_next(&fixture, &board, &die1, &die2)) {
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
                 fixture.lines, die1, die2, written, verdict ? "accepts" : "refuses",
                 expected ? "legal" : "not legal");
        }
      }
    }
  }
  printf("play proofs: %d positions, %d written plays, %d accepted, %d disagree\n",
         fixture.lines, plays, accepted, disagree);
  fflush(stdout);
  fixture_close(&fixture);
  movegen_playlist_free(&legal);
  movegen_playlist_free(&reachable);
  referee_play_checker_free(&checker);
  diag_sink_free(&sink);
  match_free(match);
  ck_assert_int_gt(accepted, 0);
  ck_assert_int_lt(accepted, plays);
  ck_assert_int_eq(disagree, 0);
}
END_TEST

/* Every legal play of `legal` on the record's path that leaves the
 * mover's checkers as `after` does leaves the whole board so: no reading
 * hits otherwise. */
static bool every_reading_is(const bg_playlist *legal, const bg_action *roll,
                             const bg_board *after) {
  for (int i = 0; i < legal->count; i++)
    if (memcmp(legal->plays[i].result.checkers[0], after->checkers[0], BG_SLOTS) == 0 &&
        play_lands_as_written(roll, &legal->plays[i]) &&
        !board_equal(&legal->plays[i].result, after))
      return false;
  return true;
}

/* The quick proof's position is the one of every legal play with the
 * record's result on its path, hits included: a combined move over a blot another
 * reading could stop on and hit ("12/8" with 22 over a blot on the 10)
 * must go to the move generator, one over a blot no reading can reach
 * need not. */
START_TEST(test_quick_proof_leaves_every_reading) {
  fixture_lines fixture;
  fixture_open(&fixture);
  bg_playlist legal;
  movegen_playlist_init(&legal);
  int proved = 0, wrong = 0;
  bg_board board, after;
  int die1, die2;
  while (fixture_next(&fixture, &board, &die1, &die2)) {
    movegen_legal_plays(&board, die1, die2, &legal);
    bg_move moves[BG_MAX_MOVES];
    bg_action roll = {.kind = ACT_ROLL, .die1 = die1, .die2 = die2, .moves = moves};
    for (int i = 0; i < legal.count; i++)
      for (int joined = 0; joined < 2; joined++) {
        write_play(&legal.plays[i], joined, false, &roll);
        if (!referee_prove_quickly(false, &roll, &board, &after))
          continue;
        proved++;
        if (!every_reading_is(&legal, &roll, &after) && wrong++ < 5)
          printf("legal-plays.tsv:%d: roll %d%d, play %d (%s): another reading hits\n",
                 fixture.lines, die1, die2, i, joined ? "joined" : "a move a step");
      }
  }
  printf("quick proofs: %d positions, %d plays proved, %d wrong\n", fixture.lines, proved,
         wrong);
  fflush(stdout);
  fixture_close(&fixture);
  movegen_playlist_free(&legal);
  ck_assert_int_gt(proved, 0);
  ck_assert_int_eq(wrong, 0);
}
END_TEST

/* referee_prove_quickly from the roller's view of `absolute` (side 0 the
 * left player), its position turned back: what referee_prove_onto makes
 * in place must be this. */
static bool proved_from_a_view(bool marks_hits, const bg_action *roll,
                               const bg_board *absolute, bg_board *after) {
  bg_board view, view_after;
  board_seen_by(absolute, roll->player, &view);
  if (!referee_prove_quickly(marks_hits, roll, &view, &view_after))
    return false;
  board_seen_by(&view_after, roll->player, after);
  return true;
}

/* referee_prove_onto of `roll` against proved_from_a_view: the same
 * verdict, the same position where proved, `absolute` untouched where
 * not (the steps it made in place taken back). */
static bool proved_onto_as_from_a_view(bool marks_hits, const bg_action *roll,
                                       const bg_board *absolute) {
  bg_board expected, in_place = *absolute;
  bool proved = proved_from_a_view(marks_hits, roll, absolute, &expected);
  if (referee_prove_onto(marks_hits, roll, &in_place) != proved)
    return false;
  return board_equal(&in_place, proved ? &expected : absolute);
}

/* The moves of `roll` that move alike (from and to) written as one with
 * their count ("8/5(2)"), as a record may write a double. */
static void count_alike(bg_action *roll) {
  int kept = 0;
  for (int i = 0; i < roll->move_count; i++) {
    bg_move *last = kept ? &roll->moves[kept - 1] : NULL;
    if (last && last->from == roll->moves[i].from && last->to == roll->moves[i].to) {
      last->count++;
      last->hit |= roll->moves[i].hit;
      continue;
    }
    roll->moves[kept++] = roll->moves[i];
  }
  roll->move_count = kept;
}

/* Every play the roll can reach (legal or not: a partial play fails once
 * its moves are made), written eight ways (each move a step or joined,
 * marked or not, alike moves counted or not), with the last move's mark
 * as written and turned over (a proof refused after every step, hits
 * included), with the roll's dice and with another second die, by either
 * player: referee_prove_onto agrees with the proof from a view. */
START_TEST(test_proof_in_place_is_the_proof_from_a_view) {
  fixture_lines fixture;
  fixture_open(&fixture);
  bg_playlist reachable;
  movegen_playlist_init(&reachable);
  int proofs = 0, proved = 0, differ = 0;
  bg_board board, absolute;
  int die1, die2;
  while (fixture_next(&fixture, &board, &die1, &die2)) {
    movegen_reachable(&board, die1, die2, &reachable);
    bg_move moves[BG_MAX_MOVES];
    bg_action roll = {.kind = ACT_ROLL, .die1 = die1, .die2 = die2, .moves = moves};
    for (int i = 0; i < reachable.count; i++)
      for (int way = 0; way < 64; way++) {
        bool joined = way & 1, marked = way & 2, flipped = way & 4, counted = way & 8,
             other_dice = way & 16;
        roll.player = way >> 5;
        /* other dice: a move fails after some of its steps ("8/5(2)" with
         * a 3 and no other) */
        roll.die2 = other_dice ? die2 % 6 + 1 : die2;
        board_seen_by(&board, roll.player, &absolute);
        write_play(&reachable.plays[i], joined, marked, &roll);
        if (counted)
          count_alike(&roll);
        if (flipped && roll.move_count > 0)
          roll.moves[roll.move_count - 1].hit ^= 1;
        bg_board after;
        proved += proved_from_a_view(marked, &roll, &absolute, &after);
        proofs++;
        if (!proved_onto_as_from_a_view(marked, &roll, &absolute) && differ++ < 5)
          printf("legal-plays.tsv:%d: roll %d%d, play %d, way %d: in place differs\n",
                 fixture.lines, die1, die2, i, way);
      }
  }
  printf("proofs in place: %d positions, %d proofs, %d proved, %d differ\n",
         fixture.lines, proofs, proved, differ);
  fflush(stdout);
  fixture_close(&fixture);
  movegen_playlist_free(&reachable);
  ck_assert_int_gt(proved, 0);
  ck_assert_int_lt(proved, proofs);
  ck_assert_int_eq(differ, 0);
}
END_TEST

/* The kinds of play referee_prove_onto proves in place when the walk
 * refuses them: a no-play, one checker of a non-double moved by both dice
 * (a hop) or by one, a double's moves; 0 for any other play. */
static int common_kind(const bg_action *roll) {
  if (roll->move_count == 0)
    return 1;
  if (roll->die1 == roll->die2)
    return 4;
  const bg_move *move = &roll->moves[0];
  if (roll->move_count != 1 || move->count != 1)
    return 0;
  return move->to >= 1 && move->from - move->to == roll->die1 + roll->die2 ? 2 : 3;
}

/* A common kind's proof in place (`proved`, from `board` to `after`)
 * checked against the move generator's `legal` plays alone: a legal
 * play leaves the mover's checkers so, every reading on the record's
 * path leaves the whole board so, and with `marked`, the marks count the
 * hits. */
static bool common_proof_is_legal(const bg_playlist *legal, const bg_action *roll,
                                  bool marked, const bg_board *board,
                                  const bg_board *after) {
  if (!legal_leaves(legal, after) || !every_reading_is(legal, roll, after))
    return false;
  int marks = 0;
  for (int m = 0; m < roll->move_count; m++)
    marks += roll->moves[m].hit;
  int hits = after->checkers[1][BG_BAR] - board->checkers[1][BG_BAR];
  return !marked || marks == hits;
}

/* The common kinds proved in place, each checked against the move
 * generator directly (not against the proof from a view, which shares
 * their code): every reachable play of each kind, written both ways,
 * marked or not, its mark as written or turned over.  Each kind must be
 * proved somewhere. */
START_TEST(test_common_cases_in_place_are_legal) {
  fixture_lines fixture;
  fixture_open(&fixture);
  bg_playlist legal, reachable;
  movegen_playlist_init(&legal);
  movegen_playlist_init(&reachable);
  int proved[5] = {0}, wrong = 0;
  bg_board board;
  int die1, die2;
  while (fixture_next(&fixture, &board, &die1, &die2)) {
    movegen_legal_plays(&board, die1, die2, &legal);
    movegen_reachable(&board, die1, die2, &reachable);
    bg_move moves[BG_MAX_MOVES];
    bg_action roll = {.kind = ACT_ROLL, .die1 = die1, .die2 = die2, .moves = moves};
    for (int i = 0; i < reachable.count; i++)
      for (int way = 0; way < 8; way++) {
        bool joined = way & 1, marked = way & 2, flipped = way & 4;
        write_play(&reachable.plays[i], joined, marked, &roll);
        if (flipped && roll.move_count > 0)
          roll.moves[0].hit ^= 1;
        int kind = common_kind(&roll);
        bg_board after = board; /* the left player's own view */
        if (!kind || !referee_prove_onto(marked, &roll, &after))
          continue;
        proved[kind]++;
        if (!common_proof_is_legal(&legal, &roll, marked, &board, &after) && wrong++ < 5)
          printf("legal-plays.tsv:%d: roll %d%d, play %d, way %d: proved, not legal\n",
                 fixture.lines, die1, die2, i, way);
      }
  }
  printf("common cases in place: %d no-plays, %d hops, %d of one die, %d doubles "
         "proved, %d wrong\n",
         proved[1], proved[2], proved[3], proved[4], wrong);
  fflush(stdout);
  fixture_close(&fixture);
  movegen_playlist_free(&legal);
  movegen_playlist_free(&reachable);
  for (int kind = 1; kind <= 4; kind++)
    ck_assert_int_gt(proved[kind], 0);
  ck_assert_int_eq(wrong, 0);
}
END_TEST

/* ---- referee_dice_may_make_moves: a cut no position changes ------------- */

static bg_playlist reachable_plays;

/* Every play the dice can make from a position of a game of random legal
 * plays, written one move a step and joined: the dice may make it. */
static int dice_make_every_reachable_play(const bg_board *board, int die1, int die2) {
  bg_move moves[BG_MAX_MOVES];
  bg_action roll = {.kind = ACT_ROLL, .die1 = die1, .die2 = die2, .moves = moves};
  movegen_reachable(board, die1, die2, &reachable_plays);
  for (int i = 0; i < reachable_plays.count; i++)
    for (int joined = 0; joined < 2; joined++) {
      write_play(&reachable_plays.plays[i], joined, false, &roll);
      ck_assert_msg(referee_dice_may_make_moves(&roll), "a play of %d%d cut", die1, die2);
    }
  return reachable_plays.count;
}

/* Random moves on random positions: where the dice cannot make them,
 * neither proof can replay them there. */
static int cut_moves(unsigned seed, int rolls) {
  static const int points[] = {BG_BAR, 24, 20, 13, 12, 8, 7, 6, 5, 4, 3, 2, 1, BG_OFF};
  const int point_count = (int)(sizeof points / sizeof points[0]);
  bg_move moves[BG_MAX_MOVES];
  int cut = 0;
  for (int n = 0; n < rolls; n++) {
    bg_board board;
    board_initial(&board);
    /* a few checkers moved anywhere, some borne off: bear-offs happen */
    for (int k = 0; k < 12; k++) {
      int from = (int)(random_games_next(&seed) % 25) + 1,
          to = (int)(random_games_next(&seed) % 25);
      if (board.checkers[0][from] && to < from) {
        board.checkers[0][from]--;
        board.checkers[0][to]++;
      }
    }
    bg_action roll = {.kind = ACT_ROLL,
                      .die1 = (int)(random_games_next(&seed) % 6) + 1,
                      .die2 = (int)(random_games_next(&seed) % 6) + 1,
                      .moves = moves};
    roll.move_count = (int)(random_games_next(&seed) % 4) + 1;
    for (int i = 0; i < roll.move_count; i++) {
      int from = points[random_games_next(&seed) % (unsigned)(point_count - 1)];
      int to = from - (int)(random_games_next(&seed) % 12) - 1;
      moves[i] = (bg_move){from, to < 0 ? BG_OFF : to, 1, false, {1, 10 + 6 * i}};
    }
    if (referee_dice_may_make_moves(&roll))
      continue;
    cut++;
    bg_board after;
    ck_assert(!referee_replay_one_die_per_move(&roll, &board, &after));
    ck_assert(!referee_replay_maximal(&roll, &board, &after));
  }
  return cut;
}

static bool dice_make(int die1, int die2, const int (*moves)[2], int count) {
  bg_move written[BG_MAX_MOVES];
  for (int i = 0; i < count; i++)
    written[i] = (bg_move){moves[i][0], moves[i][1], 1, false, {1, 1}};
  bg_action roll = {.kind = ACT_ROLL,
                    .die1 = die1,
                    .die2 = die2,
                    .moves = written,
                    .move_count = count};
  return referee_dice_may_make_moves(&roll);
}

START_TEST(test_dice_make_every_reachable_play) {
  movegen_playlist_init(&reachable_plays);
  int asked = random_games_walk(20261127, 3, dice_make_every_reachable_play);
  movegen_playlist_free(&reachable_plays);
  ck_assert_int_gt(asked, 50000);
}
END_TEST

START_TEST(test_dice_cut_only_what_no_proof_replays) {
  /* and most random plays are cut */
  ck_assert_int_gt(cut_moves(77, 20000), 10000);
}
END_TEST

START_TEST(test_dice_make_moves_by_hand) {
  ck_assert(dice_make(6, 5, (const int[][2]){{24, 13}}, 1));           /* one hop: 6+5 */
  ck_assert(dice_make(6, 5, (const int[][2]){{24, 18}, {13, 8}}, 2));  /* a move a die */
  ck_assert(!dice_make(3, 1, (const int[][2]){{13, 7}}, 1));           /* 6 pips of 4 */
  ck_assert(!dice_make(6, 5, (const int[][2]){{24, 18}, {13, 7}}, 2)); /* two 6s */
  ck_assert(dice_make(6, 5, (const int[][2]){{24, 18}},
                      1)); /* the 5 unplayed: the proofs decide */
  ck_assert(dice_make(3, 3, (const int[][2]){{13, 4}, {8, 5}}, 2)); /* three 3s and one */
  ck_assert(dice_make(3, 3, (const int[][2]){{13, 1}}, 1));         /* four */
  ck_assert(!dice_make(3, 3, (const int[][2]){{24, 10}}, 1));       /* 14 is no 3s */
  ck_assert(!dice_make(3, 3, (const int[][2]){{13, 1}, {8, 5}}, 2)); /* five 3s */
  /* bear-offs: a die at least the distance; a hop's every die but its
   * last short of it */
  ck_assert(dice_make(6, 5, (const int[][2]){{3, BG_OFF}}, 1));
  ck_assert(dice_make(5, 4, (const int[][2]){{8, BG_OFF}}, 1));   /* 8/4/off */
  ck_assert(!dice_make(5, 4, (const int[][2]){{10, BG_OFF}}, 1)); /* 9 pips */
  ck_assert(!dice_make(6, 1, (const int[][2]){{5, BG_OFF}, {2, BG_OFF}},
                       2)); /* the 1 bears off neither */
  ck_assert(!dice_make(2, 2, (const int[][2]){{3, BG_OFF}, {3, BG_OFF}, {3, BG_OFF}}, 3));
  /* a move that goes nowhere or back: no die makes it */
  ck_assert(!dice_make(6, 5, (const int[][2]){{8, 8}}, 1));
  ck_assert(!dice_make(6, 5, (const int[][2]){{8, 13}}, 1));
  /* no move: nothing to share out; dice not of 1..6: the proofs decide */
  ck_assert(dice_make(6, 5, NULL, 0));
  ck_assert(dice_make(0, 5, (const int[][2]){{13, 7}}, 1));
}
END_TEST

/* A double of 4s from the opening position, its moves `moves` ({from,
 * to, count}), by either player, marked or not: referee_prove_onto
 * agrees with the quick proof from a view (the position made, or left
 * as it was), and whether that proves it is `proves`. */
static void double_by_hand(const int (*moves)[3], int count, bool proves) {
  bg_move written[BG_MAX_MOVES] = {{0}};
  for (int i = 0; i < count; i++)
    written[i] = (bg_move){.from = (int8_t)moves[i][0],
                           .to = (int8_t)moves[i][1],
                           .count = (int16_t)moves[i][2]};
  bg_action roll = {
      .kind = ACT_ROLL, .die1 = 4, .die2 = 4, .moves = written, .move_count = count};
  bg_board opening, absolute;
  board_initial(&opening);
  for (int way = 0; way < 4; way++) {
    roll.player = way & 1;
    bool marked = way & 2;
    board_seen_by(&opening, roll.player, &absolute);
    bg_board after;
    ck_assert(proved_onto_as_from_a_view(marked, &roll, &absolute));
    ck_assert(proved_from_a_view(marked, &roll, &absolute, &after) == proves);
  }
}

/* A double's walk a die a step tells each move as it makes it, by one
 * die or several (a hop, its stops open): where a move after others made
 * is not so walked, or the steps are not four, it takes them back, and
 * the proofs after it decide. */
START_TEST(test_double_walk_takes_back_by_hand) {
  double_by_hand((const int[][3]){{24, 20, 2}, {13, 9, 2}}, 2, true); /* walked */
  double_by_hand((const int[][3]){{13, 5, 2}}, 1, true);              /* hops */
  double_by_hand((const int[][3]){{24, 16, 1}, {13, 5, 1}}, 2, true); /* hops */
  double_by_hand((const int[][3]){{24, 20, 1}, {6, 2, 3}}, 2, true);  /* a step each */
  double_by_hand((const int[][3]){{13, 1, 1}}, 1, false); /* onto a point held */
  double_by_hand((const int[][3]){{24, 20, 1}, {13, 5, 1}}, 2, false); /* a hop after */
  double_by_hand((const int[][3]){{24, 20, 2}, {13, 9, 1}}, 2, false); /* three 4s */
  double_by_hand((const int[][3]){{13, 9, 1}, {8, 4, 4}}, 2, false);   /* five 4s */
  double_by_hand((const int[][3]){{13, 9, 1}, {6, 2, 2}, {24, 16, 1}}, 3, false);
}
END_TEST

/* A play in the roller's home board, its moves `moves` ({from, to,
 * count, hit}), by either player, marked or not: the roller's checkers
 * on points 1..6 as `home` gives them (the rest borne off), the
 * opponent's blot on the roller's 3 point and the rest on its 13:
 * referee_prove_onto agrees with the quick proof from a view, and
 * whether that proves it is `proves`. */
static void home_by_hand(const int home[BG_HOME_TOP + 1], int die1, int die2,
                         const int (*moves)[4], int count, bool proves) {
  bg_move written[BG_MAX_MOVES] = {{0}};
  for (int i = 0; i < count; i++)
    written[i] = (bg_move){.from = (int8_t)moves[i][0],
                           .to = (int8_t)moves[i][1],
                           .count = (int16_t)moves[i][2],
                           .hit = moves[i][3] != 0};
  bg_action roll = {.kind = ACT_ROLL,
                    .die1 = die1,
                    .die2 = die2,
                    .moves = written,
                    .move_count = count};
  bg_board board = {{{0}}};
  int on_board = 0;
  for (int point = 1; point <= BG_HOME_TOP; point++)
    on_board += board.checkers[0][point] = (uint8_t)home[point];
  board.checkers[0][BG_OFF] = (uint8_t)(BG_CHECKERS - on_board);
  board.checkers[1][BG_BAR - 3] = 1;
  board.checkers[1][13] = BG_CHECKERS - 1;
  ck_assert(board_is_valid(&board));
  for (int way = 0; way < 4; way++) {
    roll.player = way & 1;
    bool marked = way & 2;
    bg_board absolute, after;
    board_seen_by(&board, roll.player, &absolute);
    ck_assert(proved_onto_as_from_a_view(marked, &roll, &absolute));
    ck_assert(proved_from_a_view(marked, &roll, &absolute, &after) == proves);
  }
}

/* Bear-offs walked in place with every checker home: a die larger than
 * the distance only with none above, hits on the home points, the last
 * checkers borne off with dice left; and plays the walk leaves to the
 * proofs after it, which decide. */
START_TEST(test_home_walk_by_hand) {
  const int spread[] = {0, 1, 0, 0, 2, 0, 1}, last_two[] = {0, 1, 1, 0, 0, 0, 0},
            last_one[] = {0, 0, 0, 0, 0, 1, 0};
  home_by_hand(spread, 6, 5, (const int[][4]){{6, 0, 1, 0}, {4, 0, 1, 0}}, 2, true);
  /* the 5 bears the 4 off only once the 6 is off: the search's order */
  home_by_hand(spread, 6, 5, (const int[][4]){{4, 0, 1, 0}, {6, 0, 1, 0}}, 2, true);
  home_by_hand(spread, 5, 3, (const int[][4]){{4, 0, 2, 0}}, 1, false);
  home_by_hand(spread, 2, 1, (const int[][4]){{4, 3, 1, 1}, {3, 1, 1, 0}}, 2, true);
  /* the 2 bears the 1 off only with none above */
  home_by_hand(spread, 2, 1, (const int[][4]){{4, 3, 1, 1}, {1, 0, 1, 0}}, 2, false);
  home_by_hand(spread, 3, 3, (const int[][4]){{6, 3, 1, 1}, {3, 0, 1, 0}, {4, 1, 2, 0}},
               3, true);
  home_by_hand(last_two, 3, 3, (const int[][4]){{2, 0, 1, 0}, {1, 0, 1, 0}}, 2, true);
  home_by_hand(last_two, 3, 3, (const int[][4]){{2, 0, 1, 0}}, 1, false);
  home_by_hand(last_one, 6, 5, (const int[][4]){{5, 0, 1, 0}}, 1, true);
  home_by_hand(last_one, 2, 1, (const int[][4]){{5, 0, 1, 0}}, 1, false);
  home_by_hand(last_one, 2, 1, (const int[][4]){{5, 3, 1, 0}}, 1, false);
}
END_TEST

/* ---- referee_search_first_path: the written order's search, unstacked ---- */

/* Where the first path plays every move of `roll` from `board`, the search
 * in the written order finds the very same steps and position; 1 then. */
static int first_path_is_the_search(const bg_board *board, const bg_action *roll) {
  bg_play first = {.result = *board};
  if (!referee_search_first_path(roll, &first))
    return 0;
  move_search search;
  ck_assert(referee_search_init_as_written(&search, roll));
  ck_assert(referee_search_run(&search, roll, board));
  ck_assert(board_equal(&first.result, &search.final_board));
  ck_assert_int_eq(first.step_count, search.step_count);
  for (int s = 0; s < first.step_count; s++) {
    ck_assert_int_eq(first.steps[s].from, search.steps[s].from);
    ck_assert_int_eq(first.steps[s].to, search.steps[s].to);
    ck_assert_int_eq(first.steps[s].die, search.steps[s].die);
    ck_assert_int_eq(first.steps[s].hit, search.steps[s].hit);
  }
  return 1;
}

/* Every play the dice can make, one move a step and joined, in its order
 * and backwards (an order that may come to a dead end or hop otherwise). */
static int first_path_of_every_reachable_play(const bg_board *board, int die1, int die2) {
  bg_move moves[BG_MAX_MOVES];
  bg_action roll = {.kind = ACT_ROLL, .die1 = die1, .die2 = die2, .moves = moves};
  movegen_reachable(board, die1, die2, &reachable_plays);
  int settled = 0;
  for (int i = 0; i < reachable_plays.count; i++)
    for (int joined = 0; joined < 2; joined++) {
      write_play(&reachable_plays.plays[i], joined, false, &roll);
      settled += first_path_is_the_search(board, &roll);
      for (int m = 0; m < roll.move_count / 2; m++) {
        bg_move swapped = moves[m];
        moves[m] = moves[roll.move_count - 1 - m];
        moves[roll.move_count - 1 - m] = swapped;
      }
      settled += first_path_is_the_search(board, &roll);
    }
  return settled;
}

START_TEST(test_first_path_is_the_search) {
  movegen_playlist_init(&reachable_plays);
  int settled = random_games_walk(20261129, 3, first_path_of_every_reachable_play);
  movegen_playlist_free(&reachable_plays);
  printf("first path: %d plays settled\n", settled);
  ck_assert_int_gt(settled, 800000);
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
  if (legal_fixture_present(fixture_path, "the referee's play proofs")) {
    tcase_add_test(fixture, test_referee_agrees_with_the_rules);
    tcase_add_test(fixture, test_quick_proof_leaves_every_reading);
    tcase_add_test(fixture, test_proof_in_place_is_the_proof_from_a_view);
    tcase_add_test(fixture, test_common_cases_in_place_are_legal);
  } else
    tcase_add_test(fixture, test_fixture_absent);
  suite_add_tcase(suite, fixture);
  TCase *dice = tcase_create("moves the dice may make");
  tcase_set_timeout(dice, 60);
  tcase_add_test(dice, test_dice_make_every_reachable_play);
  tcase_add_test(dice, test_dice_cut_only_what_no_proof_replays);
  tcase_add_test(dice, test_dice_make_moves_by_hand);
  tcase_add_test(dice, test_double_walk_takes_back_by_hand);
  tcase_add_test(dice, test_home_walk_by_hand);
  tcase_add_test(dice, test_first_path_is_the_search);
  suite_add_tcase(suite, dice);
  return run_suite(suite);
}
