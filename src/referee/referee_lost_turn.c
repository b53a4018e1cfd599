/*
 * referee_lost_turn.c — recovery: a turn left out of the record (one
 * player rolls or doubles twice running, or the game starts with the
 * second player's turn), or a roll written under the wrong name: the
 * questions and the following that referee_recover (referee_recover.c)
 * asks for, which says the mistake.  A lost turn is followed from every
 * legal play of every roll of the lost turn, less those the plays written
 * after it rule out (a lookahead that checks a play from a position for a
 * fraction of what the referee's readings of it cost), within the budgets
 * of referee_budget.h.
 */
#include "referee_int.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "position_set.h"

/* Is `roll`'s written play a legal play of its dice from `view` (as its
 * player sees it), a written no-play one where no checker can move?  If
 * so, `landed` is where it leaves the board (as the match keeps it).
 * `dice_fit`: referee_dice_may_make_moves(roll), the same everywhere. */
static bool play_is_legal_from(play_checker *checker, const bg_action *roll,
                               bool dice_fit, const bg_board *view, bg_board *landed) {
  bg_board target, after;
  if (roll->move_count == 0) {
    movegen_legal_plays(view, roll->die1, roll->die2, &checker->scratch.plays);
    for (int i = 0; i < checker->scratch.plays.count; i++)
      if (checker->scratch.plays.plays[i].step_count > 0)
        return false;
    board_seen_by(view, roll->player, landed);
    return true;
  }
  if (!referee_moves_target(view, roll, &target))
    return false;
  /* the proof first, as for a valid record's plays: the move generator
   * for hundreds of positions costs tens of times more */
  if (dice_fit && referee_prove_quickly(false, roll, view, &after)) {
    board_seen_by(&after, roll->player, landed);
    return true;
  }
  if (!movegen_may_be_legal(view, roll->die1, roll->die2, &target) ||
      !referee_play_is_made_by_dice(roll, view))
    return false;
  movegen_legal_plays(view, roll->die1, roll->die2, &checker->scratch.plays);
  for (int i = 0; i < checker->scratch.plays.count; i++)
    if (board_roller_equal(&checker->scratch.plays.plays[i].result, &target)) {
      board_seen_by(&checker->scratch.plays.plays[i].result, roll->player, landed);
      return true;
    }
  return false;
}

bool referee_play_is_legal_somewhere(play_checker *checker, const bg_action *roll,
                                     const reading_set *positions) {
  bool dice_fit = referee_dice_may_make_moves(roll);
  for (int i = 0; i < positions->count; i++) {
    bg_board view, landed;
    board_seen_by(&positions->boards[i], roll->player, &view);
    if (play_is_legal_from(checker, roll, dice_fit, &view, &landed))
      return true;
  }
  return false;
}

typedef struct {
  bg_board start[LOST_TURN_CANDIDATES]; /* after the lost turn */
  bg_board now[LOST_TURN_CANDIDATES];   /* after the plays checked since */
  uint8_t hidden[LOST_TURN_CANDIDATES];
  int count;
  uint32_t slots[2 * LOST_TURN_CANDIDATES]; /* `index`'s */
  position_set index;                       /* of `start` */
} lost_turn_candidates;

/* Adds the position `absolute` once; false when there is no room left. */
static bool candidate_add(lost_turn_candidates *set, const bg_board *absolute,
                          uint8_t hidden) {
  position_boards boards = {.first = set->start, .stride = sizeof set->start[0]};
  uint32_t *slot = position_set_slot(&set->index, boards, absolute, board_hash(absolute));
  if (*slot)
    return true;
  if (set->count == LOST_TURN_CANDIDATES)
    return false;
  set->start[set->count] = set->now[set->count] = *absolute;
  set->hidden[set->count] = hidden;
  *slot = (uint32_t)++set->count;
  return true;
}

/* Do the hit marks of `roll`, played from `view` (its player's) to
 * `landed` (the match's), show every hit it made, and none it did not? */
static bool marks_agree(const bg_action *roll, const bg_board *view,
                        const bg_board *landed) {
  bg_board after;
  board_seen_by(landed, roll->player, &after);
  return referee_marks_of_quick_play(roll, view, &after) != MARKS_DISAGREE;
}

/* Moves every candidate on by the written play of `roll` and keeps those
 * it is legal from, unless none is: then all stay, and false.  `checks`
 * counts the plays checked. */
static bool candidates_play(play_checker *checker, lost_turn_candidates *set,
                            const bg_action *roll, bool by_marks, int *checks) {
  int kept = 0;
  bool dice_fit = referee_dice_may_make_moves(roll);
  for (int i = 0; i < set->count; i++) {
    bg_board view, landed;
    board_seen_by(&set->now[i], roll->player, &view);
    if (!play_is_legal_from(checker, roll, dice_fit, &view, &landed) ||
        (by_marks && !marks_agree(roll, &view, &landed)))
      continue;
    /* in place: `kept` never passes `i`, and the boards of the ones
     * before `kept` are not needed again if some are kept */
    set->hidden[kept] = set->hidden[i];
    set->start[kept] = set->start[i];
    set->now[kept++] = landed;
  }
  *checks += set->count;
  if (kept == 0)
    return false;
  set->count = kept;
  return true;
}

/* Does the lookahead stop before `roll`: a play not written or not read?
 * (A written no-play is checked: it is legal only where nothing moves.) */
static bool stops_lookahead(const bg_action *roll) {
  return !match_roll_as_written(roll);
}

/* Every legal play of every roll of `player` from each of `positions`
 * into `set`; with `opening`, no double (an opening roll is not one) and
 * not the positions themselves (something was lost).  False when the set
 * ran out of room. */
static bool add_lost_turn_plays(lost_turn_candidates *set, const reading_set *positions,
                                int player, bool opening) {
  bool room = true;
  bg_playlist turn; /* one roll's plays of the lost turn */
  movegen_playlist_init(&turn);
  for (int i = 0; i < positions->count && room; i++) {
    /* first the readings in which nothing was lost: the roll written
     * twice, or a turn the player could not move in */
    if (!opening)
      room = candidate_add(set, &positions->boards[i], positions->hidden[i]);
    bg_board view;
    board_seen_by(&positions->boards[i], player, &view);
    for (int high = 1; high <= 6 && room; high++)
      for (int low = 1; low <= (opening ? high - 1 : high) && room; low++) {
        movegen_legal_plays(&view, high, low, &turn);
        for (int k = 0; k < turn.count && room; k++) {
          bg_board after; /* the lost turn's play, as the board stands */
          board_seen_by(&turn.plays[k].result, player, &after);
          room = candidate_add(set, &after, 0);
        }
      }
  }
  movegen_playlist_free(&turn);
  return room;
}

/* May a lost turn be followed from `positions`?  Once a game, before any
 * miss (a record of noise can have a lost turn on every line), from few
 * readings, while the match's budget of checks lasts. */
static bool may_follow_lost_turn(const play_checker *checker,
                                 const reading_set *positions) {
  return positions->count > 0 && positions->count <= READINGS_OF_LOST_TURN &&
         checker->recovery.misses_in_game == 0 && !checker->recovery.lost_turn_followed &&
         checker->lost_turn_checks_left >= LOST_TURN_CANDIDATES;
}

static lost_turn_candidates *candidates_new(void) {
  lost_turn_candidates *set = bg_malloc(sizeof *set);
  set->count = 0;
  position_set_init(&set->index, set->slots, 2 * LOST_TURN_CANDIDATES);
  return set;
}

/* The lookahead over the plays written after a lost turn: hundreds of
 * candidates, which the plays written after the lost turn rule out (the
 * roll written twice first) until a few are left (the set can follow up
 * to BG_MAX_CANDIDATES).  A play legal from none is another mistake: the
 * lookahead stops there. */
typedef struct {
  const bg_game *game;
  int twice;       /* the roll after the lost turn (written twice, or the game's first) */
  int upto;        /* a lost opening: the roll whose play showed it */
  bool opening;    /* a lost opening turn, a guess the plays must bear out */
  bool by_marks;   /* candidates must agree with the record's hit marks */
  int checks;      /* plays checked */
  int budget;      /* plays that may be checked */
  int confirmed;   /* plays after `upto` that fit */
  bool to_the_end; /* no play stopped the lookahead */
} lookahead;

/* Does the lookahead go on to the action at `i`: too many candidates
 * left, or a lost opening still to be borne out? */
static bool wants_more(const lost_turn_candidates *set, const lookahead *look, int i) {
  return (set->count > LOST_TURN_FOLLOWED ||
          (look->opening &&
           (i <= look->upto || look->confirmed < LOST_OPENING_CONFIRMED))) &&
         look->checks < look->budget;
}

/* Narrows `set` by the roll written twice, then by the plays after it;
 * false when the roll written twice fits none. */
static bool narrow_by_plays(play_checker *checker, lost_turn_candidates *set,
                            lookahead *look) {
  const bg_game *game = look->game;
  if (!candidates_play(checker, set, &game->actions[look->twice], look->by_marks,
                       &look->checks))
    return false;
  for (int i = look->twice + 1; i < game->action_count && wants_more(set, look, i); i++) {
    const bg_action *act = &game->actions[i];
    if (act->kind != ACT_ROLL)
      continue; /* cube actions move no checker */
    if (stops_lookahead(act) ||
        !candidates_play(checker, set, act, look->by_marks, &look->checks)) {
      look->to_the_end = false;
      break;
    }
    look->confirmed += i > look->upto;
  }
  return true;
}

/* A lost opening is a guess: followed only when the plays bear it out,
 * enough of them after the one that showed it, or all to the game's end
 * within the budget. */
static bool opening_borne_out(const lookahead *look) {
  return look->confirmed >= LOST_OPENING_CONFIRMED ||
         (look->to_the_end && look->checks < look->budget);
}

/* referee_follow_lost_turn and follow_opening_candidates: the turn lost
 * before the roll at `index`, by the other player. */
static bool follow_lost_turn(play_checker *checker, const bg_game *game, int index,
                             int upto, reading_set *positions, bool opening) {
  if (!may_follow_lost_turn(checker, positions))
    return false;
  checker->recovery.lost_turn_followed = true;
  lost_turn_candidates *set = candidates_new();
  bool room =
      add_lost_turn_plays(set, positions, 1 - game->actions[index].player, opening);
  lookahead look = {.game = game,
                    .twice = index,
                    .upto = upto,
                    .opening = opening,
                    /* a guessed opening must agree with the marks of a record
                     * that writes them */
                    .by_marks = opening && checker->marks_hits,
                    .checks = set->count, /* making each was about a check's work */
                    .budget = checker->lost_turn_checks_left < LOST_TURN_CHECKS
                                  ? (int)checker->lost_turn_checks_left
                                  : LOST_TURN_CHECKS,
                    .confirmed = 0,
                    .to_the_end = true};
  bool looked = room && !stops_lookahead(&game->actions[index]);
  bool fits = !looked || narrow_by_plays(checker, set, &look);
  bool followed = room && fits && set->count <= BG_MAX_CANDIDATES &&
                  (!opening || (looked && opening_borne_out(&look)));
  checker->lost_turn_checks_left -= look.checks;
  if (followed) {
    positions->count = 0;
    for (int i = 0; i < set->count; i++)
      referee_positions_add(positions, &set->start[i], 0, set->hidden[i]);
  }
  free(set);
  return followed;
}

/* Moves each of `positions` on by the written play of `roll`, legal from
 * each (the lookahead checked it). */
static void play_on(play_checker *checker, const bg_action *roll,
                    reading_set *positions) {
  bool dice_fit = referee_dice_may_make_moves(roll);
  reading_set *after = &checker->scratch.any_roll;
  after->count = 0;
  for (int i = 0; i < positions->count; i++) {
    bg_board view, landed;
    board_seen_by(&positions->boards[i], roll->player, &view);
    if (play_is_legal_from(checker, roll, dice_fit, &view, &landed))
      referee_positions_add(after, &landed, 0, positions->hidden[i]);
  }
  referee_positions_copy(positions, after);
}

bool referee_follow_lost_turn(play_checker *checker, const bg_game *game, int index,
                              reading_set *positions) {
  return follow_lost_turn(checker, game, index, index, positions, false);
}

/* The game's written plays from its first roll, at `index`, fit the
 * starting position (`positions`) only after an opening turn of the other
 * player: true when the plays written after it bear one out; the set is
 * then the positions before the roll at `upto`. */
static bool follow_opening_candidates(play_checker *checker, const bg_game *game,
                                      int index, int upto, reading_set *positions) {
  if (!follow_lost_turn(checker, game, index, upto, positions, true))
    return false;
  for (int i = index; i < upto; i++)
    if (game->actions[i].kind == ACT_ROLL)
      play_on(checker, &game->actions[i], positions);
  return positions->count > 0;
}

/* ---- the opening turn ------------------------------------------------ */

/* The index of the game's first roll (`index` or before). */
static int first_roll_of(const bg_game *game, int index) {
  int i = 0;
  while (i < index && game->actions[i].kind != ACT_ROLL)
    i++;
  return i;
}

/* May the roll at hand show that the game's opening turn was lost: one of
 * the game's first rolls, by the player whose turn it is, before any miss
 * (and before a lost turn was followed: follow_lost_turn, once a game)? */
bool referee_opening_in_question(const referee *ref, const game_state *state,
                                 const bg_action *roll) {
  return ref->opening && !state->set_up &&
         state->turns.rolls_checked < LOST_OPENING_SHOWS_WITHIN &&
         (state->turns.expected_roller < 0 ||
          roll->player == state->turns.expected_roller) &&
         ref->plays.recovery.misses_in_game == 0 &&
         !ref->plays.recovery.lost_turn_followed && !roll->after_numbering_break &&
         match_roll_as_written(roll);
}

/* The game's first roll is a double (`opening_double`), or one of its
 * first plays fits no position, but the plays fit after an opening turn
 * of the other player: that turn was left out of the record (a line or a
 * node), and is followed as any lost turn.  Says nothing: the recovery
 * says it at the game's first roll, whose index this returns (-1: no lost
 * opening). */
int referee_follow_lost_opening(referee *ref, game_state *state, const bg_game *game,
                                int index, bool opening_double) {
  const bg_action *roll = &game->actions[index];
  /* a no-play written where a play was legal is the likelier mistake; and
   * no opening of the other player's makes the dice fit the moves */
  if (!referee_dice_may_make_moves(roll) ||
      (!opening_double &&
       (roll->move_count == 0 ||
        referee_play_is_legal_somewhere(&ref->plays, roll, &state->positions))))
    return -1;
  int first_index = first_roll_of(game, index);
  /* from the starting position: the game's positions only if that fits */
  reading_set *from_start = bg_malloc(sizeof *from_start);
  bg_board start;
  ref->opening(&start);
  referee_positions_only(from_start, &start);
  bool lost =
      follow_opening_candidates(&ref->plays, game, first_index, index, from_start);
  if (lost)
    referee_positions_copy(&state->positions, from_start);
  free(from_start);
  return lost ? first_index : -1;
}

/* Is roll `index` of `game` written under the wrong name: the written
 * player rolled just before it and rolls (or doubles) next as well, and
 * its play is a
 * legal one of the player whose turn it is?  Three rolls running would
 * otherwise be two turns lost; one name is the likelier slip.  (A player
 * who rolls twice running, the other next, lost a turn of the other's:
 * referee_follow_lost_turn.) */
bool referee_misnamed_roll(referee *ref, const game_state *state, const bg_game *game,
                           int index) {
  const bg_action *roll = &game->actions[index];
  if (state->turns.expected_roller < 0 || roll->player == state->turns.expected_roller ||
      roll->after_numbering_break || !match_roll_as_written(roll) ||
      state->positions.count == 0)
    return false;
  const bg_action *next = NULL;
  for (int i = index + 1; i < game->action_count && !next; i++)
    if (game->actions[i].kind == ACT_ROLL || game->actions[i].kind == ACT_DOUBLE)
      next = &game->actions[i];
  if (!next || next->player != roll->player)
    return false;
  bg_action as_turn = *roll;
  as_turn.player = state->turns.expected_roller;
  return referee_play_is_legal_somewhere(&ref->plays, &as_turn, &state->positions);
}

/* A double (action `index`) by the player who rolled last, whose next roll
 * comes before the opponent's: the opponent's turn between them went
 * unwritten, and that roll is where the lost turn shows.  A double written
 * after its own roll, which the opponent's roll follows, is left to the
 * cube's checks ("doubles after rolling"). */
int referee_roll_after_lost_turn(const game_state *state, const bg_game *game,
                                 int index) {
  const bg_action *act = &game->actions[index];
  if (state->turns.last_roll_pos[act->player].line == 0)
    return -1;
  for (int i = index + 1; i < game->action_count; i++) {
    const bg_action *next = &game->actions[i];
    if (next->kind == ACT_ROLL)
      return next->player == act->player ? i : -1;
  }
  return -1;
}
