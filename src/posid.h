/*
 * posid.h — the identifiers other programs name a position by: GNU
 * Backgammon's Position ID (14 characters) and Match ID (12), and eXtreme
 * Gammon's XGID, encoded from a position of a record and decoded back, so
 * that `show` can print them and a user can paste them into either
 * program.  Nothing here knows a record: the caller says whose turn it is,
 * the dice, the cube and the score.
 *
 * Players are bgmatch's: 0 the left column of a .mat, 1 the right.  GNU
 * Backgammon numbers them the same way when it imports a .mat (player 0
 * its "O", drawn on top; player 1 its "X", at the bottom), and the XGID
 * here puts player 1 at the bottom (upper-case checkers, turn 1), as GNU
 * Backgammon's board does.
 */
#ifndef BG_POSID_H
#define BG_POSID_H

#include <stdbool.h>

#include "board.h"

#define POSID_POSITION_LENGTH 14 /* characters of a Position ID */
#define POSID_MATCH_LENGTH 12    /* characters of a Match ID */
#define POSID_XGID_SIZE 80       /* room for any XGID this file writes */

/* GNU Backgammon's state of a game (the Match ID's three bits). */
typedef enum {
  POSID_NO_GAME = 0,
  POSID_PLAYING = 1,
  POSID_GAME_OVER = 2,
  POSID_RESIGNED = 3,
  POSID_DROPPED = 4,
} posid_game_state;

/* Everything the Match ID and the XGID hold besides the checkers. */
typedef struct {
  int on_roll;    /* whose turn it is to roll or play: 0 or 1 */
  int deciding;   /* who must act now (the taker after a double): 0 or 1 */
  int dice[2];    /* both 0 when not rolled yet; in either order */
  int cube;       /* 1, 2, 4, ... up to 2^15 */
  int cube_owner; /* -1 centred, else the owner */
  bool crawford;  /* this is the Crawford game (the Match ID ignores it in a
                     1-point match or a money session, which have none) */
  bool doubled;   /* a double is offered and not answered yet */
  int resigned;   /* 0, or the 1, 2 or 3 times the cube offered */
  int length;     /* points; 0 = money session */
  int score[2];   /* of player 0 and player 1 */
  bool jacoby;    /* money session played under the Jacoby rule */
  bool beavers;   /* money session with beavers allowed (XGID only) */
  int max_cube;   /* XGID only: the cube limit, 0 when none (XG's 2^10) */
  posid_game_state state;
} posid_match;

/* Fills `match` with a game in play: cube 1 in the middle, no dice,
 * player `on_roll` to roll, the given length and score. */
void posid_match_init(posid_match *match, int on_roll, int length, int score0,
                      int score1);

/* The Position ID of `board` seen by the player on roll (board.h: side 0
 * is that player's).  `id` gets POSID_POSITION_LENGTH characters and a
 * NUL.  Checkers borne off are not in the ID. */
void posid_position_encode(const bg_board *board, char id[POSID_POSITION_LENGTH + 1]);

/* The board of a Position ID, seen by the player on roll; checkers not on
 * the board are borne off.  False (board untouched) when `id` is not 14
 * characters of base64 that make a position: at most 15 checkers a side,
 * the two sides never on one point, no bit after the last point. */
bool posid_position_decode(const char *id, bg_board *board);

/* The Match ID of `match`: POSID_MATCH_LENGTH characters and a NUL. */
void posid_match_encode(const posid_match *match, char id[POSID_MATCH_LENGTH + 1]);

/* The state a Match ID holds (max_cube and beavers 0).  False when `id`
 * is not 12 characters of base64 or holds no state GNU Backgammon would
 * accept (a die above 6, one die alone, a score above the length, a
 * Crawford game in a money session, an unknown game state). */
bool posid_match_decode(const char *id, posid_match *match);

/* The XGID of `board` seen by `match->on_roll` (side 0 that player's):
 * "XGID=" and ten fields; into `out` (at least POSID_XGID_SIZE bytes). */
void posid_xgid_encode(const bg_board *board, const posid_match *match, char *out,
                       int size);

/* The board (seen by the player on roll) and state of an XGID, with or
 * without its "XGID=" prefix.  False when it is not one: 26 position
 * characters ('-', 'A'..'O', 'a'..'o'), at most 15 checkers a side, and
 * nine fields in range.  `deciding` is the player on roll; `state` is
 * POSID_PLAYING. */
bool posid_xgid_decode(const char *xgid, bg_board *board, posid_match *match);

#endif
