/*
 * random_games.h — positions of games of random legal plays, for the unit
 * tests that ask something of every roll of many real-looking positions
 * (hits, entering, blocks, bearing off, doubles cut short):
 * check_engine.c and check_play_proofs.c.
 */
#ifndef BG_TEST_RANDOM_GAMES_H
#define BG_TEST_RANDOM_GAMES_H

#include "board.h"
#include "movegen.h"

/* The generator of the games: the same games for the same seed. */
static inline unsigned random_games_next(unsigned *seed) {
  *seed = *seed * 1103515245u + 12345u;
  return *seed >> 16;
}

/* `games` games of random legal plays (seed `seed`), each to its end or
 * 200 turns; `check` on all 21 rolls of every position on the way, seen
 * by the roller.  Returns the sum of what `check` returned. */
static inline int random_games_walk(unsigned seed, int games,
                                    int (*check)(const bg_board *board, int die1,
                                                 int die2)) {
  bg_playlist plays;
  movegen_playlist_init(&plays);
  int total = 0;
  for (int game = 0; game < games; game++) {
    bg_board board;
    board_initial(&board);
    for (int turn = 0; turn < 200 && board.checkers[0][BG_OFF] < BG_CHECKERS &&
                       board.checkers[1][BG_OFF] < BG_CHECKERS;
         turn++) {
      for (int die1 = 1; die1 <= 6; die1++)
        for (int die2 = 1; die2 <= die1; die2++)
          total += check(&board, die1, die2);
      int die1 = (int)(random_games_next(&seed) % 6) + 1;
      int die2 = (int)(random_games_next(&seed) % 6) + 1;
      movegen_legal_plays(&board, die1, die2, &plays);
      bg_board next =
          plays.plays[random_games_next(&seed) % (unsigned)plays.count].result;
      board_swap(&next);
      board = next;
    }
  }
  movegen_playlist_free(&plays);
  return total;
}

#endif
