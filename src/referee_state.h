/*
 * referee_state.h — what the referee keeps while it replays a match (the
 * match-wide state and one game's), shared by its files:
 * referee.c (turns, games, the match), referee_cube.c (doubles and their
 * answers) and referee_result.c (how a game ended and what it was worth).
 * Internal: nothing outside the referee includes it.
 */
#ifndef BG_REFEREE_STATE_H
#define BG_REFEREE_STATE_H

#include "referee.h"
#include "referee_play.h"
#include "replay.h"

typedef enum { END_NONE, END_BORE_OFF, END_DROP, END_RESIGN } end_reason;

typedef struct {
  int cube_value;
  int cube_before_refused; /* the cube before a refused double or beaver, 0 none */
  int cube_owner;          /* -1: centred */
  int double_by;           /* -1: no double waiting for an answer */
  int double_value;
  bool beavered;       /* the waiting double was beavered: the doubler may take or drop */
  int expected_roller; /* -1: before the opening roll */
  bool crawford_game;
  bool set_up; /* the game started from a "; Set Pos=" position */
  end_reason end;
  int winner;
  int multipliers;            /* bit m set: the bear-off may be worth m times the cube */
  int end_value;              /* the cube before a dropped double, or the points resigned
                                 (0: a resignation written without points) */
  int resign_level;           /* RESIGN_* of a resignation written without points */
  bg_srcpos last_roll_pos[2]; /* where each player's last roll stands */
  bool result_seen;
  int result_points;
  int result_winner;              /* who the score goes on with (the board's winner) */
  int credited_winner;            /* who the "Wins" line credits, read with the board */
  const bg_action *result_action; /* the "Wins" line, NULL before it */
  position_set positions;
} game_state;

typedef struct {
  /* (pointers and structures first, then numbers, then flags: no padding) */
  const bg_match *match;
  bg_diag_sink *sink;
  /* The game's opening position, by the record's [Variation]; NULL for a
   * variation with other rules, whose plays are not checked. */
  void (*opening)(bg_board *board);
  const bg_game *game;
  /* The last game's "Wins" line when the position did not fix its value
   * (a resignation: 1, 2 or 3 times the cube).  If the next score line
   * disagrees with it, either line may be the wrong one: both are named
   * (last_result_open). */
  bg_action last_result;
  play_checker plays;
  /* The errors the referee found, said or not (a silenced game's, those
   * past the sink's limits): what it does next hangs on this, never on
   * what was reported, or a record would be judged by its notation. */
  long faults;
  int match_won_by; /* -1 while the match goes on */
  int match_won_game;
  int last_cube;
  int score[2];
  /* After a score line that disagreed with the results: the other reading
   * of the score, which a later score line may bear out. */
  int alt_score[2];
  /* The record's first score line (a record may start at any score). */
  int start_score[2];
  bg_srcpos start_pos;
  bool crawford, jacoby, beavers;
  /* A money session that does not say whether the Jacoby rule was on
   * (the commonest program's default is on, and it writes no tag): a gammon with
   * the cube in the middle may count once or twice. */
  bool jacoby_unknown;
  /* The record marks hits as a habit (two marks or more): an unmarked hit
   * is then worth a warning; otherwise only a roll written with a mark has
   * its marks checked. */
  bool marks_hits;
  bool score_known;
  bool alt_known;
  bool last_game_open;     /* the game before ended with no result to count */
  bool last_result_blamed; /* its "Wins" line was reported wrong already */
  bool crawford_done;
  bool last_result_open; /* see last_result */
} referee;

const char *referee_player_name(const referee *ref, int player);

/* "s" after a count other than 1: "1 point", "2 points". */
static inline const char *plural(int count) {
  return count == 1 ? "" : "s";
}

/* One diagnostic of the match, at `pos`; `player` -1 when it is nobody's. */
void referee_say(referee *ref, bg_srcpos pos, int move, int player, bg_severity severity,
                 const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

#define SAY(action, severity, rule, ...)                                                 \
  referee_say(ref, (action)->pos, (action)->move_number, (action)->player, severity,     \
              rule, __VA_ARGS__)

/* referee.c: the walk, as the replay drives it (replay.c) */

/* Gets `ref` ready for `match` (whatever it held before). */
void referee_begin_match(referee *ref, const bg_match *match,
                         const bg_referee_options *options, bg_diag_sink *sink);
/* Checks the game's score line and sets up its first position. */
void referee_begin_game(referee *ref, game_state *state, const bg_game *game, bool first);
/* Checks action `index` of the game and follows it. */
void referee_act(referee *ref, game_state *state, const bg_game *game, int index);
/* Counts the game's result into the score and says what it was. */
void referee_end_game(referee *ref, game_state *state, const bg_game *game,
                      bg_game_result *result);
/* The checks of the match as a whole; frees what begin_match took. */
void referee_end_match(referee *ref);

/* referee_cube.c */
void referee_settle_unanswered_double(referee *ref, game_state *state,
                                      const bg_action *next);
void referee_on_double(referee *ref, game_state *state, const bg_action *act);
/* The answers to a double, action `index` of `game`: what follows them
 * tells a take written for a drop and a drop written for a take. */
void referee_on_take(referee *ref, game_state *state, const bg_game *game, int index);
void referee_on_drop(referee *ref, game_state *state, const bg_game *game, int index);
void referee_on_beaver(referee *ref, game_state *state, const bg_action *act);

/* referee_result.c */
int referee_derived_points(const referee *ref, const game_state *state);
/* The game's result as it stands at its end (before it is counted). */
void referee_resolve_result(const referee *ref, const game_state *state,
                            bg_game_result *result);
void referee_check_win(referee *ref, game_state *state, const bg_action *recorded);
void referee_on_resign(referee *ref, game_state *state, const bg_action *act);

/* referee_score.c */
void referee_check_score_line(referee *ref, const bg_game *game, bool first);
void referee_count_result(referee *ref, int winner, int points, int game_number);
/* A game the record marks as the Crawford game (or says is not one) must
 * be the one the score makes it. */
void referee_check_crawford_mark(referee *ref, const game_state *state,
                                 const bg_game *game);

#endif
