/*
 * read_mat_token.c — the tokens of a .mat move line's cells, one at a
 * time, once read_mat_play.c has found where each starts: the move number
 * that opens the line, the moves of a roll's play, and a cube action
 * misspelt; also where a cell's error is said and the cell broken
 * (mat_cell_error).
 *
 * Stage: a cell token's, under read_mat.c (the move number) and
 * read_mat_play.c.  Calls the memo and the patterns (read_mat_memo.c,
 * read_mat_grammar.c), notation.h (misspelt keywords) and read_mat_report.c.
 */
#include <stdio.h>

#include "alloc.h"
#include "read_mat_int.h"
#include "notation.h"

/* ---- the move number ---------------------------------------------------- */

/* The move number that opens a move line ("  12) "), and the numbering a
 * game's lines follow.
 *
 * Every program that writes .mat numbers a game's move lines 1, 2, 3...:
 * a number that does not follow the line before may say that a line was
 * left out or written twice, or only that the number is wrong (Backgammon
 * Studio numbers the "Wins" line after "Concedes" two or three higher).
 * The reader cannot tell: it flags the line's actions with what it read,
 * and the referee, which sees whether the plays after it fit the game,
 * says which (referee_numbering_broken).  One wrong number that the next
 * line's number shows (5, 6, 17, 8) is read here: a warning. */

const mat_move_number *mat_find_move_number(mat_patterns *patterns, const mat_line *line,
                                            mat_move_number *found) {
  return mat_match_move_number(patterns, line->text, line->length, &found->number,
                               &found->end)
             ? found
             : NULL;
}

size_t mat_read_move_number(bg_mat_reader *reader, const mat_move_number *found) {
  if (!found) {
    reader->move_number = 0;
    return 0;
  }
  reader->move_number = found->number;
  reader->left_column = (int)found->end + 2; /* one blank after ')' */
  return found->end;
}

/* The line that broke the numbers is no break after all: its actions are
 * no longer flagged, and a warning at its number says what it was. */
static void settle_break(bg_mat_reader *reader, bg_game *game, const char *message) {
  for (int i = reader->break_actions_from;
       i < reader->break_actions_to && i < game->action_count; i++)
    game->actions[i].after_numbering_break = false;
  mat_warning(reader, reader->break_pos, message);
}

/* The line before had a wrong number, which the line after it shows: no
 * line is missing, one number is wrong. */
static void forgive_wrong_number(bg_mat_reader *reader) {
  char message[160];
  snprintf(message, sizeof message,
           "move %d should be numbered %d: the lines before and after it follow each "
           "other",
           reader->break_found, reader->break_expected);
  settle_break(reader, &reader->match->games[reader->match->game_count - 1], message);
}

/* The game so far starts from a position the record sets ("; Set Pos"):
 * its lines may go on from another game's numbers. */
static bool game_set_up(const bg_mat_reader *reader) {
  const bg_game *game = &reader->match->games[reader->match->game_count - 1];
  for (int i = 0; i < game->action_count; i++)
    if (game->actions[i].kind == ACT_SET_POSITION)
      return true;
  return false;
}

/* Each numbered line of a game is the one after the line before, the first
 * numbered 1 (a game that starts at 2 lost its first line).  Returns
 * false on a break (a gap, or a number again), which the line's actions
 * are then flagged with (mat_flag_numbering_break). */
bool mat_move_number_follows(bg_mat_reader *reader, const mat_line *line) {
  int number = reader->move_number, last = reader->last_move_number;
  int before_break = reader->move_number_before_break;
  if (number == 0)
    return true;
  reader->last_move_number = number;
  reader->move_number_before_break = 0;
  if (number == last + 1 || (last == 0 && game_set_up(reader)))
    return true;
  if (before_break && number == before_break + 1) {
    forgive_wrong_number(reader);
    return true;
  }
  if (before_break && number == before_break && reader->break_found == number + 1) {
    reader->lines_swapped = true; /* N, N+2, N+1: read as N, N+1, N+2 */
    reader->last_move_number = number + 1;
    return true;
  }
  reader->move_number_before_break = last + 1;
  reader->break_expected = last + 1;
  reader->break_found = number;
  reader->break_pos = (bg_srcpos){
      line->number, mat_byte_column(reader, (int)mat_first_non_blank(line) + 1)};
  return false;
}

/* Reverses actions[from, to) in place. */
static void reverse_actions(bg_action *actions, int from, int to) {
  for (to--; from < to; from++, to--) {
    bg_action held = actions[from];
    actions[from] = actions[to];
    actions[to] = held;
  }
}

void mat_put_lines_in_order(bg_mat_reader *reader, bg_game *game, int first_action) {
  reader->lines_swapped = false;
  int from = reader->break_actions_from, to = game->action_count;
  if (reader->break_actions_to != first_action || from > first_action)
    return; /* not two lines side by side: left as written */
  char message[160];
  snprintf(message, sizeof message,
           "moves %d and %d are written in each other's place: read in the order of "
           "their numbers",
           reader->break_expected, reader->break_found);
  settle_break(reader, game, message);
  /* [line N+2][line N+1] -> [line N+1][line N+2], each line's own order kept */
  reverse_actions(game->actions, from, to);
  reverse_actions(game->actions, from, from + (to - first_action));
  reverse_actions(game->actions, from + (to - first_action), to);
}

void mat_numbering_new_game(bg_mat_reader *reader) {
  reader->last_move_number = reader->move_number_before_break = 0;
  reader->lines_swapped = false;
  mat_memo_new_game(&reader->patterns); /* its first line is asked as move 1 */
}

void mat_flag_numbering_break(bg_mat_reader *reader, bg_game *game, int first_action) {
  /* on the actions of the line, whatever of them could be read */
  reader->break_actions_from = first_action;
  reader->break_actions_to = game->action_count;
  for (int i = first_action; i < game->action_count; i++) {
    bg_action *act = &game->actions[i];
    act->after_numbering_break = true;
    act->numbering_expected = reader->break_expected;
    act->numbering_pos = reader->break_pos;
  }
}

/* ---- a cell's errors ---------------------------------------------------- */

/* The play of a roll that could not be read is unknown, not empty: the
 * referee then checks nothing after it instead of inventing errors. */
void mat_break_cell(mat_line_state *state) {
  state->broken = true;
  if (state->action && state->action->kind == ACT_ROLL) {
    match_roll_mark_unreadable(state->action);
    state->action->cannot_move = false;
    state->action->move_count = 0;
  }
}

/* A syntax error at `offset` that leaves the rest of the cell unread. */
void mat_cell_error(mat_line_state *state, size_t offset, const char *message) {
  mat_syntax_error(state->reader, state->line->number, (int)offset + 1, "%s", message);
  mat_break_cell(state);
}

/* ---- moves -------------------------------------------------------------- */

/* The moves of a roll's play, one move token at a time: "24/18",
 * "bar/20*", "6/4*(2)", "24/18/13".  A token has matched
 * grammar/cell-token.pcre's move branch (or was decoded before: the
 * memo's, read_mat_memo.c); here its points become moves of the current
 * roll, a chain of n points n - 1 moves, each with the column of its own
 * starting point.  A point above 25 or a repeat count of 0 is a syntax
 * error that makes the play unknown. */

/* The point a chain group holds: "bar" is 25, "off" is 0; -1 (reported)
 * for a number that is no point. */
static int chain_point(mat_line_state *state, mat_span span) {
  const char *text = state->line->text;
  char first = text[span.start];
  if (first == 'b' || first == 'B')
    return 25;
  if (first == 'o' || first == 'O')
    return 0;
  int point = mat_span_int(text, span);
  if (point > 25) {
    char message[160];
    snprintf(message, sizeof message,
             "no point %d: expected 1-24, 25 or 'bar' (the bar), 0 or 'off' (borne off)",
             point);
    mat_cell_error(state, span.start, message);
    return -1;
  }
  return point;
}

static bg_move *add_move(mat_line_state *state, size_t offset) {
  bg_action *action = state->action;
  if (action->move_count == BG_MAX_MOVES) {
    char message[80];
    snprintf(message, sizeof message, "more than %d moves in one play", BG_MAX_MOVES);
    mat_cell_error(state, offset, message);
    return NULL;
  }
  if (!action->moves && !(action->moves = match_reserve_moves(state->reader->match)))
    bg_out_of_memory();
  return &action->moves[action->move_count++];
}

/* The points and hit marks of the move token just matched. */
typedef struct {
  int count;      /* points in the chain, 2 to 5 */
  mat_span at[5]; /* where each point is written */
  bool hit[5];    /* '*' after it */
  int repeat;     /* "(2)", 1 when not written */
  bool tail_hit;  /* '*' after the repeat count */
  mat_span repeat_at;
} move_chain;

/* The groups of a chain's points and of their hit marks, in chain order
 * (cell-token.pcre's p1..p5, h1..h5): named one by one, not counted from
 * the first, whose place among the groups the grammar decides. */
static const mat_group_id chain_points[5] = {GRP_CELL_TOKEN_P1, GRP_CELL_TOKEN_P2,
                                             GRP_CELL_TOKEN_P3, GRP_CELL_TOKEN_P4,
                                             GRP_CELL_TOKEN_P5};
static const mat_group_id chain_hits[5] = {GRP_CELL_TOKEN_H1, GRP_CELL_TOKEN_H2,
                                           GRP_CELL_TOKEN_H3, GRP_CELL_TOKEN_H4,
                                           GRP_CELL_TOKEN_H5};

static void read_chain(const mat_patterns *patterns, const char *text,
                       move_chain *chain) {
  mat_span span;
  *chain = (move_chain){.count = 0};
  for (int i = 0; i < 5 && mat_group_span(patterns, chain_points[i], &chain->at[i]);
       i++) {
    chain->hit[i] = mat_group_span(patterns, chain_hits[i], &span);
    chain->count++;
  }
  chain->repeat = 1;
  chain->repeat_at = (mat_span){0, 0};
  if (mat_group_span(patterns, GRP_CELL_TOKEN_COUNT, &chain->repeat_at))
    chain->repeat = mat_span_int(text, chain->repeat_at);
  chain->tail_hit = mat_group_span(patterns, GRP_CELL_TOKEN_TAIL_HIT, &span);
}

/* Adds a move token decoded before: the same moves, the same errors (a
 * play with too many moves). */
void mat_add_known_moves(mat_line_state *state, const mat_decoded_word *known,
                         size_t offset) {
  for (int i = 0; i < known->count; i++) {
    const mat_decoded_move *d = &known->moves[i];
    bg_move *move = add_move(state, offset + d->column);
    if (!move)
      return;
    mat_decoded_write(move, d, state->line->number, offset);
  }
}

/* "24/18", "bar/20*", "6/4*(2)", "24/18/13": a chain of n points is n - 1
 * moves; a '*' marks a hit on the move it ends (a '*' on the very first
 * point, "13*\/9", is taken for the first move: lenient).  A token read
 * without an error is given to the memo, decoded. */
void mat_read_move_token(mat_line_state *state, size_t offset) {
  if (state->known) {
    mat_add_known_moves(state, state->known, offset);
    return;
  }
  move_chain chain;
  read_chain(&state->reader->patterns, state->line->text, &chain);
  if (chain.repeat < 1) {
    mat_cell_error(state, chain.repeat_at.start,
                   "a repeat count like '(2)' is at least 1");
    return;
  }
  mat_decoded_word decoded = {.count = 0};
  bool keepable = chain.count <= 3; /* two moves at most: mat_decoded_word */
  int from = chain_point(state, chain.at[0]);
  bg_move *move = NULL;
  for (int i = 1; from >= 0 && i < chain.count; i++) {
    int to = chain_point(state, chain.at[i]);
    if (to < 0)
      return;
    if (from == 0 && to == 0) {
      /* "0/0": a die with nothing left to move (21: 2/0 0/0) */
      continue;
    }
    if (!(move = add_move(state, chain.at[i - 1].start)))
      return;
    bool hit = chain.hit[i] || (i == 1 && chain.hit[0]);
    *move = (bg_move){from, to, chain.repeat, hit,
                      (bg_srcpos){state->line->number, (int)chain.at[i - 1].start + 1}};
    if (keepable)
      decoded.moves[decoded.count++] =
          mat_decoded_head(*move, chain.at[i - 1].start - offset);
    from = to;
  }
  if (from < 0)
    return; /* said by chain_point */
  if (move && chain.tail_hit) {
    move->hit = true;
    if (keepable)
      decoded.moves[decoded.count - 1] =
          mat_decoded_head(*move, decoded.moves[decoded.count - 1].column);
  }
  mat_patterns *patterns = &state->reader->patterns;
  /* "0/0" alone, no move, is matched every time: a known word adds one
   * move or two, so add_known_moves (read_mat_play.c) asks no count */
  if (keepable && decoded.count > 0)
    mat_memo_keep_decoded(patterns, state->line->text, state->line->length, offset,
                          mat_match_end(patterns), &decoded);
}

/* ---- cube actions misspelt ---------------------------------------------- */

/* A cube action misspelt by its transcriber ("Dubles => 2", "Tkaes",
 * "Drpos"): the action it is nearest, so that the reader reads it as meant
 * after one syntax error.  Left unread, one such word throws the rest of
 * the game out of step: a take "with no double offered", a turn out of
 * order, a win "before the game was over".
 *
 * grammar/cube-typo.pcre says what may be one (a word, maybe "=> N" after
 * it); this section says which action it was meant to be, by spelling and
 * by shape: with "=> N" it is a double or a beaver, alone a take or a
 * drop.  A word near none of those stays what it was, text that is no
 * token. */

/* The cube words of grammar/cell-token.pcre, by their shape. */
static const notation_spelling_word valued_words[] = {
    {"Doubles", ACT_DOUBLE}, {"Double", ACT_DOUBLE},   {"Beavers", ACT_BEAVER},
    {"Beaver", ACT_BEAVER},  {"Raccoons", ACT_BEAVER}, {"Raccoon", ACT_BEAVER},
};
static const notation_spelling_word bare_words[] = {
    {"Takes", ACT_TAKE}, {"Take", ACT_TAKE},   {"Drops", ACT_DROP},
    {"Drop", ACT_DROP},  {"Passes", ACT_DROP}, {"Rejects", ACT_DROP},
};

#define COUNT(array) ((int)(sizeof(array) / sizeof((array)[0])))

bool mat_read_cube_typo(mat_patterns *patterns, const mat_line *line, size_t offset,
                        mat_cube_typo *typo) {
  if (!mat_match_at(patterns, PAT_CUBE_TYPO, line->text, line->length, offset))
    return false;
  mat_span word = {0, 0}, value = {0, 0};
  mat_group_span(patterns, GRP_CUBE_TYPO_WORD, &word);
  bool valued = mat_group_span(patterns, GRP_CUBE_TYPO_VALUE, &value);
  const notation_spelling_word *known = valued ? valued_words : bare_words;
  int nearest =
      notation_spelling_nearest(line->text + word.start, word.end - word.start, known,
                                valued ? COUNT(valued_words) : COUNT(bare_words));
  if (nearest < 0)
    return false;
  *typo = (mat_cube_typo){.kind = (bg_action_kind)known[nearest].meaning,
                          .meant = known[nearest].word,
                          .value = valued ? mat_span_int(line->text, value) : 0,
                          .valued = valued,
                          .word = word,
                          .end = mat_match_end(patterns)};
  return true;
}
