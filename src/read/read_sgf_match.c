/*
 * read_sgf_match.c — GNU Backgammon's meaning of SGF's properties (GM[6],
 * red-bean.com/sgf/backgammon.html, as gnubg 1.07 writes them), put into
 * the model as a .mat of the same match would be:
 *
 *  - each game tree is a game; its first node holds MI[length:N][game:G]
 *    [ws:S][bs:S] (G counts from 0: "Game G+1"; the score before it),
 *    PW/PB (White is the left player), RU, RE and the match information;
 *  - a tree with MI's game:0, another length or other players starts a
 *    new match (gnubg saves one match a file; files are concatenated);
 *  - W[52ywfa]: dice, then a from/to point pair per die, a-x counted from
 *    White's side (a is White's 1 point and Black's 24), y the bar, z off;
 *    W[double], B[take], B[drop]; a double answering a double is a beaver
 *    (gnubg's way of writing one), but not one after a roll: a double
 *    left unanswered (the referee says so) is the cube the game goes on
 *    with.  The cube's value is counted here, as the .mat's "Doubles =>
 *    4" would say it;
 *  - PL[W]DI[43]: dice rolled with no play recorded;
 *  - AE[a:y]AW[a]AB[x]: a position set up (read_sgf_setup.c);
 *  - RE[W+2] (or W+2R, resigned) becomes the game's "Wins" line; a
 *    resignation worth more than a game can be (3 times the cube) and
 *    just what the winner needed is the match resigned (.mat's "Resigned
 *    Match", which gnubg's SGF has no word for);
 *  - RU[Crawford], RU[Crawford:CrawfordGame], RU[Jacoby], words joined by
 *    ':' in any order: the rules, which game is the Crawford game
 *    (bg_game.crawford_marked), and the game (Nackgammon: the
 *    [Variation] tag);
 *  - DT, EV, RO, PC, AN: the header tags gnubg's .mat export writes for
 *    them (EventDate, Event, Round, Site, Transcriber), in its order.
 * Hit marks are not in the SGF: a .mat's `*` has no counterpart.
 *
 * Stage: under read_sgf.c (SGF's syntax), which hands it the main line's
 * trees, nodes and property values; the bottom of the SGF reader, it also
 * says the reader's diagnostics for both (sgf_syntax, sgf_note).  Calls
 * read_sgf_game.c (the match and the game a tree opens),
 * read_sgf_setup.c, read_sgf_numbering.c, the model (match.h) and diag.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "read_sgf_int.h"

/* ---- diagnostics ----------------------------------------------------- */

/* A `syntax` diagnostic at `pos`. */
static bg_diag diagnostic(const bg_sgf_reader *reader, bg_srcpos pos,
                          bg_severity severity, const char *message) {
  return diag_syntax_diagnostic(reader->file, pos.line, pos.column, severity, message,
                                reader->match ? reader->match->game_count : 0, 0);
}

static void emit(bg_sgf_reader *reader, bg_srcpos pos, bg_severity severity,
                 const char *message) {
  bg_diag diag = diagnostic(reader, pos, severity, message);
  diag_emit(reader->sink, &diag);
}

void sgf_syntax(bg_sgf_reader *reader, bg_srcpos pos, const char *fmt, ...) {
  bg_diag diag = diagnostic(reader, pos, DIAG_ERROR, NULL);
  va_list args;
  va_start(args, fmt);
  diag_syntax_emitv(&reader->syntax_limit, reader->sink, &diag, fmt, args);
  va_end(args);
}

void sgf_note(bg_sgf_reader *reader, bg_srcpos pos, const char *message) {
  emit(reader, pos, DIAG_NOTE, message);
}

/* The match information of the first node, in sgf_tree.info's order. */
static const char *const info_properties[] = {"DT", "EV", "RO", "PC", "AN"};
#define INFO_COUNT ((int)(sizeof info_properties / sizeof info_properties[0]))

#define MAX_CUBE (1 << 30)

static char *copy_value(const char *value, size_t length) {
  char *copy = malloc(length + 1);
  if (copy) {
    memcpy(copy, value, length);
    copy[length] = '\0';
  }
  return copy;
}

static void replace(bg_sgf_reader *reader, char **slot, const char *value,
                    size_t length) {
  free(*slot);
  *slot = copy_value(value, length);
  if (!*slot)
    reader->io_error = true;
}

void sgf_tree_free(sgf_tree *tree) {
  free(tree->names[0]);
  free(tree->names[1]);
  free(tree->rules);
  for (int i = 0; i < INFO_COUNT; i++)
    free(tree->info[i]);
  memset(tree, 0, sizeof *tree);
}

void sgf_tree_begin(bg_sgf_reader *reader, bg_srcpos pos) {
  sgf_tree *tree = &reader->tree;
  sgf_tree_free(tree);
  tree->pos = pos;
  tree->gm = -1;
  tree->winner = -1;
  tree->cube = 1;
  tree->offered_by = -1;
  tree->dice_player = -1;
}

void sgf_node_begin(bg_sgf_reader *reader, bg_srcpos pos, bool root) {
  sgf_tree *tree = &reader->tree;
  tree->node_open = true;
  tree->in_root = root;
  if (root)
    tree->root = pos;
  tree->dice_player = -1;
  tree->dice_node[0] = tree->dice_node[1] = 0;
  tree->node_play = tree->setup_open = false;
  tree->node_pos = pos;
}

/* ---- the first node ----------------------------------------------------- */

static int parse_int(const char *text, int fallback) {
  char *end;
  long value = strtol(text, &end, 10);
  if (end == text || value < 0 || value > 1000000)
    return fallback;
  return (int)value;
}

/* One value of MI: "length:7", "game:0", "ws:2", "bs:1". */
static void read_mi(sgf_tree *tree, const char *value, bg_srcpos pos) {
  tree->has_mi = true;
  tree->mi_pos = pos;
  if (strncmp(value, "length:", 7) == 0)
    tree->length = parse_int(value + 7, 0);
  else if (strncmp(value, "game:", 5) == 0)
    tree->number = parse_int(value + 5, 0);
  else if (strncmp(value, "ws:", 3) == 0)
    tree->score[0] = parse_int(value + 3, 0);
  else if (strncmp(value, "bs:", 3) == 0)
    tree->score[1] = parse_int(value + 3, 0);
}

/* RE[W+2], RE[B+4R]; RE[0], RE[?] and RE[Void] say there is none. */
static void read_result(bg_sgf_reader *reader, const char *value, bg_srcpos pos) {
  sgf_tree *tree = &reader->tree;
  if (strcmp(value, "0") == 0 || strcmp(value, "?") == 0 || strcmp(value, "Void") == 0 ||
      value[0] == '\0')
    return;
  char *end = NULL;
  long points = 0;
  if ((value[0] == 'W' || value[0] == 'B') && value[1] == '+')
    points = strtol(value + 2, &end, 10);
  if (!end || end == value + 2 || points < 1 || points > MAX_CUBE * 3L ||
      (*end && strcmp(end, "R") != 0)) {
    sgf_syntax(reader, pos, "RE[%.40s] is not a result: W+N or B+N (R when resigned)",
               value);
    return;
  }
  tree->winner = value[0] == 'W' ? 0 : 1;
  tree->points = (int)points;
  tree->resigned = *end == 'R';
  tree->re_pos = pos;
}

static void root_property(bg_sgf_reader *reader, const char *ident, bg_srcpos pos,
                          const char *value, size_t length) {
  sgf_tree *tree = &reader->tree;
  if (strcmp(ident, "GM") == 0)
    tree->gm = parse_int(value, 0);
  else if (strcmp(ident, "MI") == 0)
    read_mi(tree, value, pos);
  else if (strcmp(ident, "PW") == 0 || strcmp(ident, "PB") == 0)
    replace(reader, &tree->names[ident[1] == 'B'], value, length);
  else if (strcmp(ident, "RU") == 0) {
    replace(reader, &tree->rules, value, length);
    tree->ru_pos = pos;
  } else if (strcmp(ident, "RE") == 0)
    read_result(reader, value, pos);
  else
    for (int i = 0; i < INFO_COUNT; i++)
      if (strcmp(ident, info_properties[i]) == 0)
        replace(reader, &tree->info[i], value, length);
}

/* ---- the end of the first node ------------------------------------------- */

static void finish_root(bg_sgf_reader *reader) {
  sgf_tree *tree = &reader->tree;
  tree->in_root = false;
  if (tree->gm != 6) {
    tree->skipped = true;
    if (tree->gm < 0)
      sgf_syntax(reader, tree->root, "a game tree without GM[6] (backgammon): not read");
    else
      sgf_syntax(reader, tree->root, "GM[%d] is not backgammon (GM[6]): not read",
                 tree->gm);
    return;
  }
  if (!tree->has_mi)
    tree->length = reader->match ? reader->match->length : 0;
  if (sgf_tree_starts_match(reader))
    sgf_hand_out(reader);
  sgf_add_game(reader);
}

/* ---- moves ------------------------------------------------------------------ */

static bg_action *add_action(bg_sgf_reader *reader, bg_action_kind kind, int player,
                             bg_srcpos pos) {
  bg_match *match = reader->match;
  if (!match || match->game_count == 0)
    return NULL;
  bg_game *game = &match->games[match->game_count - 1];
  bg_action *action = match_game_add_action(game);
  if (!action) {
    reader->io_error = true;
    return NULL;
  }
  action->kind = kind;
  action->player = action->column = player;
  action->pos = pos;
  sgf_numbering_flag(&reader->tree, game, action);
  return action;
}

/* A point letter as the mover's point: 1..24, 25 the bar, 0 off; -1 none. */
static int point_of(int player, char letter) {
  if (letter >= 'a' && letter <= 'x')
    return player == 0 ? letter - 'a' + 1 : 24 - (letter - 'a');
  return letter == 'y' ? BG_BAR : letter == 'z' ? BG_OFF : -1;
}

static bool read_moves(bg_match *match, bg_action *roll, const char *pairs,
                       size_t length) {
  if (length % 2 != 0 || length > 2 * 4)
    return false;
  if (length > 0 && !roll->moves && !(roll->moves = match_reserve_moves(match)))
    bg_out_of_memory();
  for (size_t i = 0; i < length; i += 2) {
    int from = point_of(roll->player, pairs[i]);
    int to = point_of(roll->player, pairs[i + 1]);
    if (from <= BG_OFF || to < 0 || to == BG_BAR)
      return false;
    roll->moves[roll->move_count++] =
        (bg_move){.from = from, .to = to, .count = 1, .pos = roll->pos};
  }
  return true;
}

/* Which player moves a checker from letter `from` to letter `to`: White
 * (0) from high letters to low ones, Black (1) from low to high; entering
 * from the bar (y) on the mover's 19-24 points, bearing off (z) from the
 * mover's 1-6.  -1: neither, or either. */
static int mover_of_pair(char from, char to) {
  bool from_point = from >= 'a' && from <= 'x', to_point = to >= 'a' && to <= 'x';
  if (from_point && to_point && from != to)
    return from > to ? 0 : 1;
  if (from == 'y' && to_point)
    return to >= 's' ? 0 : to <= 'f' ? 1 : -1;
  if (from_point && to == 'z')
    return from <= 'f' ? 0 : from >= 's' ? 1 : -1;
  return -1;
}

/* The player the `length` letters of `pairs` move for: `written`, unless
 * every pair that tells goes the other player's way. */
static int mover_of_pairs(const char *pairs, size_t length, int written) {
  int theirs = 0;
  for (size_t i = 0; i + 1 < length; i += 2) {
    int mover = mover_of_pair(pairs[i], pairs[i + 1]);
    if (mover == written)
      return written;
    theirs += mover == 1 - written;
  }
  return theirs > 0 ? 1 - written : written;
}

/* The node's text, "W[52mhhb]", kept on `roll` when a syntax error is said
 * of it: a conversion writes it again where the target can hold it. */
static void keep_node_text(bg_sgf_reader *reader, bg_action *roll, int player,
                           const char *value, size_t length) {
  char text[64];
  int n = snprintf(text, sizeof text, "%c[%.*s]", player ? 'B' : 'W',
                   (int)(length < 40 ? length : 40), value);
  if (n > 0) {
    roll->written_length = (size_t)n < sizeof text ? (size_t)n : sizeof text - 1;
    roll->written = match_keep_text(reader->match, text, roll->written_length);
  }
}

static void read_roll(bg_sgf_reader *reader, int player, bg_srcpos pos, const char *value,
                      size_t length) {
  /* A node whose colour its moves belie ("B[52mhhb]", White's way): one
   * slip, said here; read as the player who moves so, or the turns and the
   * plays after it would be blamed too.  A value with no dice first is no
   * play at all: its letters are no moves either. */
  int written = player;
  bool dice = length >= 2 && value[0] >= '1' && value[0] <= '6' && value[1] >= '1' &&
              value[1] <= '6';
  if (dice && length > 2) {
    int mover = mover_of_pairs(value + 2, length - 2, player);
    if (mover != player)
      sgf_syntax(reader, pos,
                 "%c[%.40s]: its moves go the way %s moves: read as %c's play",
                 player ? 'B' : 'W', value, mover ? "Black" : "White", mover ? 'B' : 'W');
    player = mover;
  }
  bg_action *roll = add_action(reader, ACT_ROLL, player, pos);
  if (!roll)
    return;
  if (player != written)
    keep_node_text(reader, roll, written, value, length);
  if (dice) {
    roll->die1 = value[0] - '0';
    roll->die2 = value[1] - '0';
  }
  if (!dice || !read_moves(reader->match, roll, value + 2, length - 2)) {
    sgf_syntax(reader, pos,
               "%c[%.40s] is not a play: two dice 1-6, then up to four from/to pairs of "
               "points a-x (y the bar, z off)",
               player ? 'B' : 'W', value);
    roll->die1 = roll->die2 = 0;
    roll->move_count = 0;
    match_roll_mark_not_a_play(roll);
    keep_node_text(reader, roll, player, value, length);
  }
}

/* double, take, drop: the cube's value as the moves leave it. */
static void read_cube(bg_sgf_reader *reader, int player, bg_srcpos pos,
                      const char *word) {
  sgf_tree *tree = &reader->tree;
  if (strcmp(word, "double") == 0 || strcmp(word, "beaver") == 0) {
    bool beaver = tree->offered_by == 1 - player;
    int base = beaver ? tree->offered : tree->cube;
    tree->offered = base < MAX_CUBE ? base * 2 : base;
    tree->offered_by = player;
    bg_action *act = add_action(reader, beaver ? ACT_BEAVER : ACT_DOUBLE, player, pos);
    if (act)
      act->value = tree->offered;
  } else {
    /* A drop ends the game at the old cube (the referee's reckoning, not
     * this count's); a game that goes on after one was played for the
     * offered cube, whichever the word, so the next double is counted
     * from it: one wrong word, not also every later double's value. */
    bool take = strcmp(word, "take") == 0;
    if (tree->offered_by >= 0)
      tree->cube = tree->offered;
    else if (take) /* the double went unwritten: the referee says so */
      tree->cube = tree->cube < MAX_CUBE ? tree->cube * 2 : tree->cube;
    tree->offered_by = -1;
    add_action(reader, take ? ACT_TAKE : ACT_DROP, player, pos);
  }
}

/* A roll after a double no one answered: the game went on, played for
 * the cube offered, as after a take (the referee says the answer is
 * missing), so a double after it is the next double, not a beaver. */
static void roll_after_double(sgf_tree *tree) {
  if (tree->offered_by < 0)
    return;
  tree->cube = tree->offered;
  tree->offered_by = -1;
}

static bool is_cube_word(const char *value) {
  static const char *const words[] = {"double", "beaver", "take", "drop"};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (strcmp(value, words[i]) == 0)
      return true;
  return false;
}

static void move_property(bg_sgf_reader *reader, const char *ident, bg_srcpos pos,
                          const char *value, size_t length) {
  sgf_tree *tree = &reader->tree;
  if (strcmp(ident, "W") == 0 || strcmp(ident, "B") == 0) {
    int player = ident[0] == 'B';
    if (is_cube_word(value)) {
      read_cube(reader, player, pos, value);
    } else {
      roll_after_double(tree);
      read_roll(reader, player, pos, value, length);
      tree->node_play = true;
    }
  } else if (strcmp(ident, "NB") == 0) {
    if (!sgf_numbering_read(tree, pos, value))
      sgf_syntax(reader, pos, "NB[%.40s] is not a break of the move numbers: NB[10:9]",
                 value);
  } else if (strcmp(ident, "PL") == 0) {
    tree->dice_player = value[0] == 'B' ? 1 : value[0] == 'W' ? 0 : -1;
    tree->dice_pos = pos;
  } else if (strcmp(ident, "DI") == 0 && length == 2 && value[0] >= '1' &&
             value[0] <= '6' && value[1] >= '1' && value[1] <= '6') {
    tree->dice_node[0] = value[0] - '0';
    tree->dice_node[1] = value[1] - '0';
  } else if (sgf_setup_value(tree, reader->match, ident, pos, value, length) ==
             SGF_SETUP_BAD) {
    sgf_syntax(reader, pos, "%s[%.40s] is not a point: a-x (y the bar)", ident, value);
  }
}

void sgf_property_value(bg_sgf_reader *reader, const char *ident, bg_srcpos pos,
                        const char *value, size_t length) {
  sgf_tree *tree = &reader->tree;
  if (tree->skipped || !tree->node_open)
    return;
  if (tree->in_root)
    root_property(reader, ident, pos, value, length);
  else
    move_property(reader, ident, pos, value, length);
}

void sgf_node_end(bg_sgf_reader *reader) {
  sgf_tree *tree = &reader->tree;
  if (!tree->node_open)
    return;
  tree->node_open = false;
  if (!tree->in_root && !sgf_setup_end(tree, reader->match))
    sgf_syntax(reader, tree->node_pos,
               "this set-up is no backgammon position (more than 15 checkers a side, or "
               "both sides on one point): the plays after it are not checked");
  if (tree->in_root) {
    finish_root(reader);
  } else if (!tree->skipped && tree->dice_player >= 0 && tree->dice_node[0] &&
             !tree->node_play) {
    /* dice and no play: gnubg's "set dice" node, a roll not recorded; in
     * a node that holds the play too, PL and DI only repeat its roll */
    roll_after_double(tree);
    bg_action *roll = add_action(reader, ACT_ROLL, tree->dice_player, tree->dice_pos);
    if (roll) {
      roll->die1 = tree->dice_node[0];
      roll->die2 = tree->dice_node[1];
      match_roll_mark_unrecorded(roll);
    }
  }
}

/* Is RE's resignation the match's (see the top)?  What is owed is read
 * from MI: the length and the winner's score before the game. */
static bool match_resigned(const sgf_tree *tree) {
  return tree->resigned && tree->length > 0 && tree->points > 3L * tree->cube &&
         tree->points == tree->length - tree->score[tree->winner];
}

void sgf_tree_end(bg_sgf_reader *reader) {
  sgf_tree *tree = &reader->tree;
  sgf_node_end(reader);
  if (!tree->skipped && tree->winner >= 0 && match_resigned(tree)) {
    bg_action *resign = add_action(reader, ACT_RESIGN, 1 - tree->winner, tree->re_pos);
    if (resign)
      resign->resign_level = RESIGN_MATCH;
  }
  if (!tree->skipped && tree->winner >= 0) {
    bg_action *win = add_action(reader, ACT_WIN, tree->winner, tree->re_pos);
    if (win)
      win->value = tree->points;
  }
  sgf_tree_free(tree);
}

void sgf_input_end(bg_sgf_reader *reader) {
  if (reader->match && reader->match->game_count > 0) {
    sgf_hand_out(reader);
  } else if (!reader->any_game) {
    reader->any_game = true; /* said once */
    sgf_syntax(reader, (bg_srcpos){1, 1}, "no backgammon game tree (GM[6]) found");
  }
}
