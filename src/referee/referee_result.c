/*
 * referee_result.c — how each game ended and what it was worth: "Wins"
 * lines against the final position, the cube and the match length, and
 * resignations (explicit "Losses" lines, or a win with checkers still on
 * the board).  Conventions real programs follow (capped wins, column-blind
 * "Losses" lines, results written on the line of the
 * winner's last roll) are accepted: the board says which is meant.
 */
#include <stdio.h>

#include "referee_int.h"

/* ---- points ---------------------------------------------------------- */

/* In match play a win counts only up to the points the winner needed. */
static int capped(const referee *ref, int winner, int points) {
  return law_capped_points(ref->match->length, ref->tally.score[winner], points);
}

/* A "Wins" line may give a game's full value, or cap it: at the points the
 * winner needed (most programs) or, in a record whose writer caps them so
 * (match->results_capped_at_length), at the match length.  All are honest
 * records of the same result; any other value between them is not. */
static bool is_recorded_value(const referee *ref, int winner, int full, int recorded) {
  int length = ref->match->length;
  return recorded == full || recorded == capped(ref, winner, full) ||
         (ref->match->results_capped_at_length && length > 0 && full > length &&
          recorded == length);
}

static const char *multiple_name(int multiplier) {
  return multiplier == 3 ? "backgammon" : multiplier == 2 ? "gammon" : "single game";
}

/* Under the Jacoby rule gammons count only once the cube has been turned. */
static int effective_multipliers(const referee *ref, const game_state *state) {
  if (ref->rules.jacoby && state->cube.value == 1)
    return 1 << 1;
  if (ref->rules.jacoby_unknown && state->cube.value == 1)
    return state->end.multipliers | 1 << 1;
  return state->end.multipliers;
}

/* What the game's end was worth, when the record fixes it; -1 otherwise. */
int referee_derived_points(const referee *ref, const game_state *state) {
  switch (state->end.reason) {
  case END_BORE_OFF: {
    int multipliers = effective_multipliers(ref, state);
    for (int m = 1; m <= 3; m++)
      if (multipliers == 1 << m)
        return capped(ref, state->end.winner, state->cube.value * m);
    return -1;
  }
  case END_RESIGN:
    if (state->end.value == 0)
      return state->end.resign_level == RESIGN_MATCH && ref->match->length > 0
                 ? ref->match->length - ref->tally.score[state->end.winner]
                 : -1;
    return capped(ref, state->end.winner, state->end.value);
  case END_DROP:
    return capped(ref, state->end.winner, state->end.value);
  default:
    return -1;
  }
}

/* Checks a win by bearing off; returns the points the game was worth when
 * the record is wrong and that worth is certain, else -1. */
static int check_bore_off_win(referee *ref, const game_state *state,
                              const bg_action *win) {
  int multipliers = effective_multipliers(ref, state);
  int first = 0;
  for (int m = 1; m <= 3; m++) {
    if (!(multipliers & (1 << m)))
      continue;
    /* Some programs write the full value, some what the winner needed. */
    if (is_recorded_value(ref, win->player, state->cube.value * m, win->value))
      return -1;
    first = first ? first : m;
  }
  int worth = capped(ref, win->player, state->cube.value * first);
  SAY(win, DIAG_ERROR, RULE_SLUG(SCORE),
      "Wins %d point%s, but a %s with the cube at %d is worth %d point%s%s", win->value,
      plural(win->value), multiple_name(first), state->cube.value, worth, plural(worth),
      worth < state->cube.value * first ? " (all the winner needed)" : "");
  return multipliers == 1 << first ? worth : -1;
}

/* A resignation (explicit, or a win with checkers still on the board) is
 * worth 1, 2 or 3 times the cube. */
static bool is_resignation_value(const referee *ref, const game_state *state, int winner,
                                 int points) {
  for (int m = 1; m <= 3; m++)
    if (is_recorded_value(ref, winner, state->cube.value * m, points))
      return true;
  return false;
}

/* Remembers a result whose value only the record vouches for. */
static void remember_result(referee *ref, const game_state *state, const bg_action *win) {
  ref->tally.last_result_open =
      state->end.reason == END_NONE ||
      (state->end.reason == END_RESIGN && state->end.value == 0 &&
       state->end.resign_level == RESIGN_UNSAID);
  ref->tally.last_result = *win;
  ref->tally.last_cube = state->cube.value;
  ref->tally.last_most_multiplier = referee_most_multiplier(state, win->player);
}

/* A drop (the cube before the double) or a resignation of so many points;
 * returns the game's worth when the record is wrong, else -1. */
static int check_valued_end(referee *ref, const game_state *state, const bg_action *win) {
  int worth = capped(ref, win->player, state->end.value);
  if (is_recorded_value(ref, win->player, state->end.value, win->value))
    return -1;
  /* after a refused cube action, a drop may be of the cube without it
   * (the recovery's other reading of the cube) */
  int other = referee_cube_other_reading(ref);
  if (state->end.reason == END_DROP && other != 0 &&
      is_recorded_value(ref, win->player, other, win->value))
    return -1;
  SAY(win, DIAG_ERROR, RULE_SLUG(SCORE),
      "Wins %d point%s, but the game was worth %d (%s)", win->value, plural(win->value),
      worth,
      state->end.reason == END_DROP ? "the cube before the dropped double"
                                    : "the points resigned");
  return worth;
}

/* After "Resigned Game" (1, 2 or 3 times the cube) or "Resigned Match"
 * (the points the winner still needed: the match). */
static void check_unvalued_resignation(referee *ref, const game_state *state,
                                       const bg_action *win) {
  int length = ref->match->length;
  if (state->end.resign_level == RESIGN_MATCH) {
    if (length > 0 && ref->tally.score[win->player] + win->value < length)
      SAY(win, DIAG_ERROR, RULE_SLUG(SCORE),
          "Wins %d point%s after a resigned match, but %s needed %d to win it",
          win->value, plural(win->value), referee_player_name(ref, win->player),
          length - ref->tally.score[win->player]);
  } else if (!is_resignation_value(ref, state, win->player, win->value)) {
    SAY(win, DIAG_ERROR, RULE_SLUG(SCORE),
        "Wins %d point%s after a resignation: it must be 1, 2 or 3 times the cube (%d)",
        win->value, plural(win->value), state->cube.value);
  }
}

/* Does the "Wins" line fit the cube: as what the bear-off was worth when
 * the game was borne off, else as a resignation? */
static bool fits_cube(const referee *ref, const game_state *state, const bg_action *win) {
  if (state->end.reason != END_BORE_OFF)
    return is_resignation_value(ref, state, win->player, win->value);
  int multipliers = effective_multipliers(ref, state);
  for (int m = 1; m <= 3; m++)
    if ((multipliers & (1 << m)) &&
        is_recorded_value(ref, win->player, state->cube.value * m, win->value))
      return true;
  return false;
}

/* After a double or beaver the rules refused, the "Wins" line says which
 * cube the game was played for: the one without it (the recovery's other
 * reading of the cube), when only that fits. */
static void settle_refused_cube(const referee *ref, game_state *state,
                                const bg_action *win) {
  int refused = referee_cube_other_reading(ref);
  if (refused == 0 || state->end.reason == END_DROP)
    return;
  int turned = state->cube.value;
  if (fits_cube(ref, state, win))
    return;
  state->cube.value = refused;
  if (!fits_cube(ref, state, win))
    state->cube.value = turned;
}

/* Who the "Wins" line credits, by the board.  It names the player in
 * whose column it stands, except beside the roll that bore off the other
 * player's last checker: some programs write the result there, in the
 * next cell after the winner's roll and on its line, so it is the
 * roller's.  Both facts count: the order of the actions (a one-line
 * document holds them all on line 1) and the line (a "Wins" on the next
 * line, in the other column, names the other player, as written).  A
 * notation that names who acted (YAML, JSON) has no columns: the player
 * it names is credited.  When the roll before did not end the game, the
 * column's player won: the roller resigned (or the record says so after
 * the roll). */
static int credited_winner(const referee *ref, const game_state *state,
                           const bg_action *win) {
  if (ref->match->actions_named || state->end.reason != END_BORE_OFF ||
      state->end.winner == win->player)
    return win->player;
  const bg_game *game = ref->game;
  bool beside_winners_roll =
      game && win > game->actions && win < game->actions + game->action_count &&
      win[-1].kind == ACT_ROLL && win[-1].player == state->end.winner &&
      win[-1].pos.line == win->pos.line;
  return beside_winners_roll ? state->end.winner : win->player;
}

/* What the game was worth, by how it ended, against the "Wins" line
 * `win`: where the record's value is wrong and the true one certain, the
 * true one (the score goes on from it, so the next score line is not
 * blamed for the same mistake); -1 where none is certain. */
static int check_worth(referee *ref, game_state *state, const bg_action *win) {
  switch (state->end.reason) {
  case END_BORE_OFF:
    return check_bore_off_win(ref, state, win);
  case END_RESIGN:
    if (state->end.value != 0)
      return check_valued_end(ref, state, win);
    check_unvalued_resignation(ref, state, win);
    return -1;
  case END_DROP:
    return check_valued_end(ref, state, win);
  case END_NONE:
    if (!is_resignation_value(ref, state, win->player, win->value))
      SAY(win, DIAG_ERROR, RULE_SLUG(SCORE),
          "Wins %d point%s before the game was over: as a resignation it must be 1, 2 or "
          "3 times the cube (%d)",
          win->value, plural(win->value), state->cube.value);
    return -1;
  }
  return -1;
}

/* "and the match" on `win`, by what the game was worth (`worth`, -1 the
 * record's value): a wrong value said already is not also blamed on it
 * when the true one does win the match; a right one short of the length
 * may be the length line's mistake (referee_length.c). */
static void check_and_match(referee *ref, const game_state *state, const bg_action *win,
                            int worth) {
  if (ref->match->length <= 0)
    return;
  int counted = ref->tally.score[win->player] + (worth >= 0 ? worth : win->value);
  if (!win->and_match || counted >= ref->match->length)
    return;
  /* a value the record vouches for: the length line may be the wrong one */
  if (worth < 0 && referee_length_short_of_end(ref, state, win, counted))
    return;
  SAY(win, DIAG_ERROR, RULE_SLUG(SCORE),
      "says \"and the match\", but %s has %d of %d point%s after it",
      referee_player_name(ref, win->player), counted, ref->match->length,
      plural(ref->match->length));
}

void referee_check_win(referee *ref, game_state *state, const bg_action *recorded) {
  if (state->result.seen) {
    SAY(recorded, DIAG_ERROR, RULE_SLUG(SCORE), "a second result for this game");
    return;
  }
  /* From here the line is read as naming the winner it credits. */
  bg_action credited = *recorded;
  credited.player = credited_winner(ref, state, recorded);
  const bg_action *win = &credited;
  settle_refused_cube(ref, state, win);
  state->result = (game_result_seen){.seen = true,
                                     .points = win->value,
                                     .winner = win->player,
                                     .credited_winner = win->player,
                                     .action = recorded};
  remember_result(ref, state, win);
  /* A "Losses" line may stand in either column: after one, the "Wins"
   * line says who won. */
  if (state->end.reason == END_RESIGN)
    state->end.winner = win->player;
  if (state->end.reason != END_NONE && win->player != state->end.winner) {
    SAY(win, DIAG_ERROR, RULE_SLUG(SCORE),
        "%s is recorded as the winner, but %s won this game",
        referee_player_name(ref, win->player),
        referee_player_name(ref, state->end.winner));
    state->result.winner = state->end.winner; /* the score goes on from the truth */
    return;
  }
  int worth = check_worth(ref, state, win);
  if (worth >= 0)
    state->result.points = worth;
  check_and_match(ref, state, win, worth);
}

/* A player may concede the whole match: the points the winner still
 * needed. */
static bool is_match_concession(const referee *ref, int points) {
  int length = ref->match->length;
  return length > 0 && (points == length - ref->tally.score[0] ||
                        points == length - ref->tally.score[1]);
}

void referee_on_resign(referee *ref, game_state *state, const bg_action *act) {
  state->end.reason = END_RESIGN;
  state->end.winner = 1 - act->player;
  state->end.value = act->value;
  state->end.resign_level = act->resign_level;
  if (act->value == 0) {
    /* "Resign gammon": its value is known now; "Resigned Game" or
     * "Resigned Match" are valued at the "Wins" line. */
    if (act->resign_level >= RESIGN_SINGLE && act->resign_level <= RESIGN_BACKGAMMON)
      state->end.value = state->cube.value * act->resign_level;
    return;
  }
  /* After a refused cube action the points resigned say which cube stood. */
  bg_action as_won = *act;
  as_won.player = state->end.winner;
  settle_refused_cube(ref, state, &as_won);
  if (!is_resignation_value(ref, state, state->end.winner, act->value) &&
      !is_resignation_value(ref, state, act->player, act->value) &&
      !is_match_concession(ref, act->value))
    SAY(act, DIAG_ERROR, RULE_SLUG(SCORE),
        "a resignation of %d point%s: it must be 1, 2 or 3 times the "
        "cube (%d)",
        act->value, plural(act->value), state->cube.value);
}

/* ---- the result, for the replay ------------------------------------ */

/* How a bear-off won: the multiplier of the position the record leads to,
 * or where it leaves that open, the one that agrees with the points. */
static bg_result_by bore_off_by(const referee *ref, const game_state *state, int points) {
  static const bg_result_by by_multiplier[] = {BG_BY_NONE, BG_BY_SINGLE, BG_BY_GAMMON,
                                               BG_BY_BACKGAMMON};
  int lowest = 0;
  for (int m = 1; m <= 3; m++) {
    if (!(state->end.multipliers & (1 << m)))
      continue;
    if (capped(ref, state->end.winner, state->cube.value * m) == points)
      return by_multiplier[m];
    lowest = lowest ? lowest : m;
  }
  return by_multiplier[lowest];
}

/* Whether how the game ended was read off the board (a bear-off, or
 * nothing yet: a "Wins" line with checkers left), not off the cube. */
static bool end_rests_on_board(const game_state *state) {
  return state->end.reason == END_BORE_OFF || state->end.reason == END_NONE;
}

void referee_resolve_result(const referee *ref, const game_state *state,
                            bool plays_guessed, bg_game_result *result) {
  result->recorded = state->result.action;
  result->credited = state->result.seen ? state->result.credited_winner : -1;
  result->winner = state->result.seen              ? state->result.winner
                   : state->end.reason != END_NONE ? state->end.winner
                                                   : -1;
  result->points =
      state->result.seen ? state->result.points : referee_derived_points(ref, state);
  if (plays_guessed && end_rests_on_board(state)) {
    /* The board is a guess: the "Wins" line says who won and how much,
     * and without one the game has no result. */
    bool said = state->result.seen && state->result.action->value > 0;
    result->winner = said ? state->result.credited_winner : -1;
    result->points = said ? state->result.action->value : -1;
  }
  switch (state->end.reason) {
  case END_BORE_OFF:
    result->by = bore_off_by(ref, state, result->points);
    break;
  case END_DROP:
    result->by = BG_BY_DROP;
    break;
  case END_RESIGN:
    result->by = BG_BY_RESIGN;
    break;
  case END_NONE: /* a "Wins" line with checkers on the board: a resignation */
    result->by = state->result.seen ? BG_BY_RESIGN : BG_BY_NONE;
    break;
  }
  if (result->winner < 0)
    result->points = -1;
}
