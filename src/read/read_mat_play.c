/*
 * read_mat_play.c — reads one move line of a .mat record into actions:
 *
 *     "  3) 63: 24/18 13/10                41: 13/9 6/5"
 *     "  7)  Doubles => 2                    Takes"
 *     "                                      Wins 2 points"
 *
 * A line holds up to two cells.  Cells are found by where a cell token
 * starts (a roll "63:" or a keyword), never by fixed columns, because
 * writers overflow and misalign them.  The second cell of a line is the
 * right player's; a lone cell belongs to the side whose column it is
 * nearer (the right column is learned from lines with two cells).
 *
 * The moves of a roll's play are read by read_mat_token.c.
 *
 * An error makes the rest of its cell unreadable: it is reported once, a
 * roll whose play could not be read is kept as an unknown play ("????"),
 * and reading resumes at the next cell of the line.
 *
 * Stage: under read_mat.c, which hands it each move line.  Calls the cell
 * tokens' file (read_mat_token.c: move numbers, moves, misspelt cube
 * words), read_mat_layout.c (where a cell stands), read_mat_broken.c (a
 * broken cell's errors and kept text), the memo and the patterns, and
 * read_mat_report.c; never read_mat.c.
 */
#include "read_mat_cell.h"

#include "alloc.h"

#include <string.h>

/* ---- cells -------------------------------------------------------------- */

static void learn_right_column(bg_mat_reader *reader, int column) {
  if (!reader->right_column_learned || column < reader->right_column)
    reader->right_column = column;
  reader->right_column_learned = true;
}

static int group_int(mat_line_state *state, mat_group_id group) {
  mat_span span;
  if (!mat_group_span(&state->reader->patterns, group, &span))
    return 0;
  return mat_span_int(state->line->text, span);
}

/* "Resigned Game" / "Match" / "Resign normal|single|gammon|backgammon". */
static int resign_level(const char *text, mat_line_state *state) {
  mat_span span = {0, 0};
  mat_group_span(&state->reader->patterns, GRP_CELL_TOKEN_YIELDED, &span);
  switch (text[span.start] | 0x20) { /* the first letter, any case */
  case 'm':
    return RESIGN_MATCH;
  case 'n':
  case 's':
    return RESIGN_SINGLE;
  case 'g': /* "game" or "gammon" */
    return span.end - span.start == 6 ? RESIGN_GAMMON : RESIGN_UNSAID;
  case 'b':
    return RESIGN_BACKGAMMON;
  default:
    return RESIGN_UNSAID;
  }
}

/* Fills a new action from the cell token just matched; inline in
 * start_cell, as that is. */
static inline __attribute__((always_inline)) void
fill_action(mat_line_state *state, bg_action *action, mat_token_kind kind) {
  const char *text = state->line->text;
  mat_span span = {0, 0};
  switch (kind) {
  case TOK_ROLL:
    action->kind = ACT_ROLL;
    /* (a roll the memo decoded is start_known_roll's) */
    if (mat_group_span(&state->reader->patterns, GRP_CELL_TOKEN_DIE1, &span)) {
      action->die1 = text[span.start] - '0';
      action->die2 = text[span.start + 1] - '0';
    }
    if (!match_roll_has_dice(action)) /* "00:": nothing rolled */
      match_roll_mark_nothing_rolled(action);
    break;
  case TOK_DOUBLE:
    action->kind = ACT_DOUBLE;
    action->value = group_int(state, GRP_CELL_TOKEN_CUBE);
    break;
  case TOK_BEAVER:
    action->kind = ACT_BEAVER;
    action->value = group_int(state, GRP_CELL_TOKEN_BEAVER);
    break;
  case TOK_TAKE:
    action->kind = ACT_TAKE;
    break;
  case TOK_DROP:
    action->kind = ACT_DROP;
    break;
  case TOK_WIN:
    action->kind = ACT_WIN;
    action->value = group_int(state, GRP_CELL_TOKEN_WON);
    action->and_match =
        mat_group_span(&state->reader->patterns, GRP_CELL_TOKEN_AND_MATCH, &span);
    break;
  case TOK_YIELD:
    action->kind = ACT_RESIGN;
    action->resign_level = resign_level(text, state);
    break;
  case TOK_CONCEDE: /* worth 1, 2 or 3 times the cube: the "Wins" line says */
    action->kind = ACT_RESIGN;
    action->resign_level = RESIGN_UNSAID;
    break;
  case TOK_BAD_ROLL:
    action->kind = ACT_ROLL;
    match_roll_mark_dice_unread(action);
    break;
  default:
    action->kind = ACT_RESIGN;
    action->value = group_int(state, GRP_CELL_TOKEN_LOST);
    break;
  }
  /* every "Wins" and resignation cell is filled here: counted for
   * match_resolve (bg_game's ending_actions), whose pass stops at the
   * game's first */
  if (action->kind == ACT_WIN || action->kind == ACT_RESIGN)
    state->game->ending_actions++;
}

/* Opens a cell at `offset` for a token of `kind`, its action added but
 * not filled; NULL when the line cannot hold another. */
static inline bg_action *open_cell(mat_line_state *state, mat_token_kind kind,
                                   size_t offset) {
  int column = (int)offset + 1;
  int player;
  if (state->cells == 0) {
    player = mat_lone_cell_player(state, column);
  } else if (kind == TOK_CONCEDE && state->action) {
    /* "55: 4/off 3/off(2)   Concedes": the roller gives up after the roll.
     * The "Wins" line says who won, whatever the column. */
    player = state->action->player;
  } else if (state->cells == 1) {
    player = 1;
    learn_right_column(state->reader, column);
  } else if (kind == TOK_WIN) {
    /* A result written after both plays of a line: placed by its column. */
    player = mat_lone_cell_player(state, column);
  } else {
    state->action = NULL;
    mat_cell_error(state, offset,
                   "a move line has at most two cells (left player, right player)");
    return NULL;
  }
  bg_action *action = match_game_add_action(state->game);
  if (!action) {
    state->reader->out_of_memory = true;
    return NULL;
  }
  action->player = action->column = player;
  action->pos = (bg_srcpos){state->line->number, column};
  action->move_number = state->reader->move_number;
  /* a roll's moves get their room as its cell opens: its known moves are
   * then written with no test (add_known_moves) */
  if ((kind == TOK_ROLL || kind == TOK_BAD_ROLL) &&
      !(action->moves = match_reserve_moves(state->reader->match)))
    bg_out_of_memory();
  state->action = action;
  state->cells++;
  state->broken = false;
  state->play_closed = false;
  return action;
}

/* Starts a cell at `offset` with the token just matched; false when the
 * line cannot hold another.  Forced inline in both copies of the line's
 * loop (read_cells): called from two places, it would be kept out. */
static inline __attribute__((always_inline)) bool
start_cell(mat_line_state *state, mat_token_kind kind, size_t offset) {
  bg_action *action = open_cell(state, kind, offset);
  if (!action)
    return false;
  fill_action(state, action, kind);
  if (kind == TOK_BAD_ROLL)
    mat_report_bad_dice(state, offset);
  return true;
}

/* start_cell for a roll the memo decoded: its dice known, its action's
 * kind the ACT_ROLL of a new action (all zero). */
_Static_assert(ACT_ROLL == 0, "a new action is a roll");
static inline bool start_known_roll(mat_line_state *state, const mat_decoded_word *known,
                                    size_t offset) {
  bg_action *action = open_cell(state, TOK_ROLL, offset);
  if (!action)
    return false;
  action->die1 = known->dice[0];
  action->die2 = known->dice[1];
  if (!match_roll_has_dice(action)) /* "00:": nothing rolled */
    match_roll_mark_nothing_rolled(action);
  return true;
}

/* A cube action misspelt ("Dubles => 2", "Tkaes") where no token matched:
 * one syntax error, then the action read as meant, so that the game stays
 * in step.  A word without "=> N" only where it is a whole cell and not
 * inside text already reported: line noise holds words that look like one
 * ("make" is one letter from "Take").  False when it is none; else *end is
 * where reading goes on (the line's end when it holds no more cells). */
static bool read_misspelt_cell(mat_line_state *state, size_t offset, size_t *end) {
  mat_cube_typo typo;
  if (!mat_read_cube_typo(&state->reader->patterns, state->line, offset, &typo) ||
      (!typo.valued && (state->broken || !mat_stands_as_cell(state, typo.end))))
    return false;
  /* placed as any cube action is: TOK_TAKE stands for them all */
  bg_action *action = open_cell(state, TOK_TAKE, offset);
  *end = action ? typo.end : state->line->length;
  if (!action)
    return true;
  action->kind = typo.kind;
  action->value = typo.value;
  char found[64], meant[64];
  mat_quote_bytes(state->line->text + typo.word.start, typo.word.end - typo.word.start,
                  found, sizeof found);
  if (typo.valued)
    snprintf(meant, sizeof meant, "%s => %d", typo.meant, typo.value);
  else
    snprintf(meant, sizeof meant, "%s", typo.meant);
  mat_syntax_error(state->reader, state->line->number, (int)offset + 1,
                   "'%s' is not a cube action: read as '%s'", found, meant);
  return true;
}

/* The cell is recorded as a roll nobody can read (dice 0, play unknown), so
 * the turn still passes; the syntax error says why. */
static void start_unreadable_cell(mat_line_state *state, size_t offset) {
  bg_action *action = match_game_add_action(state->game);
  if (!action) {
    state->reader->out_of_memory = true;
    return;
  }
  action->kind = ACT_ROLL;
  action->player = action->column =
      state->cells == 0 ? mat_lone_cell_player(state, (int)offset + 1) : 1;
  action->pos = (bg_srcpos){state->line->number, (int)offset + 1};
  action->move_number = state->reader->move_number;
  match_roll_mark_unreadable(action);
  state->action = action;
  state->cells++;
  state->broken = false;
  state->play_closed = true;
}

/* ---- plays -------------------------------------------------------------- */

static void start_hidden_roll(mat_line_state *state, size_t offset) {
  start_unreadable_cell(state, offset);
  if (state->action) { /* nothing unreadable: just not written */
    state->action->dice = ROLL_DICE_NONE;
    state->action->play = ROLL_PLAY_UNRECORDED;
  }
}

/* A token of a roll's play: a move, "Cannot Move" or "????". */
static void read_play_token(mat_line_state *state, mat_token_kind kind, size_t offset) {
  if (mat_is_stray_unknown(state, kind, offset)) {
    char found[64], message[200];
    mat_quote_token(state->line, offset, found, sizeof found);
    snprintf(message, sizeof message,
             "'%s' on a line with no move number takes no turn (an unrecorded turn is "
             "written on its move line: '  7) 63: ?\?\?\?')",
             found);
    mat_cell_error(state, offset, message);
    return;
  }
  if (mat_starts_hidden_roll(state, kind, offset)) {
    start_hidden_roll(state, offset);
    return;
  }
  bg_action *action = state->action;
  if (!action || action->kind != ACT_ROLL) {
    char found[64], message[120];
    mat_quote_token(state->line, offset, found, sizeof found);
    snprintf(message, sizeof message, "expected a roll like '63:' before '%s'", found);
    mat_cell_error(state, offset, message);
    return;
  }
  if (state->play_closed || (kind != TOK_MOVE && action->move_count > 0)) {
    mat_cell_error(state, offset, "'Cannot Move' or '?\?\?\?' must be the whole play");
    return;
  }
  if (kind == TOK_MOVE) {
    mat_read_move_token(state, offset);
    return;
  }
  state->play_closed = true;
  if (kind == TOK_CANNOT)
    action->cannot_move = true;
  else
    match_roll_mark_unrecorded(action);
}

/* ---- the line ------------------------------------------------------------ */

/* Can a move token decoded before be added as it is, with no check
 * (read_play_token's, in short)?  Yes in a readable cell whose roll's play
 * is open: the common case. */
static bool takes_known_moves(const mat_line_state *state) {
  const bg_action *action = state->action;
  return !state->broken && action && action->kind == ACT_ROLL && !state->play_closed;
}

/* Gives the roll token just read to the memo, with its dice. */
static void keep_roll(mat_line_state *state, size_t offset, size_t token_end) {
  const bg_action *action = state->action;
  mat_decoded_word roll = {.count = MAT_DECODED_ROLL,
                           .dice = {(uint8_t)action->die1, (uint8_t)action->die2}};
  mat_memo_keep_decoded(&state->reader->patterns, state->line->text, state->line->length,
                        offset, token_end, &roll);
}

/* A move standing apart in the right column after a left roll ("13) 31:
 *                        20/14 15/9 9/3 14/8", or after the left play):
 * the right player's play, its dice lost, not more of the left play. */
static inline bool starts_diceless_right_cell(const mat_line_state *state,
                                              size_t offset) {
  const bg_action *action = state->action;
  const bg_mat_reader *reader = state->reader;
  const char *text = state->line->text;
  /* the cells and the column first: asked of every move, those of the
   * right cell are its second, most others stand left of that column */
  return state->cells == 1 && (int)offset + 1 >= reader->right_column &&
         reader->right_column_learned && action && action->kind == ACT_ROLL &&
         action->player == 0 && !state->play_closed && !state->broken && offset >= 2 &&
         text[offset - 1] == ' ' && text[offset - 2] == ' ';
}

/* The right player's roll whose dice are lost: said once; its play is read
 * and checked with every roll that makes it (as "72: 13/9"). */
static void start_diceless_cell(mat_line_state *state, size_t offset) {
  bg_action *action = open_cell(state, TOK_ROLL, offset);
  if (!action)
    return;
  action->kind = ACT_ROLL;
  match_roll_mark_dice_unread(action);
  mat_syntax_error(
      state->reader, state->line->number, (int)offset + 1,
      "expected a roll like '63:' before this play: its dice are missing (the "
      "play is checked with every roll that makes it)");
}

/* mat_add_known_moves, inline where it runs for most words of a record:
 * with room for the moves (the common case) they are written at once, in
 * the room the roll's cell reserved (open_cell), with `line`'s number;
 * else that function adds them one by one and says the error, which may
 * break the cell (false). */
static inline bool add_known_moves(mat_line_state *state, const mat_decoded_word *known,
                                   const mat_line *line, size_t offset) {
  bg_action *action = state->action;
  int count = known->count;
  if (action->move_count + count > BG_MAX_MOVES) {
    mat_add_known_moves(state, known, offset);
    return false;
  }
  bg_move *moves = action->moves + action->move_count;
  action->move_count += count;
  /* one move, or two (a chain "24/18/13"): mat_decoded_word */
  mat_decoded_write(&moves[0], &known->moves[0], line->number, offset);
  if (count == 2)
    mat_decoded_write(&moves[1], &known->moves[1], line->number, offset);
  return true;
}

/* The cells of a move line, from `offset` on, its blanks in `map`;
 * `whole`: the map holds the whole line (see read_cells). */
static inline __attribute__((always_inline)) void
read_mapped_cells(mat_line_state *state, size_t offset, mat_blank_map map, bool whole) {
  bg_mat_reader *reader = state->reader;
  /* a copy: the moves are written byte-wise, which may alias the line's
   * fields, and they would be loaded again for every word */
  const mat_line copy = *state->line, *line = &copy;
  mat_patterns *patterns = &reader->patterns;
  /* takes_known_moves, asked again only where the cell may have changed:
   * a roll read opens its play, known moves added at once leave it open */
  bool open = false; /* no cell yet */
  /* each turn of the loop leaves `offset` at a word or the line's end */
  for (offset = mat_next_word(line, map, offset, whole); offset < line->length;) {
    size_t end = mat_word_end(line, map, offset, whole);
    /* kept in state->known only for the calls that read it there */
    const mat_decoded_word *known = mat_memo_decoded(patterns, line->text, offset, end);
    if (known) {
      /* a roll or move token decoded before: no match, no decoding */
      if (known->count == MAT_DECODED_ROLL) {
        if (!start_known_roll(state, known, offset))
          return;
        open = true;
      } else if (open) {
        /* a diceless right cell takes known moves too: asked only then */
        if (starts_diceless_right_cell(state, offset))
          start_diceless_cell(state, offset);
        if (!add_known_moves(state, known, line, offset))
          open = takes_known_moves(state);
      } else if (!state->broken) {
        state->known = known;
        read_play_token(state, TOK_MOVE, offset); /* says what is wrong */
        open = takes_known_moves(state);
      }
      offset = mat_next_word(line, map, end, whole);
      continue;
    }
    state->known = NULL;
    if (!mat_match_token(patterns, line->text, line->length, offset)) {
      size_t typo_end;
      if (read_misspelt_cell(state, offset, &typo_end)) {
        open = takes_known_moves(state);
        offset = mat_next_word(line, map, typo_end, whole);
        continue;
      }
      /* On a line with no move number, text before any cell is a stray
       * line (a remark without ';', line noise): it takes no turn. */
      bool stray = reader->move_number == 0 && state->cells == 0;
      if (!stray && mat_starts_unreadable_cell(state, offset))
        start_unreadable_cell(state, offset);
      if (!state->broken)
        mat_cell_error_expected(state, offset);
      open = takes_known_moves(state);
      offset = mat_next_word(line, map, end, whole);
      continue;
    }
    size_t token_end = mat_match_end(patterns);
    mat_token_kind kind = mat_token_kind_of(mat_match_mark(patterns));
    if (kind == TOK_NUMBER) {
      /* The line's own number again, before a cell: only a layout quirk. */
      mat_span again = {0, 0};
      mat_group_span(patterns, GRP_CELL_TOKEN_AGAIN, &again);
      if (reader->move_number == 0 ||
          mat_span_int(line->text, again) != reader->move_number)
        mat_cell_error_expected(state, offset);
    } else if (kind == TOK_BAD_ROLL && state->broken) {
      /* A number amid text already reported ("%%%% 12 / 34"): no roll. */
    } else if (kind == TOK_BAD_ROLL && mat_continues_play(state, offset)) {
      mat_cell_error_expected(state, offset);
    } else if (mat_starts_cell(kind)) {
      if (!start_cell(state, kind, offset))
        return;
      if (kind == TOK_ROLL)
        keep_roll(state, offset, token_end);
    } else if (!state->broken) {
      if (kind == TOK_MOVE && starts_diceless_right_cell(state, offset))
        start_diceless_cell(state, offset);
      read_play_token(state, kind, offset);
    }
    open = takes_known_moves(state);
    offset = mat_next_word(line, map, token_end, whole);
  }
}

/* read_mapped_cells for a line longer than the map: a copy of its own,
 * out of line, so that the common copy stays inline. */
__attribute__((noinline)) static void
read_long_line_cells(mat_line_state *state, size_t offset, mat_blank_map map) {
  read_mapped_cells(state, offset, map, false);
}

/* The cells of a move line, from `offset` on.  Read by one of two copies
 * of the loop: most move lines fit the blank map, and their copy tests no
 * word's ends against the map's. */
static void read_cells(mat_line_state *state, size_t offset) {
  mat_memo_forget_word(&state->reader->patterns);
  mat_blank_map map = mat_map_blanks(state->line);
  if (mat_map_holds_line(state->line))
    read_mapped_cells(state, offset, map, true);
  else
    read_long_line_cells(state, offset, map);
}

void mat_read_move_line(bg_mat_reader *reader, const mat_line *line,
                        const mat_move_number *found) {
  bg_match *match = reader->match;
  mat_line_state state = {
      .reader = reader, .line = line, .game = &match->games[match->game_count - 1]};
  size_t offset = mat_read_move_number(reader, found);
  state.left_column = reader->left_column;
  int actions_before = state.game->action_count;
  bool numbering_broken = !mat_move_number_follows(reader, line);
  reader->line_error_count = 0;
  read_cells(&state, offset);
  mat_keep_written_cells(&state, actions_before);
  mat_keep_unread_line(&state, actions_before);
  if (numbering_broken)
    mat_flag_numbering_break(reader, state.game, actions_before);
  else if (reader->lines_swapped)
    mat_put_lines_in_order(reader, state.game, actions_before);
}
