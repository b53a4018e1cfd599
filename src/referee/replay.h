/*
 * replay.h — one walk of a match through the referee, yielding what
 * happened: for every action the position before and after it, the dice,
 * the cube and the score; at each game's end its resolved result; at the
 * match's end the final score.  It is to bgmatch what cmark_iter is to
 * cmark: `check` consumes it for its diagnostics (the referee reports into
 * the sink as it walks), writers and annotate/show/stats for the rest.
 *
 *   bg_replay *replay = bg_replay_new(match, &options, sink);
 *   const bg_replay_event *event;
 *   while ((event = bg_replay_next(replay)) != NULL)
 *     ... event->kind, *event->before, event->cube, event->result ...
 *   bg_replay_free(replay);
 *
 * Where the record is wrong the walk goes on as the referee does (from the
 * record's own position when it can stand, see referee.h): `before` and
 * `after` are the position it went on from, and the diagnostics of the
 * action are in the sink (their count in the event).  Positions are
 * absolute: checkers[0] are the left player's (player 0), each side seen
 * from its own side as in board.h.
 */
#ifndef BG_REPLAY_H
#define BG_REPLAY_H

#include <stdbool.h>

#include "board.h"
#include "diag.h"
#include "match.h"
#include "movegen.h"
#include "posid.h"

/* What the command line says of the rules, over the record's own: RULE_UNSET
 * keeps what the record's header says (or the default: Crawford on in
 * match play, Jacoby off; a money session that does not say allows
 * beavers and may count a centred gammon once or twice: the untagged
 * defaults of the commonest program). */
typedef struct {
  bg_rule_flag crawford;
  bg_rule_flag jacoby;
  bg_rule_flag beavers;
} bg_replay_options;

void bg_replay_options_init(bg_replay_options *options);

typedef enum {
  BG_REPLAY_GAME_START, /* game, score: before its first action */
  BG_REPLAY_ACTION,     /* game, action, before/after, cube */
  BG_REPLAY_GAME_END,   /* game, result, cube as the game ended */
  BG_REPLAY_MATCH_END,  /* score after the last game, match_winner */
} bg_replay_kind;

/* How a game was won. */
typedef enum {
  BG_BY_NONE,   /* no result: the game stops before it was won */
  BG_BY_SINGLE, /* bore off all checkers: a single game */
  BG_BY_GAMMON,
  BG_BY_BACKGAMMON,
  BG_BY_RESIGN, /* the loser resigned (or conceded) */
  BG_BY_DROP,   /* the loser refused a double */
} bg_result_by;

typedef struct {
  int winner; /* 0 left, 1 right; -1 when the game has no winner */
  int points; /* what the game adds to the winner's score (the true worth
                 where the record's "Wins" line is wrong); -1 unknown */
  bg_result_by by;
  const bg_action *recorded; /* the game's "Wins" line, NULL when none:
                                recorded->column and ->value are what the
                                record wrote */
  int credited;              /* the winner that line credits, read with the
                                board (see event->player); -1 when none */
} bg_game_result;

typedef struct {
  int value;     /* 1, 2, 4, ... */
  int owner;     /* 0 or 1; -1 in the middle */
  bool crawford; /* this is the Crawford game: no double allowed */
} bg_cube_state;

typedef struct {
  bg_replay_kind kind;
  const bg_game *game; /* NULL at MATCH_END */
  int game_index;
  /* The match score before the game (at MATCH_END, after the last one),
   * as the referee counts it: the record's score lines where they can
   * stand, else the results. */
  int score[2];
  /* BG_REPLAY_ACTION */
  const bg_action *action;
  int action_index;
  /* Who acted: the action's player, except for a "Wins" line, which
   * credits the winner the replay read with the board (a result written
   * on the line of the winner's last roll stands in the other column). */
  int player;
  bg_cube_state cube; /* before the action (at GAME_END: as the game ended) */
  /* The positions are the replay's own, not copies (valid until the next
   * call): `after` is the board the referee just played on, and a copy of
   * it made now would read back, 16 bytes at a time, the bytes the play
   * just stored one by one, and wait for them. */
  const bg_board *before;
  const bg_board *after;
  bool before_known; /* false after ????, a play that cannot be followed,
                        or in a variation whose plays are not checked */
  bool after_known;
  bool play_legal; /* a roll whose written play is one of its legal plays
                      (after an error `after` may be a legal play the
                      record did not write: the referee follows them all) */
  /* ACT_WIN: the result, as the replay counts it, gives its winner the
   * match (whether or not the record says "and the match") */
  bool ends_match;
  int readings; /* positions the record allows after the action (more than
                   1 when it leaves open which blots a hop hit); `after`
                   is the likeliest */
  /* BG_REPLAY_GAME_END */
  bg_game_result result;
  /* BG_REPLAY_MATCH_END: who won the match, -1 when nobody (yet) */
  int match_winner;
  /* diagnostics the referee reported at this event: how many, and the
   * sink's copies of them all (notes too), so that a writer can put them
   * beside the action they concern; valid until the next call */
  long errors, warnings;
  const bg_diag *diags;
  size_t diag_count;
} bg_replay_event;

typedef struct bg_replay bg_replay;

/* A walk of `match` (kept, not copied: it must outlive the replay) under
 * `options`, reporting into `sink`.  Ends the program with status 2 when
 * memory runs out (see alloc.h). */
bg_replay *bg_replay_new(const bg_match *match, const bg_replay_options *options,
                         bg_diag_sink *sink);

/* The next event, or NULL after BG_REPLAY_MATCH_END.  The event lives until
 * the next call. */
const bg_replay_event *bg_replay_next(bg_replay *replay);

/* Walks a new replay to its end at once, making no events: the referee's
 * diagnostics, in the sink, are all it gives (what check needs).  Nothing
 * on a replay walked by bg_replay_next already. */
void bg_replay_run(bg_replay *replay);

/* What `check` does with a match: a walk run at once, its diagnostics
 * into `sink` (the file name from match->file). */
void bg_replay_check(const bg_match *match, const bg_replay_options *options,
                     bg_diag_sink *sink);

/* The Match ID's state (posid.h) before the play of `event` (an ACT_ROLL
 * action of the replay of `match` under `options`): the roller on roll
 * with its dice, the cube and score of the event.  Rules the record and
 * the options leave open are GNU Backgammon's defaults (Jacoby and
 * beavers on in money play). */
void bg_replay_match_state(const bg_match *match, const bg_replay_options *options,
                           const bg_replay_event *event, posid_match *state);

/* The play of an ACT_ROLL event as the engine's steps (each die's from and
 * to from the roller's side, hits; see movegen.h), when both positions are
 * known and a legal play of the dice joins them; false otherwise. */
bool bg_replay_play(const bg_replay_event *event, bg_play *play);

/* The play of an ACT_ROLL event as the record wrote it: its moves in the
 * written order (the order GNU Backgammon keeps), each split into dice
 * steps by the referee's own search (a move one die makes is one step, a
 * hop "24/13" its dice), when both positions are known and those steps,
 * in that order, lead from one to the other; false otherwise
 * (bg_replay_play then gives a legal play's steps). */
bool bg_replay_steps_as_written(const bg_replay_event *event, bg_play *play);

/* For a writer whose notation has no Crawford mark: where the event
 * holds the error of a record that marks the wrong game (an SGF), the
 * `lossy` warning `message` at that error's place, since the error
 * cannot come back from what is written. */
void bg_replay_say_crawford_unmarked(bg_replay *replay, const bg_replay_event *event,
                                     const char *message);

/* Before a writer writes the match: a `lossy` warning at each syntax
 * error the reader said (held in the sink) whose text the model does not
 * keep (a header the reader skipped; a line outside any cell, unless
 * `unread_lines`: the writer writes the match's unread lines): the
 * output cannot say it again. */
void bg_replay_say_unkept_syntax(bg_replay *replay, bool unread_lines);

/* A writer's `lossy` warning, at `pos` of the match walked: what the
 * target notation cannot hold of the record, said at the record's own
 * place (a writer judges nothing: it says what it cannot write). */
void bg_replay_say_lossy(bg_replay *replay, bg_srcpos pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Frees the replay; its block is kept for the thread's next
 * bg_replay_new until bg_replay_pool_release. */
void bg_replay_free(bg_replay *replay);

/* Frees the block the thread keeps for its next replay: a thread calls it
 * as it ends. */
void bg_replay_pool_release(void);

#endif
