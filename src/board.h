/*
 * board.h — a backgammon position and the single steps a checker can make.
 *
 * The engine knows no notation: a position is two arrays of checker counts,
 * each seen from its own player's side, so the player on roll always moves
 * from high points to low points (24 → 1, then off).  A "step" moves one
 * checker by one die.  Everything above one die (plays, the roll, the order
 * of dice) lives in movegen.h.
 */
#ifndef BG_BOARD_H
#define BG_BOARD_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define BG_OFF 0       /* index of borne-off checkers, and the "to" of a bear-off */
#define BG_BAR 25      /* index of checkers on the bar, and the "from" of an entry */
#define BG_SLOTS 26    /* off, points 1..24, bar */
#define BG_CHECKERS 15 /* checkers per player */
#define BG_HOME_TOP 6  /* the home board is points 1..6 */

/* The player on roll is side 0, the opponent side 1.  checkers[s][p] counts
 * side s's checkers on ITS point p (1..24), on the bar (25) or borne off (0).
 * Side 0's point p is side 1's point 25 - p. */
typedef struct {
  uint8_t checkers[2][BG_SLOTS];
} bg_board;
/* its two sides' bytes alone, side 0's first: board_roller_sides finds
 * a side from one offset */
_Static_assert(sizeof(bg_board) == 2 * BG_SLOTS, "a board is its two sides' bytes alone");

/* The opening position, with 0 checkers off. */
void board_initial(bg_board *board);

/* Nackgammon's opening position: two checkers on the 23 point as well, one
 * fewer on the 13 and on the 6.  The rules of play are the same. */
void board_initial_nackgammon(bg_board *board);

/* LongGammon's opening position (eXtreme Gammon): all fifteen checkers on
 * each side's 24 point.  The rules of play are the same. */
void board_initial_longgammon(bg_board *board);

/* A side's 26 slots as two 16-byte blocks, bytes 0..15 and 10..25 (they
 * overlap, and agree where they do), read and written 16 bytes at a time:
 * two wide loads and stores a side, where words of 8 took four.  Under
 * AddressSanitizer (the fuzz targets) a copy of a struct, or a memcpy of
 * more bytes, is a call into the runtime that checks both ranges, and
 * boards are copied for every position the referee follows. */
typedef struct {
  uint64_t low[2], high[2];
} board_side_blocks;

static inline void board_side_load(const uint8_t *side, board_side_blocks *blocks) {
  memcpy(blocks->low, side, 16);
  memcpy(blocks->high, side + 10, 16);
}

static inline void board_side_store(uint8_t *side, const board_side_blocks *blocks) {
  memcpy(side, blocks->low, 16);
  memcpy(side + 10, blocks->high, 16);
}

/* The side of a match's position (side 0 the left player, side 1 the
 * right, as the referee and the replay keep it) that holds `player`'s
 * checkers: the one place that says which is whose. */
static inline int board_side_of(int player) {
  return player == 1;
}

/* A match's position as `player` (0 or 1) sees it on roll; the same call
 * turns such a view back (the swap undoes itself).  Inline: the referee
 * calls it for every position it follows.  Both sides are read before
 * either is written: `view` may be `absolute`. */
static inline void board_seen_by(const bg_board *absolute, int player, bg_board *view) {
  int roller = board_side_of(player);
  board_side_blocks roller_side, opponent_side;
  board_side_load(absolute->checkers[roller], &roller_side);
  board_side_load(absolute->checkers[1 - roller], &opponent_side);
  board_side_store(&view->checkers[0][0], &roller_side);
  board_side_store(&view->checkers[1][0], &opponent_side);
}

/* The two sides of a match's position that `player`, on roll, moves on
 * and against: *mine and *theirs are board_seen_by's checkers[0] and
 * checkers[1], in place in `absolute`, so that a play is made there with
 * no view copied and copied back (see board_sides_step_target). */
static inline void board_roller_sides(bg_board *absolute, int player, uint8_t **mine,
                                      uint8_t **theirs) {
  /* the board's bytes, side 0's then side 1's: the two sides lie a
   * side's length apart, one on each side of a single offset */
  uint8_t *bytes = (uint8_t *)absolute;
  size_t mine_at = (size_t)board_side_of(player) * BG_SLOTS;
  *mine = bytes + mine_at;
  *theirs = bytes + (BG_SLOTS - mine_at);
}

/* *to = *from, without the checked call (see board_side_load). */
static inline void board_copy(bg_board *to, const bg_board *from) {
  board_seen_by(from, 0, to);
}

/* Makes the opponent the player on roll (swaps the two sides). */
static inline void board_swap(bg_board *board) {
  board_seen_by(board, 1, board);
}

bool board_equal(const bg_board *a, const bg_board *b);
/* Whether the roller's checkers (side 0) stand alike in both. */
bool board_roller_equal(const bg_board *a, const bg_board *b);

/* Checks the invariants: 15 checkers a side, the two sides never share a
 * point.  Returns false (and does not crash) on a broken board. */
bool board_is_valid(const bg_board *board);

/* Number of checkers side `side` has on points 7..24 and the bar: zero means
 * that side may bear off. */
int board_checkers_outside_home(const bg_board *board, int side);

/* Highest point (1..25) on which side `side` has a checker, 0 when all are off. */
int board_highest_point(const bg_board *board, int side);

/* The pip count of side `side`: the pips its checkers still have to move,
 * each checker's point number from its own side, 25 on the bar, 0 off. */
int board_pip_count(const bg_board *board, int side);

/* The steps below are also made on a position's two sides given apart
 * (board_sides_*): `mine`, the roller's counts, and `theirs`, the
 * opponent's, each from its own side.  A board seen by its roller gives
 * checkers[0] and checkers[1]; the referee's own position (side 0 the
 * left player) gives them in either order (board_roller_sides), so that
 * it makes a play there in place, a byte at a time, with no view of it
 * copied and copied back.  The board's functions are the sides' on
 * checkers[0] and checkers[1]. */

/* Where one step of `die` pips from `from` (1..25) by the player on roll
 * lands, if that step is legal on its own: a checker stands on `from`, a
 * checker on the bar moves first, the landing point holds at most one
 * opposing checker, bear-offs only with all checkers home and from a lower
 * point only when no checker stands higher.  Returns the landing point
 * (0 = off) or -1 when the step is not legal. */
int board_step_target(const bg_board *board, int from, int die);
int board_sides_step_target(const uint8_t *mine, const uint8_t *theirs, int from,
                            int die);

/* Whether a step from `from` (1..25) onto the point `to` (1..24), at most
 * 6 below it, is legal: board_step_target(board, from, from - to) == to.
 * Inline: the referee's proofs ask it of every move a record writes. */
static inline bool board_sides_step_lands(const uint8_t *mine, const uint8_t *theirs,
                                          int from, int to) {
  return mine[from] > 0 && (from == BG_BAR || mine[BG_BAR] == 0) &&
         theirs[BG_BAR - to] < 2;
}

static inline bool board_step_lands(const bg_board *board, int from, int to) {
  return board_sides_step_lands(board->checkers[0], board->checkers[1], from, to);
}

/* Whether the roller (`mine`) has a checker outside the home board
 * (points 7..24 or the bar): its 19 counts read as three words (the last
 * two overlap), not point by point, since every bear-off step asks it. */
static inline bool board_sides_outside_home(const uint8_t *mine) {
  uint64_t low, middle, high;
  memcpy(&low, &mine[BG_HOME_TOP + 1], 8);
  memcpy(&middle, &mine[BG_HOME_TOP + 9], 8);
  memcpy(&high, &mine[BG_SLOTS - 8], 8);
  return (low | middle | high) != 0;
}

/* Whether the roller (`mine`), every checker home, has none on the home
 * points above `from` (1..5): the rule of a die larger than a bear-off
 * needs, asked apart where a play's checkers are known to be home. */
static inline bool board_sides_none_above(const uint8_t *mine, int from) {
  /* the home points above `from` (1..5: a die larger than it is at most 6),
   * from+1..6, as bytes of the word
   * of points 1..8, the mask made of bytes too (whatever the byte
   * order): read at once, not point by point */
  static const uint8_t above[BG_HOME_TOP][8] = {{0},
                                                {0, 255, 255, 255, 255, 255},
                                                {0, 0, 255, 255, 255, 255},
                                                {0, 0, 0, 255, 255, 255},
                                                {0, 0, 0, 0, 255, 255},
                                                {0, 0, 0, 0, 0, 255}};
  uint64_t home, mask;
  memcpy(&home, &mine[1], 8);
  memcpy(&mask, above[from], 8);
  return (home & mask) == 0;
}

/* Whether a step of `die` pips from `from` (1..6, at most `die`), where
 * the roller has a checker, bears it off: legal only with every checker
 * home, and, when the die is larger than needed, only when no checker
 * stands higher.  board_step_target's rule for such a step; inline: the
 * referee's proofs ask it of every bear-off a record writes. */
static inline bool board_sides_bears_off(const uint8_t *mine, int from, int die) {
  if (board_sides_outside_home(mine))
    return false;
  return die <= from || board_sides_none_above(mine, from);
}

/* Rules that board_step_target_relaxed may set aside, so that the referee
 * can tell which rule a recorded play breaks ("legal but for the bear-off
 * rule" is a wrong bear-off). */
#define BG_RELAX_BEAR_OFF 1u /* bear off with any die that reaches, home or not */
#define BG_RELAX_BAR 2u      /* move other checkers while one is on the bar */

/* board_step_target with the rules named in `relaxed` set aside. */
int board_step_target_relaxed(const bg_board *board, int from, int die, unsigned relaxed);

/* Moves one checker of the player on roll from `from` to `to`, hitting a lone
 * opposing checker on `to` (it goes to the opponent's bar).  Returns true if
 * it hit.  The caller has checked legality. */
bool board_apply_step(bg_board *board, int from, int to);
bool board_sides_apply_step(uint8_t *mine, uint8_t *theirs, int from, int to);

/* board_apply_step onto a board point `to` (1..24), the only steps that
 * can hit.  Inline: the referee's proofs make every move a record writes
 * onto a point this way, where `to` is known to be a point. */
static inline bool board_sides_apply_step_onto_point(uint8_t *mine, uint8_t *theirs,
                                                     int from, int to) {
  mine[from]--;
  mine[to]++;
  uint8_t *opponent_there = &theirs[BG_BAR - to];
  if (*opponent_there != 1)
    return false;
  *opponent_there = 0;
  theirs[BG_BAR]++;
  return true;
}

/* board_sides_apply_step_onto_point of `checkers` checkers (1 to 4) at
 * once: the first hits what stands there, the others land on the
 * roller's own point.  Each point's count is changed once, not by a step
 * and then by the rest: a double's "8/4(2)" is made so. */
static inline bool board_sides_apply_steps_onto_point(uint8_t *mine, uint8_t *theirs,
                                                      int from, int to, int checkers) {
  mine[from] -= (uint8_t)checkers;
  mine[to] += (uint8_t)checkers;
  uint8_t *opponent_there = &theirs[BG_BAR - to];
  if (*opponent_there != 1)
    return false;
  *opponent_there = 0;
  theirs[BG_BAR]++;
  return true;
}

static inline bool board_apply_step_onto_point(bg_board *board, int from, int to) {
  return board_sides_apply_step_onto_point(board->checkers[0], board->checkers[1], from,
                                           to);
}

/* Takes back a step board_apply_step made (`hit`: what it returned).  The
 * searches over plays step and step back on one board instead of copying
 * it at each node. */
static inline void board_sides_undo_step(uint8_t *mine, uint8_t *theirs, int from, int to,
                                         bool hit) {
  if (hit) {
    theirs[BG_BAR]--;
    theirs[BG_BAR - to] = 1;
  }
  mine[to]--;
  mine[from]++;
}

void board_undo_step(bg_board *board, int from, int to, bool hit);

/* True when the opposing side has exactly one checker on the roller's point
 * `point` (1..24), i.e. a step landing there hits. */
bool board_is_blot_of_opponent(const bg_board *board, int point);

/* The same of the opposing side's counts `theirs` (see board_sides_*).
 * Inline: the referee's proofs ask it of the points a play passes. */
static inline bool board_sides_is_blot_of_opponent(const uint8_t *theirs, int point) {
  /* unsigned: one compare for 1 <= point <= 24 */
  return (unsigned)(point - 1) < BG_BAR - 1 && theirs[BG_BAR - point] == 1;
}

/* Opposing checkers standing on the roller's point `point` (1..24). */
int board_opponent_checkers_on(const bg_board *board, int point);

/* Whether side `side` has borne off all its checkers (the game is won).
 * Inline: the referee asks it after every play. */
static inline bool board_bore_off_all(const bg_board *board, int side) {
  return board->checkers[side][BG_OFF] == BG_CHECKERS;
}

/* Once side `winner` has borne off all 15: 1 single game, 2 gammon (the
 * loser has borne off none), 3 backgammon (a gammon where the loser also has
 * a checker on the bar or in the winner's home board).  0 when `winner` has
 * not borne off all of its checkers. */
int board_win_multiplier(const bg_board *board, int winner);

/* The most the game could still be worth to side `winner`, in times the
 * cube, were it played out: 1 once the loser has borne off a checker (no
 * gammon can follow); 3 while the loser has a checker on the bar or in the
 * winner's home board, or one the winner may still hit (which then stands
 * on the bar); else 2 (no checker of the loser goes back). */
int board_most_multiplier(const bg_board *board, int winner);

/* A 64-bit hash of the whole position, for deduplicating plays. */
uint64_t board_hash(const bg_board *board);

#endif
