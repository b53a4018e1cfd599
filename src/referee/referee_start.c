/*
 * referee_start.c — which starting position a game's plays fit.
 *
 * The record names its variation (a [Variation] tag, or none: backgammon),
 * and the referee starts each game from that variation's position.  Some
 * records give no tag for a game played from another start: Nackgammon's
 * (played on several servers), or a position the record does not give (an
 * event whose games begin mid-position).  Checked from the wrong start,
 * every play is an error.  So before a game is checked, its first plays
 * are walked by their dice from the start: where plays of both players do
 * not walk (one mistake spoils its own player's plays, not both), a start
 * all of them walk from is looked for among the known ones; failing that,
 * the game is said once to start where the record does not say, and is
 * not checked.
 */
#include "referee_int.h"

typedef void (*start_fn)(bg_board *board);

static bool is_written_play(const bg_action *act) {
  return act->kind == ACT_ROLL && match_roll_as_written(act) && act->move_count > 0 &&
         match_roll_has_dice(act);
}

/* walks' search, from a view of the position: out of line, so that the
 * walk a die a step, which most plays take, keeps no room for its
 * boards. */
__attribute__((noinline)) static bool walks_by_search(const bg_action *roll,
                                                      bg_board *absolute) {
  bg_board view, after;
  board_seen_by(absolute, roll->player, &view);
  if (!referee_play_walk(roll, &view, &after))
    return false;
  board_seen_by(&after, roll->player, absolute);
  return true;
}

/* Does `roll`'s written play walk by its dice from `absolute`?  Where it
 * does, `absolute` becomes the position it leaves.  Most plays are a die
 * a step, walked in place with no view copied. */
static bool walks(const bg_action *roll, bg_board *absolute) {
  if (referee_walk_a_die_a_step_unmarked(roll, absolute))
    return true;
  return walks_by_search(roll, absolute);
}

/* The game's first written plays, up to START_PLAYS, stopping at a play
 * that cannot be walked at all (unknown, unreadable) or at a break in the
 * record's numbers (the numbering's recovery explains those); NULL-ended. */
static int first_plays(const bg_game *game, const bg_action **plays) {
  int count = 0;
  for (int i = 0; i < game->action_count && count < START_PLAYS; i++) {
    const bg_action *act = &game->actions[i];
    if (act->kind == ACT_SET_POSITION || act->after_numbering_break)
      break;
    if (act->kind != ACT_ROLL)
      continue;
    if (!is_written_play(act))
      break;
    plays[count++] = act;
  }
  return count;
}

/* Whose plays, of `plays` walked one after the other from `board`, do not
 * walk: a bit a player, added to `failed`.  A play that does not walk
 * leaves the position as it was.  Once both players' bits are set, no
 * further play changes the answer. */
static unsigned walk_on(const bg_action **plays, int count, bg_board *board,
                        unsigned failed) {
  for (int i = 0; i < count && failed != 3; i++)
    if (!walks(plays[i], board))
      failed |= 1u << plays[i]->player;
  return failed;
}

static unsigned players_out_of_step(const bg_action **plays, int count, start_fn start) {
  bg_board board;
  start(&board);
  return walk_on(plays, count, &board, 0);
}

/* Does the second play walk after some legal play of the first's roll
 * from `start`?  Where the first play is wrong, its player made one of
 * them (one it hit with, say, which the second play enters after). */
static bool walks_after_any_play(const bg_action *first, const bg_action *second,
                                 start_fn start) {
  bg_board absolute, view;
  start(&absolute);
  board_seen_by(&absolute, first->player, &view);
  bg_playlist legal;
  movegen_playlist_init(&legal);
  movegen_legal_plays(&view, first->die1, first->die2, &legal);
  bool walked = false;
  for (int i = 0; i < legal.count && !walked; i++) {
    bg_board after;
    board_seen_by(&legal.plays[i].result, first->player, &after);
    walked = walks(second, &after);
  }
  movegen_playlist_free(&legal);
  return walked;
}

/* Do the first plays of both players not walk from `start`: the first
 * written play (`first_walks`: whether it does), and the other player's
 * first one after any legal play of it?  One mistake spoils its own play
 * only. */
static bool start_misfits(const bg_action **plays, int count, start_fn start,
                          bool first_walks) {
  int other = 1;
  while (other < count && plays[other]->player == plays[0]->player)
    other++;
  if (other >= count)
    return false;
  return !first_walks && !walks_after_any_play(plays[0], plays[other], start);
}

/* Do the first two plays walk from `start` once exchanged, the dice
 * staying or going with their play?  Then the game starts where the record
 * says and one mistake put the plays in each other's place: the plays'
 * recovery says so, as anywhere in a game (referee_recover.c). */
static bool walks_exchanged(const bg_action *first, const bg_action *second,
                            start_fn start) {
  if (second != first + 1 || second->player == first->player)
    return false;
  for (int with_dice = 0; with_dice < 2; with_dice++) {
    bg_action one = referee_exchanged_play(first, second, with_dice);
    bg_action two = referee_exchanged_play(second, first, with_dice);
    bg_board board;
    start(&board);
    if (walks(&one, &board) && walks(&two, &board))
      return true;
  }
  return false;
}

/* The start a match with no [Variation] tag may have been played from. */
static const struct {
  start_fn start;
  const char *name;
} other_starts[] = {{board_initial_nackgammon, "Nackgammon"},
                    {board_initial_longgammon, "LongGammon"}};

bool referee_check_start(referee *ref, game_state *state, const bg_game *game) {
  const bg_action *plays[START_PLAYS];
  int count = first_plays(game, plays);
  if (!ref->opening || count < 2 || ref->match->variation == VARIATION_OTHER)
    return true;
  /* the first play is walked once, for both questions below */
  bg_board board;
  ref->opening(&board);
  bool first_walks = walks(plays[0], &board);
  bool misfit = start_misfits(plays, count, ref->opening, first_walks);
  /* another start only when all the plays walk from it and plays of both
   * players do not from the record's; with a [Variation] tag, none is
   * looked for, and plays that fit at first are mistakes */
  if (!misfit && (ref->match->variation_tag ||
                  walk_on(plays + 1, count - 1, &board,
                          first_walks ? 0 : 1u << plays[0]->player) != 3))
    return true;
  for (size_t i = 0; i < sizeof other_starts / sizeof *other_starts; i++) {
    if (ref->match->variation_tag ||
        players_out_of_step(plays, count, other_starts[i].start))
      continue;
    ref->opening = other_starts[i].start;
    bg_board opening;
    ref->opening(&opening);
    referee_positions_only(&state->positions, &opening);
    referee_say(ref, game->pos, 0, -1, DIAG_NOTE, RULE_SLUG(UNRECORDED),
                "the record names no variation, but the plays of game %d fit only "
                "%s's start: the match is checked as %s",
                game->number, other_starts[i].name, other_starts[i].name);
    return true;
  }
  /* plays of both spoilt, but their first ones fit, or fit exchanged:
   * mistakes, which the game's check says */
  if (!misfit || walks_exchanged(plays[0], plays[1], ref->opening))
    return true;
  referee_say(ref, game->pos, 0, -1, DIAG_WARNING, RULE_SLUG(UNRECORDED),
              "the plays do not fit the starting position: game %d starts from a "
              "position the record does not give; not checked",
              game->number);
  /* out of step from the start: followed unreported, as after a play
   * that fits no position (the result then rests on the record's word) */
  state->positions.count = 0;
  ref->plays.recovery.silenced = true;
  return false;
}
