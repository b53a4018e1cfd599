/*
 * check_posid.c — Position ID, Match ID and XGID (posid.h): the test
 * vectors of the tracker's issue 13 (GNU Backgammon's own IDs for the
 * same positions), both directions, round trips over many positions and
 * states, and IDs that are none refused without a crash.
 */
#include <check.h>
#include <string.h>

#include "board.h"
#include "movegen.h"
#include "posid.h"
#include "run_suite.h"

/* The opening, then the top player (0) plays 42 (8/4 6/4): the bottom
 * player (1) is on roll, seen from its side. */
static void after_42(bg_board *view) {
  bg_board board;
  board_initial(&board);
  board_apply_step(&board, 8, 4);
  board_apply_step(&board, 6, 4);
  board_swap(&board);
  *view = board;
}

START_TEST(opening_position_id) {
  bg_board board, decoded;
  board_initial(&board);
  char id[POSID_POSITION_LENGTH + 1];
  posid_position_encode(&board, id);
  ck_assert_str_eq(id, "4HPwATDgc/ABMA");
  ck_assert(posid_position_decode("4HPwATDgc/ABMA", &decoded));
  ck_assert(board_equal(&board, &decoded));
}
END_TEST

/* The ID writes the player NOT on roll first: after 42 by the top
 * player, its changed checkers open the ID. */
START_TEST(position_id_after_42) {
  bg_board view, decoded;
  after_42(&view);
  char id[POSID_POSITION_LENGTH + 1];
  posid_position_encode(&view, id);
  ck_assert_str_eq(id, "mGfwATDgc/ABMA");
  ck_assert(posid_position_decode(id, &decoded));
  ck_assert(board_equal(&view, &decoded));
  ck_assert_int_eq(decoded.checkers[1][4], 2); /* the mover's new point */
}
END_TEST

START_TEST(match_id_after_42) {
  posid_match m, d;
  posid_match_init(&m, 1, 3, 0, 0);
  m.dice[0] = 1; /* in either order: the higher is written first */
  m.dice[1] = 2;
  char id[POSID_MATCH_LENGTH + 1];
  posid_match_encode(&m, id);
  ck_assert_str_eq(id, "cAllAAAAAAAE");
  ck_assert(posid_match_decode(id, &d));
  ck_assert_int_eq(d.on_roll, 1);
  ck_assert_int_eq(d.deciding, 1);
  ck_assert_int_eq(d.dice[0], 2);
  ck_assert_int_eq(d.dice[1], 1);
  ck_assert_int_eq(d.length, 3);
  ck_assert_int_eq(d.cube, 1);
  ck_assert_int_eq(d.cube_owner, -1);
  ck_assert_int_eq(d.state, POSID_PLAYING);
  ck_assert(!d.crawford && !d.doubled && !d.jacoby);
}
END_TEST

/* 9-point match, 2-4, player 0 owns a 2-cube, player 1 has rolled 52.
 * The ID has no Jacoby bit (written by hand, not by GNU Backgammon 1.07,
 * which reads it the same): decoded, then written back with the bit. */
START_TEST(match_id_nine_points) {
  posid_match d;
  ck_assert(posid_match_decode("QYkqASAAIAAA", &d));
  ck_assert_int_eq(d.length, 9);
  ck_assert_int_eq(d.score[0], 2);
  ck_assert_int_eq(d.score[1], 4);
  ck_assert_int_eq(d.cube, 2);
  ck_assert_int_eq(d.cube_owner, 0);
  ck_assert_int_eq(d.on_roll, 1);
  ck_assert_int_eq(d.dice[0], 5);
  ck_assert_int_eq(d.dice[1], 2);
  char id[POSID_MATCH_LENGTH + 1];
  posid_match_encode(&d, id);
  ck_assert_str_eq(id, "QYkqASAAIAAE");
}
END_TEST

START_TEST(match_id_money_jacoby) {
  /* GNU Backgammon's new session (Jacoby on), player 1 to roll. */
  posid_match m, d;
  posid_match_init(&m, 1, 0, 0, 0);
  m.jacoby = true;
  m.dice[0] = 4;
  m.dice[1] = 1;
  char id[POSID_MATCH_LENGTH + 1];
  posid_match_encode(&m, id);
  ck_assert_str_eq(id, "cAkGAAAAAAAA"); /* what GNU Backgammon 1.07 shows */
  ck_assert(posid_match_decode(id, &d));
  ck_assert(d.jacoby);
  m.jacoby = false;
  posid_match_encode(&m, id);
  ck_assert_str_eq(id, "cAkGAAAAAAAE");
  ck_assert(posid_match_decode(id, &d));
  ck_assert(!d.jacoby);
}
END_TEST

/* The Crawford bit (bit 7), against GNU Backgammon 1.07's own Match IDs
 * for the first play of a game (its import of the records named): a
 * 1-point match has no Crawford game, so the bit stays clear even when
 * the caller's state says Crawford (the rule's "a player at length - 1"
 * holds from the start there); a real Crawford game of a 7-point match
 * sets it. */
START_TEST(match_id_crawford_bit) {
  posid_match m, d;
  char id[POSID_MATCH_LENGTH + 1];
  /* corpus/galaxy/match9821661.txt, a 1-point match: game 1, player 0
   * to play 21 */
  posid_match_init(&m, 0, 1, 0, 0);
  m.dice[0] = 2;
  m.dice[1] = 1;
  m.crawford = true;
  posid_match_encode(&m, id);
  ck_assert_str_eq(id, "MAElAAAAAAAE");
  ck_assert(posid_match_decode(id, &d));
  ck_assert(!d.crawford);
  m.crawford = false;
  posid_match_encode(&m, id);
  ck_assert_str_eq(id, "MAElAAAAAAAE");
  /* corpus/xg-binary/charlot1-charlot2_7p_2025-11-08-2305.mat, game 4
   * at 6-2 of 7 (the Crawford game): player 1 to play 21 */
  posid_match_init(&m, 1, 7, 6, 2);
  m.dice[0] = 2;
  m.dice[1] = 1;
  m.crawford = true;
  posid_match_encode(&m, id);
  ck_assert_str_eq(id, "8AnlAGAAEAAE");
  ck_assert(posid_match_decode(id, &d));
  ck_assert(d.crawford);
  ck_assert_int_eq(d.length, 7);
  ck_assert_int_eq(d.score[0], 6);
  ck_assert_int_eq(d.score[1], 2);
  /* the same game were it not the Crawford game: only bit 7 differs */
  m.crawford = false;
  posid_match_encode(&m, id);
  ck_assert_str_eq(id, "cAnlAGAAEAAE");
}
END_TEST

START_TEST(xgid_after_42) {
  bg_board view, decoded;
  after_42(&view);
  posid_match m, d;
  posid_match_init(&m, 1, 3, 0, 0);
  m.dice[0] = 2;
  m.dice[1] = 1;
  char xgid[POSID_XGID_SIZE];
  posid_xgid_encode(&view, &m, xgid, sizeof xgid);
  ck_assert_str_eq(xgid, "XGID=-b----E-C---eE---b-d-b--B-:0:0:1:21:0:0:0:3:10");
  ck_assert(posid_xgid_decode(xgid, &decoded, &d));
  ck_assert(board_equal(&view, &decoded));
  ck_assert_int_eq(d.on_roll, 1);
  ck_assert_int_eq(d.dice[0], 2);
  ck_assert_int_eq(d.dice[1], 1);
  ck_assert_int_eq(d.length, 3);
  ck_assert(posid_xgid_decode(xgid + 5, &decoded, &d)); /* without the prefix */
}
END_TEST

/* Every field of the XGID: the top player on roll owning a 4-cube with a
 * checker on the bar, the other's borne off, Crawford, then money. */
START_TEST(xgid_fields_round_trip) {
  bg_board view, decoded;
  board_initial(&view);
  view.checkers[0][6]--;
  view.checkers[0][BG_BAR]++;
  view.checkers[1][6] -= 3;
  view.checkers[1][BG_OFF] += 3;
  posid_match m, d;
  posid_match_init(&m, 0, 7, 6, 3);
  m.cube = 4;
  m.cube_owner = 0;
  m.crawford = true;
  m.dice[0] = 6;
  m.dice[1] = 6;
  char xgid[POSID_XGID_SIZE];
  posid_xgid_encode(&view, &m, xgid, sizeof xgid);
  ck_assert_str_eq(xgid, "XGID=ab----B-C---eE---c-d----B-:2:-1:-1:66:3:6:1:7:10");
  ck_assert(posid_xgid_decode(xgid, &decoded, &d));
  ck_assert(board_equal(&view, &decoded));
  ck_assert_int_eq(d.on_roll, 0);
  ck_assert_int_eq(d.cube, 4);
  ck_assert_int_eq(d.cube_owner, 0);
  ck_assert(d.crawford);
  ck_assert_int_eq(d.score[0], 6);
  ck_assert_int_eq(d.score[1], 3);
  posid_match_init(&m, 1, 0, 0, 0);
  m.jacoby = m.beavers = true;
  m.doubled = true;
  m.max_cube = 64;
  posid_xgid_encode(&view, &m, xgid, sizeof xgid);
  ck_assert(strstr(xgid, ":0:0:1:D:0:0:3:0:6") != NULL);
  ck_assert(posid_xgid_decode(xgid, &decoded, &d));
  ck_assert(d.jacoby && d.beavers && d.doubled);
  ck_assert_int_eq(d.max_cube, 64);
}
END_TEST

/* Every position a few plies from the opening, and every Match ID field
 * at its extremes, survive a round trip. */
START_TEST(round_trips) {
  bg_board board;
  board_initial(&board);
  bg_playlist legal;
  movegen_playlist_init(&legal);
  int positions = 0;
  for (int d1 = 1; d1 <= 6; d1++)
    for (int d2 = d1; d2 <= 6; d2++) {
      movegen_legal_plays(&board, d1, d2, &legal);
      for (int i = 0; i < legal.count; i++) {
        bg_board after = legal.plays[i].result, decoded;
        board_swap(&after);
        char id[POSID_POSITION_LENGTH + 1], xgid[POSID_XGID_SIZE];
        posid_position_encode(&after, id);
        ck_assert(posid_position_decode(id, &decoded));
        ck_assert(board_equal(&after, &decoded));
        posid_match m, d;
        posid_match_init(&m, positions % 2, 0, 0, 0);
        posid_xgid_encode(&after, &m, xgid, sizeof xgid);
        ck_assert(posid_xgid_decode(xgid, &decoded, &d));
        ck_assert(board_equal(&after, &decoded));
        positions++;
      }
    }
  movegen_playlist_free(&legal);
  ck_assert_int_gt(positions, 300);

  posid_match m, d;
  posid_match_init(&m, 0, 32767, 32767, 32766);
  m.cube = 1 << 15;
  m.cube_owner = 1;
  m.deciding = 1;
  m.doubled = true;
  m.resigned = 3;
  m.state = POSID_DROPPED;
  char id[POSID_MATCH_LENGTH + 1];
  posid_match_encode(&m, id);
  ck_assert(posid_match_decode(id, &d));
  ck_assert(memcmp(&m, &d, sizeof m) == 0);
}
END_TEST

START_TEST(invalid_ids_refused) {
  bg_board board;
  posid_match m;
  static const char *const positions[] = {
      "",
      "4HPwATDgc/ABM",   /* 13 characters */
      "4HPwATDgc/ABMAA", /* 15 */
      "4HPwATDgc/AB*A",  /* not base64 */
      "4HPwATDgc/ABM=",  /* padding is not written */
      "//////////////",  /* more than 15 checkers */
      "AAAAAAAAAAAAAA",  /* fine: every checker borne off */
      "AAAAAAAAAAAAQA",  /* a bit past the last point */
      "AQAAAAAAAgAAAA",  /* both sides on one point */
      "AAAAAAAAAAAAAB",  /* a bit past the last byte */
  };
  for (size_t i = 0; i < sizeof positions / sizeof *positions; i++) {
    bool ok = posid_position_decode(positions[i], &board);
    ck_assert_msg(ok == (i == 6), "%s", positions[i]); /* only the empty board */
  }
  ck_assert(!posid_position_decode(NULL, &board));
  static const char *const matches[] = {
      "cAllAAAAAAA",                                   /* 11 characters */
      "cAllAAAAAAAEA", "cAll AAAAAAE", "cAllAAAAAAAI", /* a bit no version writes */
  };
  for (size_t i = 0; i < sizeof matches / sizeof *matches; i++)
    ck_assert_msg(!posid_match_decode(matches[i], &m), "%s", matches[i]);
  /* States GNU Backgammon refuses, written with the encoder: a die of 7,
   * one die alone, a score above the length, an unknown game state. */
  for (int bad = 0; bad < 4; bad++) {
    posid_match_init(&m, 0, 3, 0, 0);
    m.dice[0] = bad == 0 ? 7 : bad == 1 ? 3 : 0;
    m.score[1] = bad == 2 ? 4 : 0;
    m.state = bad == 3 ? 5 : POSID_PLAYING;
    char id[POSID_MATCH_LENGTH + 1];
    posid_match_encode(&m, id);
    ck_assert_msg(!posid_match_decode(id, &m), "case %d: %s", bad, id);
  }
  /* A Crawford game in a money session: the encoder never writes the bit
   * there (a session has no Crawford game), the decoder refuses it. */
  posid_match_init(&m, 0, 0, 0, 0);
  m.crawford = true;
  char money[POSID_MATCH_LENGTH + 1];
  posid_match_encode(&m, money);
  ck_assert_str_eq(money, "MAEAAAAAAAAE");
  ck_assert(!posid_match_decode("sAEAAAAAAAAE", &m)); /* bit 7 set */
  ck_assert(posid_match_decode("cIlpAAAAAAAE", &m));
  static const char *const xgids[] = {
      "XGID=",
      "XGID=-b----E-C---eE---b-d-b--B:0:0:1:21:0:0:0:3:10", /* 25 squares */
      "XGID=-b----E-C---eE---b-d-b--B-:0:0:1:21:0:0:0:3",   /* 9 fields */
      "XGID=-b----E-C---eE---b-d-b--B-:0:0:1:21:0:0:0:3:10:1",
      "XGID=-b----E-C---eE---b-d-b--B-:0:0:0:21:0:0:0:3:10", /* turn 0 */
      "XGID=-b----E-C---eE---b-d-b--B-:0:0:1:71:0:0:0:3:10", /* a 7 */
      "XGID=-b----E-C---eE---b-d-b--B-:0:0:1:21:4:0:0:3:10", /* 4 of 3 */
      "XGID=-b----E-C---eE---b-d-b--B-:0:2:1:21:0:0:0:3:10", /* owner 2 */
      "XGID=-b----E-C---eE---b-d-b--B-:x:0:1:21:0:0:0:3:10",
      "XGID=-b----P-C---eE---b-d-b--B-:0:0:1:21:0:0:0:3:10", /* 26 checkers */
      "XGID=-b----E-C---eE---b-d-b--Bb:0:0:1:21:0:0:0:3:10", /* top on bottom's bar */
      /* longer than any XGID: one string, written on two lines */
      ("XGID=-b----E-C---eE---b-d-b--B-:0:0:1:21:0:0:0:3:10xxxxxxxxxxxxxxxxxxxxxxxxxxxx"
       "xxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
  };
  for (size_t i = 0; i < sizeof xgids / sizeof *xgids; i++)
    ck_assert_msg(!posid_xgid_decode(xgids[i], &board, &m), "%s", xgids[i]);
  ck_assert(!posid_xgid_decode(NULL, &board, &m));
}
END_TEST

int main(void) {
  Suite *suite = suite_create("posid");
  TCase *cases = tcase_create("identifiers");
  tcase_add_test(cases, opening_position_id);
  tcase_add_test(cases, position_id_after_42);
  tcase_add_test(cases, match_id_after_42);
  tcase_add_test(cases, match_id_nine_points);
  tcase_add_test(cases, match_id_money_jacoby);
  tcase_add_test(cases, match_id_crawford_bit);
  tcase_add_test(cases, xgid_after_42);
  tcase_add_test(cases, xgid_fields_round_trip);
  tcase_add_test(cases, round_trips);
  tcase_add_test(cases, invalid_ids_refused);
  suite_add_tcase(suite, cases);
  return run_suite(suite);
}
