/*
 * write_mat.c — writes a match in bgmatch's one canonical .mat layout,
 * which GNU Backgammon 1.07 imports without a warning and bgmatch reads
 * back to the same match (converting the output again gives it byte for
 * byte):
 *
 *     ; [Site "Oslo"]
 *
 *      3 point match
 *
 *      Game 1
 *      Ana María : 0                   Bob van Dijk : 0
 *       1)                             51: 13/8 24/23
 *       2) 42: 8/4 6/4                 63: 24/18 18/15
 *       3) 64: 6/2* 8/2                51: 25/24 15/10
 *       4)  Doubles => 2                Drops
 *           Wins 1 point
 *
 *  - the model's header tags, all of them and in order, then the match
 *    line; each game after a blank line: its game line, its score line,
 *    its move lines; matches one after another, a blank line between;
 *  - the right cell of a line, and the right name of the score line,
 *    start at a fixed column (34, where GNU Backgammon puts them); a left
 *    cell or name too long for that is followed by one blank, never fused
 *    with what follows (GNU Backgammon 1.07 fuses long names, and then
 *    misreads its own score line).  GNU Backgammon splits a move line at
 *    the dice of its second roll, else at the first two blanks after its
 *    16th byte: the keyword cells start with a blank of their own (as it
 *    writes them), so a long roll cell and a keyword are two blanks apart;
 *  - a cell is a roll ("63:" and the play, "????" when it was not
 *    recorded, "Cannot Move" when the record says so) or a keyword:
 *    " Doubles => 2", " Beavers => 4", " Takes", " Drops", " Resigns ...",
 *    " Wins N point(s)[ and the match]", each in the column of who acted
 *    (the model's resolved player, not where the record wrote it); the
 *    text of each cell is write_mat_cell.c's, its place this file's;
 *  - a line holding only a "Wins" cell has no move number, as GNU
 *    Backgammon writes it; a result always ends its line;
 *  - "; Set Pos=" lines give eXtreme Gammon's set-up positions.
 *
 * Plays are written with the bar as 25 and off as 0, the way GNU
 * Backgammon exports them and the one way every reader of the notation
 * understands.  A play the replay resolved (one position before, one
 * after, a legal play between them, nothing reported) is written as the
 * engine's steps, one die each, highest point first: a hop, a repeat count
 * or a chain of the record becomes its steps, the hits the position gives
 * are marked, whatever the record marked (as GNU Backgammon's own export
 * does: an SGF, which carries no marks, and a record that never marks
 * them, Backgammon Galaxy's, FIBS clients', are written as the .mat of the
 * same match is).  Any other play (wrong, ambiguous, after an unknown one)
 * is written as the record's own moves, so that what was wrong with it
 * stays wrong and nothing is invented; and where a record that does not
 * mark hits has such a play, no hit of its match is marked (held_marks).
 *
 * Not carried: the record's free comments, move numbers (but where they
 * break off: the copy's break off there too) and dice spacing.  A cell
 * the reader said a syntax error of is written as the record wrote it, so
 * that it is read again as the same error; one from
 * another notation is written as read ("????" for a play that could not
 * be read, "00:" for unreadable dice) and said to be lost (a `lossy`
 * warning).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "notation.h"
#include "rules.h"
#include "utf8.h"
#include "write_mat_int.h"

enum {
  RIGHT_COLUMN = 33, /* byte offset where the right cell and name start */
  CELL_MARKS = 8,    /* the '*' of a play the engine resolved: 4 steps, 8 hops */
  NUMBER_SIZE = 16,  /* a move number, "%3d) " of any int, and its NUL */
  ROW_SIZE = NUMBER_SIZE + RIGHT_COLUMN + 2 * CELL_SIZE + 1, /* a move line */
  PENDING_SIZE = 16 * ROW_SIZE, /* the lines gathered for one fwrite */
};

typedef enum { CELL_ROLL, CELL_KEYWORD, CELL_RESULT } cell_kind;

/* The move line being filled, written when a cell cannot join it. */
typedef struct {
  char text[2][CELL_SIZE]; /* [0] the left player's cell, [1] the right's */
  size_t length[2];        /* their bytes: a record's cell may hold a NUL */
  bool used[2];
  bool left_is_roll;
  bool numbered; /* holds a cell other than a result: takes a move number */
  /* The number the line takes where the record's numbers break off (0:
   * the next one), so that the copy breaks off as the record does. */
  int break_number;
  /* where the writer marked a hit the record did not (see held_marks) */
  int mark_at[2][CELL_MARKS];
  int mark_count[2];
} line_cells;

/* The hits the writer marks in a record that does not mark them as a habit
 * (match_hit_marks): its copy is held, with where each mark stands, until
 * the match is written.  If the match has errors and a play of it was
 * written as the record's own moves (unmarked), the marks are left out:
 * marks elsewhere would make the copy a record that marks hits, in which
 * an unmarked hit counts against a reading of a play, and the plays after
 * an error would be read otherwise than the record's.  A clean record
 * keeps them. */
typedef struct {
  FILE *out; /* the output */
  char *text;
  size_t size;
  long *offsets; /* where the marks stand in `text`, in order */
  size_t count, capacity;
  bool record_plays; /* a play was written as the record's own moves */
  bool errors;       /* the replay or the record's reader reported one */
} held_marks;

typedef struct {
  FILE *out; /* the output, or the copy held (held_marks) */
  const bg_match *match;
  int move_number; /* of the game's last numbered line */
  int positions;   /* positions the replay follows before the next action */
  line_cells line;
  held_marks *held; /* NULL when the record marks hits */
  int unread_next;  /* the match's next unread line to write */
  /* Move lines and game starts gathered and written with one fwrite: an
   * fwrite per line was a fortieth of the convert.  Written out before
   * anything else goes to `out`. */
  char *pending; /* PENDING_SIZE bytes, not cleared with the rest */
  size_t pending_length;
} mat_writer;

/* Columns `text` takes in an editor: its characters when it is UTF-8,
 * else its bytes (a Latin-1 name). */
static int display_width(const char *text) {
  long characters = utf8_characters(text);
  return characters >= 0 ? (int)characters : (int)strlen(text);
}

/* Writes the lines gathered so far. */
static void write_pending(mat_writer *w) {
  fwrite(w->pending, 1, w->pending_length, w->out);
  w->pending_length = 0;
}

/* Room for `length` more bytes at the end of the lines gathered. */
static char *pending_room(mat_writer *w, size_t length) {
  if (w->pending_length + length > PENDING_SIZE)
    write_pending(w);
  return w->pending + w->pending_length;
}

/* Gathers `length` bytes, or writes them now when they do not fit. */
static void put_pending(mat_writer *w, const char *text, size_t length) {
  if (length > PENDING_SIZE) {
    write_pending(w);
    fwrite(text, 1, length, w->out);
    return;
  }
  memcpy(pending_room(w, length), text, length);
  w->pending_length += length;
}

/* ---- lines ------------------------------------------------------------ */

/* `value` in decimal, gathered. */
static void put_pending_number(mat_writer *w, int value) {
  char digits[12];
  put_pending(w, digits, notation_decimal(digits, value));
}

/* " Ana : 0", blanks to the right column, "Bob : 0": by hand, as printf
 * per game was a fiftieth of the convert. */
static void write_score_line(mat_writer *w, const bg_game *game) {
  const char *left = w->match->players[0] ? w->match->players[0] : "";
  const char *right = w->match->players[1] ? w->match->players[1] : "";
  char score[12];
  size_t score_bytes = notation_decimal(score, game->score[0]);
  put_pending(w, " ", 1);
  put_pending(w, left, strlen(left));
  put_pending(w, " : ", 3);
  put_pending(w, score, score_bytes);
  /* the name counts its columns, not its bytes */
  int width = 4 + (int)score_bytes + display_width(left);
  char blanks[RIGHT_COLUMN];
  memset(blanks, ' ', sizeof blanks);
  put_pending(w, blanks, (size_t)(width < RIGHT_COLUMN ? RIGHT_COLUMN - width : 1));
  put_pending(w, right, strlen(right));
  put_pending(w, " : ", 3);
  put_pending_number(w, game->score[1]);
  put_pending(w, "\n", 1);
}

/* Put together by hand like the rest: a printf per tag was a hundred and
 * fiftieth of the convert. */
static void write_header(mat_writer *w) {
  for (int i = 0; i < w->match->tag_count; i++) {
    const bg_tag *tag = &w->match->tags[i];
    put_pending(w, "; [", 3);
    put_pending(w, tag->key, strlen(tag->key));
    put_pending(w, " \"", 2);
    put_pending(w, tag->value, strlen(tag->value));
    put_pending(w, "\"]\n", 3);
  }
  if (w->match->tag_count > 0)
    put_pending(w, "\n", 1);
  if (!w->match->length_unknown) { /* a record with none is written with none */
    put_pending(w, " ", 1);
    put_pending_number(w, w->match->length);
    put_pending(w, " point match\n", 13);
  }
}

static void write_game_start(mat_writer *w, const bg_replay_event *event) {
  put_pending(w, "\n Game ", 7);
  put_pending_number(w, event->game->number);
  put_pending(w, "\n", 1);
  write_score_line(w, event->game);
  w->move_number = 0;
  w->positions = event->before_known ? 1 : 0;
}

/* "  7) ": the move number right-aligned in three columns (printf's
 * "%3d) ", written by hand for the common case) at `row`; returns its
 * bytes (at most NUMBER_SIZE - 1). */
static int put_move_number(char *row, int number) {
  if (number < 0 || number > 999)
    return snprintf(row, NUMBER_SIZE, "%3d) ", number);
  static const char blank_number[5] = {' ', ' ', ' ', ')', ' '};
  memcpy(row, blank_number, sizeof blank_number);
  /* each digit by itself, no loop: every move line takes a number */
  if (number >= 100)
    row[0] = (char)('0' + number / 100);
  if (number >= 10)
    row[1] = (char)('0' + number / 10 % 10);
  row[2] = (char)('0' + number % 10);
  return (int)sizeof blank_number;
}

/* Notes where the marks of the cell in `column` will stand, the cell
 * starting `offset` bytes into the line about to be written; called only
 * for a cell with marks held (has_marks), a few of the cells. */
static void hold_marks(mat_writer *w, int column, size_t offset) {
  held_marks *held = w->held;
  int count = w->line.mark_count[column];
  long start = ftell(w->out) + (long)(w->pending_length + offset);
  if (held->count + (size_t)count > held->capacity) {
    held->capacity = 2 * held->capacity + CELL_MARKS;
    held->offsets = bg_realloc(held->offsets, held->capacity * sizeof *held->offsets);
  }
  for (int i = 0; i < count; i++)
    held->offsets[held->count++] = start + w->line.mark_at[column][i];
}

/* A cell's `length` bytes copied to `row`: a short cell (nearly every
 * one) as a copy of a fixed size, a few wide stores and no call; the
 * bytes copied past it are overwritten by the next piece or lie past the
 * line's end, within the row's room and the cell's. */
static inline void copy_cell(char *row, const char *cell, size_t length) {
  enum { SHORT_CELL = 32 };
  if (length <= SHORT_CELL)
    memcpy(row, cell, SHORT_CELL);
  else
    memcpy(row, cell, length);
}

/* Whether the cell in `column` has marks to hold. */
static inline bool has_marks(const mat_writer *w, int column) {
  return w->line.mark_count[column] > 0;
}

/* Writes the move line being filled, if it holds anything.  The line is
 * put together in the lines gathered: a write per piece was a tenth of
 * the writer's time. */
static void flush_line(mat_writer *w) {
  line_cells *line = &w->line;
  if (!line->used[0] && !line->used[1])
    return;
  if (line->numbered && line->break_number > 0)
    w->move_number = line->break_number - 1;
  char *row = pending_room(w, ROW_SIZE);
  size_t at = 5;
  if (line->numbered)
    at = (size_t)put_move_number(row, ++w->move_number);
  else
    memset(row, ' ', at);
  if (has_marks(w, 0))
    hold_marks(w, 0, at);
  copy_cell(row + at, line->text[0], line->length[0]);
  at += line->length[0];
  if (line->used[1]) {
    size_t blanks = at < RIGHT_COLUMN ? RIGHT_COLUMN - at : 1;
    /* a copy of a fixed size (a few wide stores), not a memset's call:
     * the bytes past the blanks are the right cell's, copied next */
    static const char blank_row[RIGHT_COLUMN] = "                                 ";
    memcpy(row + at, blank_row, RIGHT_COLUMN);
    at += blanks;
    if (has_marks(w, 1))
      hold_marks(w, 1, at);
    copy_cell(row + at, line->text[1], line->length[1]);
    at += line->length[1];
  }
  row[at++] = '\n';
  w->pending_length += at;
  line->mark_count[0] = line->mark_count[1] = 0;
  /* not a memset of both cells: a line is written per two actions */
  line->text[0][0] = line->text[1][0] = '\0';
  line->length[0] = line->length[1] = 0;
  line->used[0] = line->used[1] = false;
  line->left_is_roll = line->numbered = false;
  line->break_number = 0;
}

/* Where to write a cell of `kind` in `column` of the line being filled, or of a new
 * line when that cell is taken or the left player's column is asked for again.  A result
 * never follows the other player's roll on its line: read back, that would be
 * DailyGammon's result written after the winner's roll. */
static char *open_cell(mat_writer *w, int column, cell_kind kind) {
  line_cells *line = &w->line;
  bool full = column == 0 ? line->used[0] || line->used[1]
                          : line->used[1] || (kind == CELL_RESULT && line->left_is_roll);
  if (full)
    flush_line(w);
  return line->text[column];
}

/* The cell open_cell gave, now holding its `length` bytes, joins the line. */
static void close_cell(mat_writer *w, int column, size_t length, cell_kind kind) {
  line_cells *line = &w->line;
  line->length[column] = length;
  line->used[column] = true;
  if (column == 0)
    line->left_is_roll = kind == CELL_ROLL;
  if (kind != CELL_RESULT)
    line->numbered = true;
  else
    flush_line(w);
}

/* The cell `text` copied into its place (open_cell, close_cell). */
static void place_cell(mat_writer *w, int column, const char *text, size_t length,
                       cell_kind kind) {
  char *cell = open_cell(w, column, kind);
  if (length > CELL_SIZE - 1)
    length = CELL_SIZE - 1;
  memcpy(cell, text, length);
  cell[length] = '\0';
  close_cell(w, column, length, kind);
}

/* ---- actions ---------------------------------------------------------- */

/* For a copy whose marks are held: where the roll's cell just placed in
 * `column` marks hits, or that it holds the record's own moves. */
static void note_roll(mat_writer *w, const bg_action *roll, int column, const char *cell,
                      size_t length, bool resolved) {
  held_marks *held = w->held;
  if (!held)
    return;
  if (!resolved) {
    if (roll->move_count > 0 && !match_roll_marked_unknown(roll) && !roll->cannot_move)
      held->record_plays = true;
    return;
  }
  /* by memchr, a vector at a time: most cells have no mark */
  int *count = &w->line.mark_count[column];
  const char *mark = memchr(cell, '*', length);
  while (mark && *count < CELL_MARKS) {
    w->line.mark_at[column][(*count)++] = (int)(mark - cell);
    mark = memchr(mark + 1, '*', length - (size_t)(mark + 1 - cell));
  }
}

/* "; Set Pos=" and its board, on a line of its own. */
static void write_set_position(mat_writer *w, const bg_replay_event *event) {
  char line[64];
  write_mat_set_position_line(event, line, sizeof line);
  flush_line(w);
  write_pending(w);
  fputs(line, w->out);
}

/* A cell the record's reader said a syntax error of, written as the
 * record wrote it when that was a .mat cell (read again, it is the same
 * error); another notation's text a .mat cannot hold: said so.  False
 * when the cell is still to be written. */
static bool written_cell(mat_writer *w, bg_replay *replay, const bg_replay_event *event,
                         int column) {
  const bg_action *act = event->action;
  if (!act->written || act->kind == ACT_SET_POSITION)
    return false;
  if (!act->written_mat) {
    bg_replay_say_lossy(replay, act->pos,
                        "a .mat cannot hold this text its reader could not read: '%.60s'",
                        act->written);
    return false;
  }
  char cell[CELL_SIZE];
  bool keyword = act->kind != ACT_ROLL;
  size_t at = keyword ? 1 : 0, length = act->written_length;
  if (length > sizeof cell - at)
    length = sizeof cell - at;
  cell[0] = ' ';
  memcpy(cell + at, act->written, length);
  place_cell(w, column, cell, at + length,
             act->kind == ACT_WIN ? CELL_RESULT
             : keyword            ? CELL_KEYWORD
                                  : CELL_ROLL);
  return true;
}

/* Where the record's move numbers break off (a line left out, written
 * twice or misnumbered), the line starts anew and its number breaks off
 * from the copy's by as much as the record's did from what was expected:
 * read again, the copy's numbers break off at the same action. */
static void break_numbering(mat_writer *w, const bg_replay_event *event) {
  const bg_action *act = event->action;
  if (!match_numbering_breaks_at(event->game, event->action_index))
    return;
  flush_line(w);
  int number = w->move_number + 1 + act->move_number - act->numbering_expected;
  w->line.break_number = number > 0 ? number : act->move_number;
}

static void write_action(mat_writer *w, bg_replay *replay, const bg_replay_event *event) {
  const bg_action *act = event->action;
  int column = event->player == 1 ? 1 : 0; /* who acted, as the replay read it */
  break_numbering(w, event);
  if (written_cell(w, replay, event, column)) {
    /* the record's own text */
  } else if (act->kind == ACT_SET_POSITION) {
    write_set_position(w, event);
  } else if (act->kind == ACT_ROLL) {
    /* written in its place on the line: a copy from a cell of its own
     * read back, 8 bytes at a time, the bytes just stored one by one */
    char *cell = open_cell(w, column, CELL_ROLL);
    size_t length;
    bool resolved = write_mat_roll_cell(w->positions, event, cell, CELL_SIZE, &length);
    close_cell(w, column, length, CELL_ROLL);
    note_roll(w, act, column, cell, length, resolved);
  } else {
    cell_kind kind = act->kind == ACT_WIN ? CELL_RESULT : CELL_KEYWORD;
    char *cell = open_cell(w, column, kind);
    write_mat_keyword_cell(event, cell, CELL_SIZE);
    close_cell(w, column, strlen(cell), kind);
  }
  w->positions = event->after_known ? event->readings : 0;
}

/* The lines the record's reader could not read (bg_unread_line) that
 * stand before action `action_index` of game `game`, each written as the
 * record wrote it, on its own line: read again, the same syntax error. */
static void write_unread_lines(mat_writer *w, int game, int action_index) {
  const bg_unread_line *unread;
  while ((unread = match_next_unread_line(w->match, game, action_index,
                                          &w->unread_next)) != NULL) {
    flush_line(w);
    put_pending(w, unread->text, unread->length);
    put_pending(w, "\n", 1);
  }
}

/* Holds the copy of a record that does not mark hits as a habit (see
 * held_marks); false when it is written straight to `w->out`. */
static bool hold_copy(mat_writer *w, held_marks *held) {
  if (match_hit_marks(w->match, 2) >= 2)
    return false;
  *held = (held_marks){.out = w->out};
  FILE *copy = open_memstream(&held->text, &held->size);
  if (!copy)
    return false; /* written with the marks, as a record that marks them */
  w->out = copy;
  w->held = held;
  return true;
}

/* Writes the copy held, without the writer's marks if a play was written
 * as the record's own moves. */
static bool release_copy(mat_writer *w) {
  held_marks *held = w->held;
  bool copied = fclose(w->out) == 0;
  w->out = held->out;
  w->held = NULL;
  size_t from = 0;
  bool unmarked = held->record_plays && held->errors;
  for (size_t i = 0; copied && unmarked && i < held->count; i++) {
    size_t mark = (size_t)held->offsets[i];
    fwrite(held->text + from, 1, mark - from, w->out);
    from = mark + 1;
  }
  if (copied)
    fwrite(held->text + from, 1, held->size - from, w->out);
  free(held->text);
  free(held->offsets);
  return copied;
}

bool write_mat(FILE *out, const bg_match *match, bg_replay *replay, bool first) {
  char pending[PENDING_SIZE];
  mat_writer w = {.out = out, .match = match, .pending = pending};
  held_marks held;
  bool holding = hold_copy(&w, &held);
  if (!first)
    put_pending(&w, "\n", 1);
  write_header(&w);
  const bg_replay_event *event;
  while ((event = bg_replay_next(replay)) != NULL) {
    /* the mark's error is among the event's diagnostics: most events
     * have none, and are written without the call */
    if (event->diag_count > 0)
      bg_replay_say_crawford_unmarked(
          replay, event,
          "a .mat does not mark the Crawford game: this wrong mark is "
          "not written");
    if (holding && (event->errors > 0 ||
                    (event->kind == BG_REPLAY_ACTION && event->action->written)))
      held.errors = true; /* a syntax error of the record's reader, too */
    if (event->kind == BG_REPLAY_GAME_START) {
      write_unread_lines(&w, event->game_index - 1, INT_MAX);
      write_game_start(&w, event);
    } else if (event->kind == BG_REPLAY_ACTION) {
      write_unread_lines(&w, event->game_index, event->action_index);
      write_action(&w, replay, event);
    } else if (event->kind == BG_REPLAY_GAME_END) {
      flush_line(&w);
      write_unread_lines(&w, event->game_index, INT_MAX);
    }
  }
  write_unread_lines(&w, INT_MAX, INT_MAX);
  write_pending(&w);
  if (holding && !release_copy(&w))
    return false;
  return !ferror(out);
}
