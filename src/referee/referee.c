/*
 * referee.c — replays a game action by action: whose turn it is, each
 * roll's play, the game's end (a game's start and end, and the match's,
 * are referee_match.c's).  The rules themselves are law_*.c's (law.h),
 * which give verdicts; this file is the state machine that hands each
 * action to them and to the referee's other files (the cube:
 * referee_cube.c, results: referee_result.c, plays: referee_play.c).  Where a verdict
 * says the record does not fit, the misfit goes to the recovery's one entry,
 * referee_recover (referee_recover.c), which says what the record most likely meant or
 * leaves the verdict to be said here.  Each check reports
 * at the action's own line and then carries on (from the record's score,
 * from the rules' cube), so one mistake is reported once, not again at
 * every later line.
 */
#include "replay.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "referee_int.h"

/* ---- turns ---------------------------------------------------------- */

/* Has the game ended (a bear-off, a drop, a resignation, or its result
 * written)?  The two facts are joined before the one test every action
 * takes (END_NONE is 0). */
static bool game_over(const game_state *state) {
  return ((unsigned)state->end.reason | (unsigned)state->result.seen) != 0;
}

/* The recovery's reading of `misfit`, a kind of it at the action at
 * `index` of `game`, applied as `act`.  Out of line but not cold: gcc
 * optimises a cold function and what it inlines for size, and a record
 * full of mistakes runs the recovery for most of its plays. */
__attribute__((noinline)) static referee_recovery recover(referee *ref, game_state *state,
                                                          referee_misfit_kind kind,
                                                          const bg_game *game, int index,
                                                          const bg_action *act) {
  referee_misfit misfit = {.kind = kind, .game = game, .index = index, .act = act};
  return referee_recover(ref, state, &misfit);
}

/* Says that `action` (at `index` of `game`) comes after the game's end,
 * unless the recovery reads the record otherwise. */
__attribute__((cold)) static void say_after_end(referee *ref, game_state *state,
                                                const bg_game *game, int index,
                                                const bg_action *action) {
  if (recover(ref, state, MISFIT_AFTER_END, game, index, action) ==
      RECOVERY_VERDICT_STANDS)
    SAY(action, DIAG_ERROR, RULE_SLUG(TURN_ORDER), "%s acts after the game has ended",
        referee_player_name(ref, action->player));
}

/* ---- rolls ----------------------------------------------------------- */

/* Says the rules' verdict on the turn at `roll`, where it stands. */
static void say_turn(referee *ref, const game_state *state, const bg_action *roll,
                     law_turn_verdict verdict) {
  if (verdict == TURN_OPENING_DOUBLE)
    SAY(roll, DIAG_ERROR, RULE_SLUG(TURN_ORDER),
        "the opening roll cannot be a double (%d%d)", roll->die1, roll->die2);
  else if (state->turns.last_roll_pos[roll->player].line != 0)
    referee_say_rolled_last(ref, state, roll, "rolls");
  else
    SAY(roll, DIAG_ERROR, RULE_SLUG(TURN_ORDER), "%s rolls, but it is %s's turn",
        referee_player_name(ref, roll->player),
        referee_player_name(ref, state->turns.expected_roller));
}

/* Does the record go on with the game after action `index`: another roll
 * or a double, rather than the result or nothing? */
static bool game_goes_on(const bg_game *game, int index) {
  if (index + 1 >= game->action_count)
    return false;
  bg_action_kind next = game->actions[index + 1].kind;
  return next == ACT_ROLL || next == ACT_DOUBLE;
}

/* Keeps the positions of `set` in which `player` has not borne off all
 * checkers. */
static void keep_unfinished(reading_set *set, int player) {
  int kept = 0;
  for (int i = 0; i < set->count; i++) {
    bg_board view;
    board_seen_by(&set->boards[i], player, &view);
    if (board_win_multiplier(&view, 0) == 0) {
      set->hidden[kept] = set->hidden[i];
      set->boards[kept++] = set->boards[i];
    }
  }
  referee_positions_renumber(set, kept);
}

/* Bit m set for every m up to what a resignation in a reading of `set`
 * that `player` has not won may be worth (their board allows no more). */
static int resignations_allowed(const reading_set *set, int player) {
  int side = board_side_of(player), resigned = 0;
  for (int i = 0; i < set->count; i++)
    if (board_win_multiplier(&set->boards[i], side) == 0)
      for (int most = board_most_multiplier(&set->boards[i], side); most > 0; most--)
        resigned |= 1 << most;
  return resigned;
}

/* note_bear_off once some reading is won: which, and what the game may
 * be worth.  Cold: the rare case, kept out of the path every play takes
 * (its registers were saved and restored after every play). */
__attribute__((cold)) static void note_win(game_state *state, const bg_game *game,
                                           int index, int player) {
  int multipliers = 0, won = 0, side = board_side_of(player);
  for (int i = 0; i < state->positions.count; i++) {
    int m = board_win_multiplier(&state->positions.boards[i], side);
    if (m > 0) {
      multipliers |= 1 << m;
      won++;
    }
  }
  if (won == 0)
    return;
  if (won < state->positions.count && game_goes_on(game, index)) {
    keep_unfinished(&state->positions, player);
    return;
  }
  /* The game ends here, won in some readings only: in the others the
   * loser resigned, which may be worth up to what their board allows.
   * Won in every reading (a valid record's one), there are no others. */
  if (won < state->positions.count)
    multipliers |= resignations_allowed(&state->positions, player);
  state->end.reason = END_BORE_OFF;
  state->end.winner = player;
  state->end.multipliers = multipliers;
}

/* note_bear_off where the referee follows one position (a valid
 * record's): its one byte read alone, as the loop's setup cost more. */
static void note_bear_off_of_one(game_state *state, const bg_game *game, int index,
                                 int player) {
  if (board_bore_off_all(&state->positions.boards[0], board_side_of(player)))
    note_win(state, game, index, player);
}

/* After `player`'s roll: has the player borne off the last checker?  After
 * an earlier mistake the referee follows several positions; when only some
 * of them are won and the record plays on, those are the wrong readings.
 * Asked after every play: the positions are read as they are kept (what a
 * game is worth does not depend on which side is on roll), a byte each,
 * up to the first won, and the rest only then (note_win reads them all). */
static void note_bear_off(game_state *state, const bg_game *game, int index, int player) {
  if (state->positions.count == 1) {
    note_bear_off_of_one(state, game, index, player);
    return;
  }
  int side = board_side_of(player);
  for (int i = 0; i < state->positions.count; i++)
    if (board_bore_off_all(&state->positions.boards[i], side)) {
      note_win(state, game, index, player);
      return;
    }
}

/* Is roll `index` the last thing the match records, with no result after
 * it?  An empty play there is a record cut off, not a wrong no-play. */
static bool is_record_end(const referee *ref, const bg_game *game, int index) {
  const bg_match *match = ref->match;
  return game == &match->games[match->game_count - 1] && index == game->action_count - 1;
}

/* Is the written play of `roll` a legal play of its dice from the first
 * position the referee follows? */
static bool play_is_legal(referee *ref, const game_state *state, const bg_action *roll) {
  bg_board view;
  board_seen_by(&state->positions.boards[0], roll->player, &view);
  return referee_plays_of_roll(roll, &view, roll->die1, roll->die2,
                               &ref->plays.legal.plays, NULL) > 0;
}

/* A roll whose play is unknown (not recorded, or unreadable), its dice
 * read: the player made one of their legal plays, and the plays that
 * follow tell which (as after a play left out).  False when there are too
 * many to follow. */
static bool follow_unknown_play(referee *ref, game_state *state, const bg_game *game,
                                int index) {
  const bg_action *roll = &game->actions[index];
  if (!match_roll_has_dice(roll) ||
      !referee_follow_every_play(&ref->plays, roll, &state->positions))
    return false;
  note_bear_off(state, game, index, roll->player);
  return true;
}

/* The recovery's reading of the turn's `verdict` at `roll`, not TURN_OK,
 * said where it stands.  True when the dice are wrong, as said: an
 * opening double that is no lost opening's, nor after a break in the
 * move numbers (which is said instead); the play is then another roll's.
 * Cold: a valid record never comes here. */
__attribute__((cold)) static bool turn_misfit(referee *ref, game_state *state,
                                              const bg_game *game, int index,
                                              const bg_action *roll,
                                              law_turn_verdict verdict) {
  referee_recovery recovery =
      recover(ref, state,
              verdict == TURN_NOT_YOURS ? MISFIT_NOT_YOUR_TURN : MISFIT_OPENING_DOUBLE,
              game, index, roll);
  if (recovery == RECOVERY_VERDICT_STANDS)
    say_turn(ref, state, roll, verdict);
  return verdict == TURN_OPENING_DOUBLE && recovery != RECOVERY_OPENING_LOST &&
         !roll->after_numbering_break;
}

/* The rules of the turn at `roll` (whose turn it is, the opening roll),
 * their `verdict` given: where they say the record does not fit, the
 * recovery's reading.  True when the dice are wrong, as said. */
static bool take_turn(referee *ref, game_state *state, const bg_game *game, int index,
                      const bg_action *roll, law_turn_verdict verdict) {
  if (verdict == TURN_OK)
    return false;
  return turn_misfit(ref, state, game, index, roll, verdict);
}

/* The turn passes, once its play is checked (the recovery reads one of
 * the game's first plays by the turn as it stood at the roll): the other
 * player rolls next. */
static void pass_turn(game_state *state, const bg_action *roll) {
  state->turns.expected_roller = 1 - roll->player;
  state->turns.last_roll_pos[roll->player] = roll->pos;
  state->turns.rolls_checked++;
}

/* "72: 13/9 24/23": reported as syntax; the play still happened (with no
 * play read, "98: 2/!!" or "??" with "????", any play of any roll). */
static void follow_unread_dice(referee *ref, game_state *state, const bg_action *roll) {
  bool written = roll->move_count > 0;
  if (!referee_check_play_any_roll(&ref->plays, roll, &state->positions) &&
      !roll->resigns_after)
    referee_say(ref, roll->pos, roll->move_number, roll->player, DIAG_NOTE,
                RULE_SLUG(SYNTAX),
                written ? "no roll makes this play legal: the rest of this game is not "
                          "checked"
                        : "this turn could not be read: the rest of this game is not "
                          "checked");
}

/* A cell that could not be read (reported as syntax): any legal play of
 * its dice, when they were read. */
static void follow_unreadable(referee *ref, game_state *state, const bg_game *game,
                              int index, const bg_action *roll) {
  if (state->positions.count > 0 && !roll->resigns_after) {
    if (follow_unknown_play(ref, state, game, index))
      return;
    referee_say(ref, roll->pos, roll->move_number, roll->player, DIAG_NOTE,
                RULE_SLUG(SYNTAX),
                "this play could not be read: the rest of this game is not checked");
  }
  state->positions.count = 0;
}

/* Neither the dice nor the play written: the game cannot be followed. */
static void say_unrecorded_turn(referee *ref, game_state *state, const bg_action *roll) {
  if (!roll->resigns_after && state->positions.count > 0)
    SAY(roll, DIAG_WARNING, RULE_SLUG(UNRECORDED),
        "neither the roll nor the play of this turn was recorded (" NOTATION_UNRECORDED
        "): the rest of this game cannot be checked");
  state->positions.count = 0;
}

/* "63: ????": every legal play of the dice is followed.  Right before the
 * opponent's win, a hidden play is the way several programs write a
 * resignation: nothing to follow. */
static void follow_unrecorded_play(referee *ref, game_state *state, const bg_game *game,
                                   int index, const bg_action *roll) {
  if (roll->resigns_after) {
    state->positions.count = 0;
    return;
  }
  bool followed =
      state->positions.count > 0 && follow_unknown_play(ref, state, game, index);
  SAY(roll, DIAG_WARNING, RULE_SLUG(UNRECORDED),
      "the play of %d%d was not recorded (" NOTATION_UNRECORDED "): %s", roll->die1,
      roll->die2,
      followed ? "every legal play of it is followed"
               : "the rest of this game cannot be checked");
}

/* The dice are wrong, as said: is the play, illegal with them, one of
 * another roll's (checked so), not a second mistake?  Unless no roll
 * makes it. */
__attribute__((cold)) static bool played_another_roll(referee *ref, game_state *state,
                                                      const bg_action *roll) {
  if (roll->move_count == 0 || play_is_legal(ref, state, roll))
    return false;
  if (!referee_check_play_any_roll(&ref->plays, roll, &state->positions))
    referee_say(ref, roll->pos, roll->move_number, roll->player, DIAG_NOTE,
                RULE_SLUG(TURN_ORDER),
                "no roll makes this play legal: the rest of this game is not checked");
  return true;
}

/* A play the quick proof did not prove: the recovery may read the game
 * otherwise (a lost opening) before the full check.  Out of line, as a
 * valid record's plays are proved; not cold, as recover is not. */
__attribute__((noinline)) static bool check_play_unproved(referee *ref, game_state *state,
                                                          const bg_game *game, int index,
                                                          const bg_action *roll) {
  reading_set *positions = &state->positions;
  referee_recovery recovery =
      recover(ref, state, MISFIT_UNPROVED_PLAY, game, index, roll);
  if (recovery == RECOVERY_OPENING_LOST)
    return referee_check_play(&ref->plays, roll, positions, roll->resigns_after);
  if (recovery == RECOVERY_SAID)
    return true; /* followed by the recovery (two plays exchanged) */
  return referee_check_play_unproved(&ref->plays, roll, positions, roll->resigns_after);
}

/* A roll whose dice and play were written: is the play legal?  Inlined
 * into both its callers: the fast path's call, its dice known right, is
 * the path every valid play takes. */
__attribute__((always_inline)) static inline void
check_played(referee *ref, game_state *state, const bg_game *game, int index,
             const bg_action *roll, bool dice_wrong) {
  if (roll->move_count == 0 && !roll->cannot_move && is_record_end(ref, game, index)) {
    /* "  2) 42: " as the last line: the record was cut off after the roll;
     * the game's end says "incomplete".  Not "42: ????", a play made and
     * not recorded, followed like any (as a play that could not be read
     * is: the YAML notation writes both as "????"). */
    state->positions.count = 0;
    return;
  }
  if (state->positions.count == 0)
    return;
  if (roll == ref->play_followed) { /* the recovery has played it already */
    ref->play_followed = NULL;
    note_bear_off(state, game, index, roll->player);
    return;
  }
  if (dice_wrong && played_another_roll(ref, state, roll))
    return;
  /* The quick proof checks a valid record's plays first, from the one
   * position followed, and leaves it one; a play whose checkers all
   * landed on points bore none off. */
  referee_proved proved =
      referee_check_play_if_proved(&ref->plays, roll, &state->positions);
  if (proved) {
    if (proved != PROOF_ON_POINTS)
      note_bear_off_of_one(state, game, index, roll->player);
    return;
  }
  if (check_play_unproved(ref, state, game, index, roll))
    note_bear_off(state, game, index, roll->player);
}

/* The play of a roll whose cell says other than dice and a play read:
 * dice unread (the play is followed with every roll), "00:" (the player
 * resigned instead), "????", a play that could not be read.  Cold: a
 * valid record's cells are read whole. */
__attribute__((cold)) static void play_cell_not_read(referee *ref, game_state *state,
                                                     const bg_game *game, int index,
                                                     const bg_action *roll) {
  if (match_roll_dice_unread(roll)) {
    follow_unread_dice(ref, state, roll);
    return;
  }
  bool nothing_rolled = roll->dice == ROLL_DICE_NONE;
  switch ((bg_roll_play)roll->play) {
  case ROLL_PLAY_UNREADABLE:
  case ROLL_PLAY_NOT_A_PLAY:
    follow_unreadable(ref, state, game, index, roll);
    break;
  case ROLL_PLAY_UNRECORDED:
    if (nothing_rolled) /* "????" alone */
      say_unrecorded_turn(ref, state, roll);
    else
      follow_unrecorded_play(ref, state, game, index, roll);
    break;
  case ROLL_PLAY_AS_WRITTEN:    /* with nothing rolled */
    state->positions.count = 0; /* the player resigned instead */
    break;
  }
}

/* A roll after the game's end: said, unless it is an unplayed roll after
 * the last one (no action).  Cold. */
__attribute__((cold)) static void roll_after_end(referee *ref, game_state *state,
                                                 const bg_game *game, int index) {
  const bg_action *roll = &game->actions[index];
  if (!match_roll_marked_unknown(roll))
    say_after_end(ref, state, game, index, roll);
}

/* The roll the record means at `index`, out of turn: the other player's,
 * written under the wrong name, where the recovery says so (it is then
 * ref->renamed, played as theirs), else the roll as written.  Cold. */
__attribute__((cold)) static const bg_action *
roll_out_of_turn(referee *ref, game_state *state, const bg_game *game, int index) {
  if (recover(ref, state, MISFIT_NOT_YOUR_ROLL, game, index, &game->actions[index]) !=
      RECOVERY_RENAMED)
    return &game->actions[index];
  /* the legal plays cached are keyed by the action's address, which every
   * renamed roll takes: those of an earlier one are not this one's */
  ref->plays.legal.roll = NULL;
  return &ref->renamed;
}

/* Whether the quick proof holds `roll` to the record's '*' marks: in a
 * record that marks hits more than once, every play; in one that marks a
 * single hit, the play that marks it; in one with no mark, none. */
static void note_hit_marks(referee *ref, const bg_action *roll) {
  ref->plays.marks_hits =
      ref->hit_marks >= 2 || (ref->hit_marks > 0 && match_action_marks_hit(roll));
}

/* A roll the fast path below does not take: out of turn, after a double
 * not answered, or its cell not read whole.  A roll out of turn may be the
 * other player's, written under the wrong name: the recovery says so before
 * the roll is applied.  Out of line: not cold, as a record full of mistakes
 * comes here for most rolls. */
__attribute__((noinline)) static void on_roll_otherwise(referee *ref, game_state *state,
                                                        const bg_game *game, int index) {
  const bg_action *roll = &game->actions[index];
  law_turn_verdict verdict = law_turn(&state->turns, state->set_up, roll);
  if (verdict == TURN_NOT_YOURS) {
    roll = roll_out_of_turn(ref, state, game, index);
    verdict = law_turn(&state->turns, state->set_up, roll);
  }
  if (state->cube.double_by >= 0)
    referee_settle_unanswered_double(ref, state, roll);
  note_hit_marks(ref, roll);
  bool dice_wrong = take_turn(ref, state, game, index, roll, verdict);
  if (match_roll_as_written(roll))
    check_played(ref, state, game, index, roll, dice_wrong);
  else
    play_cell_not_read(ref, state, game, index, roll);
  pass_turn(state, roll);
}

/* A roll: the turn's rules, then its play.  Most rolls of a valid record
 * are in turn, with no double waiting and dice and play read: they take
 * the path below, where the dice cannot be wrong, and the play is proved
 * legal by the quick proof; each other case leaves it at one test. */
static void on_roll(referee *ref, game_state *state, const bg_game *game, int index) {
  const bg_action *roll = &game->actions[index];
  if (game_over(state)) {
    roll_after_end(ref, state, game, index);
    return;
  }
  if (law_turn(&state->turns, state->set_up, roll) != TURN_OK ||
      state->cube.double_by >= 0 || !match_roll_as_written(roll)) {
    on_roll_otherwise(ref, state, game, index);
    return;
  }
  note_hit_marks(ref, roll);
  check_played(ref, state, game, index, roll, false);
  pass_turn(state, roll);
}

/* "; Set Pos=": the game goes on from the position given (a game that
 * starts from a set-up position, or a transcriber's reminder of where it
 * stands).  One that is no position at all (the reader said so) leaves
 * the plays after it unchecked. */
static void on_set_position(game_state *state, const bg_action *act) {
  bg_board board;
  if (!match_setup_board(act, &board)) {
    state->positions.count = 0;
    return;
  }
  if (state->turns.expected_roller < 0)
    state->set_up = true;
  referee_positions_only(&state->positions, &board);
}

/* A double: a double out of turn may show a turn lost before it. */
static void on_double(referee *ref, game_state *state, const bg_game *game, int index) {
  const bg_action *act = &game->actions[index];
  referee_settle_unanswered_double(ref, state, act);
  if (state->cube.double_by < 0 &&
      law_turn(&state->turns, state->set_up, act) == TURN_NOT_YOURS)
    recover(ref, state, MISFIT_NOT_YOUR_DOUBLE, game, index, act);
  referee_on_double(ref, state, game, index);
}

/* A "Wins" line: whether its check blamed the result, and said so. */
static void on_win(referee *ref, game_state *state, const bg_action *act) {
  long faults_before = ref->faults;
  referee_check_win(ref, state, act);
  ref->tally.last_result_blamed = ref->faults > faults_before;
  ref->tally.last_result_said =
      ref->tally.last_result_blamed && !ref->plays.recovery.silenced;
}

/* The action, by its kind, in a game still going on (or its "Wins"). */
static void act_by_kind(referee *ref, game_state *state, const bg_game *game, int index) {
  const bg_action *act = &game->actions[index];
  switch (act->kind) {
  case ACT_ROLL: /* referee_act's own */
    break;
  case ACT_DOUBLE:
    on_double(ref, state, game, index);
    break;
  case ACT_TAKE:
    referee_on_take(ref, state, game, index);
    break;
  case ACT_DROP:
    referee_on_drop(ref, state, game, index);
    break;
  case ACT_BEAVER:
    referee_on_beaver(ref, state, game, index);
    break;
  case ACT_RESIGN:
    referee_settle_unanswered_double(ref, state, act);
    referee_on_resign(ref, state, act);
    break;
  case ACT_WIN:
    on_win(ref, state, act);
    break;
  case ACT_SET_POSITION:
    on_set_position(state, act);
    break;
  }
}

/* An action other than a roll: after the game's end only its "Wins" is
 * checked.  Out of line: the roll's path, which most actions take, stays
 * short enough to be inlined where the actions are walked. */
__attribute__((noinline)) static void on_other_action(referee *ref, game_state *state,
                                                      const bg_game *game, int index) {
  const bg_action *act = &game->actions[index];
  if (act->kind != ACT_WIN && game_over(state)) {
    say_after_end(ref, state, game, index, act);
    return;
  }
  act_by_kind(ref, state, game, index);
}

/* Inlined where the actions are walked (bg_replay_run): most actions are
 * rolls whose path above is a few tests, and a call for each, with its
 * registers saved and restored, cost as much as those tests. */
__attribute__((always_inline)) inline void referee_act(referee *ref, game_state *state,
                                                       const bg_game *game, int index) {
  const bg_action *act = &game->actions[index];
  if (act->after_numbering_break) /* the reader marks the line */
    recover(ref, state, MISFIT_NUMBERING_BREAK, game, index, act);
  if (act->kind == ACT_ROLL)
    on_roll(ref, state, game, index);
  else
    on_other_action(ref, state, game, index);
}
