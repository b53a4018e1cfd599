/*
 * law.h — the rules of backgammon as the referee applies them, apart from
 * how it follows a record that breaks them: the rule options with their
 * defaults (law_options.c), the turn and the opening roll (law_turn.c),
 * the cube with Crawford, beavers and the cube limit (law_cube.c), and
 * what a game is worth and when the match ends (law_score.c).  Each
 * function takes the state of the game and an action and returns a
 * verdict; none reports, none changes the state.  The rules as written
 * for players are in ../shared/rules/ (FIBS rules, and the basic rules).
 */
#ifndef BG_LAW_H
#define BG_LAW_H

#include <stdbool.h>

#include "match.h"

/* ---- the rule options (law_options.c) ------------------------------- */

typedef enum { LAW_CRAWFORD, LAW_JACOBY, LAW_BEAVERS, LAW_OPTION_COUNT } law_option;

/* A rule option as the command line, else the record, else its default
 * sets it; `presumed` when neither said. */
typedef struct {
  bool on;
  bool presumed;
} law_setting;

law_setting law_option_setting(law_option option, bg_rule_flag command_line,
                               bg_rule_flag record);

/* The rules a match is played by. */
typedef struct {
  bool crawford, jacoby, beavers;
  /* A money session that does not say whether the Jacoby rule was on
   * (its default is presumed, not known): a gammon with the cube in the
   * middle may count once or twice. */
  bool jacoby_unknown;
} match_rules;

/* The rules of `match` under the command line's `crawford`, `jacoby` and
 * `beavers`: Crawford in match play only, Jacoby known only where said. */
match_rules law_match_rules(const bg_match *match, bg_rule_flag crawford,
                            bg_rule_flag jacoby, bg_rule_flag beavers);

/* ---- the turn (law_turn.c) ------------------------------------------ */

/* Whose turn it is. */
typedef struct {
  int expected_roller;        /* -1: before the opening roll */
  bg_srcpos last_roll_pos[2]; /* where each player's last roll stands */
  int rolls_checked;          /* the game's rolls before the one being checked */
} game_turns;

typedef enum {
  TURN_OK,
  TURN_OPENING_DOUBLE, /* the opening roll is a double */
  TURN_NOT_YOURS       /* the other player is to roll */
} law_turn_verdict;

/* Is `roll` a double rolled as the game's first roll (from the starting
 * position, not a set-up one)? */
bool law_opening_double(const game_turns *turns, bool set_up, const bg_action *roll);

/* May `roll` be rolled now? */
law_turn_verdict law_turn(const game_turns *turns, bool set_up, const bg_action *roll);

/* ---- the cube (law_cube.c) ------------------------------------------ */

/* The cube of one game. */
typedef struct {
  int value;
  int owner;     /* -1: centred */
  int double_by; /* -1: no double waiting for an answer */
  int double_value;
  bool beavered; /* the waiting double was beavered: the doubler may take or drop */
} game_cube;

/* The cube after one more doubling.  Past 2^20 (no real cube goes near
 * it) the value stays put, so that no record can overflow it. */
int law_cube_doubled(int value);

typedef enum {
  DOUBLE_OK,
  DOUBLE_WHILE_WAITING,  /* a double is still waiting for an answer */
  DOUBLE_BEFORE_OPENING, /* before the opening roll */
  DOUBLE_AFTER_ROLLING,  /* after the player's own roll */
  DOUBLE_IN_CRAWFORD,    /* in the Crawford game */
  DOUBLE_NOT_OWNER,      /* the opponent owns the cube */
  DOUBLE_WRONG_VALUE,    /* not twice the cube */
  DOUBLE_PAST_LIMIT      /* past the record's cube limit */
} law_double_verdict;

/* May `act` (ACT_DOUBLE) double the cube, in a game that is (or not)
 * `crawford_game`, under a cube limit (0 none)? */
law_double_verdict law_double(const game_cube *cube, const game_turns *turns,
                              bool crawford_game, int cube_limit, const bg_action *act);

/* Is `act` an answer to the double waiting: the opponent's, or the
 * doubler's answer to a beaver? */
bool law_answers_double(const game_cube *cube, const bg_action *act);

typedef enum {
  BEAVER_OK,
  BEAVER_IN_MATCH,    /* beavers are a money game's */
  BEAVER_NOT_ALLOWED, /* the rules of the session do not allow them */
  BEAVER_WRONG_VALUE  /* not twice the double */
} law_beaver_verdict;

/* May `act` (ACT_BEAVER, an answer to the double waiting) beaver it, or
 * raccoon a beaver, in a match of `length` (0 money) under `rules`? */
law_beaver_verdict law_beaver(const game_cube *cube, int length, const match_rules *rules,
                              const bg_action *act);

/* ---- points and the match (law_score.c) ----------------------------- */

/* In match play a win counts only up to the points the winner needed
 * (the winner has `winner_score` of `length`, 0 money). */
int law_capped_points(int length, int winner_score, int points);

/* Does a player stand one point short of `length` at `score`? */
bool law_at_crawford_score(int length, const int score[2]);

/* Is the game at `score` the Crawford game: the first game after a player
 * reached one point short of `length`, under the Crawford rule? */
bool law_crawford_game(const match_rules *rules, int length, const int score[2],
                       bool crawford_done);

/* Has the player with `score` won a match of `length` (0 money: never)? */
bool law_match_won(int length, int score);

#endif
