/*
 * referee_recover.h — the recovery's part of the referee's private
 * header (referee_int.h includes it): what a record that does not fit the
 * rules most likely meant, apart from the rules (law.h) and the referee
 * that applies them.  Its state, kept per game in the play checker, and
 * its functions, from the one entry the rules path hands a misfit to
 * (referee_recover, referee_recover.c) to the files it asks: a turn left
 * out (referee_lost_turn.c), move numbers that break off
 * (referee_numbering.c), the readings of the plays after a miss
 * (referee_readings.c), a start the record does not name
 * (referee_start.c); the cube's other reading after a refused cube
 * action it keeps itself.  Its budgets are referee_budget.h's.
 */
#ifndef BG_REFEREE_RECOVER_H
#define BG_REFEREE_RECOVER_H

#include <stdbool.h>

#include "board.h"
#include "match.h"

/* The referee's types the recovery's functions take (referee_int.h
 * defines them). */
typedef struct reading_set reading_set;
typedef struct play_checker play_checker;
typedef struct game_state game_state;
typedef struct referee referee;

/* ======== the recovery's state ========================================= */

/* The cube's other reading.  After a double or beaver the rules refuse,
 * the record may have gone on without it (the refusal its one mistake) as
 * well as with it: the cube without it is followed beside the rules' cube,
 * turned by the doubles taken after it, until a double to twice it or the
 * game's "Wins" line says which the game was played for. */
typedef struct {
  int value;           /* the cube without the refused action, 0 none */
  bool shares_waiting; /* the double waiting came after it: a take turns both */
} cube_reading;

/* What the recovery keeps of one game, reset at each game's start (the
 * play checker's `recovery`): how the plays are followed once the record
 * is out of step with the game, and the cube's other reading.
 *
 * After a play whose own position cannot stand (a checker moved from
 * where none is), the referee follows the legal plays of its roll; if
 * one of the next plays fits none of them either, the record is out of
 * step with the game (a set-up or a variant it does not say), not wrong
 * at every play: a note says so, and the rest of the game is followed
 * unreported (`silenced`).  So too for the rest of a game whose move
 * numbers break off (a line left out or written twice: the reader said
 * so). */
typedef struct {
  int plays_on_probation;  /* plays still to come out right */
  bg_srcpos probation_pos; /* of the play that could not stand, or of the break */
  const char *probation_rule;
  bool probation_for_numbers;
  bool silenced; /* out of step: the game's plays are followed, unreported */
  /* The first action of the line where the game's move numbers last broke
   * off (NULL none), and whether that break was said: as an error once a
   * play after it fits no position, else as a warning at the game's end. */
  const bg_action *numbering_break;
  bool numbering_break_said;
  int misses_in_game;      /* plays of the game that were no legal play */
  bool lost_turn_followed; /* referee_follow_lost_turn, once a game */
  cube_reading cube;
} game_recovery;

/* ======== the one entry (referee_recover.c) ============================ */

/* What the rules path found that the record does not fit, and where. */
typedef enum {
  MISFIT_NUMBERING_BREAK, /* the action's line breaks the move numbers */
  MISFIT_AFTER_END,       /* an action after the game's end */
  MISFIT_NOT_YOUR_ROLL,   /* law_turn: TURN_NOT_YOURS, before the roll is applied */
  MISFIT_NOT_YOUR_TURN,   /* the same roll, applied as written (its cube settled) */
  MISFIT_OPENING_DOUBLE,  /* law_turn: TURN_OPENING_DOUBLE */
  MISFIT_UNPROVED_PLAY,   /* a written play the quick proof does not prove legal */
  MISFIT_NOT_YOUR_DOUBLE, /* a double, no double waiting, by the player not on turn */
  MISFIT_CUBE_REFUSED,    /* a double or beaver the rules refused, said already */
  MISFIT_CUBE_VALUE,      /* law_double: DOUBLE_WRONG_VALUE, before it is said */
} referee_misfit_kind;

typedef struct {
  referee_misfit_kind kind;
  const bg_game *game;
  int index;            /* of the action in `game`, as written */
  const bg_action *act; /* the action as the rules path applies it (a roll
                           renamed: ref->renamed) */
  int cube_without;     /* MISFIT_CUBE_REFUSED: the cube had the action not
                           been made */
} referee_misfit;

/* What the recovery made of a misfit. */
typedef enum {
  /* no other reading: the rules' verdict is the mistake, and the rules
   * path says it (the recovery may follow what it left: a lost turn) */
  RECOVERY_VERDICT_STANDS,
  /* the record read otherwise, said by the recovery (a break in the move
   * numbers, a turn lost before a double): the rules path says nothing */
  RECOVERY_SAID,
  /* said: the game's opening turn was left out, and the positions
   * followed are those it may have left */
  RECOVERY_OPENING_LOST,
  /* said: the roll is the other player's, written under the wrong name;
   * it is played as ref->renamed */
  RECOVERY_RENAMED,
  /* the record read otherwise, its mistake said before (a double to
   * twice the cube's other reading goes on from that reading): nothing
   * more to say */
  RECOVERY_FOLLOWED,
} referee_recovery;

/* The one entry of the recovery: decides what the broken record most
 * likely meant where the rules say it does not fit, says it when it reads
 * the record otherwise, and changes the state to follow that reading. */
referee_recovery referee_recover(referee *ref, game_state *state,
                                 const referee_misfit *misfit);

/* ---- referee_lost_turn.c, for referee_recover.c only ---- */

/* May the roll at hand show that the game's opening turn was lost: one of
 * the game's first rolls, by the player whose turn it is, before any miss
 * or lost turn followed? */
bool referee_opening_in_question(const referee *ref, const game_state *state,
                                 const bg_action *roll);
/* The game's first roll is a double (`opening_double`), or the play of
 * the roll at `index` fits no position, but the plays fit after an
 * opening turn of the other player: the positions before `index` become
 * those it may have left, and the index of the game's first roll is
 * returned; -1, nothing changed, otherwise.  Says nothing. */
int referee_follow_lost_opening(referee *ref, game_state *state, const bg_game *game,
                                int index, bool opening_double);
/* Is roll `index` of `game` written under the wrong name: its player
 * rolled just before it and rolls (or doubles) next as well, and its play
 * is a legal one of the player whose turn it is? */
bool referee_misnamed_roll(referee *ref, const game_state *state, const bg_game *game,
                           int index);
/* The index of the roll after the double at `index` when it is the
 * doubler's own: the opponent's turn between went unwritten (-1 when the
 * doubler has not rolled in this game, the opponent rolls next, or no roll
 * follows). */
int referee_roll_after_lost_turn(const game_state *state, const bg_game *game, int index);
/* `roll` with the moves of `other` (and its dice too, `with_dice`): one
 * of two plays read as written in each other's place. */
bg_action referee_exchanged_play(const bg_action *roll, const bg_action *other,
                                 bool with_dice);

/* ======== the cube's other reading (referee_recover.c) ================= */

/* The rules path tells the reading how the cube moves on: a double is
 * offered (whatever the verdict on it), and the double waiting is taken
 * (or the game goes on without an answer). */
void referee_cube_reading_offered(referee *ref);
void referee_cube_reading_taken(referee *ref);
/* The cube's other reading, 0 none: what the game's result is valued by
 * where the rules' cube does not fit it. */
int referee_cube_other_reading(const referee *ref);

/* ======== the plays' recovery ========================================== */

/* ---- referee_numbering.c ---- */

/* `act`'s line breaks the record's move numbers: after the first play
 * that fits no position, the break is an error (a line is missing or
 * written twice) and the game's plays are no longer reported.  Nothing
 * for the other actions of a line already seen. */
void referee_numbering_broken(play_checker *checker, const bg_action *act);
/* Is there a break in the move numbers still to be said, now that the
 * game is out of step after it (a play, or whose turn it is)? */
bool referee_numbering_misfit(const play_checker *checker);
/* Says that break as the error it is, once (referee_numbering_misfit
 * true). */
void referee_say_numbering_misfit(play_checker *checker);
/* At the game's end (or a new break): a break after which every play fit
 * is a wrong number only, a warning; none where only the result follows
 * it (a program may number the "Wins" line higher). */
void referee_numbering_settle(play_checker *checker, const bg_game *game);

/* ---- referee_readings.c, referee_lost_turn.c ---- */

/* Follows every legal play of `roll`'s dice from every position of
 * `positions` (its play could not be read, or was not recorded), and
 * replaces the set with where they lead.  False (the set emptied) when
 * there are more than the set can follow. */
bool referee_follow_every_play(play_checker *checker, const bg_action *roll,
                               reading_set *positions);
/* The other player's turn went missing (the roller of action `index` of
 * `game` rolled twice running): follows the positions as they are and
 * after every legal play of every roll of theirs, less those the plays
 * written after it rule out until the set can hold the rest.  Once a game,
 * before any miss.  False (the set kept as it was) when the roll written
 * twice fits none, or too many are left when the plays run out, or a
 * budget of plays checked runs out first. */
bool referee_follow_lost_turn(play_checker *checker, const bg_game *game, int index,
                              reading_set *positions);
/* Is the written play of `roll` (known dice) a legal play by `roll`'s
 * player from one of `positions`? */
bool referee_play_is_legal_somewhere(play_checker *checker, const bg_action *roll,
                                     const reading_set *positions);
/* After an error, the record's own position as the truth if it can
 * physically stand, added to `after`; false when it cannot. */
bool referee_resynchronise(const bg_action *roll, const bg_board *view,
                           reading_set *after);

/* After a play that is no legal play from any of `positions`: the
 * readings followed from there on, within a budget no record can defeat
 * (referee_readings.c says which); `landed` (or NULL) the legal plays'
 * positions the written moves end on by a wrong path. */
void referee_follow_after_miss(play_checker *checker, const bg_action *roll,
                               reading_set *positions, int explained,
                               const reading_set *landed);

/* ---- referee_start.c ---- */

/* Before game `game` is checked: do its first plays fit the opening the
 * referee starts it from?  Where they fit only another known start and the
 * record names no variation, the match goes on from that start (a note
 * says so); where they fit none, one warning, and the game is not checked
 * (false).  referee_start.c. */
bool referee_check_start(referee *ref, game_state *state, const bg_game *game);

#endif
