/*
 * xg_build.h — for the tests of the .xg reader (check_read_xg.c) and its
 * fuzz target: makes eXtreme Gammon files in memory.  A game file is
 * built record by record (the published layout, only the fields the
 * reader reads); xg_build_archive wraps one in the container (an 8232-
 * byte "RGMH" header, no thumbnail, the member deflated, an index left
 * uncompressed, the trailer); xg_game_file_of takes the game file out of
 * a real .xg again, so that a test can change a record and rebuild it.
 * Header-only, static; uses zlib.
 */
#ifndef BG_TEST_XG_BUILD_H
#define BG_TEST_XG_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define XGB_RECORD 2560
#define XGB_HEADER 8232
#define XGB_TRAILER 36
#define XGB_MEMBER 532

static inline void xgb_put32(unsigned char *at, long value) {
  unsigned long bits = (unsigned long)value;
  for (int i = 0; i < 4; i++)
    at[i] = (unsigned char)(bits >> (8 * i));
}

static inline long xgb_get32(const unsigned char *at) {
  unsigned long bits = at[0] | (unsigned long)at[1] << 8 | (unsigned long)at[2] << 16 |
                       (unsigned long)at[3] << 24;
  return bits < 0x80000000UL ? (long)bits : (long)bits - 0x100000000L;
}

/* ---- game files ---------------------------------------------------------- */

/* A game file being built: whole records, malloc'ed. */
typedef struct {
  unsigned char *bytes;
  size_t size;
} xgb_file;

/* A new zeroed record of `type` at the end of `file`. */
static inline unsigned char *xgb_record(xgb_file *file, int type) {
  file->bytes = realloc(file->bytes, file->size + XGB_RECORD);
  if (!file->bytes)
    abort();
  unsigned char *record = file->bytes + file->size;
  memset(record, 0, XGB_RECORD);
  record[8] = (unsigned char)type;
  file->size += XGB_RECORD;
  return record;
}

/* ASCII `text` as UTF-16 at `at` (up to 128 units). */
static inline void xgb_put_utf16(unsigned char *at, const char *text) {
  for (int i = 0; text[i] && i < 128; i++)
    at[2 * i] = (unsigned char)text[i];
}

/* A match header of version 32: `length` points (99999: money), the
 * rules, the players' names (ASCII). */
static inline void xgb_match_header(xgb_file *file, int length, bool crawford,
                                    const char *one, const char *two) {
  unsigned char *record = xgb_record(file, 0);
  xgb_put32(record + 92, length);
  record[100] = crawford;
  xgb_put32(record + 552, 32);
  memcpy(record + 556, "DMLI", 4);
  xgb_put32(record + 612, 10); /* cube limit 2^10 */
  xgb_put_utf16(record + 880, one);
  xgb_put_utf16(record + 1138, two);
}

static inline void xgb_game_header(xgb_file *file, int score1, int score2,
                                   bool crawford) {
  unsigned char *record = xgb_record(file, 1);
  xgb_put32(record + 12, score1);
  xgb_put32(record + 16, score2);
  record[20] = crawford;
}

/* What a move record's position after the play holds: nothing (the roll
 * XG stores after a game's end), a checker of the mover's, or one of the
 * opponent's only (the mover has borne off its last). */
typedef enum { XGB_EMPTY, XGB_MOVER_LEFT, XGB_MOVER_OFF } xgb_after;

/* A roll by `active` (1 or -1) and its steps as XG stores them (from/to
 * counted from 0 on the mover's side, 24 the bar, -2 off), `count`
 * pairs. */
static inline void xgb_move(xgb_file *file, int active, int die1, int die2,
                            const int *steps, int count, xgb_after after) {
  unsigned char *record = xgb_record(file, 3);
  if (after == XGB_MOVER_LEFT)
    record[35 + 1] = 1;
  else if (after == XGB_MOVER_OFF)
    record[35 + 1] = 0xFF; /* -1: an opponent's checker */
  xgb_put32(record + 64, active);
  for (int i = 0; i < 8; i++)
    xgb_put32(record + 68 + 4 * i, i < 2 * count ? steps[i] : -1);
  xgb_put32(record + 100, die1);
  xgb_put32(record + 104, die2);
}

/* A cube decision: `doubled` 1 (or -2: none recorded), `take` 0 drop, 1
 * take, 2 beaver; `cube` the cube before, XG's signed log2. */
static inline void xgb_cube(xgb_file *file, int active, int doubled, int take, int cube) {
  unsigned char *record = xgb_record(file, 2);
  xgb_put32(record + 12, active);
  xgb_put32(record + 16, doubled);
  xgb_put32(record + 20, take);
  xgb_put32(record + 24, -1);
  xgb_put32(record + 28, -1);
  xgb_put32(record + 32, cube);
}

static inline void xgb_game_footer(xgb_file *file, int winner, int points,
                                   int termination) {
  unsigned char *record = xgb_record(file, 4);
  xgb_put32(record + 24, winner);
  xgb_put32(record + 28, points);
  xgb_put32(record + 32, termination);
}

static inline void xgb_match_footer(xgb_file *file) {
  xgb_record(file, 5);
}

/* ---- the container -------------------------------------------------------- */

/* `data` deflated into a malloc'ed buffer; *size its length. */
static inline unsigned char *xgb_deflate(const unsigned char *data, size_t length,
                                         size_t *size) {
  uLongf bound = compressBound((uLong)length);
  unsigned char *out = malloc(bound ? bound : 1);
  if (!out || compress2(out, &bound, data, (uLong)length, Z_BEST_SPEED) != Z_OK)
    abort();
  *size = bound;
  return out;
}

/* A .xg holding `game_file` (its bytes as temp.xg, deflated) and, when
 * `comments` is not NULL, comments as temp.xgc; malloc'ed, *size its
 * length. */
static inline unsigned char *xg_build_archive(const unsigned char *game_file,
                                              size_t length, const char *comments,
                                              size_t *size) {
  size_t packed_size, notes_size = 0;
  unsigned char *packed = xgb_deflate(game_file, length, &packed_size);
  unsigned char *notes = comments ? xgb_deflate((const unsigned char *)comments,
                                                strlen(comments), &notes_size)
                                  : NULL;
  int members = comments ? 2 : 1;
  size_t data_size = packed_size + notes_size, index_size = (size_t)members * XGB_MEMBER;
  *size = XGB_HEADER + data_size + index_size + XGB_TRAILER;
  unsigned char *file = calloc(1, *size);
  if (!file)
    abort();
  memcpy(file, "RGMH", 4);
  xgb_put32(file + 4, 1);
  xgb_put32(file + 8, XGB_HEADER);
  unsigned char *data = file + XGB_HEADER;
  memcpy(data, packed, packed_size);
  if (notes)
    memcpy(data + packed_size, notes, notes_size);
  unsigned char *index = data + data_size;
  const char *names[2] = {"temp.xg", "temp.xgc"};
  size_t originals[2] = {length, comments ? strlen(comments) : 0};
  size_t stored[2] = {packed_size, notes_size}, starts[2] = {0, packed_size};
  const unsigned char *plain[2] = {game_file, (const unsigned char *)comments};
  for (int i = 0; i < members; i++) {
    unsigned char *entry = index + i * XGB_MEMBER;
    entry[0] = (unsigned char)strlen(names[i]);
    memcpy(entry + 1, names[i], strlen(names[i]));
    xgb_put32(entry + 512, (long)originals[i]);
    xgb_put32(entry + 516, (long)stored[i]);
    xgb_put32(entry + 520, (long)starts[i]);
    xgb_put32(entry + 524, (long)crc32(0L, plain[i], (uInt)originals[i]));
  }
  unsigned char *trailer = index + index_size;
  xgb_put32(trailer, (long)crc32(0L, data, (uInt)(data_size + index_size)));
  xgb_put32(trailer + 4, members);
  xgb_put32(trailer + 8, 1);
  xgb_put32(trailer + 12, (long)index_size);
  xgb_put32(trailer + 16, (long)data_size);
  free(packed);
  free(notes);
  return file;
}

/* The game file (temp.xg) of a real .xg, inflated and malloc'ed; NULL
 * when the file is not one this simple reader finds it in. */
static inline unsigned char *xg_game_file_of(const unsigned char *file, size_t size,
                                             size_t *length) {
  if (size < XGB_HEADER + XGB_TRAILER)
    return NULL;
  const unsigned char *trailer = file + size - XGB_TRAILER;
  long count = xgb_get32(trailer + 4), index_size = xgb_get32(trailer + 12);
  long data_size = xgb_get32(trailer + 16);
  if (count < 1 || count > 16 || index_size < 0 || data_size < 0 ||
      (size_t)(index_size + data_size) > size - XGB_TRAILER)
    return NULL;
  const unsigned char *index = trailer - index_size, *data = index - data_size;
  unsigned char entries[16 * XGB_MEMBER];
  uLongf entries_size = sizeof entries;
  if (xgb_get32(trailer + 20)) {
    if (uncompress(entries, &entries_size, index, (uLong)index_size) != Z_OK)
      return NULL;
  } else {
    memcpy(entries, index,
           (size_t)index_size < sizeof entries ? (size_t)index_size : sizeof entries);
  }
  for (long i = 0; i < count; i++) {
    const unsigned char *entry = entries + i * XGB_MEMBER;
    if (entry[0] != 7 || memcmp(entry + 1, "temp.xg", 7) != 0)
      continue;
    uLongf original = (uLongf)xgb_get32(entry + 512);
    unsigned char *out = malloc(original);
    if (!out || uncompress(out, &original, data + xgb_get32(entry + 520),
                           (uLong)xgb_get32(entry + 516)) != Z_OK) {
      free(out);
      return NULL;
    }
    *length = original;
    return out;
  }
  return NULL;
}

#endif
