/*
 * gen_xg.c — writes the small eXtreme Gammon file of the end-to-end case
 * tests/e2e/cases/xg-places.xg to standard output (made with
 * tests/unit/xg_build.h, the layout the .xg reader reads): a 3-point
 * match whose first game is won on a drop, whose second opens with a
 * play its dice do not make (31 played 8/5 6/4) and ends on a redouble
 * dropped, and whose third, the Crawford game, was saved unfinished.
 *
 *   make build/tests/tools/gen_xg && build/tests/tools/gen_xg
 * >tests/e2e/cases/xg-places.xg
 */
#include <stdio.h>

#include "../unit/xg_build.h"

int main(void) {
  xgb_file file = {0};
  xgb_match_header(&file, 3, true, "Alice", "Bob");
  xgb_game_header(&file, 0, 0, false);
  xgb_move(&file, 1, 3, 1, (const int[]){7, 4, 5, 4}, 2, XGB_MOVER_LEFT);  /* 8/5 6/5 */
  xgb_move(&file, -1, 4, 2, (const int[]){7, 3, 5, 3}, 2, XGB_MOVER_LEFT); /* 8/4 6/4 */
  xgb_cube(&file, 1, 1, 0, 0); /* Alice doubles, Bob drops */
  xgb_game_footer(&file, 1, 1, 0);
  xgb_game_header(&file, 1, 0, false);
  xgb_move(&file, -1, 3, 1, (const int[]){7, 4, 5, 3}, 2, XGB_MOVER_LEFT); /* 8/5 6/4 */
  xgb_cube(&file, 1, 1, 1, 0);                                             /* taken */
  xgb_move(&file, 1, 2, 1, (const int[]){12, 10, 5, 4}, 2,
           XGB_MOVER_LEFT);      /* 13/11 6/5 */
  xgb_cube(&file, -1, 1, 0, -1); /* Bob redoubles to 4, Alice drops */
  xgb_game_footer(&file, -1, 2, 0);
  xgb_game_header(&file, 1, 2, true);
  xgb_move(&file, 1, 6, 1, (const int[]){12, 6, 7, 6}, 2, XGB_MOVER_LEFT); /* 13/7 8/7 */
  xgb_match_footer(&file);
  size_t size;
  unsigned char *bytes = xg_build_archive(file.bytes, file.size, NULL, &size);
  bool written = fwrite(bytes, 1, size, stdout) == size && fflush(stdout) == 0;
  free(bytes);
  free(file.bytes);
  return written ? 0 : 1;
}
