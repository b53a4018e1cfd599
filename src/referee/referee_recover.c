/*
 * referee_recover.c — the recovery's one way in.  The rules path
 * (referee.c) applies law.h's verdicts; where one says the record does not
 * fit (a roll or a double out of turn, a double as the opening roll, an
 * action after the game's end, a line that breaks the move numbers, one of
 * the game's first plays that the quick proof does not prove, a cube
 * action the rules refuse), it hands the misfit here, and referee_recover
 * decides what the broken record most likely meant: a break in the move
 * numbers (referee_numbering.c), a roll under the wrong name, a turn or
 * the game's opening turn left out (referee_lost_turn.c), a cube action
 * the record went on without (the cube's other reading, kept here).  It
 * says the mistake as it reads it, or leaves the rules' verdict to be
 * said, and changes the state to follow its reading.
 */
#include "referee_int.h"

/* A break in the move numbers still to be said is the mistake: said once
 * (referee_numbering_misfit, its say_ half). */
static bool say_numbering_misfit(referee *ref) {
  if (!referee_numbering_misfit(&ref->plays))
    return false;
  referee_say_numbering_misfit(&ref->plays);
  return true;
}

/* The move numbers break off at the action's line (the reader marks it):
 * the break before it, if another line's, is settled (every play after
 * it fit), and this one is watched until a play shows what it is
 * (referee_numbering.c).  Nothing is said yet. */
static referee_recovery recover_numbering_break(referee *ref,
                                                const referee_misfit *misfit) {
  const bg_action *before = ref->plays.recovery.numbering_break;
  if (!before || !match_same_numbering_break(before, misfit->act))
    referee_numbering_settle(&ref->plays, misfit->game);
  referee_numbering_broken(&ref->plays, misfit->act);
  return RECOVERY_VERDICT_STANDS;
}

/* After a break in the move numbers (a line written twice, or misnumbered;
 * referee_act noted the break of the action's own line), that break is the
 * mistake of an action after the game's end: said once, as not fitting. */
static referee_recovery recover_after_end(referee *ref) {
  if (!ref->plays.recovery.numbering_break)
    return RECOVERY_VERDICT_STANDS;
  say_numbering_misfit(ref);
  return RECOVERY_SAID;
}

static void say_misnamed_roll(referee *ref, const game_state *state,
                              const bg_action *roll) {
  SAY(roll, DIAG_ERROR, RULE_SLUG(TURN_ORDER),
      "%s rolls, but it is %s's turn, and %s acts next: the play is %s's",
      referee_player_name(ref, roll->player),
      referee_player_name(ref, state->turns.expected_roller),
      referee_player_name(ref, roll->player),
      referee_player_name(ref, state->turns.expected_roller));
}

/* A roll out of turn, before it is applied: written under the wrong name
 * (its player rolls next too, and its play is the other player's)?  Three
 * rolls running would otherwise be two turns lost; one name is the
 * likelier slip.  Said, and played in its place as ref->renamed. */
static referee_recovery recover_not_your_roll(referee *ref, const game_state *state,
                                              const bg_game *game, int index) {
  const bg_action *roll = &game->actions[index];
  if (!referee_misnamed_roll(ref, state, game, index))
    return RECOVERY_VERDICT_STANDS;
  say_misnamed_roll(ref, state, roll);
  ref->renamed = *roll;
  ref->renamed.player = state->turns.expected_roller;
  return RECOVERY_RENAMED;
}

/* A roll out of turn, applied as written: after a break in the move
 * numbers, the break is the mistake (a line missing or written twice);
 * otherwise the other player's turn went missing, which the rules path
 * says, and its play moved their checkers: the plays that follow tell
 * where to. */
static referee_recovery recover_not_your_turn(referee *ref, game_state *state,
                                              const bg_game *game, int index) {
  if (say_numbering_misfit(ref))
    return RECOVERY_SAID;
  referee_follow_lost_turn(&ref->plays, game, index, &state->positions);
  return RECOVERY_VERDICT_STANDS;
}

/* Says the lost opening turn found before the game's first roll (at
 * `first_index`), at that roll. */
static void say_lost_opening(referee *ref, const bg_game *game, int first_index,
                             bool opening_double) {
  const bg_action *opened = &game->actions[first_index];
  const char *opener = referee_player_name(ref, 1 - opened->player);
  if (opening_double)
    SAY(opened, DIAG_ERROR, RULE_SLUG(TURN_ORDER),
        "the opening roll cannot be a double (%d%d): %s's opening turn before it is "
        "missing",
        opened->die1, opened->die2, opener);
  else
    SAY(opened, DIAG_ERROR, RULE_SLUG(TURN_ORDER),
        "%s's opening turn before this roll is missing: the plays written fit only after "
        "one",
        opener);
}

/* The game's opening turn, left out of the record, shows at the roll at
 * `index` (its first roll a double, or one of its first plays unproved)
 * when the plays fit after an opening turn of the other player. */
static bool recover_lost_opening(referee *ref, game_state *state,
                                 const referee_misfit *misfit, bool opening_double) {
  const bg_game *game = misfit->game;
  int index = misfit->index;
  if (!referee_opening_in_question(ref, state, misfit->act))
    return false;
  int first_index = referee_follow_lost_opening(ref, state, game, index, opening_double);
  if (first_index < 0)
    return false;
  say_lost_opening(ref, game, first_index, opening_double);
  return true;
}

/* A double as the opening roll: the opening turn before it left out, or
 * after a break at the game's start, the lost line's roll. */
static referee_recovery recover_opening_double(referee *ref, game_state *state,
                                               const referee_misfit *misfit) {
  if (recover_lost_opening(ref, state, misfit, true))
    return RECOVERY_OPENING_LOST;
  return say_numbering_misfit(ref) ? RECOVERY_SAID : RECOVERY_VERDICT_STANDS;
}

bg_action referee_exchanged_play(const bg_action *roll, const bg_action *other,
                                 bool with_dice) {
  bg_action play = *roll;
  play.moves = other->moves;
  play.move_count = other->move_count;
  if (with_dice) {
    play.die1 = other->die1;
    play.die2 = other->die2;
  }
  return play;
}

/* Is `play` a legal play from some position of `from`?  Where it leads
 * goes to `to`.  Some, not every: the positions a play leaves may differ
 * only in a hit on the way (entering on the 23 with a hit, then on to the
 * 20, leaves the roller's checkers as entering on the 22 does), and the
 * next play tells them apart. */
static bool plays_from(play_checker *checker, const bg_action *play,
                       const reading_set *from, reading_set *to) {
  to->count = 0;
  for (int i = 0; i < from->count; i++) {
    bg_board view;
    board_seen_by(&from->boards[i], play->player, &view);
    referee_plays_of_roll(play, &view, play->die1, play->die2, &checker->scratch.plays,
                          to);
  }
  return to->count > 0;
}

/* The other player's roll right after `index`, both with a play: the
 * pair whose plays may be exchanged; NULL if none.  Consecutive actions,
 * whatever the lines: a .mat writes the pair on one line or across two,
 * YAML on two, JSON on one. */
static const bg_action *play_partner(const bg_game *game, int index) {
  const bg_action *roll = &game->actions[index];
  if (index + 1 >= game->action_count || !match_roll_as_written(roll) ||
      !match_roll_has_dice(roll) || roll->move_count == 0)
    return NULL;
  const bg_action *next = roll + 1;
  bool partner = next->kind == ACT_ROLL && next->player == 1 - roll->player &&
                 match_roll_as_written(next) && match_roll_has_dice(next) &&
                 next->move_count > 0;
  return partner ? next : NULL;
}

/* Do the two plays fit once exchanged, the dice staying (or going with
 * their play, `with_dice`)?  Where they lead goes to `after`. */
static bool fit_exchanged(referee *ref, const game_state *state, const bg_action *roll,
                          const bg_action *next, bool with_dice, reading_set *after) {
  bg_action first = referee_exchanged_play(roll, next, with_dice);
  bg_action second = referee_exchanged_play(next, roll, with_dice);
  reading_set between;
  return plays_from(&ref->plays, &first, &state->positions, &between) &&
         plays_from(&ref->plays, &second, &between, after);
}

/* The positions after some legal play of `roll`'s dice, then `next`'s
 * written play, into `after` (empty when `next` fits after none of them):
 * the record read as one wrong play, the roller's. */
static void read_as_written(referee *ref, const game_state *state, const bg_action *roll,
                            const bg_action *next, reading_set *after) {
  bg_action any = *roll;
  any.move_count = 0; /* every legal play of the dice */
  reading_set after_any;
  after->count = 0;
  if (plays_from(&ref->plays, &any, &state->positions, &after_any))
    plays_from(&ref->plays, next, &after_any, after);
}

/* How far the written plays after action `index` of `game` fit, one after
 * another, from some position of `positions` (changed to where they
 * lead): up to EXCHANGE_LOOKAHEAD of them, stopping at one not written or
 * not read. */
#define EXCHANGE_LOOKAHEAD 16
static int plays_fitting_after(referee *ref, const bg_game *game, int index,
                               reading_set *positions) {
  int fitted = 0;
  for (int i = index + 1; i < game->action_count && fitted < EXCHANGE_LOOKAHEAD; i++) {
    const bg_action *act = &game->actions[i];
    if (act->kind != ACT_ROLL)
      continue; /* the cube moves no checker */
    if (!match_roll_as_written(act) || !match_roll_has_dice(act) || act->move_count == 0)
      break;
    reading_set after;
    if (!plays_from(&ref->plays, act, positions, &after))
      break;
    referee_positions_copy(positions, &after);
    fitted++;
  }
  return fitted;
}

/* Where `next`'s written play also fits after some legal play of `roll`
 * (early in a game, or bearing off, where the two sides' positions mirror
 * each other), the record reads as one wrong play, the roller's, unless
 * the plays written after the pair fit further once the two are read as
 * exchanged (`exchanged`: where that reading leads): the other reading
 * puts the next player's own checkers where they were not. */
static bool exchange_reads_further(referee *ref, const game_state *state,
                                   const referee_misfit *misfit, const bg_action *next,
                                   const reading_set *exchanged) {
  reading_set as_written;
  read_as_written(ref, state, misfit->act, next, &as_written);
  if (as_written.count == 0)
    return true;
  reading_set other;
  referee_positions_copy(&other, exchanged);
  int index = (int)(next - misfit->game->actions);
  return plays_fitting_after(ref, misfit->game, index, &other) >
         plays_fitting_after(ref, misfit->game, index, &as_written);
}

/* Can `roll`'s player make `next`'s written moves, from the one position
 * followed, with the dice of either?  What fit_exchanged's first play
 * needs before the move generator is asked (referee_plays_of_roll): most
 * plays of a valid record that the quick proof leaves are no exchange,
 * and this tells so before their legal plays are listed. */
static bool exchange_may_fit(const game_state *state, const bg_action *roll,
                             const bg_action *next) {
  bg_board view, target;
  board_seen_by(&state->positions.boards[0], roll->player, &view);
  bg_action first = referee_exchanged_play(roll, next, false);
  if (!referee_moves_target(&view, &first, &target))
    return false;
  if (referee_play_is_made_by_dice(&first, &view))
    return true;
  first = referee_exchanged_play(roll, next, true);
  return referee_play_is_made_by_dice(&first, &view);
}

/* A play that fits no position, the other player's right after it: the
 * two plays written in each other's place (with their dice or not) when
 * each fits the other roller.  Said once, both plays
 * followed as exchanged; the second is not checked again
 * (ref->play_followed). */
static bool recover_exchanged_plays(referee *ref, game_state *state,
                                    const referee_misfit *misfit) {
  const bg_action *roll = misfit->act, *next = play_partner(misfit->game, misfit->index);
  /* after a break in the move numbers, a line left out or written twice
   * explains the misfit (the numbering's recovery says so), not an exchange */
  if (!next || roll != &misfit->game->actions[misfit->index] ||
      roll->after_numbering_break || next->after_numbering_break ||
      state->positions.count != 1 || ref->plays.recovery.silenced ||
      !exchange_may_fit(state, roll, next))
    return false;
  bg_board view;
  board_seen_by(&state->positions.boards[0], roll->player, &view);
  if (referee_plays_of_roll(roll, &view, roll->die1, roll->die2,
                            &ref->plays.scratch.plays, NULL) > 0)
    return false; /* the play is legal: nothing to read otherwise */
  reading_set after;
  bool with_dice = false;
  if (!fit_exchanged(ref, state, roll, next, false, &after)) {
    with_dice = true;
    if (!fit_exchanged(ref, state, roll, next, true, &after))
      return false;
  }
  if (!exchange_reads_further(ref, state, misfit, next, &after))
    return false;
  SAY(roll, DIAG_ERROR, RULE_SLUG(ILLEGAL_MOVE),
      "this play and the next one are exchanged: each is a legal play of the other "
      "player%s, not of the one it is written for",
      with_dice ? " with its dice" : "");
  referee_positions_copy(&state->positions, &after);
  ref->play_followed = next;
  return true;
}

/* A play the quick proof that checks a valid record's plays first does
 * not prove: one of the game's first plays after a lost opening, or two
 * consecutive plays exchanged, is looked for before the play is judged. */
static referee_recovery recover_unproved_play(referee *ref, game_state *state,
                                              const referee_misfit *misfit) {
  if (recover_lost_opening(ref, state, misfit, false))
    return RECOVERY_OPENING_LOST;
  return recover_exchanged_plays(ref, state, misfit) ? RECOVERY_SAID
                                                     : RECOVERY_VERDICT_STANDS;
}

/* A double by the player who rolled last, whose next roll comes before
 * the opponent's: the opponent's turn between went unwritten.  Said once,
 * as a turn out of order; the turns go on from the doubler's, and the
 * lost turn is followed. */
static referee_recovery recover_not_your_double(referee *ref, game_state *state,
                                                const bg_game *game, int index) {
  const bg_action *act = &game->actions[index];
  int roll_index = referee_roll_after_lost_turn(state, game, index);
  if (roll_index < 0)
    return RECOVERY_VERDICT_STANDS;
  referee_say_rolled_last(ref, state, act, "doubles");
  state->turns.expected_roller = act->player;
  referee_follow_lost_turn(&ref->plays, game, roll_index, &state->positions);
  return RECOVERY_SAID;
}

/* ---- the cube's other reading ---- */

/* A cube action the rules refuse (said already) still happened if the
 * record says so; but the record may as well have gone on without it.
 * The cube without it is kept as the other reading, the first refusal's
 * only: the game's "Wins" line, or a later double, may bear out either. */
static referee_recovery recover_cube_refused(referee *ref, const referee_misfit *misfit) {
  cube_reading *other = &ref->plays.recovery.cube;
  if (other->value == 0)
    other->value = misfit->cube_without;
  return RECOVERY_VERDICT_STANDS;
}

/* A double to the wrong value after a refused cube action: a double to
 * twice the cube without that action says the record went on without it.
 * The game then goes on from that cube, and the refusal is not blamed
 * again on this double. */
static referee_recovery recover_cube_value(referee *ref, game_state *state,
                                           const referee_misfit *misfit) {
  cube_reading *other = &ref->plays.recovery.cube;
  if (other->value == 0 || misfit->act->value != law_cube_doubled(other->value))
    return RECOVERY_VERDICT_STANDS;
  state->cube.value = other->value;
  other->value = 0;
  return RECOVERY_FOLLOWED;
}

void referee_cube_reading_offered(referee *ref) {
  cube_reading *other = &ref->plays.recovery.cube;
  other->shares_waiting = other->value != 0;
}

void referee_cube_reading_taken(referee *ref) {
  cube_reading *other = &ref->plays.recovery.cube;
  if (other->shares_waiting && other->value != 0)
    other->value = law_cube_doubled(other->value);
  other->shares_waiting = false;
}

int referee_cube_other_reading(const referee *ref) {
  return ref->plays.recovery.cube.value;
}

/* ---- the one entry ---- */

referee_recovery referee_recover(referee *ref, game_state *state,
                                 const referee_misfit *misfit) {
  const bg_game *game = misfit->game;
  int index = misfit->index;
  switch (misfit->kind) {
  case MISFIT_NUMBERING_BREAK:
    return recover_numbering_break(ref, misfit);
  case MISFIT_AFTER_END:
    return recover_after_end(ref);
  case MISFIT_NOT_YOUR_ROLL:
    return recover_not_your_roll(ref, state, game, index);
  case MISFIT_NOT_YOUR_TURN:
    return recover_not_your_turn(ref, state, game, index);
  case MISFIT_OPENING_DOUBLE:
    return recover_opening_double(ref, state, misfit);
  case MISFIT_UNPROVED_PLAY:
    return recover_unproved_play(ref, state, misfit);
  case MISFIT_NOT_YOUR_DOUBLE:
    return recover_not_your_double(ref, state, game, index);
  case MISFIT_CUBE_REFUSED:
    return recover_cube_refused(ref, misfit);
  case MISFIT_CUBE_VALUE:
    return recover_cube_value(ref, state, misfit);
  }
  return RECOVERY_VERDICT_STANDS;
}
