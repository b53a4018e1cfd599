/*
 * referee_play.h — checks one recorded play against the engine's legal
 * plays and, when it is not among them, says which rule it breaks.
 *
 * The notation does not always fix the position (a combined hop with one
 * `*` may have hit one blot or two; unmarked records never say), so the
 * referee follows a small SET of positions the record allows; later plays
 * narrow it down.  Positions here are absolute: checkers[0] is the left
 * player's (player 0), checkers[1] the right player's.
 */
#ifndef BG_REFEREE_PLAY_H
#define BG_REFEREE_PLAY_H

#include "board.h"
#include "diag.h"
#include "match.h"
#include "movegen.h"
#include "notation.h"

/* After a mistake the referee may follow every position the record
 * allows (each legal play of a roll left out, every roll of dice that could
 * not be read): room for the commonest cases, the first ones kept beyond. */
#define BG_MAX_CANDIDATES 256

/* The first misses of a game (plays that are no legal play) are followed
 * as far as the set of positions goes: a record with a mistake or two is
 * read exactly.  After more, the work each miss makes is bounded (see
 * referee_play.c): a record full of mistakes costs what a valid one does. */
#define GENEROUS_MISSES 1

typedef struct {
  bg_board boards[BG_MAX_CANDIDATES];
  /* board_hash of each board added by add_candidate (a set of one board
   * put in place directly is never added to) */
  uint64_t hashes[BG_MAX_CANDIDATES];
  /* an open-addressed index of the hashes: 1 + a board's place, 0 free */
  uint16_t slots[2 * BG_MAX_CANDIDATES];
  /* 1 + the hidden hit (play_checker's `hidden`) the reading that led to
   * each board needs, 0 none: see referee_settle_hidden_hits */
  uint8_t hidden[BG_MAX_CANDIDATES];
  int count; /* 0: the position is unknown (more readings than the set holds,
                dice that could not be read, or a record gone astray) */
} position_set;

/* Copies the boards in use only: a set has room for hundreds. */
void referee_positions_copy(position_set *to, const position_set *from);
/* Adds `view` (a position as `player` sees it) to the set once, with the
 * hidden hit its reading needs (0 none: a position also reached without
 * one needs none); a full set keeps what it has. */
void referee_positions_add(position_set *set, const bg_board *view, int player,
                           uint8_t hidden);
/* Keeps the first `count` boards of `set` (put there in place by the
 * caller, with their `hidden`) and indexes them again. */
void referee_positions_renumber(position_set *set, int count);
/* Makes `board` the one position of `set`. */
void referee_positions_only(position_set *set, const bg_board *board);

/* The positions a recorded play may lead to, from the best reading of the
 * record to the loosest: its path and its hit marks both agree, only its
 * path, only its marks, or only where its checkers end up. */
typedef struct {
  position_set path_and_marks, path, marks, any;
} play_readings;

/* A hit on the way of a combined move that the record, which marks hits,
 * left unmarked ("51: 8/2" over a blot on the 7): only a warning once every
 * reading the game can still be in needs it. */
#define BG_MAX_HIDDEN_HITS 64
typedef struct {
  bg_srcpos pos;
  int move_number;
  int player;
  char message[160];
} hidden_hit;
/* What one game's play checks share: where to report, scratch lists. */
typedef struct {
  const bg_match *match;
  bg_diag_sink *sink;
  int game_number;
  bool marks_hits; /* the record writes '*' at all: only then is a missing one worth a
                      word */
  /* the last diagnostic reported, for the note that may follow it */
  const char *last_rule;
  bg_srcpos last_pos;
  bg_playlist legal;
  bg_playlist reachable;
  /* scratch sets, too large for the stack of every play checked */
  play_readings found;
  position_set any_roll;
  /* this game's hidden hits, and the one of the roll being checked */
  hidden_hit hidden[BG_MAX_HIDDEN_HITS];
  int hidden_count;
  int hidden_of_roll; /* 1 + its index, 0 none yet */
  /* the last play checked was one of its roll's legal plays */
  bool last_play_legal;
  /* After a play whose own position cannot stand (a checker moved from
   * where none is), the referee follows the legal plays of its roll; if
   * one of the next plays fits none of them either, the record is out of
   * step with the game (a set-up or a variant it does not say), not wrong
   * at every play: a note says so, and the rest of the game is followed
   * unreported (`silenced`).  So too for the rest of a game whose move
   * numbers break off (a line left out or written twice: the reader said
   * so). */
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
  int misses_in_game; /* plays of the game that were no legal play */
} play_checker;

void play_checker_init(play_checker *checker, const bg_match *match, bg_diag_sink *sink);
void play_checker_free(play_checker *checker);

/* Checks `roll` (an ACT_ROLL with a known play) by roll->player from every
 * position of `positions`, and replaces the set with the positions after
 * the play.  `resigned_after` says the roller's opponent is credited with
 * the game right after this roll: the roller resigned after rolling, and a
 * play left empty or cut short (as programs write it) is then no rule
 * error, as long as what was played is legal.
 * Returns false when the record cannot be followed any further in this game
 * (the set is then empty). */
bool referee_check_play(play_checker *checker, const bg_action *roll,
                        position_set *positions, bool resigned_after);

/* Once every position of `positions` needs one of the hidden hits, the
 * record did leave a hit unmarked: warns about it (the likeliest reading's)
 * and forgets them all.  Called after each play checked. */
void referee_settle_hidden_hits(play_checker *checker, position_set *positions);
/* `act`'s line breaks the record's move numbers: after the first play
 * that fits no position, the break is an error (a line is missing or
 * written twice) and the game's plays are no longer reported.  Nothing
 * for the other actions of a line already seen. */
void referee_numbering_broken(play_checker *checker, const bg_action *act);
/* The game is out of step after the break (a play, or whose turn it is):
 * says the break as the error it is, once; false when there is none to say. */
bool referee_numbering_misfit(play_checker *checker);
/* At the game's end (or a new break): a break after which every play fit
 * is a wrong number only, a warning; none where only the result follows
 * it (a program may number the "Wins" line higher). */
void referee_numbering_settle(play_checker *checker, const bg_game *game);
/* A new game: no hidden hits yet, no probation. */
void referee_plays_new_game(play_checker *checker);
/* The legal plays of dice (high, low) from `view` (filled into `plays`)
 * that the written play of `roll` makes, its moves made by those dice; with
 * no play written, all of them.  Their positions are added to `after`
 * unless it is NULL.  Returns how many there are. */
int referee_plays_of_roll(const bg_action *roll, const bg_board *view, int high, int low,
                          bg_playlist *plays, position_set *after);

/* Follows every legal play of `roll`'s dice from every position of
 * `positions` (its play could not be read, or was not recorded), and
 * replaces the set with where they lead.  False (the set emptied) when
 * there are more than the set can follow. */
bool referee_follow_every_play(play_checker *checker, const bg_action *roll,
                               position_set *positions);

/* Checks `roll`, whose dice could not be read (a syntax error said so), by
 * every roll that makes its play legal, and replaces the set with the
 * positions after it; with no play written, every position any roll
 * reaches.  Returns false when the record cannot be followed further. */
bool referee_check_play_any_roll(play_checker *checker, const bg_action *roll,
                                 position_set *positions);

/* ---- shared by referee_play.c and referee_explain.c ---- */

/* The mover's checkers after the notation's moves, netted (step order,
 * hops and chains do not matter); false when the notation takes a checker
 * from a point more often than it holds one. */
bool referee_moves_target(const bg_board *view, const bg_action *roll, bg_board *target);

/* A player's name for a diagnostic ("the left player" when none). */
const char *referee_play_player_name(const play_checker *checker, int player);

/* One diagnostic about `roll`, at `pos`. */
void referee_report_play(play_checker *checker, const bg_action *roll, bg_srcpos pos,
                         bg_severity severity, const char *rule, const char *message,
                         const char *legal);

/* The fast path for most recorded plays: when the record writes one move
 * per die and they use every die, each step legal, the play is legal (all
 * dice played) and its position is fixed: stores it in `result`. */
bool referee_replay_one_die_per_move(const bg_action *roll, const bg_board *view,
                                     bg_board *result);

/* The second fast path, for plays written with combined hops ("13/8" for
 * 32), no play at all, or one die of a non-double: legal when the written
 * moves use every die, no die when none can move, or one die when the
 * other can never be played; the position is fixed when no blot lies on a
 * point the moves pass over without stopping.  False sends the play to the
 * move generator. */
bool referee_replay_maximal(const bg_action *roll, const bg_board *view,
                            bg_board *result);

/* True when each written move is made by some of the dice, in some order,
 * one legal hop at a time: DESIGN 5's first half (a wrong distance is no
 * notation style).  A legal position reached that way is a legal play; a
 * play that passes this and is no legal play is only too short. */
bool referee_play_is_made_by_dice(const bg_action *roll, const bg_board *view);

/* play_is_made_by_dice, and where one such walk leaves the position (which
 * blots its hops hit) in `after`. */
bool referee_play_walk(const bg_action *roll, const bg_board *view, bg_board *after);

/* Orders `legal` (plays from `view`) nearest to the position the record's
 * moves leave first (unchanged when they cannot stand there). */
void referee_sort_nearest_first(bg_playlist *legal, const bg_action *roll,
                                const bg_board *view);

/* The play of `roll` from `view` (the mover is side 0) is not a legal play:
 * reports which rule it breaks, and where. */
void referee_explain_miss(play_checker *checker, const bg_action *roll,
                          const bg_board *view);

#endif
