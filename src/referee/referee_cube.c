/*
 * referee_cube.c — the doubling cube: who may double and when, to what
 * value, and the answers (take, drop, beaver, raccoon).  Each check
 * reports at the cube action's own line; the referee then goes on with the
 * value the rules give.  A cube action the rules refuse is handed to the
 * recovery (referee_recover), which follows the cube without it as well,
 * and is told how the cube moves on after it.
 */
#include <stdbool.h>
#include <stdio.h>

#include "referee_int.h"

static void check_double(referee *ref, game_state *state, const bg_game *game, int index);
static void check_beaver(referee *ref, game_state *state, const bg_action *act);

/* A double nobody answered: the game went on, so it was taken.  Cold:
 * asked at a roll only when a double waits (on_roll), which a valid
 * record never leaves. */
__attribute__((cold)) void
referee_settle_unanswered_double(referee *ref, game_state *state, const bg_action *next) {
  if (state->cube.double_by < 0)
    return;
  if (!state->cube.beavered)
    SAY(next, DIAG_ERROR, RULE_SLUG(CUBE),
        "the double to %d was neither taken nor dropped", state->cube.double_value);
  referee_cube_reading_taken(ref);
  state->cube.value = state->cube.double_value;
  state->cube.owner =
      state->cube.beavered ? state->cube.owner : 1 - state->cube.double_by;
  state->cube.double_by = -1;
  state->cube.beavered = false;
}

/* The recovery's reading of the cube action at `index` of `game`, which
 * does not fit the rules (`kind`); `cube_without` the cube had it not been
 * made. */
static referee_recovery recover_cube(referee *ref, game_state *state,
                                     referee_misfit_kind kind, const bg_game *game,
                                     int index, int cube_without) {
  referee_misfit misfit = {.kind = kind,
                           .game = game,
                           .index = index,
                           .act = &game->actions[index],
                           .cube_without = cube_without};
  return referee_recover(ref, state, &misfit);
}

void referee_on_double(referee *ref, game_state *state, const bg_game *game, int index) {
  long faults_before = ref->faults;
  check_double(ref, state, game, index);
  if (ref->faults > faults_before)
    recover_cube(ref, state, MISFIT_CUBE_REFUSED, game, index, state->cube.value);
}

static void check_double(referee *ref, game_state *state, const bg_game *game,
                         int index) {
  const bg_action *act = &game->actions[index];
  int player = act->player;
  const game_cube *cube = &state->cube;
  switch (law_double(cube, &state->turns, state->crawford_game, ref->match->cube_limit,
                     act)) {
  case DOUBLE_OK:
    break;
  case DOUBLE_WHILE_WAITING:
    SAY(act, DIAG_ERROR, RULE_SLUG(CUBE),
        "%s doubles while a double is still waiting for an answer",
        referee_player_name(ref, player));
    break;
  case DOUBLE_BEFORE_OPENING:
    SAY(act, DIAG_ERROR, RULE_SLUG(CUBE), "no double before the opening roll");
    break;
  case DOUBLE_AFTER_ROLLING:
    SAY(act, DIAG_ERROR, RULE_SLUG(CUBE),
        "%s doubles after rolling: a double comes before the roll",
        referee_player_name(ref, player));
    break;
  case DOUBLE_IN_CRAWFORD:
    SAY(act, DIAG_ERROR, RULE_SLUG(CUBE), "no doubling in the Crawford game");
    break;
  case DOUBLE_NOT_OWNER:
    SAY(act, DIAG_ERROR, RULE_SLUG(CUBE), "%s doubles, but %s owns the cube",
        referee_player_name(ref, player), referee_player_name(ref, 1 - player));
    break;
  case DOUBLE_WRONG_VALUE:
    if (recover_cube(ref, state, MISFIT_CUBE_VALUE, game, index, 0) == RECOVERY_FOLLOWED)
      break;
    SAY(act, DIAG_ERROR, RULE_SLUG(CUBE), "the cube goes from %d to %d, not %d",
        cube->value, law_cube_doubled(cube->value), act->value);
    break;
  case DOUBLE_PAST_LIMIT:
    SAY(act, DIAG_ERROR, RULE_SLUG(CUBE), "a double to %d goes past the cube limit of %d",
        act->value, ref->match->cube_limit);
    break;
  }
  /* Carry on with the value the rules give, so that one wrong number is
   * not also blamed on every later cube action and on the result. */
  state->cube.double_by = player;
  state->cube.double_value = law_cube_doubled(state->cube.value);
  state->cube.beavered = false;
  referee_cube_reading_offered(ref);
}

/* An answer with no double before it: the record says one was answered,
 * so the opponent's double went unwritten (one mistake, said at the
 * answer); the cube goes on from it, as the plays and the result do. */
static void unwritten_double(game_state *state, const bg_action *act) {
  state->cube.double_by = 1 - act->player;
  state->cube.double_value = law_cube_doubled(state->cube.value);
  state->cube.beavered = false;
}

/* Says why `act` (`verb`: "takes", "drops"...) answers no double. */
static void say_not_an_answer(referee *ref, const game_state *state, const bg_action *act,
                              const char *verb) {
  if (state->cube.double_by >= 0)
    SAY(act, DIAG_ERROR, RULE_SLUG(CUBE),
        "%s %s, but the double is %s's own: the answer is %s's",
        referee_player_name(ref, act->player), verb,
        referee_player_name(ref, act->player), referee_player_name(ref, 1 - act->player));
  else
    SAY(act, DIAG_ERROR, RULE_SLUG(CUBE), "%s %s, but no double was offered",
        referee_player_name(ref, act->player), verb);
}

/* The answer `act` where law_answers_double refused it (and say_not_an_answer
 * said why): what the record says still happened.  No double before it:
 * the opponent's went unwritten.  The doubler's own answer: the player is
 * the one written wrong, the answer the opponent's.  Returns the
 * answering player, or -1 for a raccoon's answer and the like, left
 * alone. */
static int answerer_after_refusal(game_state *state, const bg_action *act) {
  if (state->cube.double_by < 0) {
    unwritten_double(state, act);
    return act->player;
  }
  if (state->cube.double_by == act->player && !state->cube.beavered)
    return 1 - act->player;
  return -1;
}

/* The action after action `index` of `game`, NULL at the game's end. */
static const bg_action *next_action(const bg_game *game, int index) {
  return index + 1 < game->action_count ? &game->actions[index + 1] : NULL;
}

/* Does the game go on after a drop: a roll that was played, or a double?
 * (Some programs write an unplayed roll after a game's last action.) */
static bool game_goes_on(const bg_action *next) {
  return next && ((next->kind == ACT_ROLL && !match_roll_marked_unknown(next)) ||
                  next->kind == ACT_DOUBLE);
}

/* Is `next` the doubler's win, right after the take, for what a drop of
 * the double would be worth?  No resignation is worth that (it is 1, 2 or
 * 3 times the new cube, twice the old one): the answer was a drop. */
static bool won_as_if_dropped(const referee *ref, const game_state *state,
                              const bg_action *next) {
  int length = ref->match->length;
  /* A record that caps a game's value at the match length: a capped
   * resignation may then be worth what a drop is. */
  bool capped =
      ref->match->results_capped_at_length && length > 0 && state->cube.value >= length;
  return next && next->kind == ACT_WIN && next->player == state->cube.double_by &&
         !state->cube.beavered && !capped && next->value == state->cube.value;
}

static void take(referee *ref, game_state *state, int taker) {
  referee_cube_reading_taken(ref);
  state->cube.value = state->cube.double_value;
  state->cube.owner = state->cube.beavered ? 1 - taker : taker;
  state->cube.double_by = -1;
  state->cube.beavered = false;
}

static void drop(game_state *state, int dropper) {
  state->end.reason = END_DROP;
  state->end.winner = 1 - dropper;
  /* A dropped beaver costs the doubled cube, a dropped double the old one. */
  state->end.value =
      state->cube.beavered ? state->cube.double_value / 2 : state->cube.value;
  state->cube.double_by = -1;
}

void referee_on_take(referee *ref, game_state *state, const bg_game *game, int index) {
  const bg_action *act = &game->actions[index];
  if (!law_answers_double(&state->cube, act)) {
    say_not_an_answer(ref, state, act, "takes");
    int taker = answerer_after_refusal(state, act);
    if (taker >= 0)
      take(ref, state, taker);
    return;
  }
  const bg_action *next = next_action(game, index);
  if (won_as_if_dropped(ref, state, next)) {
    char place[32];
    SAY(act, DIAG_ERROR, RULE_SLUG(CUBE),
        "%s takes, but the game ends at once (%s) for %d point%s, what a drop "
        "is worth: was the double dropped?",
        referee_player_name(ref, act->player),
        match_place_name(next->pos, place, sizeof place), next->value,
        plural(next->value));
    drop(state, act->player); /* the result that follows then stands */
    return;
  }
  take(ref, state, act->player);
}

/* Could the opponent of `answerer` have doubled just before this answer:
 * their turn, before their roll, with the cube theirs to turn? */
static bool opponent_could_double(const game_state *state, int answerer) {
  return state->turns.expected_roller == 1 - answerer && !state->crawford_game &&
         state->cube.owner != answerer;
}

/* A "Drops" with no double before it, where the game ends, and where no
 * double could have stood (the opponent had rolled already, or could not
 * turn the cube): no double went unwritten, so it is the word a FIBS
 * client writes for a resignation accepted.  The "Wins" line after it
 * says who won, valued as a resignation. */
static bool drop_is_resignation(const game_state *state, const bg_action *act,
                                const bg_action *next) {
  return state->cube.double_by < 0 && !game_goes_on(next) &&
         !opponent_could_double(state, act->player);
}

void referee_on_drop(referee *ref, game_state *state, const bg_game *game, int index) {
  const bg_action *act = &game->actions[index];
  if (drop_is_resignation(state, act, next_action(game, index)))
    return;
  if (!law_answers_double(&state->cube, act)) {
    say_not_an_answer(ref, state, act, "drops");
    if (!game_goes_on(next_action(game, index))) {
      int dropper = answerer_after_refusal(state, act);
      if (dropper >= 0)
        drop(state, dropper);
    }
    return;
  }
  const bg_action *next = next_action(game, index);
  if (game_goes_on(next)) {
    char place[32];
    SAY(act, DIAG_ERROR, RULE_SLUG(CUBE),
        "%s drops, but the game goes on (%s): was the double taken?",
        referee_player_name(ref, act->player),
        match_place_name(next->pos, place, sizeof place));
    take(ref, state, act->player); /* the plays that follow are then checked */
    return;
  }
  drop(state, act->player);
}

void referee_on_beaver(referee *ref, game_state *state, const bg_game *game, int index) {
  long faults_before = ref->faults;
  /* Without the beaver (or raccoon) the double offered was taken. */
  int taken = state->cube.double_value;
  check_beaver(ref, state, &game->actions[index]);
  if (ref->faults > faults_before)
    recover_cube(ref, state, MISFIT_CUBE_REFUSED, game, index, taken);
}

/* A beaver (the taker redoubles at once and keeps the cube), or a raccoon
 * (the doubler answers a beaver the same way): both "Beavers => N" here. */
static void check_beaver(referee *ref, game_state *state, const bg_action *act) {
  const char *what = state->cube.beavered ? "raccoon" : "beaver";
  if (!law_answers_double(&state->cube, act)) {
    say_not_an_answer(ref, state, act, state->cube.beavered ? "raccoons" : "beavers");
    return;
  }
  switch (law_beaver(&state->cube, ref->match->length, &ref->rules, act)) {
  case BEAVER_OK:
    break;
  case BEAVER_IN_MATCH:
  case BEAVER_NOT_ALLOWED:
    if (!state->cube.beavered) /* a raccoon on a refused beaver: said once */
      SAY(act, DIAG_ERROR, RULE_SLUG(CUBE), "beavers are not allowed %s",
          ref->match->length > 0 ? "in match play" : "under this record's rules");
    break;
  case BEAVER_WRONG_VALUE:
    SAY(act, DIAG_ERROR, RULE_SLUG(CUBE), "a %s doubles the cube to %d, not %d", what,
        law_cube_doubled(state->cube.double_value), act->value);
    break;
  }
  state->cube.owner = act->player;
  state->cube.double_by = 1 - act->player;
  state->cube.double_value = law_cube_doubled(state->cube.double_value);
  state->cube.beavered = true;
}
