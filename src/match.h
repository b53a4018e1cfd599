/*
 * match.h — the match model every reader fills and every writer and the
 * referee read: a match, its games, and each game's actions exactly as the
 * record wrote them, with where in the source each one stands.
 *
 * The model keeps the record's words, not a judgement: a play is the list of
 * moves the notation gives (from/to, hit marks, repeat counts), not a checked
 * position.  Replaying it against the rules is the referee's job.
 */
#ifndef BG_MATCH_H
#define BG_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "alloc.h"
#include "board.h"
#include "match_moves.h" /* bg_srcpos, bg_move and their blocks */

/* Where `pos` is, for a message: "line 12"; in a notation without lines
 * (.xg), whose places have a negative line that only orders them and the
 * play's number as column, "play 26", or "the game's start" for column 0.
 * Returns `buf`. */
const char *match_place_name(bg_srcpos pos, char *buf, size_t size);

/* A position set up ("; Set Pos="): checkers of each player ([0] left) on
 * its own points 1..24 and its bar (25); those not placed are borne off. */
typedef struct bg_setup {
  unsigned char checkers[2][26];
  struct bg_setup *next; /* the match's setups, for match_free */
} bg_setup;

typedef enum {
  ACT_ROLL,         /* a roll and its play (possibly empty: no play) */
  ACT_DOUBLE,       /* "Doubles => N" */
  ACT_TAKE,         /* "Takes" */
  ACT_DROP,         /* "Drops" (also "Passes", "Rejects") */
  ACT_BEAVER,       /* "Beavers => N" */
  ACT_RESIGN,       /* "Losses N point(s)": the player resigns, conceding N */
  ACT_WIN,          /* "Wins N point(s) [and the match]" */
  ACT_SET_POSITION, /* "; Set Pos=" (eXtreme Gammon): the position here */
} bg_action_kind;

enum {
  RESIGN_UNSAID = 0, /* "Resigned Game": 1, 2 or 3 times the cube */
  RESIGN_SINGLE = 1,
  RESIGN_GAMMON = 2,
  RESIGN_BACKGAMMON = 3,
  RESIGN_MATCH = 4, /* "Resigned Match": the points the winner still needed */
};

/* A roll's cell says two facts, each its own field of bg_action: what
 * it says of the dice (`dice`) and what it says of the play (`play`).  A
 * roll is ROLL_DICE_READ and ROLL_PLAY_AS_WRITTEN until its reader says
 * otherwise (the zeroes of a new action). */
typedef enum {
  /* The dice as read (die1, die2: 1 to 6), or 0 and 0 where the cell
   * broke before them (a syntax error said so): match_roll_has_dice. */
  ROLL_DICE_READ = 0,
  /* Nothing rolled, dice 0: "00:", the player resigned instead; with the
   * play ROLL_PLAY_UNRECORDED, "????" alone: neither roll nor play
   * written.  Never with a play not read: a cell not read is a turn. */
  ROLL_DICE_NONE,
  /* The dice could not be read ("72: 13/9", a syntax error said so):
   * dice 0, the play as `play` says. */
  ROLL_DICE_UNREAD,
} bg_roll_dice;

typedef enum {
  ROLL_PLAY_AS_WRITTEN = 0, /* the moves as written (maybe no play) */
  ROLL_PLAY_UNRECORDED,     /* "????": unknown, marked so */
  /* The cell could not be read (a syntax error said so): unknown and
   * marked so.  With the dice unread it means what ROLL_PLAY_UNRECORDED
   * does ("??: ????", or the cell broken after the dice). */
  ROLL_PLAY_UNREADABLE,
  /* No play (an SGF node's, a .xg record's steps; a syntax error said
   * so): unknown, but not marked so: a writer writes none. */
  ROLL_PLAY_NOT_A_PLAY,
} bg_roll_play;

typedef struct {
  /* (the pointers first, the small fields together: 96 bytes an action
   * on x86-64, asserted below: a record holds many) */
  /* the moves, in the match's own storage (match_reserve_moves): room
   * for BG_MAX_MOVES while the reader writes them, then what is used; an
   * action copied keeps pointing there, so a copy lives no longer than
   * its match.  NULL with none. */
  bg_move *moves;
  /* ACT_SET_POSITION: the position given (match_new_setup), NULL before */
  bg_setup *setup;
  /* The record's own text of the action where its reader said a syntax
   * error of it (a cell it could not read, or read only as a guess),
   * kept by the match (match_keep_text) so that a conversion writes it
   * again where the notation can hold it; NULL when none. */
  const char *written;
  size_t written_length; /* its bytes: a NUL byte is text too */
  bg_action_kind kind;
  /* Who acts: 0 = the left player (first in the score line), 1 = the
   * right one.  The column the record wrote the action in is `column`,
   * set by the reader along with `player`;
   * match_resolve sets `player` to who really acted where a dialect writes
   * an action in the other column (see there). */
  int player;
  int column;
  bg_srcpos pos;   /* first character of the action's text */
  int move_number; /* the "12)" of the line, 0 when there is none */
  /* ACT_ROLL */
  int die1, die2;             /* as written: first digit, second digit; both 0 where
                                 match_roll_has_dice says there are none */
  uint8_t dice;               /* bg_roll_dice: what the cell says of the dice */
  uint8_t play;               /* bg_roll_play: what the cell says of the play */
  bool cannot_move;           /* the play was written "Cannot Move" (vs left blank):
                                 how a writer writes an empty play, not `play` */
  bool written_mat;           /* `written` is a .mat cell (a .mat writes it as it is) */
  bool and_match;             /* ACT_WIN: "and the match" */
  bool resigns_after;         /* set by match_resolve: the game is given up right
                                 after this roll (no roll or double between): the
                                 roller resigned, its play possibly cut short, or,
                                 with no play written, the opponent resigned */
  bool after_numbering_break; /* the record's move numbers break off at this
                                 action's line (a line left out, written twice
                                 or misnumbered): whether a play is missing,
                                 the plays after it say (the referee's) */
  int numbering_expected;     /* with it: the number the line should have had */
  bg_srcpos numbering_pos;    /* with it: where the line's number stands */
  int move_count;
  /* ACT_DOUBLE, ACT_BEAVER: the cube value offered; ACT_RESIGN, ACT_WIN: points
   * (0 for a resignation written without them) */
  int value;
  /* ACT_RESIGN written without points ("Resigned Game", "Resign gammon"):
   * what was resigned, RESIGN_* */
  int resign_level;
} bg_action;

/* A record holds an action a turn, and the bench watches peak memory. */
_Static_assert(sizeof(bg_action) <= 104, "bg_action grew past 104 bytes");

/* A whole line of the record its reader could not read outside any cell
 * (line noise inside a game, a line of plays before the first game line),
 * with a syntax error said of it: kept, with its place among the actions,
 * so that a conversion writes it again where the notation can hold it.
 * The referee never sees it: it judges the actions alone, as the reader
 * left them. */
typedef struct {
  const char *text;   /* as the record wrote it (match_keep_text) */
  size_t length;      /* its bytes: a NUL byte is text too */
  bg_srcpos pos;      /* where its syntax error stands */
  int game;           /* the game it stands in (from 0), -1 before the first */
  int actions_before; /* the game's actions read before it */
} bg_unread_line;

typedef enum { RULE_UNSET = -1, RULE_OFF = 0, RULE_ON = 1 } bg_rule_flag;

typedef struct {
  int number;          /* "Game N" */
  bg_srcpos pos;       /* the "Game N" line */
  int score[2];        /* the score line at the game's start */
  bg_srcpos score_pos; /* the score line */
  /* Whether the record marks this game as the Crawford game (SGF's
   * RU[Crawford:CrawfordGame]): RULE_UNSET when the notation cannot say
   * (.mat), else RULE_ON or RULE_OFF; where it says so. */
  bg_rule_flag crawford_marked;
  bg_srcpos crawford_pos;
  bg_action *actions;
  int action_count;
  int action_capacity;
  /* Its "Wins" and resignation actions, where the reader counts them
   * (bg_match's endings_counted): match_resolve's pass over the actions
   * ends once it has met them all. */
  int ending_actions;
} bg_game;

typedef struct {
  char *key; /* "Player 1", "Crawford", ...: both kept texts of the match */
  char *value;
  bg_srcpos pos;
} bg_tag;

/* The game played, from the [Variation] tag (none: backgammon). */
typedef enum {
  VARIATION_BACKGAMMON,
  VARIATION_NACKGAMMON,
  VARIATION_LONGGAMMON, /* eXtreme Gammon's: all fifteen on the 24 point */
  VARIATION_OTHER,      /* another game (Hypergammon...): other rules */
} bg_variation;

typedef struct {
  const char *file; /* name used in diagnostics (not owned) */
  bg_srcpos pos;    /* the "N point match" line */
  /* The file the record was first converted from and the line its match
   * starts at, as a JSON document names them (its `source`), so that a
   * match read back names its first file, not the JSON's; NULL and 0
   * when the record names none (kept by match_keep_text). */
  const char *source_file;
  int source_line;
  int length; /* points; 0 = money session */
  /* The record gives no length (no "N point match" line): `length` is 0,
   * and no rule that needs the length is applied. */
  bool length_unknown;
  char *players[2]; /* as in the score lines: [0] left column, [1] right (kept texts) */
  bg_tag *tags;
  int tag_count;
  /* rules read from the header tags, RULE_UNSET when the record is silent */
  bg_rule_flag crawford, jacoby, beavers;
  int cube_limit; /* 0 = none given */
  bg_variation variation;
  const bg_tag *variation_tag; /* the tag that set it, NULL when none */
  /* Conventions of the program that wrote the record, as neutral facts
   * (set by match_resolve from its header): its "Wins" lines may cap a
   * game's value at the match length rather than at the points the
   * winner needed; its one game is a one-off game written as a match
   * (nothing more is owed once it is won). */
  bool results_capped_at_length;
  bool one_off_game;
  /* The notation names who did each action (YAML, JSON): no action
   * stands in a column, so no convention of columns applies to it. */
  bool actions_named;
  /* The reader counted each game's ending_actions (a reader that does
   * not, or a match built by hand, leaves it false: every action is
   * then looked at). */
  bool endings_counted;
  bg_game *games;
  int game_count;
  int game_capacity;
  bg_move_store moves;             /* where the actions' moves are kept */
  bg_setup *setups;                /* every position set up, newest first */
  struct bg_kept_text *kept_texts; /* the blocks of match_keep_text's texts */
  bg_unread_line *unread_lines;    /* in the order read (match_add_unread_line) */
  int unread_count;
  int unread_capacity;
} bg_match;

bg_match *match_new(const char *file);
void match_free(bg_match *match);

/* Frees the action arrays match_free keeps for the next matches of this
 * thread (see match.c); a thread that read matches calls it before it ends. */
void match_pool_release(void);

/* Append helpers: return NULL on out of memory. */
bg_game *match_add_game(bg_match *match);
/* match_game_add_action: below, inline */
/* The key and the value are copied into the match's kept texts. */
bool match_add_tag(bg_match *match, const char *key, const char *value, bg_srcpos pos);
bool match_add_tag_bytes(bg_match *match, const char *key, size_t key_length,
                         const char *value, size_t value_length, bg_srcpos pos);
/* A tag whose key and value the match keeps already (match_keep_text's
 * blocks, or those match_take_texts gave it). */
bool match_add_kept_tag(bg_match *match, char *key, char *value, bg_srcpos pos);
/* Moves the texts `from` keeps into `match`: what pointed into them stays
 * valid until `match` is freed. */
void match_take_texts(bg_match *match, bg_match *from);

/* Room for the actions of most games at once: growing 8, 16, 32 copied
 * each game's actions three times (a twentieth of the time of checking). */
#define MATCH_ACTIONS_FIRST 64

/* Zeroes `action`: GCC makes the memset of an action a `rep stos`, and
 * the copy of a zeroed action loads each of its parts before it stores
 * it.  With SSE2, where an action is 96 bytes (LP64), six stores of one
 * zeroed register. */
static inline void match_action_clear(bg_action *action) {
#if defined(__SSE2__) && defined(__LP64__)
  _Static_assert(sizeof(bg_action) == 96, "an action is six stores of 16 bytes");
  __m128i zero = _mm_setzero_si128(), *parts = (__m128i *)(void *)action;
  _mm_storeu_si128(parts, zero);
  _mm_storeu_si128(parts + 1, zero);
  _mm_storeu_si128(parts + 2, zero);
  _mm_storeu_si128(parts + 3, zero);
  _mm_storeu_si128(parts + 4, zero);
  _mm_storeu_si128(parts + 5, zero);
#else
  *action = (bg_action){0};
#endif
}

/* Inline, and grown through alloc.c (whose pool holds the arrays of the
 * games freed before), not match.c: it runs for every action read, and
 * the call was 1% of check's instructions. */
static inline bg_action *match_game_add_action(bg_game *game) {
  if (game->action_count == game->action_capacity) {
    bg_action *grown =
        bg_pool_grow(game->actions, game->action_count, &game->action_capacity,
                     sizeof *grown, MATCH_ACTIONS_FIRST);
    if (!grown)
      return NULL;
    game->actions = grown;
  }
  bg_action *added = &game->actions[game->action_count++];
  match_action_clear(added);
  return added;
}

/* Is `move` written?  A move not written is all zero; a written one has
 * a point or a count, so from, to and count, its first four bytes, are
 * read at once. */
_Static_assert(offsetof(bg_move, count) + sizeof(int16_t) == 4,
               "from, to and count are a move's first four bytes");
static inline bool match_move_is_written(const bg_move *move) {
  uint32_t head;
  memcpy(&head, move, sizeof head);
  return head != 0;
}

/* Room for the moves of one action: BG_MAX_MOVES zeroed moves, valid
 * until the match is freed.  A reader fills them one after another from
 * the first; at the next reservation the moves not filled (all zero) are
 * taken back, so an action costs the moves it has, not BG_MAX_MOVES.
 * NULL when memory is out.  Inline (match_moves.h): it runs for every
 * play read. */
static inline bg_move *match_reserve_moves(bg_match *match) {
  bg_move_store *store = &match->moves;
  struct bg_move_block *block = store->blocks;
  if (store->reserved) { /* the room reserved before keeps what was written */
    int kept = 0;
    bool hit = false;
    while (kept < BG_MAX_MOVES && match_move_is_written(&store->reserved[kept]))
      hit |= store->reserved[kept++].hit;
    store->marked |= hit;
    block->used += kept;
  }
  /* zeroed never passes the block's end: this also asks for a new block */
  if (!block || block->used + BG_MAX_MOVES > block->zeroed)
    return match_moves_new_room(store);
  store->reserved = block->moves + block->used;
  return store->reserved;
}

/* A copy of `length` bytes of `text`, NUL-ended, kept until the match is
 * freed (an action's `written`); NULL when memory is out. */
const char *match_keep_text(bg_match *match, const char *text, size_t length);

/* Keeps `length` bytes of `text` as a line the reader could not read,
 * standing after the actions read so far of the match's last game (before
 * the first game when it has none); false when memory is out. */
bool match_add_unread_line(bg_match *match, const char *text, size_t length,
                           bg_srcpos pos);

/* The next unread line of `match` from *next on (a writer's cursor,
 * 0 at the match's start) that stands before action `action_index` of
 * game `game` (both from 0; INT_MAX for "before the game's end" or
 * "before the match's end"), *next moved past it; NULL when none. */
const bg_unread_line *match_next_unread_line(const bg_match *match, int game,
                                             int action_index, int *next);

/* A position for an ACT_SET_POSITION action, empty (all borne off), kept
 * until the match is freed; NULL when memory is out. */
bg_setup *match_new_setup(bg_match *match);

/* The value of header tag `key` (case-insensitive), or NULL. */
const char *match_tag(const bg_match *match, const char *key);

/* Resolves the conventions of the record's dialect into the model, once
 * the reader has read the whole match, so that what a writer or the referee
 * reads is what happened (the record's own words stay: `column`, the tags):
 *  - the variation, from the [Variation] tag;
 *  - a resignation ("Losses", "Concedes", "Resigned") in either column
 *    (Backgammon Galaxy): the resigner is the player the game's "Wins"
 *    line does not name;
 *  - a roll right before the opponent's "Wins" line: the roller resigned
 *    after it (GNU Backgammon leaves that play empty, eXtreme Gammon's text
 *    export cuts it short, Galaxy and Backgammon Studio hide it as ????). */
void match_resolve(bg_match *match);

/* The part of match_resolve that a record naming who really acted still
 * needs (bgmatch's YAML notation, which a writer fills from a resolved
 * model): the variation, and the rolls after which the roller resigned.
 * No action changes player. */
void match_resolve_named(bg_match *match);

/* The position an ACT_SET_POSITION action gives (checkers not placed are
 * borne off); false when it is none (more than 15 checkers a side, both
 * sides on one point). */
bool match_setup_board(const bg_action *setup, bg_board *board);

/* Does the record mark hits with '*' anywhere?  Some programs (Backgammon
 * Galaxy, FIBS clients) never do: the referee then holds no unmarked hit
 * against a play.  The .mat writer marks the hits of such a record's
 * clean copy, and leaves them out only where the record is broken and a
 * play is written as the record's own (unmarked) moves. */
bool match_marks_hits(const bg_match *match);

/* The moves marked with '*', counted up to `enough`: one mark in a record
 * that writes no other may be a slip, not the record's habit. */
int match_hit_marks(const bg_match *match, int enough);

/* Do actions `a` and `b` share one break of the record's move numbers
 * (the actions of one .mat line: the same number's place)?  By that place,
 * not by the actions' line: a JSON document is one line. */
bool match_same_numbering_break(const bg_action *a, const bg_action *b);

/* Is action `index` of `game` where the record's move numbers break off:
 * the first action of those that share the break (a writer says or writes
 * it once)? */
bool match_numbering_breaks_at(const bg_game *game, int index);

/* Does action `next`, the one after `first`, stand on `first`'s .mat
 * line?  A line holds the left player's cell, then the right player's; a
 * result ends its line, and one after the left player's roll stands on
 * a line of its own.  A notation that carries a break of the move numbers
 * once, before the line's first action (YAML, SGF), gives it to the
 * line's second action by this, as the .mat reader flags every action of
 * the line. */
bool match_shares_mat_line(const bg_action *first, const bg_action *next);

/* Is `action` a play, as show's --play and stats count them: a roll,
 * whether or not its dice or its play could be read. */
bool match_action_is_play(const bg_action *action);

/* The plays of `game`, counted as match_action_is_play does. */
int match_game_play_count(const bg_game *game);

/* The play of game `game` (from 1) whose position a place of the record
 * is about, counted as match_action_is_play counts them (from 1): the
 * action standing last at or before `pos` is that play, or comes before
 * the next play (a cube action).  0 when there is none: no such game, a
 * place before the game's first action, or no play after the action (a
 * result).  A place without a line (.xg: a negative line, the play as
 * column) is its own play. */
int match_play_at(const bg_match *match, int game, bg_srcpos pos);

/* Where line `line` of the record stands in `match`: the game and play
 * of the action written there, the one at or before `column` (the
 * line's first when `column` is 0 or comes before it), as
 * match_play_at finds it.  false when no action of the match is written
 * on that line; *play 0 when no play follows it. */
bool match_play_on_line(const bg_match *match, int line, int column, int *game,
                        int *play);

/* The game's "Wins" line (the last, where it has more than one); NULL when
 * it has none. */
const bg_action *match_game_result(const bg_game *game);

/* A date as a tag or an SGF property writes it: "2024-01-01" (sep '-')
 * or "2024.01.01" (sep '.'), three numbers up to 9999 into parts; false
 * when the text is not such a date. */
bool match_parse_date(const char *text, char sep, long parts[3]);

/* Does `action` mark a hit on any of its moves? */
bool match_action_marks_hit(const bg_action *action);

/* Are the dice of `roll` known (both read, 1 to 6)?  Not after "00:",
 * with dice unread, nor where a cell or an SGF play broke before its dice
 * (ROLL_DICE_READ, dice 0). */
bool match_roll_has_dice(const bg_action *roll);

/* Are the dice of `roll` unread (ROLL_DICE_UNREAD)? */
bool match_roll_dice_unread(const bg_action *roll);

/* Are the dice and the play of `roll` as written (ROLL_DICE_READ and
 * ROLL_PLAY_AS_WRITTEN)? */
bool match_roll_as_written(const bg_action *roll);

/* Does the record mark the play of `roll` unknown ("????", or a cell
 * that could not be read), as a writer writes it again? */
bool match_roll_marked_unknown(const bg_action *roll);

/* Is the play of `roll` unknown: marked so, or no play that could be
 * read? */
bool match_roll_play_unknown(const bg_action *roll);

/* What a reader learns of a roll, as it reads it: each sets the fact it
 * names, the other kept ("??: ????" is dice unread and a play unknown). */
void match_roll_mark_nothing_rolled(bg_action *roll); /* "00:", dice 0 */
void match_roll_mark_dice_unread(bg_action *roll);    /* dice not read, 0 */
void match_roll_mark_unrecorded(bg_action *roll);     /* "????" */
/* A cell not read, or a play not read: a turn was taken, so "00:" no
 * longer says nothing was rolled (the dice read, 0); a play marked
 * unknown and then not read is a cell not read. */
void match_roll_mark_unreadable(bg_action *roll);
void match_roll_mark_not_a_play(bg_action *roll);

/* Sets match->players[i] to a copy of name (replacing any earlier one),
 * kept with the match's texts. */
bool match_set_player(bg_match *match, int i, const char *name);
bool match_set_player_bytes(bg_match *match, int i, const char *name, size_t length);

#endif
