/*
 * referee.c — replays a match game by game: whose turn it is, the cube, how
 * each game ended and what it was worth, and the running score.
 *
 * Plays themselves are judged in referee_play.c; this file is the state
 * machine around them.  Each check reports at the action's own line and
 * then carries on from what the record says (its cube value, its score), so
 * one mistake is reported once, not again at every later line.
 */
#include "referee.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "referee_play.h"

typedef enum { END_NONE, END_BORE_OFF, END_DROP, END_RESIGN } end_reason;

typedef struct {
  int cube_value;
  int cube_owner; /* -1: centred */
  int double_by;  /* -1: no double waiting for an answer */
  int double_value;
  bool beavered;       /* the waiting double was beavered: the doubler may take or drop */
  int expected_roller; /* -1: before the opening roll */
  bool crawford_game;
  end_reason end;
  int winner;
  int multipliers;    /* bit m set: the bear-off may be worth m times the cube */
  int end_value;      /* the cube before a dropped double, or the points resigned */
  int last_roll_line; /* the line of the last roll played */
  bool result_seen;
  int result_points;
  int result_winner;
  position_set positions;
} game_state;

typedef struct {
  const bg_match *match;
  bg_diag_sink *sink;
  bool crawford, jacoby, beavers;
  /* A money session that does not say whether the Jacoby rule was on
   * (GNU Backgammon's default is on, and it writes no tag): a gammon with
   * the cube in the middle may count once or twice. */
  bool jacoby_unknown;
  play_checker plays;
  int score[2];
  bool score_known;
  bool crawford_done;
  int match_won_by; /* -1 while the match goes on */
  int match_won_game;
  const bg_game *game;
  /* The last game's "Wins" line when the position did not fix its value
   * (a resignation: 1, 2 or 3 times the cube).  If the next score line
   * disagrees with it, either line may be the wrong one: both are named. */
  bool last_result_open;
  bg_action last_result;
  int last_cube;
} referee;

void referee_options_init(bg_referee_options *options) {
  options->crawford = RULE_UNSET;
  options->jacoby = RULE_UNSET;
  options->beavers = RULE_UNSET;
}

static bool resolve(bg_rule_flag option, bg_rule_flag record, bool fallback) {
  if (option != RULE_UNSET)
    return option == RULE_ON;
  if (record != RULE_UNSET)
    return record == RULE_ON;
  return fallback;
}

static const char *name_of(const referee *ref, int player) {
  const char *name = ref->match->players[player];
  return name && *name ? name : (player ? "the right player" : "the left player");
}

static void say(referee *ref, bg_srcpos pos, int move, int player, bg_severity severity,
                const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

static void say(referee *ref, bg_srcpos pos, int move, int player, bg_severity severity,
                const char *rule, const char *fmt, ...) {
  char message[512];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof message, fmt, args);
  va_end(args);
  bg_diag diag = {.file = ref->match->file,
                  .line = pos.line,
                  .column = pos.column,
                  .severity = severity,
                  .rule = rule,
                  .message = message,
                  .game = ref->game ? ref->game->number : 0,
                  .move = move,
                  .player = player >= 0 ? name_of(ref, player) : NULL};
  diag_emit(ref->sink, &diag);
}

#define SAY(action, severity, rule, ...)                                                 \
  say(ref, (action)->pos, (action)->move_number, (action)->player, severity, rule,       \
      __VA_ARGS__)

/* ---- points ---------------------------------------------------------- */

/* In match play a win counts only up to the points the winner needed. */
static int capped(const referee *ref, int winner, int points) {
  if (ref->match->length <= 0)
    return points;
  int needed = ref->match->length - ref->score[winner];
  return needed > 0 && points > needed ? needed : points;
}

/* A "Wins" line may give a game's full value, or cap it: at the points the
 * winner needed (most programs) or at the match length (Backgammon Galaxy).
 * All three are honest records of the same result. */
static bool is_recorded_value(const referee *ref, int winner, int full, int recorded) {
  int length = ref->match->length;
  return recorded == full || recorded == capped(ref, winner, full) ||
         (length > 0 && full > length && recorded == length);
}

static const char *multiple_name(int multiplier) {
  return multiplier == 3 ? "backgammon" : multiplier == 2 ? "gammon" : "single game";
}

/* Under the Jacoby rule gammons count only once the cube has been turned. */
static int effective_multipliers(const referee *ref, const game_state *state) {
  if (ref->jacoby && state->cube_value == 1)
    return 1 << 1;
  if (ref->jacoby_unknown && state->cube_value == 1)
    return state->multipliers | 1 << 1;
  return state->multipliers;
}

/* What the game's end was worth, when the record fixes it; -1 otherwise. */
static int derived_points(const referee *ref, const game_state *state) {
  switch (state->end) {
  case END_BORE_OFF: {
    int multipliers = effective_multipliers(ref, state);
    for (int m = 1; m <= 3; m++)
      if (multipliers == 1 << m)
        return capped(ref, state->winner, state->cube_value * m);
    return -1;
  }
  case END_DROP:
  case END_RESIGN:
    return capped(ref, state->winner, state->end_value);
  default:
    return -1;
  }
}

static void check_bore_off_win(referee *ref, const game_state *state,
                               const bg_action *win) {
  int multipliers = effective_multipliers(ref, state);
  int first = 0;
  for (int m = 1; m <= 3; m++) {
    if (!(multipliers & (1 << m)))
      continue;
    /* Some programs write the full value, some what the winner needed. */
    if (is_recorded_value(ref, win->player, state->cube_value * m, win->value))
      return;
    first = first ? first : m;
  }
  int worth = capped(ref, win->player, state->cube_value * first);
  SAY(win, DIAG_ERROR, "score",
      "Wins %d point%s, but a %s with the cube at %d is worth %d point%s%s", win->value,
      win->value == 1 ? "" : "s", multiple_name(first), state->cube_value, worth,
      worth == 1 ? "" : "s",
      worth < state->cube_value * first ? " (all the winner needed)" : "");
}

/* A resignation (explicit, or a win with checkers still on the board) is
 * worth 1, 2 or 3 times the cube. */
static bool is_resignation_value(const referee *ref, const game_state *state, int winner,
                                 int points) {
  for (int m = 1; m <= 3; m++)
    if (is_recorded_value(ref, winner, state->cube_value * m, points))
      return true;
  return false;
}

/* Remembers a result whose value only the record vouches for. */
static void remember_result(referee *ref, const game_state *state, const bg_action *win) {
  ref->last_result_open = state->end == END_NONE || state->end == END_RESIGN;
  ref->last_result = *win;
  ref->last_cube = state->cube_value;
}

static void check_win(referee *ref, game_state *state, const bg_action *recorded) {
  /* DailyGammon writes the result inline, after the winner's last roll on
   * the same line, so it stands in the other player's column. */
  bg_action inline_result;
  const bg_action *win = recorded;
  if (state->end == END_BORE_OFF && recorded->player != state->winner &&
      recorded->pos.line == state->last_roll_line) {
    inline_result = *recorded;
    inline_result.player = state->winner;
    win = &inline_result;
  }
  if (state->result_seen) {
    SAY(win, DIAG_ERROR, "score", "a second result for this game");
    return;
  }
  state->result_seen = true;
  state->result_winner = win->player;
  state->result_points = win->value;
  remember_result(ref, state, win);
  /* Galaxy writes its "Losses" lines in either column: after one, the
   * "Wins" line says who won. */
  if (state->end == END_RESIGN)
    state->winner = win->player;
  if (state->end != END_NONE && win->player != state->winner) {
    SAY(win, DIAG_ERROR, "score", "%s is recorded as the winner, but %s won this game",
        name_of(ref, win->player), name_of(ref, state->winner));
    return;
  }
  switch (state->end) {
  case END_BORE_OFF:
    check_bore_off_win(ref, state, win);
    break;
  case END_DROP:
  case END_RESIGN: {
    int worth = capped(ref, win->player, state->end_value);
    if (!is_recorded_value(ref, win->player, state->end_value, win->value))
      SAY(win, DIAG_ERROR, "score", "Wins %d point%s, but the game was worth %d (%s)",
          win->value, win->value == 1 ? "" : "s", worth,
          state->end == END_DROP ? "the cube before the dropped double"
                                 : "the points resigned");
    break;
  }
  case END_NONE:
    if (!is_resignation_value(ref, state, win->player, win->value))
      SAY(win, DIAG_ERROR, "score",
          "Wins %d point%s before the game was over: as a resignation it must be 1, 2 or "
          "3 "
          "times the cube (%d)",
          win->value, win->value == 1 ? "" : "s", state->cube_value);
    break;
  }
  if (ref->match->length > 0) {
    bool reaches = ref->score[win->player] + win->value >= ref->match->length;
    if (win->and_match && !reaches)
      SAY(win, DIAG_ERROR, "score",
          "says \"and the match\", but %s has %d of %d points after it",
          name_of(ref, win->player), ref->score[win->player] + win->value,
          ref->match->length);
  }
}

/* ---- the cube -------------------------------------------------------- */

static bool game_over(referee *ref, const game_state *state, const bg_action *action) {
  if (state->end == END_NONE && !state->result_seen)
    return false;
  SAY(action, DIAG_ERROR, "turn-order", "%s acts after the game has ended",
      name_of(ref, action->player));
  return true;
}

/* A double nobody answered: the game went on, so it was taken. */
static void settle_unanswered_double(referee *ref, game_state *state,
                                     const bg_action *next) {
  if (state->double_by < 0)
    return;
  if (!state->beavered)
    SAY(next, DIAG_ERROR, "cube", "the double to %d was neither taken nor dropped",
        state->double_value);
  state->cube_value = state->double_value;
  state->cube_owner = state->beavered ? state->cube_owner : 1 - state->double_by;
  state->double_by = -1;
  state->beavered = false;
}

static void on_double(referee *ref, game_state *state, const bg_action *act) {
  int player = act->player;
  if (state->double_by >= 0 && !state->beavered)
    SAY(act, DIAG_ERROR, "cube",
        "%s doubles while a double is still waiting for an answer", name_of(ref, player));
  else if (state->expected_roller < 0)
    SAY(act, DIAG_ERROR, "cube", "no double before the opening roll");
  else if (state->expected_roller != player)
    SAY(act, DIAG_ERROR, "cube",
        "%s doubles after rolling: a double comes before the roll", name_of(ref, player));
  else if (state->crawford_game)
    SAY(act, DIAG_ERROR, "cube", "no doubling in the Crawford game");
  else if (state->cube_owner == 1 - player)
    SAY(act, DIAG_ERROR, "cube", "%s doubles, but %s owns the cube", name_of(ref, player),
        name_of(ref, 1 - player));
  else if (act->value != 2 * state->cube_value)
    SAY(act, DIAG_ERROR, "cube", "the cube goes from %d to %d, not %d", state->cube_value,
        2 * state->cube_value, act->value);
  else if (ref->match->cube_limit > 0 && act->value > ref->match->cube_limit)
    SAY(act, DIAG_ERROR, "cube", "a double to %d goes past the cube limit of %d",
        act->value, ref->match->cube_limit);
  /* Carry on with the value the rules give, so that one wrong number is
   * not also blamed on every later cube action and on the result. */
  state->double_by = player;
  state->double_value = 2 * state->cube_value;
  state->beavered = false;
}

static bool answers_double(referee *ref, game_state *state, const bg_action *act,
                           const char *verb) {
  if (state->double_by >= 0 && state->double_by != act->player)
    return true;
  if (state->double_by >= 0 && state->beavered)
    return true; /* the doubler answers the beaver */
  SAY(act, DIAG_ERROR, "cube", "%s %s, but no double was offered",
      name_of(ref, act->player), verb);
  return false;
}

static void on_take(referee *ref, game_state *state, const bg_action *act) {
  if (!answers_double(ref, state, act, "takes"))
    return;
  state->cube_value = state->double_value;
  state->cube_owner = state->beavered ? 1 - act->player : act->player;
  state->double_by = -1;
  state->beavered = false;
}

static void on_drop(referee *ref, game_state *state, const bg_action *act) {
  if (!answers_double(ref, state, act, "drops"))
    return;
  state->end = END_DROP;
  state->winner = 1 - act->player;
  /* A dropped beaver costs the doubled cube, a dropped double the old one. */
  state->end_value = state->beavered ? state->double_value / 2 : state->cube_value;
  state->double_by = -1;
}

/* A beaver (the taker redoubles at once and keeps the cube), or a raccoon
 * (the doubler answers a beaver the same way): both "Beavers => N" here. */
static void on_beaver(referee *ref, game_state *state, const bg_action *act) {
  const char *what = state->beavered ? "raccoon" : "beaver";
  if (!answers_double(ref, state, act, state->beavered ? "raccoons" : "beavers"))
    return;
  if (ref->match->length > 0 || !ref->beavers) {
    if (!state->beavered) /* a raccoon on a refused beaver: said once */
      SAY(act, DIAG_ERROR, "cube", "beavers are not allowed %s",
          ref->match->length > 0 ? "in match play" : "under this record's rules");
  } else if (act->value != 2 * state->double_value) {
    SAY(act, DIAG_ERROR, "cube", "a %s doubles the cube to %d, not %d", what,
        2 * state->double_value, act->value);
  }
  state->cube_owner = act->player;
  state->double_by = 1 - act->player;
  state->double_value = 2 * state->double_value;
  state->beavered = true;
}

/* Galaxy lets a player concede the whole match: the points the winner
 * still needed. */
static bool is_match_concession(const referee *ref, int points) {
  int length = ref->match->length;
  return length > 0 &&
         (points == length - ref->score[0] || points == length - ref->score[1]);
}

static void on_resign(referee *ref, game_state *state, const bg_action *act) {
  state->end = END_RESIGN;
  state->winner = 1 - act->player;
  state->end_value = act->value;
  if (!is_resignation_value(ref, state, state->winner, act->value) &&
      !is_resignation_value(ref, state, act->player, act->value) &&
      !is_match_concession(ref, act->value))
    SAY(act, DIAG_ERROR, "score",
        "a resignation of %d point%s: it must be 1, 2 or 3 times the "
        "cube (%d)",
        act->value, act->value == 1 ? "" : "s", state->cube_value);
}

/* ---- rolls ----------------------------------------------------------- */

static bool check_turn(referee *ref, game_state *state, const bg_action *roll) {
  if (state->expected_roller < 0) {
    if (roll->die1 == roll->die2 && !roll->unknown_play)
      SAY(roll, DIAG_ERROR, "turn-order", "the opening roll cannot be a double (%d%d)",
          roll->die1, roll->die2);
  } else if (roll->player != state->expected_roller) {
    SAY(roll, DIAG_ERROR, "turn-order", "%s rolls, but it is %s's turn",
        name_of(ref, roll->player), name_of(ref, state->expected_roller));
    return false;
  }
  return true;
}

static void note_bear_off(game_state *state, int player) {
  int multipliers = 0;
  for (int i = 0; i < state->positions.count; i++) {
    bg_board view = state->positions.boards[i];
    if (player == 1)
      board_swap(&view);
    int m = board_win_multiplier(&view, 0);
    if (m > 0)
      multipliers |= 1 << m;
  }
  if (multipliers) {
    state->end = END_BORE_OFF;
    state->winner = player;
    state->multipliers = multipliers;
  }
}

static bool next_is_result(const bg_game *game, int index) {
  for (int i = index + 1; i < game->action_count; i++) {
    bg_action_kind kind = game->actions[i].kind;
    if (kind == ACT_WIN || kind == ACT_RESIGN)
      return true;
    if (kind == ACT_ROLL || kind == ACT_DOUBLE)
      return false;
  }
  return false;
}

static void on_roll(referee *ref, game_state *state, const bg_game *game, int index) {
  const bg_action *roll = &game->actions[index];
  if (state->end != END_NONE || state->result_seen) {
    if (!roll->unknown_play) /* XG writes the unplayed roll after the last one */
      game_over(ref, state, roll);
    return;
  }
  settle_unanswered_double(ref, state, roll);
  check_turn(ref, state, roll);
  state->expected_roller = 1 - roll->player;
  if (roll->unknown_play) {
    SAY(roll, DIAG_WARNING, "unrecorded",
        "the play of %d%d was not recorded (?\?\?\?): the rest of this game cannot be "
        "checked",
        roll->die1, roll->die2);
    state->positions.count = 0;
    return;
  }
  if (state->positions.count == 0)
    return;
  bool blank = roll->move_count == 0 && !roll->cannot_move && next_is_result(game, index);
  state->last_roll_line = roll->pos.line;
  if (check_play(&ref->plays, roll, &state->positions, blank))
    note_bear_off(state, roll->player);
}

/* ---- games and the match -------------------------------------------- */

/* The score line disagrees with the last "Wins" line.  When that result
 * was a resignation, its value is the record's word alone, and the score
 * line may well be right: say so at the "Wins" line too. */
static void blame_open_result(referee *ref, const bg_game *game) {
  const bg_action *win = &ref->last_result;
  int winner = win->player, loser = 1 - winner;
  int implied = game->score[winner] - (ref->score[winner] - win->value);
  if (!ref->last_result_open || game->score[loser] != ref->score[loser] || implied <= 0)
    return;
  bool plausible = false;
  for (int m = 1; m <= 3; m++)
    plausible |= implied == ref->last_cube * m;
  if (plausible)
    say(ref, win->pos, win->move_number, winner, DIAG_ERROR, "score",
        "Wins %d point%s, but the next score line (line %d) counts %d for this game",
        win->value, win->value == 1 ? "" : "s", game->score_pos.line, implied);
}

static void check_score_line(referee *ref, const bg_game *game) {
  const bg_match *match = ref->match;
  bg_srcpos at = game->score_pos.line ? game->score_pos : game->pos;
  if (ref->match_won_by >= 0) {
    /* Once: every later game is past the end for the same reason. */
    if (ref->match_won_game == game->number - 1) {
      say(ref, game->pos, 0, -1, DIAG_ERROR, "score",
          "game %d is played after the match ended: %s reached %d points in game %d",
          game->number, name_of(ref, ref->match_won_by), match->length,
          ref->match_won_game);
      if (ref->last_result_open)
        say(ref, ref->last_result.pos, ref->last_result.move_number, ref->match_won_by,
            DIAG_ERROR, "score", "Wins %d point%s ends the match, yet game %d follows",
            ref->last_result.value, ref->last_result.value == 1 ? "" : "s", game->number);
    }
  } else if (ref->score_known &&
             (game->score[0] != ref->score[0] || game->score[1] != ref->score[1])) {
    say(ref, at, 0, -1, DIAG_ERROR, "score",
        "the score line says %d-%d, but after the previous game it is %d-%d",
        game->score[0], game->score[1], ref->score[0], ref->score[1]);
    blame_open_result(ref, game);
  }
  ref->score[0] = game->score[0];
  ref->score[1] = game->score[1];
  ref->score_known = true;
}

static void start_game(referee *ref, game_state *state, const bg_game *game, bool first) {
  memset(state, 0, sizeof *state);
  state->cube_value = 1;
  state->cube_owner = -1;
  state->double_by = -1;
  state->expected_roller = -1;
  state->positions.count = 1;
  board_initial(&state->positions.boards[0]);
  int length = ref->match->length;
  bool at_crawford_score =
      length > 0 && (ref->score[0] == length - 1 || ref->score[1] == length - 1);
  /* A record that starts at a score (a resumed match) does not say whether
   * the Crawford game was already played: give it the benefit. */
  if (first && (game->score[0] || game->score[1]))
    ref->crawford_done = at_crawford_score;
  state->crawford_game = ref->crawford && at_crawford_score && !ref->crawford_done;
  ref->plays.game_number = game->number;
}

static bg_srcpos last_place(const bg_game *game) {
  if (game->action_count > 0)
    return game->actions[game->action_count - 1].pos;
  return game->score_pos.line ? game->score_pos : game->pos;
}

static void finish_game(referee *ref, game_state *state, const bg_game *game) {
  int winner = state->result_seen ? state->result_winner : state->winner;
  int points = state->result_seen ? state->result_points : derived_points(ref, state);
  if (!state->result_seen)
    say(ref, last_place(game), 0, -1, DIAG_WARNING, "incomplete",
        state->end == END_NONE ? "game %d stops before it was won"
                               : "game %d has no \"Wins\" line",
        game->number);
  if (state->crawford_game)
    ref->crawford_done = true;
  if (!state->result_seen)
    ref->last_result_open = false;
  if (points < 0 || (!state->result_seen && state->end == END_NONE)) {
    ref->score_known = false;
    return;
  }
  ref->score[winner] += points;
  if (ref->match->length > 0 && ref->score[winner] >= ref->match->length &&
      ref->match_won_by < 0) {
    ref->match_won_by = winner;
    ref->match_won_game = game->number;
  }
}

static void check_game(referee *ref, const bg_game *game, bool first) {
  game_state state;
  ref->game = game;
  check_score_line(ref, game);
  start_game(ref, &state, game, first);
  for (int i = 0; i < game->action_count; i++) {
    const bg_action *act = &game->actions[i];
    if (act->kind != ACT_ROLL && act->kind != ACT_WIN && game_over(ref, &state, act))
      continue;
    switch (act->kind) {
    case ACT_ROLL:
      on_roll(ref, &state, game, i);
      break;
    case ACT_DOUBLE:
      settle_unanswered_double(ref, &state, act);
      on_double(ref, &state, act);
      break;
    case ACT_TAKE:
      on_take(ref, &state, act);
      break;
    case ACT_DROP:
      on_drop(ref, &state, act);
      break;
    case ACT_BEAVER:
      on_beaver(ref, &state, act);
      break;
    case ACT_RESIGN:
      settle_unanswered_double(ref, &state, act);
      on_resign(ref, &state, act);
      break;
    case ACT_WIN:
      check_win(ref, &state, act);
      break;
    }
  }
  finish_game(ref, &state, game);
}

static bool marks_hits(const bg_match *match) {
  for (int g = 0; g < match->game_count; g++)
    for (int a = 0; a < match->games[g].action_count; a++) {
      const bg_action *act = &match->games[g].actions[a];
      for (int m = 0; m < act->move_count; m++)
        if (act->moves[m].hit)
          return true;
    }
  return false;
}

void referee_check_match(const bg_match *match, const bg_referee_options *options,
                         bg_diag_sink *sink) {
  referee ref = {.match = match, .sink = sink, .match_won_by = -1};
  bool match_play = match->length > 0;
  ref.crawford = match_play && resolve(options->crawford, match->crawford, true);
  ref.jacoby = resolve(options->jacoby, match->jacoby, false);
  ref.jacoby_unknown =
      !match_play && options->jacoby == RULE_UNSET && match->jacoby == RULE_UNSET;
  ref.beavers = resolve(options->beavers, match->beavers, false);
  play_checker_init(&ref.plays, match, sink);
  ref.plays.marks_hits = marks_hits(match);
  for (int g = 0; g < match->game_count; g++)
    check_game(&ref, &match->games[g], g == 0);
  ref.game = NULL;
  if (match->game_count == 0)
    say(&ref, match->pos, 0, -1, DIAG_WARNING, "incomplete", "the match has no games");
  else if (match_play && ref.match_won_by < 0 && ref.score_known)
    say(&ref, last_place(&match->games[match->game_count - 1]), 0, -1, DIAG_WARNING,
        "incomplete", "the match stops at %d-%d, before either player reached %d points",
        ref.score[0], ref.score[1], match->length);
  play_checker_free(&ref.plays);
}
