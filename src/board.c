/*
 * board.c — a backgammon position and the single steps a checker can make.
 *
 * Implements board.h: the opening position, swapping sides, the invariants,
 * the rules of ONE step (bar first, blocked points, hits, bear-off) and the
 * value of a finished game.  Multi-die rules (maximum dice, higher die) live
 * in movegen.c; this file is the single place where a step's legality is
 * decided, so both the move generator and the referee agree on it.
 */
#include "board.h"

#include <string.h>

#define POINT_TOP 24 /* the highest board point */

void board_initial(bg_board *board) {
  memset(board, 0, sizeof *board);
  for (int side = 0; side < 2; side++) {
    board->checkers[side][6] = 5;
    board->checkers[side][8] = 3;
    board->checkers[side][13] = 5;
    board->checkers[side][24] = 2;
  }
}

void board_initial_nackgammon(bg_board *board) {
  board_initial(board);
  for (int side = 0; side < 2; side++) {
    board->checkers[side][6] = 4;
    board->checkers[side][13] = 4;
    board->checkers[side][23] = 2;
  }
}

void board_initial_longgammon(bg_board *board) {
  memset(board, 0, sizeof *board);
  board->checkers[0][24] = board->checkers[1][24] = BG_CHECKERS;
}

/* Whether `size` bytes at `a` and `b` are the same, compared 8 at a time
 * (the last word may overlap the one before), not with memcmp: this is the
 * inner loop of the move generator and of the referee's position sets,
 * where a library call costs more than the compare, and where the
 * fuzzers' sanitizers would intercept every call. */
static bool same_bytes(const uint8_t *a, const uint8_t *b, size_t size) {
  uint64_t differ = 0;
  for (size_t at = 0; at < size; at += 8) {
    size_t from = at + 8 <= size ? at : size - 8;
    uint64_t x, y;
    memcpy(&x, a + from, 8);
    memcpy(&y, b + from, 8);
    differ |= x ^ y;
  }
  return differ == 0;
}

bool board_equal(const bg_board *a, const bg_board *b) {
  return same_bytes((const uint8_t *)a->checkers, (const uint8_t *)b->checkers,
                    sizeof a->checkers);
}

bool board_roller_equal(const bg_board *a, const bg_board *b) {
  return same_bytes(a->checkers[0], b->checkers[0], sizeof a->checkers[0]);
}

static int checkers_in_play_and_off(const bg_board *board, int side) {
  int total = 0;
  for (int slot = 0; slot < BG_SLOTS; slot++)
    total += board->checkers[side][slot];
  return total;
}

bool board_is_valid(const bg_board *board) {
  for (int side = 0; side < 2; side++)
    if (checkers_in_play_and_off(board, side) != BG_CHECKERS)
      return false;
  for (int point = 1; point <= POINT_TOP; point++)
    if (board->checkers[0][point] && board->checkers[1][25 - point])
      return false;
  return true;
}

int board_checkers_outside_home(const bg_board *board, int side) {
  int outside = 0;
  for (int slot = BG_HOME_TOP + 1; slot <= BG_BAR; slot++)
    outside += board->checkers[side][slot];
  return outside;
}

int board_highest_point(const bg_board *board, int side) {
  for (int slot = BG_BAR; slot >= 1; slot--)
    if (board->checkers[side][slot])
      return slot;
  return 0;
}

int board_pip_count(const bg_board *board, int side) {
  int pips = 0;
  for (int point = 1; point <= BG_BAR; point++)
    pips += point * board->checkers[side][point];
  return pips;
}

int board_opponent_checkers_on(const bg_board *board, int point) {
  if (point < 1 || point > POINT_TOP)
    return 0;
  return board->checkers[1][25 - point];
}

bool board_is_blot_of_opponent(const bg_board *board, int point) {
  return board_sides_is_blot_of_opponent(board->checkers[1], point);
}

/* A step that would go past point 1: board_sides_bears_off's rule. */
static int bear_off_target(const uint8_t *mine, int from, int die) {
  return board_sides_bears_off(mine, from, die) ? BG_OFF : -1;
}

/* board_step_target_relaxed on the sides (see board.h). */
static int sides_step_target(const uint8_t *mine, const uint8_t *theirs, int from,
                             int die, unsigned relaxed) {
  if (from < 1 || from > BG_BAR || die < 1 || die > 6)
    return -1;
  if (mine[from] == 0)
    return -1;
  if (from != BG_BAR && mine[BG_BAR] > 0 && !(relaxed & BG_RELAX_BAR))
    return -1; /* a checker on the bar must enter before anything else moves */
  int to = from - die;
  if (to <= 0)
    return (relaxed & BG_RELAX_BEAR_OFF) ? BG_OFF : bear_off_target(mine, from, die);
  if (theirs[BG_BAR - to] >= 2)
    return -1;
  return to;
}

int board_step_target_relaxed(const bg_board *board, int from, int die,
                              unsigned relaxed) {
  return sides_step_target(board->checkers[0], board->checkers[1], from, die, relaxed);
}

int board_step_target(const bg_board *board, int from, int die) {
  return board_step_target_relaxed(board, from, die, 0);
}

int board_sides_step_target(const uint8_t *mine, const uint8_t *theirs, int from,
                            int die) {
  return sides_step_target(mine, theirs, from, die, 0);
}

bool board_sides_apply_step(uint8_t *mine, uint8_t *theirs, int from, int to) {
  if (to >= 1 && to <= POINT_TOP)
    return board_sides_apply_step_onto_point(mine, theirs, from, to);
  mine[from]--; /* off: nothing to hit */
  mine[to]++;
  return false;
}

bool board_apply_step(bg_board *board, int from, int to) {
  return board_sides_apply_step(board->checkers[0], board->checkers[1], from, to);
}

void board_undo_step(bg_board *board, int from, int to, bool hit) {
  board_sides_undo_step(board->checkers[0], board->checkers[1], from, to, hit);
}

/* The loser still has a checker on the bar or in the winner's home board
 * (the loser's points 19..24). */
static bool loser_is_stuck_back(const bg_board *board, int loser) {
  for (int slot = POINT_TOP - BG_HOME_TOP + 1; slot <= BG_BAR; slot++)
    if (board->checkers[loser][slot])
      return true;
  return false;
}

/* Whether a checker of `winner` stands behind one of `loser`'s on the
 * winner's way home, and so may still hit it: the loser's checker on its
 * point p stands on the winner's point BG_BAR - p. */
static bool sides_in_contact(const bg_board *board, int winner, int loser) {
  int rearmost = 0; /* the winner's highest point with a checker (the bar: 25) */
  for (int slot = BG_BAR; slot >= 1 && !rearmost; slot--)
    if (board->checkers[winner][slot])
      rearmost = slot;
  for (int point = 1; point <= POINT_TOP; point++)
    if (board->checkers[loser][point] && BG_BAR - point < rearmost)
      return true;
  return false;
}

int board_most_multiplier(const bg_board *board, int winner) {
  if (winner != 0 && winner != 1)
    return 3;
  int loser = 1 - winner;
  if (board->checkers[loser][BG_OFF] > 0)
    return 1;
  if (loser_is_stuck_back(board, loser) || sides_in_contact(board, winner, loser))
    return 3;
  return 2;
}

int board_win_multiplier(const bg_board *board, int winner) {
  if ((winner != 0 && winner != 1) || board->checkers[winner][BG_OFF] != BG_CHECKERS)
    return 0;
  /* the winner has no checker left to hit with: what the game was worth
   * is the most it could still be */
  return board_most_multiplier(board, winner);
}

/* The 52 count bytes read as six 8-byte words and one 4-byte word, each
 * multiplied by its own odd constant and summed (independent multiplies,
 * so the processor runs them side by side), then mixed so that every bit of
 * the result depends on every count.  It runs once per play found. */
uint64_t board_hash(const bg_board *board) {
  static const uint64_t word_keys[7] = {
      0x9e3779b97f4a7c15u, 0xbf58476d1ce4e5b9u, 0x94d049bb133111ebu, 0xff51afd7ed558ccdu,
      0xc4ceb9fe1a85ec53u, 0xd6e8feb86659fd93u, 0xa0761d6478bd642fu};
  const uint8_t *bytes = &board->checkers[0][0];
  _Static_assert(sizeof board->checkers == 6 * 8 + 4, "hash reads 52 bytes");
  uint64_t sum = 0;
  for (int i = 0; i < 6; i++) {
    uint64_t word;
    memcpy(&word, bytes + 8 * i, 8);
    sum += word * word_keys[i];
  }
  uint32_t tail;
  memcpy(&tail, bytes + 48, 4);
  sum += tail * word_keys[6];
  sum ^= sum >> 32;
  sum *= 0xe7037ed1a0b428dbu;
  return sum ^ (sum >> 29);
}
