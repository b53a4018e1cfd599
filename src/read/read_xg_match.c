/*
 * read_xg_match.c — eXtreme Gammon's records, in the order of the game
 * file, put into the model as a .mat of the same match would be (XG's
 * own .mat export is the reference):
 *
 *  - the match header gives the players (player 1 the left column), the
 *    length (99999: a money session, length 0), the rules as XG's .mat
 *    tags set them (Crawford, Jacoby, Beaver, CubeLimit, stored as its
 *    log2) and the tags XG writes for the event, place, round, date and
 *    transcriber;
 *  - a game header opens a game at its score; it marks the Crawford game
 *    (bg_game.crawford_marked, as SGF does); a starting position other
 *    than the usual one is a set-up position;
 *  - a move record is a roll and its play: steps from/to counted from 0
 *    on the mover's side (24 the bar, a negative destination off), the
 *    list ended by a from of -1; none is a roll with no play;
 *  - a cube record that says the player doubled is "Doubles => N" (N
 *    twice the cube before it, which XG stores as a signed log2), then
 *    the answer: take, drop, or beaver, itself answered;  any other cube
 *    record (no double, or no decision recorded: Double = -1 or -2) is
 *    nothing;
 *  - after a game's last action XG stores one more roll, with an empty
 *    position: when the game ended with the winner's checkers still on
 *    the board it is the loser's roll before resigning, kept as a roll
 *    whose play is not recorded (what XG's .mat export and gnubg's SGF
 *    write: "53: ????" before the opponent's "Wins"); otherwise dropped;
 *  - the game footer's winner and points are the game's "Wins" line;
 *    its termination code says how the game ended: 0 a drop, 1-3 a
 *    single game, gammon or backgammon borne off (the referee finds
 *    both on the board), 100 more when the loser resigned: 101-103 a
 *    single game, a gammon, a backgammon (the published table), 104
 *    the match (not in the table: the corpus's three 104s each end the
 *    match, for 1, 2 and 3 points); 1000 more a settlement.  A
 *    resignation is the loser's "Resigns" before the "Wins", as a .mat
 *    writes it ("Resigns gammon"; a settlement, whose worth only the
 *    "Wins" says, "Resigns game"), so that the referee weighs the
 *    points against what was resigned.
 *
 * A record that cannot be read (a player who is neither, dice that are
 * none, a point off the board) is a `syntax` error at its place; the
 * rest of the file is read on.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "read_xg_int.h"

#define XG_MAGIC 0x494C4D44U /* "DMLI": a game file's match header */
#define XG_UNLIMITED 99999   /* the length of a money session */
#define MAX_EXPONENT 29      /* the highest cube a double offers: 2^30 */
#define MAX_SCORE (1 << 20)

/* The reader stops with `why`, the first reason kept (the file layer,
 * read_xg.c, and this one both stop through it). */
bool xg_fail(bg_xg_reader *reader, const char *why) {
  if (!reader->io_error)
    reader->error = why;
  reader->io_error = true;
  return false;
}
/* ---- diagnostics --------------------------------------------------------- */

static int open_game_number(const bg_xg_reader *reader) {
  return reader->match && reader->game_open ? reader->match->game_count : 0;
}

/* A `syntax` diagnostic at `pos`. */
static bg_diag diagnostic(const bg_xg_reader *reader, bg_srcpos pos, bg_severity severity,
                          const char *message) {
  return diag_syntax_diagnostic(reader->file, pos.line, pos.column, severity, message,
                                open_game_number(reader), 0);
}

static void emit(bg_xg_reader *reader, bg_srcpos pos, bg_severity severity,
                 const char *message) {
  bg_diag diag = diagnostic(reader, pos, severity, message);
  diag_emit(reader->sink, &diag);
}

/* A `syntax` error at `pos`, the first DIAG_SYNTAX_LIMIT of a match
 * (diag.h). */
__attribute__((format(printf, 3, 4))) static void
syntax(bg_xg_reader *reader, bg_srcpos pos, const char *fmt, ...) {
  bg_diag diag = diagnostic(reader, pos, DIAG_ERROR, NULL);
  va_list args;
  va_start(args, fmt);
  diag_syntax_emitv(&reader->syntax_limit, reader->sink, &diag, fmt, args);
  va_end(args);
}

void xg_note_comments(bg_xg_reader *reader) {
  emit(reader, (bg_srcpos){0, 0}, DIAG_NOTE,
       "the file's comments are not read (nor XG's analysis): only the match is");
}

/* The next place of the open game (diag.h): at play `play`, 0 for the
 * game itself. */
static bg_srcpos place(bg_xg_reader *reader, int play) {
  reader->places++;
  return (bg_srcpos){XG_LINE_BASE + reader->places, play};
}

/* ---- the model ------------------------------------------------------------ */

static bg_game *open_game(bg_xg_reader *reader) {
  return &reader->match->games[reader->match->game_count - 1];
}

static bg_action *add_action(bg_xg_reader *reader, bg_action_kind kind, int player,
                             bg_srcpos pos) {
  bg_action *action = match_game_add_action(open_game(reader));
  if (!action) {
    xg_fail(reader, "out of memory");
    return NULL;
  }
  action->kind = kind;
  action->player = action->column = player;
  action->pos = pos;
  return action;
}

/* XG's 1 and -1 as the model's players 0 and 1; -1 for anything else. */
static int player_of(int active) {
  return active == 1 ? 0 : active == -1 ? 1 : -1;
}

static bool is_die(int die) {
  return die >= 1 && die <= 6;
}

/* A roll at `pos` with `dice`; dice that are none are said. */
static bg_action *add_roll(bg_xg_reader *reader, int player, const int dice[2],
                           bg_srcpos pos) {
  bg_action *roll = add_action(reader, ACT_ROLL, player, pos);
  if (!roll)
    return NULL;
  reader->plays++;
  if (is_die(dice[0]) && is_die(dice[1])) {
    roll->die1 = dice[0];
    roll->die2 = dice[1];
  } else {
    syntax(reader, pos, "record %ld: %d and %d are no dice", reader->record, dice[0],
           dice[1]);
    match_roll_mark_dice_unread(roll);
  }
  return roll;
}

/* The roll stored after the game's last action, when more of the game
 * follows it: a roll whose play is not recorded. */
static bool keep_pending_roll(bg_xg_reader *reader) {
  if (!reader->pending_roll)
    return true;
  reader->pending_roll = false;
  bg_action *roll =
      add_roll(reader, reader->pending_player, reader->pending_dice, reader->pending_pos);
  if (roll)
    match_roll_mark_unrecorded(roll);
  return roll != NULL;
}

/* The winner's checkers on the board after the game's last play. */
static int checkers_left(const bg_xg_reader *reader, int winner) {
  if (!reader->has_last_play)
    return 15;
  int left = 0;
  for (int i = 0; i < 26; i++) {
    int count = reader->last_after[i];
    left +=
        reader->last_mover == winner ? (count > 0 ? count : 0) : (count < 0 ? -count : 0);
  }
  return left;
}

/* ---- the match header ---------------------------------------------------- */

static bool add_tag(bg_xg_reader *reader, const char *key, const char *value) {
  if (!value[0] || match_add_tag(reader->match, key, value, reader->match->pos))
    return true;
  return xg_fail(reader, "out of memory");
}

static const char *on_off(bool on) {
  return on ? "On" : "Off";
}

/* The tags XG's .mat export writes, in its order, for what the header
 * holds. */
static bool add_tags(bg_xg_reader *reader, const xg_match_header *header) {
  static const char *const variations[] = {"Backgammon", "Nackgammon", "Hypergammon",
                                           "Longgammon"};
  char date[16], time[8], limit[16];
  bool dated = xg_date_text(header->date, date, time);
  bool ok = add_tag(reader, "Site", header->location) &&
            add_tag(reader, "Event", header->event) &&
            add_tag(reader, "Round", header->round) &&
            add_tag(reader, "EventDate", dated ? date : "") &&
            add_tag(reader, "EventTime", dated ? time : "");
  int variation = header->variation;
  ok = ok && add_tag(reader, "Variation",
                     variation >= 0 && variation < 4 ? variations[variation] : "Other");
  if (reader->match->length > 0)
    ok = ok && add_tag(reader, "Crawford", on_off(header->crawford));
  else
    ok = ok && add_tag(reader, "Jacoby", on_off(header->jacoby)) &&
         add_tag(reader, "Beaver", on_off(header->beaver));
  snprintf(limit, sizeof limit, "%d", reader->match->cube_limit);
  if (reader->match->cube_limit > 0)
    ok = ok && add_tag(reader, "CubeLimit", limit);
  return ok && add_tag(reader, "Transcriber", header->transcriber);
}

static bg_rule_flag flag(bool on) {
  return on ? RULE_ON : RULE_OFF;
}

static bool start_match(bg_xg_reader *reader, const xg_match_header *header) {
  bg_match *match = reader->match = match_new(reader->file);
  if (!match)
    return xg_fail(reader, "out of memory");
  diag_syntax_new_match(&reader->syntax_limit);
  match->pos = place(reader, 0);
  reader->version = header->version;
  reader->variation = header->variation;
  if (header->length < 0 || header->length > XG_UNLIMITED)
    syntax(reader, match->pos,
           "record %ld: a match of %d points: read as a money session", reader->record,
           header->length);
  else if (header->length != XG_UNLIMITED)
    match->length = header->length;
  for (int i = 0; i < 2; i++)
    if (!match_set_player(match, i, header->players[i]))
      return xg_fail(reader, "out of memory");
  match->crawford = flag(header->crawford);
  match->jacoby = flag(header->jacoby);
  match->beavers = flag(header->beaver);
  if (header->cube_limit >= 1 && header->cube_limit <= MAX_EXPONENT + 1)
    match->cube_limit = 1 << header->cube_limit;
  return add_tags(reader, header);
}

/* ---- games ---------------------------------------------------------------- */

/* The game's end without its footer (a file saved mid-game): the roll XG
 * stored last was not played. */
static void close_game(bg_xg_reader *reader) {
  reader->game_open = false;
  reader->pending_roll = false;
  reader->has_last_play = false;
}

static bool queue_match(bg_xg_reader *reader) {
  bg_match **bigger = bg_try_grow(reader->matches, &reader->match_capacity,
                                  (size_t)reader->match_count + 1, sizeof(bg_match *), 2);
  if (!bigger)
    return xg_fail(reader, "out of memory");
  reader->matches = bigger;
  match_resolve(reader->match);
  reader->matches[reader->match_count++] = reader->match;
  reader->match = NULL;
  return true;
}

static bool finish_match(bg_xg_reader *reader) {
  if (!reader->match)
    return true;
  close_game(reader);
  return queue_match(reader);
}

/* A starting position that is neither the usual one nor left empty (XG
 * leaves the first game's empty in some versions). */
static bool is_set_up(const int position[26]) {
  static const int usual[26] = {
      [1] = -2, [6] = 5, [8] = 3, [12] = -5, [13] = 5, [17] = -3, [19] = -5, [24] = 2};
  bool usual_one = true, empty_one = true;
  for (int i = 0; i < 26; i++) {
    usual_one = usual_one && position[i] == usual[i];
    empty_one = empty_one && position[i] == 0;
  }
  return !usual_one && !empty_one;
}

/* Player 1's view: + its checkers on its points 1..24 and bar 25; - the
 * other's, whose point 25-i that is, its bar at 0. */
static bool add_set_up(bg_xg_reader *reader, const int position[26]) {
  bg_action *action = add_action(reader, ACT_SET_POSITION, 0, place(reader, 0));
  if (!action)
    return false;
  if (!(action->setup = match_new_setup(reader->match)))
    return xg_fail(reader, "out of memory");
  for (int i = 0; i < 26; i++) {
    int count = position[i];
    if (count > 0 && i > 0)
      action->setup->checkers[0][i] = (unsigned char)count;
    else if (count < 0 && i < 25)
      action->setup->checkers[1][i == 0 ? BG_BAR : 25 - i] = (unsigned char)-count;
  }
  bg_board board;
  if (!match_setup_board(action, &board)) {
    syntax(reader, action->pos,
           "record %ld: the game's starting position is no backgammon position: the "
           "plays of this game are not checked",
           reader->record);
  }
  return true;
}

static int score_or_zero(bg_xg_reader *reader, int score, bg_srcpos pos) {
  if (score >= 0 && score <= MAX_SCORE)
    return score;
  syntax(reader, pos, "record %ld: a score of %d: read as 0", reader->record, score);
  return 0;
}

static bool start_game(bg_xg_reader *reader, const xg_game_header *header) {
  if (!reader->match) {
    syntax(reader, place(reader, 0), "record %ld: a game after the match's end: not read",
           reader->record);
    return true;
  }
  close_game(reader);
  bg_game *game = match_add_game(reader->match);
  if (!game)
    return xg_fail(reader, "out of memory");
  reader->game_open = true;
  reader->plays = 0;
  game->number = reader->match->game_count;
  game->pos = game->score_pos = place(reader, 0);
  for (int i = 0; i < 2; i++)
    game->score[i] = score_or_zero(reader, header->score[i], game->pos);
  if (reader->match->length > 0) {
    game->crawford_marked = flag(header->crawford);
    game->crawford_pos = game->pos;
  }
  if (reader->variation == 0 && is_set_up(header->position))
    return add_set_up(reader, header->position);
  return true;
}

/* ---- cube decisions ------------------------------------------------------- */

static bool add_cube(bg_xg_reader *reader, bg_action_kind kind, int player, int value,
                     int play) {
  bg_action *action = add_action(reader, kind, player, place(reader, play));
  if (action)
    action->value = value;
  return action != NULL;
}

/* A beaver's answers: the doubler drops it, takes it (nothing written),
 * or raccoons, which the taker drops or takes in turn. */
static bool add_beaver(bg_xg_reader *reader, const xg_cube *cube, int doubler, int value,
                       int play) {
  int taker = 1 - doubler;
  if (!add_cube(reader, ACT_BEAVER, taker, 2 * value, play))
    return false;
  if (cube->beaver_answer == 0)
    return add_cube(reader, ACT_DROP, doubler, 0, play);
  if (cube->beaver_answer != 2)
    return true;
  if (!add_cube(reader, ACT_BEAVER, doubler, 4 * value, play))
    return false;
  if (cube->raccoon_answer == 0 || cube->raccoon_answer == 1)
    return add_cube(reader, cube->raccoon_answer ? ACT_TAKE : ACT_DROP, taker, 0, play);
  return true;
}

static bool read_cube(bg_xg_reader *reader, const xg_cube *cube) {
  if (cube->doubled != 1) /* no double, or no decision recorded */
    return true;
  if (!keep_pending_roll(reader))
    return false;
  int doubler = player_of(cube->active), play = reader->plays + 1;
  long exponent = cube->cube < 0 ? -(long)cube->cube : cube->cube;
  if (doubler < 0) {
    syntax(reader, place(reader, play),
           "record %ld: a double by neither player (%d): not read", reader->record,
           cube->active);
    return true;
  }
  if (exponent > MAX_EXPONENT - 2) { /* the raccoon of its beaver must fit */
    syntax(reader, place(reader, play),
           "record %ld: a double of a cube of 2^%ld: not read", reader->record, exponent);
    return true;
  }
  int value = 2 << exponent;
  if (!add_cube(reader, ACT_DOUBLE, doubler, value, play))
    return false;
  switch (cube->take) {
  case 0:
  case 1:
    return add_cube(reader, cube->take ? ACT_TAKE : ACT_DROP, 1 - doubler, 0, play);
  case 2:
    return add_beaver(reader, cube, doubler, value, play);
  default: /* not answered: the referee says so */
    return true;
  }
}

/* ---- plays ------------------------------------------------------------------ */

static bool is_empty(const int position[26]) {
  for (int i = 0; i < 26; i++)
    if (position[i] != 0)
      return false;
  return true;
}

/* The steps of `move` into `roll`; false when one is no step. */
static bool read_steps(bg_xg_reader *reader, bg_action *roll, const xg_move *move) {
  for (int i = 0; i < 4 && move->steps[2 * i] != -1; i++) {
    int from = move->steps[2 * i], to = move->steps[2 * i + 1];
    if (from < 0 || from > 24 || to > 23) {
      syntax(reader, roll->pos, "record %ld: %d/%d is no step of a play", reader->record,
             from, to);
      return false;
    }
    if (!roll->moves && !(roll->moves = match_reserve_moves(reader->match)))
      return xg_fail(reader, "out of memory");
    roll->moves[roll->move_count++] =
        (bg_move){.from = (int8_t)(from + 1), /* 24, the bar, is 25 */
                  .to = (int8_t)(to < 0 ? BG_OFF : to + 1),
                  .count = 1,
                  .pos = roll->pos};
  }
  return true;
}

static bool read_move(bg_xg_reader *reader, const xg_move *move) {
  int player = player_of(move->active);
  if (player < 0) {
    syntax(reader, place(reader, reader->plays + 1),
           "record %ld: a roll by neither player (%d): not read", reader->record,
           move->active);
    return true;
  }
  if (!keep_pending_roll(reader))
    return false;
  if (is_empty(
          move->after)) { /* the roll after the game's end, or before a resignation */
    reader->pending_roll = true;
    reader->pending_player = player;
    memcpy(reader->pending_dice, move->dice, sizeof reader->pending_dice);
    reader->pending_pos = place(reader, reader->plays + 1);
    return true;
  }
  bg_action *roll =
      add_roll(reader, player, move->dice, place(reader, reader->plays + 1));
  if (!roll)
    return false;
  if (!read_steps(reader, roll, move)) {
    if (reader->io_error)
      return false;
    roll->move_count = 0;
    match_roll_mark_not_a_play(roll);
  }
  reader->has_last_play = true;
  reader->last_mover = player;
  memcpy(reader->last_after, move->after, sizeof reader->last_after);
  return true;
}

/* ---- results ---------------------------------------------------------------- */

enum { XG_RESIGNED = 100, XG_SETTLED = 1000 };

/* What the loser resigned (RESIGN_*), by the footer's termination code;
 * -1 when the game was not resigned. */
static int resigned_level(int termination) {
  if (termination >= XG_SETTLED)
    return RESIGN_UNSAID;
  if (termination < XG_RESIGNED)
    return -1;
  int level = termination - XG_RESIGNED;
  return level >= RESIGN_SINGLE && level <= RESIGN_MATCH ? level : RESIGN_UNSAID;
}

/* The loser's resignation, after the roll it made first if it made one. */
static bool add_resignation(bg_xg_reader *reader, int loser, int level, bool after_roll) {
  int play = after_roll ? reader->plays : reader->plays + 1;
  bg_action *resign = add_action(reader, ACT_RESIGN, loser, place(reader, play));
  if (resign)
    resign->resign_level = level;
  return resign != NULL;
}

static bool end_game(bg_xg_reader *reader, const xg_game_footer *footer) {
  int winner = player_of(footer->winner);
  int level = winner >= 0 ? resigned_level(footer->termination) : -1;
  bool rolled = reader->pending_roll && winner >= 0 && reader->pending_player != winner &&
                (level >= 0 || checkers_left(reader, winner) > 0);
  if (rolled && !keep_pending_roll(reader))
    return false;
  if (level >= 0 && !add_resignation(reader, 1 - winner, level, rolled))
    return false;
  bg_srcpos at = place(reader, 0);
  if (winner < 0 && footer->winner != 0)
    syntax(reader, at, "record %ld: the game is won by neither player (%d)",
           reader->record, footer->winner);
  else if (winner >= 0 && (footer->points < 1 || footer->points > 3 << MAX_EXPONENT))
    syntax(reader, at, "record %ld: the game is won for %d points", reader->record,
           footer->points);
  else if (winner >= 0) {
    bg_action *win = add_action(reader, ACT_WIN, winner, at);
    if (!win)
      return false;
    win->value = footer->points;
  }
  close_game(reader);
  return true;
}

/* ---- records ------------------------------------------------------------------ */

/* A record that belongs in a game, outside one: said, not read. */
static bool outside_game(bg_xg_reader *reader, const char *what) {
  if (reader->game_open)
    return false;
  syntax(reader, place(reader, 0), "record %ld: %s outside a game: not read",
         reader->record, what);
  return true;
}

static bool take_match_header(bg_xg_reader *reader, const unsigned char *record) {
  xg_match_header header;
  xg_read_match_header(record, &header);
  if (header.magic != XG_MAGIC) {
    if (reader->record == 1)
      return xg_fail(reader, "not an eXtreme Gammon match: its game file has no match "
                             "header");
    syntax(reader, place(reader, 0),
           "record %ld: a match header without XG's mark: not read", reader->record);
    return true;
  }
  return finish_match(reader) && start_match(reader, &header);
}

bool xg_take_record(bg_xg_reader *reader, const unsigned char *record) {
  reader->record++;
  int type = xg_record_type(record);
  if (reader->record == 1 && type != XG_MATCH_HEADER)
    return xg_fail(reader,
                   "not an eXtreme Gammon match: its game file has no match header");
  switch (type) {
  case XG_MATCH_HEADER:
    return take_match_header(reader, record);
  case XG_GAME_HEADER: {
    xg_game_header header;
    xg_read_game_header(record, &header);
    return start_game(reader, &header);
  }
  case XG_CUBE: {
    xg_cube cube;
    xg_read_cube(record, &cube);
    return outside_game(reader, "a cube decision") || read_cube(reader, &cube);
  }
  case XG_MOVE: {
    xg_move move;
    xg_read_move(record, &move);
    return outside_game(reader, "a roll") || read_move(reader, &move);
  }
  case XG_GAME_FOOTER: {
    xg_game_footer footer;
    xg_read_game_footer(record, &footer);
    return outside_game(reader, "a game's result") || end_game(reader, &footer);
  }
  case XG_MATCH_FOOTER:
    return finish_match(reader);
  default:
    if (type > XG_LAST_TYPE)
      syntax(reader, place(reader, 0), "record %ld: of no type XG writes (%d): not read",
             reader->record, type);
    return true;
  }
}

bool xg_records_end(bg_xg_reader *reader, size_t left_over) {
  if (left_over > 0)
    syntax(reader, place(reader, 0),
           "the game file ends inside a record: its last %zu bytes are not read",
           left_over);
  return finish_match(reader);
}

void xg_records_free(bg_xg_reader *reader) {
  match_free(reader->match);
  reader->match = NULL;
}
