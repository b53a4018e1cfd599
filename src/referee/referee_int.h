/*
 * referee_int.h — the referee's private header: what its files share, and
 * what the replay (replay.c), its one caller, drives.  Nothing outside
 * referee*.c and replay.c includes it; the rest of the program reaches
 * the referee through the replay (replay.h).  In two parts, from the
 * bottom of the referee up:
 *
 *  - the plays: one recorded play checked against its roll's legal plays
 *    (referee_play.c, with referee_proof.c, referee_proof_hidden.c,
 *    referee_explain.c, referee_readings.c), and the search of the
 *    record's moves with the dice they share;
 *  - the match: the state the referee keeps while it replays a match
 *    (referee.c the turns and games, referee_cube.c, referee_result.c,
 *    referee_score.c, judged by the rules of law.h), and how it speaks
 *    (referee_say.c).
 *
 * The recovery (what a record that does not fit most likely meant) has
 * its own part, referee_recover.h, included here: its state and its
 * functions, entered where a verdict says the record does not fit.
 */
#ifndef BG_REFEREE_INT_H
#define BG_REFEREE_INT_H

#include "replay.h"

/* ======== the plays ==================================================== */
/*
 * Checks one recorded play against the engine's legal
 * plays and, when it is not among them, says which rule it breaks.
 *
 * The notation does not always fix the position (a combined hop with one
 * `*` may have hit one blot or two; unmarked records never say), so the
 * referee follows a small SET of positions the record allows; later plays
 * narrow it down.  Positions here are absolute: checkers[0] is the left
 * player's (player 0), checkers[1] the right player's.
 */

#include "board.h"
#include "diag.h"
#include "law.h"
#include "match.h"
#include "movegen.h"
#include "notation.h"
#include "referee_budget.h"
#include "referee_recover.h"
#include "rules.h"

/* After a mistake the referee may follow every position the record
 * allows (each legal play of a roll left out, every roll of dice that could
 * not be read): room for the commonest cases, the first ones kept beyond. */
#define BG_MAX_CANDIDATES 256

typedef struct reading_set {
  bg_board boards[BG_MAX_CANDIDATES];
  /* the index of the boards added by referee_positions_add (position_set.h;
   * a set of one board put in place directly is never added to) */
  uint32_t slots[2 * BG_MAX_CANDIDATES];
  /* 1 + the hidden hit (play_checker's `hidden.list`) the reading that led to
   * each board needs, 0 none: see referee_settle_hidden_hits */
  uint8_t hidden[BG_MAX_CANDIDATES];
  int count; /* 0: the position is unknown (more readings than the set holds,
                dice that could not be read, or a record gone astray) */
} reading_set;

/* Copies the boards in use only: a set has room for hundreds. */
void referee_positions_copy(reading_set *to, const reading_set *from);
/* Adds `view` (a position as `player` sees it) to the set once, with the
 * hidden hit its reading needs (0 none: a position also reached without
 * one needs none); a full set keeps what it has. */
void referee_positions_add(reading_set *set, const bg_board *view, int player,
                           uint8_t hidden);
/* Keeps the first `count` boards of `set` (put there in place by the
 * caller, with their `hidden`) and indexes them again. */
void referee_positions_renumber(reading_set *set, int count);
/* Makes `board` the one position of `set`. */
void referee_positions_only(reading_set *set, const bg_board *board);

/* The positions a recorded play may lead to, from the best reading of the
 * record to the loosest: its path and its hit marks both agree, only its
 * path, only its marks, or only where its checkers end up. */
typedef struct {
  reading_set path_and_marks, path, marks, any;
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
/* The legal plays of `roll` from `view`, nearest to the record's play
 * first (referee_legal_nearest_first: the only writer, so that the plays a
 * miss was explained with are not listed again to be followed); `roll`
 * NULL before any.  Keyed by the action's address: a caller that checks a
 * copy of an action (a renamed roll) drops the key after it. */
typedef struct {
  bg_playlist plays;
  const bg_action *roll;
  bg_board view;
} legal_cache;

/* Lists and sets a play check fills before it reads them: each use sets
 * their count first, so they are never cleared (too large for the stack of
 * every play checked, and for clearing once a game). */
typedef struct {
  bg_playlist plays; /* plays listed and used at once (match_from, other rolls) */
  play_readings found;
  reading_set any_roll;
} checker_scratch;

/* The game's hidden hits (`list`, `count` of them) and the one of the roll
 * being checked (`of_roll`: 1 + its index, 0 none yet).  The entries past
 * `count` are never read. */
typedef struct {
  int count;
  int of_roll;
  hidden_hit list[BG_MAX_HIDDEN_HITS];
} hidden_hits;

/* What one game's play checks share: where to report, the legal-play
 * cache, scratch lists, hidden hits and the recovery's state. */
typedef struct play_checker {
  const bg_match *match;
  bg_diag_sink *sink;
  int game_number;
  bool marks_hits; /* the record writes '*' at all: only then is a missing one worth a
                      word */
  /* the last diagnostic reported, for the note that may follow it */
  const char *last_rule;
  bg_srcpos last_pos;
  /* the last play checked was one of its roll's legal plays */
  bool last_play_legal;
  /* The plays referee_follow_lost_turn may still check in this match:
   * LOST_TURN_CHECKS_PER_ACTION (referee_budget.h) for each action. */
  long lost_turn_checks_left;
  game_recovery recovery;
  legal_cache legal;
  checker_scratch scratch;
  hidden_hits hidden;
} play_checker;

void referee_play_checker_init(play_checker *checker, const bg_match *match,
                               bg_diag_sink *sink);
void referee_play_checker_free(play_checker *checker);

/* Checks `roll` (an ACT_ROLL with a known play) by roll->player from every
 * position of `positions`, and replaces the set with the positions after
 * the play.  `resigned_after` says the roller's opponent is credited with
 * the game right after this roll: the roller resigned after rolling, and a
 * play left empty or cut short (as programs write it) is then no rule
 * error, as long as what was played is legal.
 * Returns false when the record cannot be followed any further in this game
 * (the set is then empty). */
bool referee_check_play(play_checker *checker, const bg_action *roll,
                        reading_set *positions, bool resigned_after);
/* What the quick proof says of a play: PROOF_NONE (false) where it does
 * not prove it; where it does, whether each checker moved landed on a
 * point (PROOF_ON_POINTS, the walks a die a step), so that none was borne
 * off and the referee asks no bear-off of the play, or not said
 * (PROOF_HOLDS). */
typedef enum { PROOF_NONE = 0, PROOF_HOLDS, PROOF_ON_POINTS } referee_proved;

/* referee_check_play where the quick proof shows the play legal from the
 * one position followed (most plays of a valid record), as the proof
 * says it; PROOF_NONE, nothing changed, where it does not. */
referee_proved referee_check_play_if_proved(play_checker *checker, const bg_action *roll,
                                            reading_set *positions);
/* The rest of referee_check_play, where referee_check_play_if_proved
 * has just failed on the same positions. */
bool referee_check_play_unproved(play_checker *checker, const bg_action *roll,
                                 reading_set *positions, bool resigned_after);

/* Once every position of `positions` needs one of the hidden hits, the
 * record did leave a hit unmarked: warns about it (the likeliest reading's)
 * and forgets them all.  Called after each play checked. */
void referee_settle_hidden_hits(play_checker *checker, reading_set *positions);
/* A new game: no hidden hits yet, no probation. */
void referee_plays_new_game(play_checker *checker);
/* The legal plays of dice (high, low) from `view` (filled into `plays`)
 * that the written play of `roll` makes, its moves made by those dice; with
 * no play written, all of them.  Their positions are added to `after`
 * unless it is NULL.  Returns how many there are. */
int referee_plays_of_roll(const bg_action *roll, const bg_board *view, int high, int low,
                          bg_playlist *plays, reading_set *after);

/* Checks `roll`, whose dice could not be read (a syntax error said so), by
 * every roll that makes its play legal, and replaces the set with the
 * positions after it; with no play written, every position any roll
 * reaches.  Returns false when the record cannot be followed further. */
bool referee_check_play_any_roll(play_checker *checker, const bg_action *roll,
                                 reading_set *positions);

/* ---- shared by referee_play.c and referee_explain.c ---- */

/* The mover's checkers after the notation's moves, netted (step order,
 * hops and chains do not matter); false when the notation takes a checker
 * from a point more often than it holds one. */
bool referee_moves_target(const bg_board *view, const bg_action *roll, bg_board *target);

/* The net change the notation's moves make to the mover's counts, slot by
 * slot (`change`, zeroed first), and the slots they change (`touched`);
 * false when a move starts off the board or ends on the bar.  Moves whose
 * points are no slot at all are left out. */
bool referee_moves_change(const bg_action *roll, int change[BG_SLOTS], uint32_t *touched);

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

/* Could another play that leaves the roller's checkers where `roll`'s
 * does hit a blot this one passes over (referee_proof_hidden.c)?  Then
 * the position after the play is not fixed by the notation.  `theirs`:
 * the opponent's counts before the play (board.h's sides). */
bool referee_hidden_blot_on_the_way(const bg_action *roll, const uint8_t *theirs);

/* Whether the record marks a hit on `point` (a move landing there with
 * '*'). */
bool referee_marked_at(const bg_action *roll, int point);

/* False when no replay of the record's moves with its dice can succeed
 * from any position (referee_replay_one_die_per_move and
 * referee_replay_maximal fail wherever the checkers stand): each checker's move needs
 * dice of its own whose pips make it, exactly, or for a bear-off at least its distance
 * with all but the largest short of it.  True for dice that are not two of 1..6: the
 * proofs decide. */
bool referee_dice_may_make_moves(const bg_action *roll);

/* referee_replay_one_die_per_move or referee_replay_maximal: the play is
 * legal, and its position (in `after`) the one of every legal play with
 * the record's result; and when the record marks hits (`marks_hits`),
 * referee_marks_of_quick_play agrees.  False sends the play to the move
 * generator. */
bool referee_prove_quickly(bool marks_hits, const bg_action *roll, const bg_board *view,
                           bg_board *after);

/* The quick proof's commonest case, without the search: each move one
 * step of one die (a bear-off by a larger die where no checker stands
 * higher), legal in the written order, and every die used.  The steps
 * land on the written points only, so every order that works leaves this
 * position; a play this does not prove goes to the search (and so does a
 * move of no checker, "(0)", which no reader makes).  With `marks_hits`,
 * the record's hit marks must mark the points the steps hit: each move's
 * first step onto its destination meets what stood there before the play
 * (the opponent's checkers move only when hit), so those are the blots on
 * the destinations, and no hit is hidden on the way: what
 * referee_prove_quickly asks of the marks, without another pass over the
 * moves.  Made on `board`, the roller's view (side 0 the roller). */
bool referee_replay_on_board(bool marks_hits, const bg_action *roll, bg_board *board);

/* referee_replay_on_board from `view`, made in the copy `result` (a board
 * changed byte by byte, then copied whole, stalls the copy's wide loads). */
bool referee_replay_as_written(const bg_action *roll, const bg_board *view,
                               bg_board *result);

/* referee_replay_on_board made in place on `absolute`, a position as the
 * referee keeps it (side 0 the left player); where it fails, `absolute`
 * is left as it was. */
bool referee_replay_in_place(bool marks_hits, const bg_action *roll, bg_board *absolute);

/* referee_replay_in_place of the commonest plays, a die a step: each
 * move one step of a die for each checker it moves onto a point, and
 * every die so used once (two moves of one checker by the two dice of a
 * non-double; a double's four steps, "8/4(2)" two of them): where it
 * holds so does referee_replay_in_place, with the same position; a
 * double's move by several dice, no blot on its stops ("13/5" with 44),
 * as the other proofs walk it, with the same position; and
 * the plays of checkers all home (bear-offs), walked as that walks them,
 * with a double's last checkers borne off with dice left; PROOF_NONE
 * (`absolute` as it was) says nothing of the play. */
referee_proved referee_walk_a_die_a_step(bool marks_hits, const bg_action *roll,
                                         bg_board *absolute);
/* referee_walk_a_die_a_step with no look at the hit marks, for the plays
 * walked before a game is checked (referee_start.c): a copy of its own,
 * so that the one every play takes is shaped for it alone. */
bool referee_walk_a_die_a_step_unmarked(const bg_action *roll, bg_board *absolute);

/* referee_prove_onto of a play referee_walk_a_die_a_step did not prove. */
bool referee_prove_onto_otherwise(bool marks_hits, const bg_action *roll,
                                  bg_board *absolute);

/* What the record's hit marks say of a play referee_prove_quickly proved
 * (its position `after`): every hit marked on its destination and no mark
 * where nothing is hit; a hit on the way of a hop, which no mark can show;
 * or a destination whose mark says otherwise than its blot (then no legal
 * play on the record's path agrees with the marks: each lands on every
 * destination, or leaves the same blots hit as the record's walk). */
typedef enum { MARKS_AGREE, MARKS_HIDE_A_HIT, MARKS_DISAGREE } referee_marks_verdict;
referee_marks_verdict referee_marks_of_quick_play(const bg_action *roll,
                                                  const bg_board *view,
                                                  const bg_board *after);

/* True when each written move is made by some of the dice, in some order,
 * one legal hop at a time: DESIGN 5's first half (a wrong distance is no
 * notation style).  A legal position reached that way is a legal play; a
 * play that passes this and is no legal play is only too short. */
bool referee_play_is_made_by_dice(const bg_action *roll, const bg_board *view);

/* play_is_made_by_dice, and where one such walk leaves the position (which
 * blots its hops hit) in `after`. */
bool referee_play_walk(const bg_action *roll, const bg_board *view, bg_board *after);

/* Puts the legal plays of `roll` from `view` in checker->legal, nearest
 * to the position the record's moves leave first (in the move generator's
 * order when they cannot stand there); kept as they are when they are
 * already that roll's from that position. */
void referee_legal_nearest_first(play_checker *checker, const bg_action *roll,
                                 const bg_board *view);

/* The play of `roll` from `view` (the mover is side 0) is not a legal play:
 * reports which rule it breaks, and where. */
void referee_explain_miss(play_checker *checker, const bg_action *roll,
                          const bg_board *view);

/* ======== the search of the record's moves ============================= */
/*
 * The record's own moves replayed with the dice, which
 * both the cheap legality proofs (referee_proof.c) and the explanations of
 * a wrong play (referee_explain.c) are made of.  Internal to the referee.
 */

/* The dice of a roll not yet played: two, or four of a double. */
typedef struct {
  int dice[BG_MAX_DICE_STEPS];
  int count;
} dice_left;

static inline void dice_init(dice_left *left, int die1, int die2) {
  left->count = die1 == die2 ? 4 : 2;
  for (int i = 0; i < left->count; i++)
    left->dice[i] = i % 2 ? die2 : die1;
}

static inline void dice_remove(dice_left *left, int die) {
  for (int i = 0; i < left->count; i++)
    if (left->dice[i] == die) {
      left->dice[i] = left->dice[--left->count];
      return;
    }
}

static inline bool dice_seen_before(const dice_left *left, int index) {
  for (int i = 0; i < index; i++)
    if (left->dice[i] == left->dice[index])
      return true;
  return false;
}

static inline int dice_sum(const dice_left *left) {
  int sum = 0;
  for (int i = 0; i < left->count; i++)
    sum += left->dice[i];
  return sum;
}

/* A search for an order of the record's moves and a split of each into
 * dice that plays them all. */
typedef struct {
  unsigned relaxed;                        /* BG_RELAX_* rules set aside */
  bool in_written_order;                   /* the moves in their order only */
  const bg_move *moves[BG_MAX_DICE_STEPS]; /* one checker each */
  int count;
  int dice_total;
  /* what the search found */
  int dice_used;
  const bg_move *bent_move; /* the first move that needed a rule set aside */
  bg_board bent_board;      /* the position at that step */
  int bent_die;
  bg_board final_board; /* the position after the last move */
  dice_left final_dice; /* and the dice still unused */
  /* in_written_order only: the steps of the play found, in the order the
   * search made them */
  bg_step steps[BG_MAX_DICE_STEPS];
  int step_count;
} move_search;

/* Expands the notation to one entry per checker; false when it moves more
 * checkers than the roll has dice. */
bool referee_search_init(move_search *search, const bg_action *roll, unsigned relaxed);

/* The same for the moves in their written order only (the steps as the
 * record wrote them), a move that goes nowhere ("6/6") made by no step. */
bool referee_search_init_as_written(move_search *search, const bg_action *roll);

/* Runs a search set up by referee_search_init with all the roll's dice. */
bool referee_search_run(move_search *search, const bg_action *roll, const bg_board *view);

/* The path a search in the written order tries first, followed without
 * stepping back from the position in `play->result` (the roller's side):
 * its steps into `play`, the position stepped on; true when it plays
 * every move, as the search then finds the same; false when it comes to a
 * dead end or the moves are refused (the search decides). */
bool referee_search_first_path(const bg_action *roll, bg_play *play);

/* Carries move `index`, now at point `at`, on to its destination with the
 * dice left, then goes on with the moves not in `done`.  `view` is stepped
 * on and left as it was. */
bool referee_search_hop(move_search *search, bg_board *view, const dice_left *left,
                        unsigned done, int index, int at, const bg_move *bent);

/* ======== the match ==================================================== */

/*
 * What the referee keeps while it replays a match (the
 * match-wide state and one game's), shared by its files:
 * referee.c (turns, games, the match), referee_cube.c (doubles and their
 * answers) and referee_result.c (how a game ended and what it was worth).
 */

typedef enum { END_NONE, END_BORE_OFF, END_DROP, END_RESIGN } end_reason;

/* How the game ended on the board or by the cube. */
typedef struct {
  end_reason reason;
  int winner;
  int multipliers;  /* bit m set: the bear-off may be worth m times the cube */
  int value;        /* the cube before a dropped double, or the points resigned
                       (0: a resignation written without points) */
  int resign_level; /* RESIGN_* of a resignation written without points */
} game_ending;

/* The game's "Wins" line as the referee read it. */
typedef struct {
  bool seen;
  int points;
  int winner;              /* who the score goes on with (the board's winner) */
  int credited_winner;     /* who the "Wins" line credits, read with the board */
  const bg_action *action; /* the "Wins" line, NULL before it */
} game_result_seen;

/* One game as the referee follows it: each part is set by an initialiser
 * at the game's start (referee_begin_game), the positions by their count. */
typedef struct game_state {
  game_cube cube;
  game_turns turns;
  game_ending end;
  game_result_seen result;
  bool crawford_game;
  bool set_up; /* the game started from a "; Set Pos=" position */
  reading_set positions;
} game_state;

/* The match's score as the referee keeps it, game by game. */
typedef struct {
  /* The last game's "Wins" line when the position did not fix its value
   * (a resignation: 1, 2 or 3 times the cube).  If the next score line
   * disagrees with it, either line may be the wrong one: both are named
   * (last_result_open). */
  bg_action last_result;
  int match_won_by; /* -1 while the match goes on */
  int match_won_game;
  int last_cube;
  /* The most times last_cube the board let that game be worth: 1 once the
   * loser had borne off a checker, else 3 (3 where the position is not
   * known). */
  int last_most_multiplier;
  int score[2];
  /* After a score line that disagreed with the results: the other reading
   * of the score, which a later score line may bear out. */
  int alt_score[2];
  /* The record's first score line (a record may start at any score). */
  int start_score[2];
  bg_srcpos start_pos;
  bool score_known;
  bool alt_known;
  bool last_game_open;     /* the game before ended with no result to count */
  bool last_result_blamed; /* its "Wins" line was reported wrong already */
  bool last_result_said;   /* and that was said (its game not out of step) */
  bool crawford_done;
  bool last_result_open; /* see last_result */
  bool length_blamed;    /* the length line was said wrong (referee_length.c) */
} match_tally;

/* The referee of one match: set field by field at the match's start
 * (referee_begin_match), the play checker by referee_play_checker_init. */
typedef struct referee {
  const bg_match *match;
  /* The record read at the length its games bear out, where its length
   * line is wrong (referee_judge_length): `match` then points here. */
  bg_match as_read;
  bg_diag_sink *sink;
  /* The game's opening position, by the record's [Variation]; NULL for a
   * variation with other rules, whose plays are not checked. */
  void (*opening)(bg_board *board);
  const bg_game *game;
  /* A roll written under the wrong player's name (referee_misnamed_roll),
   * as it was played: checked in its place. */
  bg_action renamed;
  /* A roll whose play the recovery has followed already (two plays of a
   * line exchanged, referee_recover.c): its check is skipped once. */
  const bg_action *play_followed;
  /* The errors the referee found, said or not (a silenced game's, those
   * past the sink's limits): what it does next hangs on this, never on
   * what was reported, or a record would be judged by its notation. */
  long faults;
  match_rules rules;
  match_tally tally;
  /* The record's hit marks, counted up to two: two or more mark hits as a
   * habit, and an unmarked hit is then worth a warning; otherwise only a
   * roll written with a mark has its marks checked (none when there is
   * none: no roll's moves need reading for one). */
  int hit_marks;
  play_checker plays;
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

/* "A rolls (or doubles), but it is B's turn: A already rolled last (line
 * N)", at `act`, whose player rolled last; `verb` "rolls" or "doubles".
 * referee_say.c. */
void referee_say_rolled_last(referee *ref, const game_state *state, const bg_action *act,
                             const char *verb);

/* referee.c: the walk, as the replay drives it (replay.c) */

/* Gets `ref` ready for `match` (whatever it held before). */
void referee_begin_match(referee *ref, const bg_match *match,
                         const bg_replay_options *options, bg_diag_sink *sink);
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
void referee_on_double(referee *ref, game_state *state, const bg_game *game, int index);
/* The answers to a double, action `index` of `game`: what follows them
 * tells a take written for a drop and a drop written for a take. */
void referee_on_take(referee *ref, game_state *state, const bg_game *game, int index);
void referee_on_drop(referee *ref, game_state *state, const bg_game *game, int index);
void referee_on_beaver(referee *ref, game_state *state, const bg_game *game, int index);

/* referee_result.c */
int referee_derived_points(const referee *ref, const game_state *state);
/* The game's result as it stands at its end (before it is counted); where
 * `plays_guessed` (the game was out of step with its record) and the end
 * rests on the board, the one its "Wins" line gives, or none. */
void referee_resolve_result(const referee *ref, const game_state *state,
                            bool plays_guessed, bg_game_result *result);
void referee_check_win(referee *ref, game_state *state, const bg_action *recorded);
void referee_on_resign(referee *ref, game_state *state, const bg_action *act);

/* referee_length.c */
/* Before the games: where the score lines, agreeing with every result, go
 * on past the written length, says the length line is wrong and reads the
 * match at the length the record fits. */
void referee_judge_length(referee *ref);
/* The last game's "Wins ... and the match" (`win`) leaves its winner at
 * `counted`, short of the length: where no value the game could be worth
 * ends the match, says the length line is wrong (true). */
bool referee_length_short_of_end(referee *ref, const game_state *state,
                                 const bg_action *win, int counted);
/* The most times the cube a game given up can be worth: what the
 * positions it may stand in allow (no gammon once the loser has borne off
 * a checker), 3 where none is known. */
int referee_most_multiplier(const game_state *state, int winner);
/* referee_score.c */
void referee_check_score_line(referee *ref, const bg_game *game, bool first);
void referee_count_result(referee *ref, int winner, int points, int game_number);
/* A game the record marks as the Crawford game (or says is not one) must
 * be the one the score makes it. */
void referee_check_crawford_mark(referee *ref, const game_state *state,
                                 const bg_game *game);

#endif
