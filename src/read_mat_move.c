/*
 * read_mat_move.c — the moves of a roll's play on a .mat move line, one
 * move token at a time: "24/18", "bar/20*", "6/4*(2)", "24/18/13".
 *
 * A token has matched grammar/cell-token.pcre's move branch (or was
 * decoded before: the memo's, read_mat_memo.c); here its points become
 * moves of the current roll, a chain of n points n - 1 moves, each with
 * the column of its own starting point.  A point above 25 or a repeat
 * count of 0 is a syntax error that makes the play unknown.
 *
 * Stage: a cell token's, under read_mat_play.c; also where a cell's error
 * is said and the cell broken (mat_cell_error), for both.  Calls the memo
 * (read_mat_memo.c) and read_mat_report.c.
 */
#include "alloc.h"
#include "read_mat_int.h"

#include <stdio.h>

/* ---- a cell's errors ---------------------------------------------------- */

/* The play of a roll that could not be read is unknown, not empty: the
 * referee then checks nothing after it instead of inventing errors. */
void mat_break_cell(mat_line_state *state) {
  state->broken = true;
  if (state->action && state->action->kind == ACT_ROLL) {
    state->action->unknown_play = true;
    state->action->unreadable = true;
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
    *move = (bg_move){d->from, d->to, d->count, d->hit,
                      (bg_srcpos){state->line->number, (int)(offset + d->column) + 1}};
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
    decoded.moves[decoded.count++] =
        (mat_decoded_move){(uint8_t)from, (uint8_t)to, (uint8_t)chain.repeat,
                           (uint8_t)(chain.at[i - 1].start - offset), hit};
    from = to;
  }
  if (from < 0)
    return; /* said by chain_point */
  if (move && chain.tail_hit)
    move->hit = decoded.moves[decoded.count - 1].hit = true;
  mat_patterns *patterns = &state->reader->patterns;
  mat_memo_keep_decoded(patterns, state->line->text, state->line->length, offset,
                        mat_match_end(patterns), &decoded);
}
