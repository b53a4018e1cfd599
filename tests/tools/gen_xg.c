/*
 * gen_xg.c — writes the small eXtreme Gammon file of the end-to-end case
 * tests/e2e/cases/check/illegal-move/xg-places.xg to standard output (made with
 * tests/unit/xg_build.h, the layout the .xg reader reads): a 3-point
 * match whose first game is won on a drop, whose second opens with a
 * play its dice do not make (31 played 8/5 6/4) and ends on a redouble
 * dropped, and whose third, the Crawford game, was saved unfinished.
 * With --valid, the same match with nothing wrong (the end-to-end case
 * tests/e2e/cases/annotate/annotate-xg-valid.xg): the second game opens 31 8/5 6/5,
 * and in the third Bob, after one roll, resigns a gammon, which gives
 * Alice the match.
 * With --records, its game file alone; with --records FILE.xg, the first
 * MAX_SEED_RECORDS records of FILE's game file: seeds of the fuzz target
 * fuzz_read_xg (tests/fuzz/run.sh), which wraps such input in an archive.
 *
 * The cases of annotate, convert and show read it through a symbolic link
 * in their own folder.
 *
 *   make build/tests/tools/gen_xg
 *   build/tests/tools/gen_xg >tests/e2e/cases/check/illegal-move/xg-places.xg
 *   build/tests/tools/gen_xg --valid >tests/e2e/cases/annotate/annotate-xg-valid.xg
 */
#include <stdio.h>
#include <string.h>

#include "../unit/xg_build.h"

#define MAX_SEED_RECORDS 16 /* 40 KB: the match header and a game begun */

static bool write_all(const unsigned char *bytes, size_t size) {
  return fwrite(bytes, 1, size, stdout) == size && fflush(stdout) == 0;
}

/* The first records of the game file of the .xg at `path`. */
static int extract(const char *path) {
  FILE *in = fopen(path, "rb");
  if (!in) {
    perror(path);
    return 1;
  }
  size_t capacity = 1 << 20, size = 0, got;
  unsigned char *bytes = malloc(capacity);
  while (bytes && (got = fread(bytes + size, 1, capacity - size, in)) > 0)
    if ((size += got) == capacity)
      bytes = realloc(bytes, capacity *= 2);
  fclose(in);
  size_t length = 0;
  unsigned char *game_file = bytes ? xg_game_file_of(bytes, size, &length) : NULL;
  if (length > MAX_SEED_RECORDS * XGB_RECORD)
    length = MAX_SEED_RECORDS * XGB_RECORD;
  bool written = game_file && write_all(game_file, length);
  if (!game_file)
    fprintf(stderr, "gen_xg: %s: no game file found\n", path);
  free(game_file);
  free(bytes);
  return written ? 0 : 1;
}

/* The e2e case's match, record by record; with nothing wrong when
 * `valid`. */
static xgb_file places(bool valid) {
  xgb_file file = {0};
  xgb_match_header(&file, 3, true, "Alice", "Bob");
  xgb_game_header(&file, 0, 0, false);
  static const int opening[] = {7, 4, 5, 4},
                   reply[] = {7, 3, 5, 3}; /* 8/5 6/5, 8/4 6/4 */
  xgb_move(&file, 1, 3, 1, opening, 2, XGB_MOVER_LEFT);
  xgb_move(&file, -1, 4, 2, reply, 2, XGB_MOVER_LEFT);
  xgb_cube(&file, 1, 1, 0, 0); /* Alice doubles, Bob drops */
  xgb_game_footer(&file, 1, 1, 0);
  xgb_game_header(&file, 1, 0, false);
  static const int wrong[] = {7, 4, 5, 3};    /* 8/5 6/4 */
  static const int second[] = {12, 10, 5, 4}; /* 13/11 6/5 */
  xgb_move(&file, -1, 3, 1, valid ? opening : wrong, 2, XGB_MOVER_LEFT);
  xgb_cube(&file, 1, 1, 1, 0); /* Alice doubles, Bob takes */
  xgb_move(&file, 1, 2, 1, second, 2, XGB_MOVER_LEFT);
  xgb_cube(&file, -1, 1, 0, -1); /* Bob redoubles to 4, Alice drops */
  xgb_game_footer(&file, -1, 2, 0);
  xgb_game_header(&file, 1, 2, true);
  static const int crawford[] = {12, 6, 7, 6}; /* 13/7 8/7 */
  xgb_move(&file, 1, 6, 1, crawford, 2, XGB_MOVER_LEFT);
  if (valid) { /* Bob rolls, then resigns a gammon */
    xgb_move(&file, -1, 3, 1, opening, 2, XGB_MOVER_LEFT);
    xgb_game_footer(&file, 1, 2, 0);
  }
  xgb_match_footer(&file);
  return file;
}

int main(int argc, char **argv) {
  bool records = argc > 1 && strcmp(argv[1], "--records") == 0;
  if (records && argc > 2)
    return extract(argv[2]);
  bool valid = argc > 1 && strcmp(argv[1], "--valid") == 0;
  xgb_file file = places(valid);
  size_t size;
  unsigned char *bytes = xg_build_archive(file.bytes, file.size, NULL, &size);
  bool written = records ? write_all(file.bytes, file.size) : write_all(bytes, size);
  free(bytes);
  free(file.bytes);
  return written ? 0 : 1;
}
