/*
 * check_util.c — the small helpers every stage shares, each at both sides
 * of its edges: UTF-8 (utf8.h), base64 (base64.h), the growable array
 * that a reader can fail on (bg_try_grow, alloc.h) and the set of board
 * positions (position_set.h).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "base64.h"
#include "board.h"
#include "position_set.h"
#include "run_suite.h"
#include "utf8.h"

/* ---- UTF-8 ---- */

/* Each length's first and last code point. */
START_TEST(utf8_encode_at_each_length_edge) {
  static const struct {
    unsigned long code_point;
    const char *bytes;
  } cases[] = {{0x00, ""},
               {0x7F, "\x7F"},
               {0x80, "\xC2\x80"},
               {0x7FF, "\xDF\xBF"},
               {0x800, "\xE0\xA0\x80"},
               {0xFFFF, "\xEF\xBF\xBF"},
               {0x10000, "\xF0\x90\x80\x80"},
               {0x10FFFF, "\xF4\x8F\xBF\xBF"},
               {0xE9, "\xC3\xA9"},
               {0xFFFD, "\xEF\xBF\xBD"}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char out[UTF8_MAX_BYTES + 1] = {0};
    size_t written = utf8_encode(cases[i].code_point, out);
    size_t expected = cases[i].code_point ? strlen(cases[i].bytes) : 1;
    ck_assert_uint_eq(written, expected);
    ck_assert_mem_eq(out, cases[i].bytes, expected);
  }
}
END_TEST

/* Well-formed sequences at the edges of each length, and what is not one:
 * overlong forms, surrogates, past U+10FFFF, a stray continuation, a
 * sequence cut by a NUL or by a byte that does not continue it. */
START_TEST(utf8_sequence_length_edges) {
  static const struct {
    const char *bytes;
    int length;
  } cases[] = {{"a", 1},
               {"\x7F", 1},
               {"\xC2\x80", 2},
               {"\xDF\xBF", 2},
               {"\xE0\xA0\x80", 3},
               {"\xED\x9F\xBF", 3},
               {"\xEE\x80\x80", 3},
               {"\xF0\x90\x80\x80", 4},
               {"\xF4\x8F\xBF\xBF", 4},
               {"\xC0\xAF", 0},
               {"\xC1\xBF", 0},
               {"\xE0\x9F\xBF", 0},
               {"\xED\xA0\x80", 0},
               {"\xF0\x8F\xBF\xBF", 0},
               {"\xF4\x90\x80\x80", 0},
               {"\xF5\x80\x80\x80", 0},
               {"\x80", 0},
               {"\xE9", 0},
               {"\xC3", 0},
               {"\xE2\x82", 0},
               {"\xC3"
                "a",
                0}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    ck_assert_int_eq(utf8_sequence_length((const unsigned char *)cases[i].bytes),
                     cases[i].length);
}
END_TEST

START_TEST(utf8_valid_and_characters) {
  ck_assert(utf8_is_valid(""));
  ck_assert_int_eq(utf8_characters(""), 0);
  ck_assert(utf8_is_valid("caf\xC3\xA9 \xF0\x9F\x8E\xB2"));
  ck_assert_int_eq(utf8_characters("caf\xC3\xA9 \xF0\x9F\x8E\xB2"), 6);
  ck_assert(!utf8_is_valid("caf\xE9")); /* Latin-1 */
  ck_assert_int_eq(utf8_characters("caf\xE9"), -1);
  ck_assert(!utf8_is_valid("\xC3\xA9\xC3")); /* cut at the end */
}
END_TEST

START_TEST(utf8_surrogates_and_continuations) {
  ck_assert(utf8_is_high_surrogate(0xD800) && utf8_is_high_surrogate(0xDBFF));
  ck_assert(!utf8_is_high_surrogate(0xD7FF) && !utf8_is_high_surrogate(0xDC00));
  ck_assert(utf8_is_low_surrogate(0xDC00) && utf8_is_low_surrogate(0xDFFF));
  ck_assert(!utf8_is_low_surrogate(0xDBFF) && !utf8_is_low_surrogate(0xE000));
  ck_assert_uint_eq(utf8_from_surrogates(0xD800, 0xDC00), 0x10000);
  ck_assert_uint_eq(utf8_from_surrogates(0xD83C, 0xDFB2), 0x1F3B2);
  ck_assert_uint_eq(utf8_from_surrogates(0xDBFF, 0xDFFF), 0x10FFFF);
  ck_assert(utf8_is_continuation(0x80) && utf8_is_continuation(0xBF));
  ck_assert(!utf8_is_continuation(0x7F) && !utf8_is_continuation(0xC0));
}
END_TEST

/* ---- base64 ---- */

/* RFC 4648, section 10, and the bytes that need every bit of an index;
 * unpadded, the same without its '='. */
START_TEST(base64_test_vectors) {
  static const char *const cases[][2] = {{"", ""},
                                         {"f", "Zg=="},
                                         {"fo", "Zm8="},
                                         {"foo", "Zm9v"},
                                         {"foob", "Zm9vYg=="},
                                         {"fooba", "Zm9vYmE="},
                                         {"foobar", "Zm9vYmFy"},
                                         {"\xff\xfe\xfd", "//79"},
                                         {"caf\xe9.mat", "Y2Fm6S5tYXQ="}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const unsigned char *bytes = (const unsigned char *)cases[i][0];
    size_t size = strlen(cases[i][0]);
    char text[32], unpadded[32];
    ck_assert_uint_eq(base64_encode(bytes, size, true, text), strlen(cases[i][1]));
    ck_assert_str_eq(text, cases[i][1]);
    ck_assert_uint_eq(base64_encoded_length(size, true), strlen(cases[i][1]));
    size_t length = strcspn(cases[i][1], "=");
    ck_assert_uint_eq(base64_encode(bytes, size, false, unpadded), length);
    ck_assert_uint_eq(base64_encoded_length(size, false), length);
    ck_assert(strncmp(unpadded, cases[i][1], length) == 0 && unpadded[length] == '\0');
    unsigned char back[16];
    ck_assert(base64_decode(unpadded, back, size));
    ck_assert_mem_eq(back, bytes, size);
  }
}
END_TEST

/* A text stands for one value: wrong length, a character outside the
 * alphabet (padding included), a bit set past the last byte all fail. */
START_TEST(base64_decode_edges) {
  unsigned char bytes[2];
  ck_assert(base64_decode("Zm8", bytes, 2));
  ck_assert(bytes[0] == 'f' && bytes[1] == 'o');
  ck_assert(!base64_decode("Zm", bytes, 2));   /* too short */
  ck_assert(!base64_decode("Zm8A", bytes, 2)); /* too long */
  ck_assert(!base64_decode("Zm=", bytes, 2));
  ck_assert(!base64_decode("Z*8", bytes, 2));
  ck_assert(!base64_decode("Zm9", bytes, 2)); /* 9 sets a bit past 16 */
  ck_assert(!base64_decode(NULL, bytes, 2));
  ck_assert(base64_decode("", bytes, 0));
}
END_TEST

/* ---- bg_try_grow ---- */

START_TEST(try_grow_doubles_and_keeps) {
  size_t capacity = 0;
  int *array = bg_try_grow(NULL, &capacity, 1, sizeof *array, 4);
  ck_assert_ptr_nonnull(array);
  ck_assert_uint_eq(capacity, 4);
  for (int i = 0; i < 4; i++)
    array[i] = i;
  ck_assert_ptr_eq(bg_try_grow(array, &capacity, 4, sizeof *array, 4), array);
  ck_assert_uint_eq(capacity, 4); /* room enough: unchanged */
  array = bg_try_grow(array, &capacity, 5, sizeof *array, 4);
  ck_assert_uint_eq(capacity, 8);
  for (int i = 0; i < 4; i++)
    ck_assert_int_eq(array[i], i);
  free(array);
}
END_TEST

/* A size past what memory can hold is NULL, the array and its capacity
 * as they were: the reader says "out of memory" and frees what it had. */
START_TEST(try_grow_fails_without_losing_the_array) {
  size_t capacity = 0;
  char *array = bg_try_grow(NULL, &capacity, 3, 1, 2);
  ck_assert_uint_eq(capacity, 4);
  ck_assert_ptr_null(bg_try_grow(array, &capacity, SIZE_MAX / 2 + 2, 1, 2));
  ck_assert_ptr_null(bg_try_grow(array, &capacity, SIZE_MAX / 8, 16, 2));
  ck_assert_uint_eq(capacity, 4);
  array[3] = 'x'; /* still the caller's */
  free(array);
}
END_TEST

/* ---- position_set ---- */

/* Boards as a field of a larger element, as bg_play holds them. */
typedef struct {
  int tag;
  bg_board board;
} held_board;

/* The opening position with one checker of the roller moved from the 24
 * point to point `to`: a distinct board for each `to` of 1..23. */
static bg_board board_moved(int to) {
  bg_board board;
  board_initial(&board);
  board.checkers[0][24]--;
  board.checkers[0][to]++;
  return board;
}

/* Adds `board` to the set over `held` (count boards so far): true when it
 * was new. */
static bool add(position_set *set, held_board *held, uint32_t *count, bg_board board) {
  position_boards boards = {&held[0].board, sizeof held[0]};
  uint32_t *slot = position_set_slot(set, boards, &board, board_hash(&board));
  if (*slot) {
    ck_assert(board_equal(&held[*slot - 1].board, &board));
    return false;
  }
  held[*count] = (held_board){(int)*count, board};
  *slot = ++*count;
  return true;
}

/* Each board once, whatever the probes: 2 slots for 1 board, 8 for 4 (every
 * probe past a taken slot), then the set rebuilt on 64 slots and cleared. */
START_TEST(position_set_finds_each_board_once) {
  held_board held[8];
  uint32_t count = 0, small[2], slots[8], bigger[64];
  position_set set;
  position_set_init(&set, small, 2);
  ck_assert(add(&set, held, &count, board_moved(1)));
  ck_assert(!add(&set, held, &count, board_moved(1)));
  position_set_init(&set, slots, 8);
  count = 0;
  for (int to = 1; to <= 4; to++)
    ck_assert(add(&set, held, &count, board_moved(to)));
  for (int to = 4; to >= 1; to--)
    ck_assert(!add(&set, held, &count, board_moved(to)));
  ck_assert_uint_eq(count, 4);
  position_set_rebuild(&set, bigger, 64,
                       (position_boards){&held[0].board, sizeof held[0]}, count);
  ck_assert_ptr_eq(set.slots, bigger);
  for (int to = 1; to <= 4; to++)
    ck_assert(!add(&set, held, &count, board_moved(to)));
  ck_assert(add(&set, held, &count, board_moved(5)));
  ck_assert_uint_eq(count, 5);
  position_set_clear(&set);
  count = 0;
  ck_assert(add(&set, held, &count, board_moved(3))); /* empty again */
}
END_TEST

static Suite *util_suite(void) {
  Suite *suite = suite_create("util");
  TCase *utf8 = tcase_create("utf8");
  tcase_add_test(utf8, utf8_encode_at_each_length_edge);
  tcase_add_test(utf8, utf8_sequence_length_edges);
  tcase_add_test(utf8, utf8_valid_and_characters);
  tcase_add_test(utf8, utf8_surrogates_and_continuations);
  suite_add_tcase(suite, utf8);
  TCase *base64 = tcase_create("base64");
  tcase_add_test(base64, base64_test_vectors);
  tcase_add_test(base64, base64_decode_edges);
  suite_add_tcase(suite, base64);
  TCase *grow = tcase_create("grow");
  tcase_add_test(grow, try_grow_doubles_and_keeps);
  tcase_add_test(grow, try_grow_fails_without_losing_the_array);
  suite_add_tcase(suite, grow);
  TCase *positions = tcase_create("position_set");
  tcase_add_test(positions, position_set_finds_each_board_once);
  suite_add_tcase(suite, positions);
  return suite;
}

int main(void) {
  return run_suite(util_suite());
}
