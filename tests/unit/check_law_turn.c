/*
 * check_law_turn.c — the turn's rules (src/referee/law_turn.c), both
 * sides of each line: the opening roll is no double, but a game given up
 * before its first roll ("00:") or a roll whose dice are unknown rolled
 * none; after the opening, the players roll by turns.
 */
#include <check.h>

#include "law.h"
#include "run_suite.h"

static const game_turns opening = {.expected_roller = -1};
static const game_turns alice_to_roll = {.expected_roller = 0};

static bg_action roll_of(int player, int die1, int die2) {
  return (bg_action){.kind = ACT_ROLL, .player = player, .die1 = die1, .die2 = die2};
}

START_TEST(opening_double_is_said) {
  bg_action roll = roll_of(0, 4, 4);
  ck_assert(law_opening_double(&opening, false, &roll));
  ck_assert_int_eq(law_turn(&opening, false, &roll), TURN_OPENING_DOUBLE);
}
END_TEST

START_TEST(opening_non_double_is_fine) {
  bg_action roll = roll_of(1, 3, 1);
  ck_assert(!law_opening_double(&opening, false, &roll));
  ck_assert_int_eq(law_turn(&opening, false, &roll), TURN_OK);
}
END_TEST

START_TEST(double_from_a_set_up_position_is_fine) {
  bg_action roll = roll_of(0, 6, 6);
  ck_assert_int_eq(law_turn(&opening, true, &roll), TURN_OK);
}
END_TEST

START_TEST(nothing_rolled_is_no_double) {
  bg_action roll = roll_of(0, 0, 0);
  match_roll_mark_nothing_rolled(&roll);
  ck_assert_int_eq(law_turn(&opening, false, &roll), TURN_OK);
}
END_TEST

START_TEST(unread_dice_are_no_double) {
  bg_action roll = roll_of(0, 0, 0);
  match_roll_mark_dice_unread(&roll);
  ck_assert_int_eq(law_turn(&opening, false, &roll), TURN_OK);
  bg_action unrecorded = roll_of(0, 2, 2);
  match_roll_mark_unrecorded(&unrecorded);
  ck_assert_int_eq(law_turn(&opening, false, &unrecorded), TURN_OK);
}
END_TEST

START_TEST(double_after_the_opening_is_fine) {
  bg_action roll = roll_of(0, 5, 5);
  ck_assert_int_eq(law_turn(&alice_to_roll, false, &roll), TURN_OK);
}
END_TEST

START_TEST(rolling_out_of_turn_is_said) {
  bg_action roll = roll_of(1, 5, 2);
  ck_assert_int_eq(law_turn(&alice_to_roll, false, &roll), TURN_NOT_YOURS);
}
END_TEST

static Suite *law_turn_suite(void) {
  Suite *suite = suite_create("law_turn");
  TCase *opening_roll = tcase_create("opening roll");
  tcase_add_test(opening_roll, opening_double_is_said);
  tcase_add_test(opening_roll, opening_non_double_is_fine);
  tcase_add_test(opening_roll, double_from_a_set_up_position_is_fine);
  tcase_add_test(opening_roll, nothing_rolled_is_no_double);
  tcase_add_test(opening_roll, unread_dice_are_no_double);
  suite_add_tcase(suite, opening_roll);
  TCase *turns = tcase_create("turns");
  tcase_add_test(turns, double_after_the_opening_is_fine);
  tcase_add_test(turns, rolling_out_of_turn_is_said);
  suite_add_tcase(suite, turns);
  return suite;
}

int main(void) {
  return run_suite(law_turn_suite());
}
