/*
 * check_match.c — the match model's facts of a roll (match.h): its dice
 * and its play, two fields that each reader's marks set one at a time,
 * and the predicates every stage asks of them, each on both sides of its
 * line:
 *
 *  - match_roll_has_dice: dice read (".mat" 63:, SGF B[52...]) against
 *    "00:", dice unread ("72:", YAML '??') and an SGF play not read,
 *    whose dice stay 0 under a dice fact that says "read";
 *  - the marks: each sets its own fact and keeps the other ("??: ????"),
 *    and a play not read makes "00:" a turn taken;
 *  - what the facts say together: a play written, marked unknown,
 *    unknown, a play at all (as show and stats count them);
 *  - header tags past the first room of their array (its room told by
 *    the count alone), added to a match and handed from one to the next;
 *  - the hit marks a match writes, counted up to two wherever they stand
 *    (the move store says when there is none), each match's its own.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "reader.h"
#include "run_suite.h"

/* Hands `each` the matches of `text` read in `notation`, in order, until
 * it says stop (returns false) or none is left; the reader's diagnostics
 * dropped (each record below is meant to draw one).  `each` owns every
 * match it is handed: one it frees before the next is read may lend the
 * next its blocks.  Returns how many it was handed. */
typedef bool each_match(bg_match *match, void *context);

static int read_each(const char *text, bg_notation notation, each_match *each,
                     void *context) {
  char *dropped = NULL;
  size_t dropped_size = 0;
  FILE *out = open_memstream(&dropped, &dropped_size);
  FILE *in = fmemopen((void *)text, strlen(text), "r");
  ck_assert_ptr_nonnull(out);
  ck_assert_ptr_nonnull(in);
  bg_diag_sink sink;
  diag_sink_init(&sink, out, DIAG_TEXT);
  const char *reason;
  bg_reader *reader = reader_open(in, "t", &sink, notation, &reason);
  ck_assert_ptr_nonnull(reader);
  int handed = 0;
  bg_match *match;
  while ((match = reader_next(reader)) != NULL) {
    handed++;
    if (!each(match, context))
      break;
  }
  reader_free(reader);
  diag_sink_free(&sink);
  fclose(in);
  fclose(out);
  free(dropped);
  return handed;
}

static bool keep_first(bg_match *match, void *kept) {
  *(bg_match **)kept = match;
  return false;
}

/* The first match of `text` read in `notation` (see read_each). */
static bg_match *read_one(const char *text, bg_notation notation) {
  bg_match *match = NULL;
  read_each(text, notation, keep_first, &match);
  ck_assert_ptr_nonnull(match);
  return match;
}

static const bg_action *first_action(const bg_match *match, int index) {
  ck_assert_int_ge(match->game_count, 1);
  ck_assert_int_gt(match->games[0].action_count, index);
  const bg_action *action = &match->games[0].actions[index];
  ck_assert_int_eq(action->kind, ACT_ROLL);
  return action;
}

static const char mat_rolls[] = " 5 point match\n\n Game 1\n Alice : 0   Bob : 0\n"
                                "  1) 31: 8/5 6/5                72: 13/9\n"
                                "  2) 00:                        Wins 1 point\n";

/* ---- match_roll_has_dice, from records ---- */

START_TEST(dice_read_are_had) {
  bg_match *match = read_one(mat_rolls, BG_NOTATION_MAT);
  const bg_action *roll = first_action(match, 0);
  ck_assert(match_roll_has_dice(roll));
  ck_assert(roll->dice == ROLL_DICE_READ && roll->play == ROLL_PLAY_AS_WRITTEN);
  ck_assert(match_roll_as_written(roll));
  match_free(match);
}
END_TEST

START_TEST(unread_dice_are_not_had) {
  bg_match *match = read_one(mat_rolls, BG_NOTATION_MAT);
  const bg_action *roll = first_action(match, 1); /* "72: 13/9" */
  ck_assert(!match_roll_has_dice(roll));
  ck_assert(match_roll_dice_unread(roll) && roll->play == ROLL_PLAY_AS_WRITTEN);
  ck_assert_int_eq(roll->move_count, 1);
  ck_assert(!match_roll_as_written(roll) && match_action_is_play(roll));
  match_free(match);
}
END_TEST

START_TEST(nothing_rolled_has_no_dice) {
  bg_match *match = read_one(mat_rolls, BG_NOTATION_MAT);
  const bg_action *roll = first_action(match, 2); /* "00:" */
  ck_assert(!match_roll_has_dice(roll));
  ck_assert(roll->dice == ROLL_DICE_NONE && roll->play == ROLL_PLAY_AS_WRITTEN);
  ck_assert(!match_roll_dice_unread(roll) && !match_action_is_play(roll));
  match_free(match);
}
END_TEST

/* An SGF play that cannot be read keeps dice 0, its dice fact "read": the
 * facts alone do not say the dice are known, the predicate does. */
START_TEST(sgf_play_not_read_has_no_dice) {
  bg_match *match = read_one("(;GM[6];B[52mhhb];W[7])", BG_NOTATION_SGF);
  const bg_action *read = first_action(match, 0);
  ck_assert(match_roll_has_dice(read));
  const bg_action *broken = first_action(match, 1);
  ck_assert(broken->dice == ROLL_DICE_READ && broken->play == ROLL_PLAY_NOT_A_PLAY);
  ck_assert(!match_roll_has_dice(broken));
  ck_assert(match_roll_play_unknown(broken) && !match_roll_marked_unknown(broken));
  ck_assert(match_action_is_play(broken));
  match_free(match);
}
END_TEST

START_TEST(yaml_unread_dice_are_not_had) {
  static const char yaml[] = "bgmatch: 1\nmatch:\n  length: 5\n  players: [Alice, Bob]\n"
                             "games:\n- game: 1\n  score: [0, 0]\n  actions:\n"
                             "  - [Alice, 31, 8/5 6/5]\n  - [Bob, '?\?', 13/9]\n";
  bg_match *match = read_one(yaml, BG_NOTATION_YAML);
  ck_assert(match_roll_has_dice(first_action(match, 0)));
  ck_assert(!match_roll_has_dice(first_action(match, 1)));
  ck_assert(match_roll_dice_unread(first_action(match, 1)));
  match_free(match);
}
END_TEST

/* ---- the marks ---- */

static bg_action roll_of(int die1, int die2) {
  return (bg_action){.kind = ACT_ROLL, .die1 = die1, .die2 = die2};
}

START_TEST(a_new_roll_is_read_as_written) {
  bg_action roll = roll_of(6, 3);
  ck_assert(match_roll_has_dice(&roll) && match_roll_as_written(&roll));
  ck_assert(!match_roll_dice_unread(&roll) && !match_roll_play_unknown(&roll));
  ck_assert(match_action_is_play(&roll));
  bg_action one_die = roll_of(6, 0); /* no reader makes it: not dice known */
  ck_assert(!match_roll_has_dice(&one_die));
}
END_TEST

START_TEST(each_mark_sets_its_own_fact) {
  bg_action roll = roll_of(6, 3);
  match_roll_mark_unrecorded(&roll); /* "63: ????" */
  ck_assert(roll.dice == ROLL_DICE_READ && roll.play == ROLL_PLAY_UNRECORDED);
  ck_assert(match_roll_has_dice(&roll) && match_roll_marked_unknown(&roll));
  match_roll_mark_dice_unread(&roll); /* "??: ????" */
  ck_assert(roll.dice == ROLL_DICE_UNREAD && roll.play == ROLL_PLAY_UNRECORDED);
  ck_assert(!match_roll_has_dice(&roll) && roll.die1 == 0 && roll.die2 == 0);
  ck_assert(match_roll_marked_unknown(&roll) && match_action_is_play(&roll));

  bg_action unread = roll_of(0, 0);
  match_roll_mark_dice_unread(&unread);
  match_roll_mark_not_a_play(&unread);
  ck_assert(unread.dice == ROLL_DICE_UNREAD && unread.play == ROLL_PLAY_NOT_A_PLAY);
  ck_assert(!match_roll_marked_unknown(&unread) && match_roll_play_unknown(&unread));
}
END_TEST

/* "????" alone: neither roll nor play written, no play; "00:" then a cell
 * not read: a turn taken, a play with no dice. */
START_TEST(nothing_rolled_until_a_play_is_not_read) {
  bg_action hidden = roll_of(0, 0);
  match_roll_mark_nothing_rolled(&hidden);
  match_roll_mark_unrecorded(&hidden);
  ck_assert(hidden.dice == ROLL_DICE_NONE && hidden.play == ROLL_PLAY_UNRECORDED);
  ck_assert(!match_action_is_play(&hidden) && match_roll_marked_unknown(&hidden));

  bg_action broken = roll_of(0, 0);
  match_roll_mark_nothing_rolled(&broken);
  match_roll_mark_unreadable(&broken);
  ck_assert(broken.dice == ROLL_DICE_READ && broken.play == ROLL_PLAY_UNREADABLE);
  ck_assert(match_action_is_play(&broken) && !match_roll_has_dice(&broken));

  bg_action not_a_play = roll_of(0, 0);
  match_roll_mark_nothing_rolled(&not_a_play);
  match_roll_mark_not_a_play(&not_a_play);
  ck_assert(not_a_play.dice == ROLL_DICE_READ);
  ck_assert(not_a_play.play == ROLL_PLAY_NOT_A_PLAY);
}
END_TEST

/* A play marked unknown, then not read, is a cell not read (a writer
 * writes it again as unknown); "????" over a play not read, likewise. */
START_TEST(marked_unknown_then_not_read_is_unreadable) {
  bg_action roll = roll_of(5, 2);
  match_roll_mark_unrecorded(&roll);
  match_roll_mark_not_a_play(&roll);
  ck_assert(roll.play == ROLL_PLAY_UNREADABLE && match_roll_has_dice(&roll));
  bg_action other = roll_of(5, 2);
  match_roll_mark_not_a_play(&other);
  match_roll_mark_unrecorded(&other);
  ck_assert(other.play == ROLL_PLAY_UNREADABLE && match_roll_marked_unknown(&other));
}
END_TEST

/* ---- header tags ---- */

/* `count` tag lines "; [Tag<first+i> "v<first+i>"]" appended to `text`. */
static void append_tags(char *text, size_t size, int first, int count) {
  for (int i = first; i < first + count; i++) {
    size_t used = strlen(text);
    snprintf(text + used, size - used, "; [Tag%d \"v%d\"]\n", i, i);
  }
}

static void assert_tags(const bg_match *match, int first, int count) {
  ck_assert_int_eq(match->tag_count, count);
  for (int i = first; i < first + count; i++) {
    char key[16], value[16];
    snprintf(key, sizeof key, "Tag%d", i);
    snprintf(value, sizeof value, "v%d", i);
    ck_assert_str_eq(match_tag(match, key), value);
  }
}

/* 20 tags before the first match (past the first room and its double);
 * 12 read while the first match is read, held for the second and handed
 * to it whole, then 6 more of its own after its match line: the array
 * handed over grows past 16 where its count says. */
START_TEST(tags_grow_past_their_room) {
  static char text[4096];
  text[0] = '\0';
  append_tags(text, sizeof text, 0, 20);
  strcat(text, " 1 point match\n\n Game 1\n A : 0   B : 0\n"
               "  1) 31: 8/5 6/5                Wins 1 point\n\n");
  append_tags(text, sizeof text, 100, 12);
  strcat(text, " 1 point match\n");
  append_tags(text, sizeof text, 112, 6);
  strcat(text,
         "\n Game 1\n C : 0   D : 0\n  1) 42: 8/4 6/4                Wins 1 point\n");
  FILE *in = fmemopen(text, strlen(text), "r");
  ck_assert_ptr_nonnull(in);
  bg_diag_sink sink;
  diag_sink_init(&sink, NULL, DIAG_TEXT);
  const char *reason;
  bg_reader *reader = reader_open(in, "t", &sink, BG_NOTATION_MAT, &reason);
  ck_assert_ptr_nonnull(reader);
  bg_match *first = reader_next(reader);
  ck_assert_ptr_nonnull(first);
  assert_tags(first, 0, 20);
  match_free(first);
  bg_match *second = reader_next(reader);
  ck_assert_ptr_nonnull(second);
  assert_tags(second, 100, 18);
  match_free(second);
  reader_free(reader);
  diag_sink_free(&sink);
  fclose(in);
}
END_TEST

/* ---- hit marks: the move store rules them out, the actions count them */

/* match_hit_marks(match, 2) of `text`'s first match. */
static int hit_marks_of(const char *text) {
  bg_match *match = read_one(text, BG_NOTATION_MAT);
  int marks = match_hit_marks(match, 2);
  ck_assert_int_eq(match_marks_hits(match), marks > 0);
  match_free(match);
  return marks;
}

/* The marks counted wherever they stand: none; one; two in a play whose
 * moves the next reservation kept; two in the last play, whose moves no
 * reservation followed. */
START_TEST(hit_marks_are_counted_wherever_they_stand) {
  ck_assert_int_eq(hit_marks_of(mat_rolls), 0);
  ck_assert_int_eq(hit_marks_of(" 5 point match\n\n Game 1\n Alice : 0   Bob : 0\n"
                                "  1) 31: 8/5* 6/5               72: 13/9\n"),
                   1);
  ck_assert_int_eq(hit_marks_of(" 5 point match\n\n Game 1\n Alice : 0   Bob : 0\n"
                                "  1) 31: 8/5* 6/5*              72: 13/9\n"),
                   2);
  ck_assert_int_eq(hit_marks_of(" 5 point match\n\n Game 1\n Alice : 0   Bob : 0\n"
                                "  1) 31: 8/5 6/5                64: 24/18* 13/9*\n"),
                   2);
}
END_TEST

/* Asserts the hit marks of each match in turn (`context`: the marks
 * each has, -1 ended), and frees it before the next is read. */
static bool has_its_marks(bg_match *match, void *context) {
  const int **marks = context;
  ck_assert_int_ge(**marks, 0);
  ck_assert_int_eq(match_hit_marks(match, 2), *(*marks)++);
  match_free(match);
  return true;
}

/* A match with marks, then one without from the same reader: the second
 * starts with a store that has seen none (its blocks are the first's). */
START_TEST(hit_marks_are_the_matchs_own) {
  static const char text[] = " 1 point match\n\n Game 1\n A : 0   B : 0\n"
                             "  1) 31: 8/5* 6/5*               Wins 1 point\n\n"
                             " 1 point match\n\n Game 1\n C : 0   D : 0\n"
                             "  1) 42: 8/4 6/4                Wins 1 point\n";
  static const int marks[] = {2, 0, -1};
  const int *next = marks;
  ck_assert_int_eq(read_each(text, BG_NOTATION_MAT, has_its_marks, &next), 2);
}
END_TEST

static Suite *match_suite(void) {
  Suite *suite = suite_create("match");
  TCase *dice = tcase_create("has_dice");
  tcase_add_test(dice, dice_read_are_had);
  tcase_add_test(dice, unread_dice_are_not_had);
  tcase_add_test(dice, nothing_rolled_has_no_dice);
  tcase_add_test(dice, sgf_play_not_read_has_no_dice);
  tcase_add_test(dice, yaml_unread_dice_are_not_had);
  suite_add_tcase(suite, dice);
  TCase *marks = tcase_create("marks");
  tcase_add_test(marks, a_new_roll_is_read_as_written);
  tcase_add_test(marks, each_mark_sets_its_own_fact);
  tcase_add_test(marks, nothing_rolled_until_a_play_is_not_read);
  tcase_add_test(marks, marked_unknown_then_not_read_is_unreadable);
  suite_add_tcase(suite, marks);
  TCase *tags = tcase_create("tags");
  tcase_add_test(tags, tags_grow_past_their_room);
  suite_add_tcase(suite, tags);
  TCase *hits = tcase_create("hit_marks");
  tcase_add_test(hits, hit_marks_are_counted_wherever_they_stand);
  tcase_add_test(hits, hit_marks_are_the_matchs_own);
  suite_add_tcase(suite, hits);
  return suite;
}

int main(void) {
  return run_suite(match_suite());
}
