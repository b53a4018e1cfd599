/*
 * read_yaml_action.c — one action of bgmatch's YAML notation read into the
 * model: a flow sequence of scalars, [player, what, ...] or [position,
 * board...] (man/bgmatch.5, ACTIONS).
 *
 * An action is read whole first (its scalars copied, by
 * read_yaml_action_text.c), then understood here, so that a mistake is
 * said once, at the scalar it is in.  An action that cannot be read but
 * whose player is known becomes what the .mat reader makes of a cell it
 * cannot read: that player's roll, its play unknown, so that the referee
 * checks nothing after it in that game instead of inventing turn-order
 * errors; the plays are judged by the referee alone.
 *
 * [numbered, N, expected, M] is no action: it says that the record the
 * YAML was converted from numbered the next action's line N where M was
 * expected (a line left out or written twice, or a wrong number), as the
 * .mat reader flags that action, so that the referee reads the game as it
 * read the .mat (bgmatch.5, ACTIONS).
 *
 * Stage: the schema layer, under read_yaml_game.c, which calls it for
 * each action.  Calls read_yaml_action_text.c for the action's text and
 * read_yaml.c's events and diagnostics.
 */
#include <string.h>
#include <strings.h>

#include "alloc.h"
#include "notation.h"
#include "read_yaml_int.h"

#define MAX_VALUE (1L << 30)

static bool is_word(const yaml_item *item, const char *word) {
  return item->text && strcmp(item->text, word) == 0;
}

/* Says what was expected where; `at` is an item or -1 (then the end of
 * the sequence: something is missing). */
static void action_error(bg_yaml_reader *reader, const yaml_action_text *text, int at,
                         const char *expected) {
  if (at < 0) {
    yaml_mark_t end = text->count ? text->items[text->count - 1].end : text->mark;
    bg_yaml_syntax_error(reader, end, "expected %s, found nothing", expected);
    return;
  }
  char quoted[200];
  const yaml_item *item = &text->items[at];
  bg_yaml_quote(item->text, item->length, quoted, sizeof quoted);
  bg_yaml_syntax_error(reader, item->start, "expected %s, found '%s'", expected, quoted);
}

/* ---- who acted ------------------------------------------------------------ */

/* A player's name as in `players`, or 0/1 (unquoted) for left/right: the
 * writer names them by index when both bear one name. */
static int read_player(bg_yaml_reader *reader, const yaml_action_text *text) {
  const yaml_item *item = &text->items[0];
  const bg_match *match = reader->match;
  long index = bg_yaml_item_number(item, 1);
  if (index >= 0)
    return (int)index;
  bool left = strcmp(item->text, match->players[0]) == 0;
  bool right = strcmp(item->text, match->players[1]) == 0;
  if (left != right)
    return left ? 0 : 1;
  char expected[300], name[2][100];
  bg_yaml_quote(match->players[0], strlen(match->players[0]), name[0], sizeof name[0]);
  bg_yaml_quote(match->players[1], strlen(match->players[1]), name[1], sizeof name[1]);
  if (left)
    snprintf(expected, sizeof expected,
             "0 or 1 (both players are named '%s': the index in players says who)",
             name[0]);
  else
    snprintf(expected, sizeof expected, "a player, '%s' or '%s' (or 0 or 1)", name[0],
             name[1]);
  action_error(reader, text, 0, expected);
  return -1;
}

/* ---- rolls ------------------------------------------------------------------ */

/* The column in bytes of byte `offset` of an item's text, where the text
 * stands as written (plain or quoted, on one line); its start otherwise. */
static bg_srcpos item_position(const bg_yaml_reader *reader, const yaml_item *item,
                               size_t offset) {
  bg_srcpos pos = bg_yaml_position(reader, item->start);
  bool as_written = item->start.line == item->end.line &&
                    item->style != YAML_LITERAL_SCALAR_STYLE &&
                    item->style != YAML_FOLDED_SCALAR_STYLE;
  if (as_written)
    pos.column += (int)offset + (item->plain ? 0 : 1);
  return pos;
}

/* The play, move by move, each at its column; false (said) when it is
 * none. */
static bool read_play(bg_yaml_reader *reader, const yaml_item *item, bg_action *roll) {
  if (is_word(item, NOTATION_UNRECORDED)) {
    match_roll_mark_unrecorded(roll);
    return true;
  }
  if (is_word(item, NOTATION_CANNOT_MOVE)) {
    roll->cannot_move = true;
    return true;
  }
  const char *play = item->text;
  if (!roll->moves && !(roll->moves = match_reserve_moves(reader->match)))
    bg_out_of_memory();
  for (size_t at = 0; at < item->length;) {
    while (at < item->length && play[at] == ' ')
      at++;
    size_t end = at;
    while (end < item->length && play[end] != ' ')
      end++;
    if (end == at)
      break;
    size_t error_at = 0;
    int room = BG_MAX_MOVES - roll->move_count;
    int count = notation_parse_moves(play + at, end - at, roll->moves + roll->move_count,
                                     room, &error_at);
    for (int m = 0; m < count; m++)
      if (roll->moves[roll->move_count + m].count < 1)
        count = -1;
    if (count < 0) {
      /* what the parse wrote is no move: zero again, as the room's moves
       * not written are (match_reserve_moves) */
      memset(roll->moves + roll->move_count, 0, (size_t)room * sizeof *roll->moves);
      char quoted[200];
      bg_yaml_quote(play + at, end - at, quoted, sizeof quoted);
      bg_yaml_syntax_error_at(
          reader, item_position(reader, item, at),
          "expected a play like '13/11 13/8' (at most %d moves, each like "
          "24/18, bar/22*, 6/off or 8/4(2)), '' or '?\?\?\?', found '%s'",
          BG_MAX_MOVES, quoted);
      return false;
    }
    for (int m = 0; m < count; m++)
      roll->moves[roll->move_count + m].pos = item_position(reader, item, at);
    roll->move_count += count;
    at = end;
  }
  return true;
}

/* [player, dice, play]: dice 0 (nothing rolled), 11..66 or '??'. */
static bool read_roll(bg_yaml_reader *reader, const yaml_action_text *text,
                      bg_action *roll) {
  const yaml_item *dice = &text->items[1];
  roll->kind = ACT_ROLL;
  long value = bg_yaml_item_number(dice, 99);
  if (is_word(dice, "??")) {
    match_roll_mark_dice_unread(roll);
  } else if (value > 0 && value / 10 >= 1 && value / 10 <= 6 && value % 10 >= 1 &&
             value % 10 <= 6) {
    roll->die1 = (int)(value / 10);
    roll->die2 = (int)(value % 10);
  } else if (value != 0) {
    action_error(reader, text, 1, "dice like 63 (each die 1 to 6), 0 or '?\?'");
    return false;
  } else {
    match_roll_mark_nothing_rolled(roll);
  }
  if (text->count != 3) {
    action_error(reader, text, text->count < 3 ? -1 : 3,
                 text->count < 3 ? "a play after the dice ('' for none)"
                                 : "nothing after the play");
    return false;
  }
  return read_play(reader, &text->items[2], roll);
}

/* ---- the other actions -------------------------------------------------------- */

static const struct {
  const char *word;
  bg_action_kind kind;
  int items;
} action_words[] = {
    {"double", ACT_DOUBLE, 3}, {"beaver", ACT_BEAVER, 3}, {"take", ACT_TAKE, 2},
    {"drop", ACT_DROP, 2},     {"resign", ACT_RESIGN, 3}, {"wins", ACT_WIN, 3},
};

static const char *const resign_words[] = {"game", "single", "gammon", "backgammon",
                                           "match"}; /* RESIGN_UNSAID.. RESIGN_MATCH */

/* resign: points, or what was resigned. */
static bool read_resign(bg_yaml_reader *reader, const yaml_action_text *text,
                        bg_action *action) {
  const yaml_item *what = &text->items[2];
  long points = bg_yaml_item_number(what, MAX_VALUE);
  if (points >= 0) {
    action->value = (int)points;
    return true;
  }
  for (int level = RESIGN_UNSAID; level <= RESIGN_MATCH; level++)
    if (is_word(what, resign_words[level])) {
      action->resign_level = level;
      return true;
    }
  action_error(reader, text, 2,
               "points like 2, or single, gammon, backgammon, game or match");
  return false;
}

/* The cube words by the shape of their action: [player, word] for a take
 * or a drop, [player, word, N] for a double or a beaver. */
static const notation_spelling_word cube_words[2][2] = {
    {{"take", ACT_TAKE}, {"drop", ACT_DROP}},
    {{"double", ACT_DOUBLE}, {"beaver", ACT_BEAVER}},
};

/* The index in action_words of the cube word that the action's word, no
 * word of the notation, is a misspelling of ("dubble", "tkae"), said as
 * one syntax error; -1 (nothing said) when it is none.  Read as meant, the
 * game stays in step: left out, the take after a double misspelt would be
 * a take "with no double". */
static int misspelt_cube_word(bg_yaml_reader *reader, const yaml_action_text *text) {
  const yaml_item *word = &text->items[1];
  bool valued = text->count == 3 && bg_yaml_item_number(&text->items[2], MAX_VALUE) >= 0;
  if (!valued && text->count != 2)
    return -1;
  const notation_spelling_word *known = cube_words[valued];
  int count = (int)(sizeof cube_words[0] / sizeof cube_words[0][0]);
  int nearest = notation_spelling_nearest(word->text, word->length, known, count);
  if (nearest < 0)
    return -1;
  int w = 0;
  while (action_words[w].kind != (bg_action_kind)known[nearest].meaning)
    w++;
  char quoted[200];
  bg_yaml_quote(word->text, word->length, quoted, sizeof quoted);
  bg_yaml_syntax_error(reader, word->start, "'%s' is not a cube action: read as '%s'",
                       quoted, action_words[w].word);
  return w;
}

/* double, beaver, take, drop, resign, wins: [player, word, ...]. */
static bool read_cube_or_result(bg_yaml_reader *reader, const yaml_action_text *text,
                                bg_action *action) {
  int w = 0, words = (int)(sizeof action_words / sizeof *action_words);
  while (w < words && !is_word(&text->items[1], action_words[w].word))
    w++;
  if (w == words)
    w = misspelt_cube_word(reader, text);
  if (w < 0) {
    action_error(reader, text, 1,
                 "a roll like 63, or double, take, drop, beaver, resign or wins");
    return false;
  }
  action->kind = action_words[w].kind;
  int wanted = action_words[w].items;
  bool wins_match =
      action->kind == ACT_WIN && text->count == 4 && is_word(&text->items[3], "match");
  if (text->count < wanted) {
    action_error(reader, text, -1,
                 action->kind == ACT_RESIGN ? "points or what was resigned"
                 : action->kind == ACT_WIN  ? "points like 2"
                                            : "a cube value like 2");
    return false;
  }
  if (text->count > wanted && !wins_match) {
    action_error(reader, text, wanted,
                 action->kind == ACT_WIN ? "'match' or nothing" : "nothing");
    return false;
  }
  action->and_match = wins_match;
  if (action->kind == ACT_RESIGN)
    return read_resign(reader, text, action);
  if (wanted == 2)
    return true;
  long value = bg_yaml_item_number(&text->items[2], MAX_VALUE);
  if (value < 0) {
    action_error(reader, text, 2,
                 action->kind == ACT_WIN ? "points like 2" : "a cube value like 2");
    return false;
  }
  action->value = (int)value;
  return true;
}

/* ---- positions ------------------------------------------------------------------ */

/* A board of 26 slots (write_tree.c's position_node, read_mat.c's
 * "; Set Pos=" layout), added to the setup. */
static bool add_board(const yaml_item *board, bg_action *setup) {
  if (board->length != 26)
    return false;
  for (int slot = 0; slot < 26; slot++) {
    char letter = board->text[slot];
    int side = -1, point = 0, count = 0;
    if (letter >= 'A' && letter <= 'P' && slot > 0) {
      side = 0;
      point = slot;
      count = letter - 'A' + 1;
    } else if (letter >= 'a' && letter <= 'p' && slot < 25) {
      side = 1;
      point = slot == 0 ? 25 : 25 - slot;
      count = letter - 'a' + 1;
    } else if (letter != '-') {
      return false;
    }
    if (side >= 0 && setup->setup->checkers[side][point] + count > 255)
      return false;
    if (side >= 0)
      setup->setup->checkers[side][point] =
          (unsigned char)(setup->setup->checkers[side][point] + count);
  }
  return true;
}

/* [position, board, ...]: a position set up (checkers not placed are off). */
static bool read_position(bg_yaml_reader *reader, const yaml_action_text *text,
                          bg_action *setup) {
  setup->kind = ACT_SET_POSITION;
  if (!(setup->setup = match_new_setup(reader->match)))
    bg_out_of_memory();
  if (text->count < 2) {
    action_error(reader, text, -1, "a board of 26 slots like '-B----...-b-'");
    return false;
  }
  for (int i = 1; i < text->count; i++)
    if (!add_board(&text->items[i], setup)) {
      action_error(reader, text, i,
                   "a board of 26 slots, each '-' or a letter A-P (left player) or a-p "
                   "(right player)");
      return false;
    }
  bg_board position;
  if (!match_setup_board(setup, &position)) {
    bg_yaml_syntax_error(
        reader, text->items[1].start,
        "this position is no backgammon position (more than 15 checkers a "
        "side, or both sides on one point): the plays after it are not "
        "checked");
  }
  return true;
}

static bool is_board(const yaml_item *item) {
  if (item->length != 26)
    return false;
  for (size_t i = 0; i < 26; i++) {
    char c = item->text[i];
    if (c != '-' && !(c >= 'A' && c <= 'P') && !(c >= 'a' && c <= 'p'))
      return false;
  }
  return true;
}

/* [position, ...] unless a player is called "position" and this is theirs. */
static bool is_position(const bg_yaml_reader *reader, const yaml_action_text *text) {
  if (!is_word(&text->items[0], "position"))
    return false;
  bool named = strcmp(reader->match->players[0], "position") == 0 ||
               strcmp(reader->match->players[1], "position") == 0;
  return !named || (text->count > 1 && is_board(&text->items[1]));
}

/* ---- a break in the move numbers ---------------------------------------------- */

/* [numbered, N, expected, M], N and M line numbers (a player named
 * "numbered" rolls no "N" followed by the word "expected"), and
 * [numbered, N, expected, M, actions, K] where the break is K actions'
 * whatever their places (put_numbering_break). */
static bool is_numbering(const yaml_action_text *text) {
  return (text->count == 4 || (text->count == 6 && is_word(&text->items[4], "actions") &&
                               bg_yaml_item_number(&text->items[5], MAX_VALUE) >= 1)) &&
         is_word(&text->items[0], "numbered") && is_word(&text->items[2], "expected") &&
         bg_yaml_item_number(&text->items[1], MAX_VALUE) >= 0 &&
         bg_yaml_item_number(&text->items[3], MAX_VALUE) >= 0;
}

/* Keeps the break for the game's next action. */
static void hold_numbering(bg_yaml_reader *reader, const yaml_action_text *text) {
  reader->numbering_held = true;
  reader->numbering_found = (int)bg_yaml_item_number(&text->items[1], MAX_VALUE);
  reader->numbering_expected = (int)bg_yaml_item_number(&text->items[3], MAX_VALUE);
  reader->numbering_pos = bg_yaml_position(reader, text->mark);
  reader->numbering_actions =
      text->count == 6 ? (int)bg_yaml_item_number(&text->items[5], MAX_VALUE) : 0;
}

/* Flags `action`, the game's last, with the break held for it, if any;
 * else with the break of the action before it, where the break's count
 * of actions says so or, without one, where the two share a .mat line
 * (match_shares_mat_line): as the .mat reader flags a line's actions. */
static void flag_numbering(bg_yaml_reader *reader, const bg_game *game,
                           bg_action *action) {
  if (reader->numbering_held) {
    action->after_numbering_break = true;
    action->move_number = reader->numbering_found;
    action->numbering_expected = reader->numbering_expected;
    action->numbering_pos = reader->numbering_pos;
    reader->numbering_held = false;
    /* -1: the next action's place decides */
    reader->numbering_more =
        reader->numbering_actions > 0 ? reader->numbering_actions - 1 : -1;
    return;
  }
  int index = (int)(action - game->actions), more = reader->numbering_more;
  reader->numbering_more = more > 0 ? more - 1 : 0;
  if (more == 0 || index == 0)
    return;
  const bg_action *before = &game->actions[index - 1];
  if (more < 0 && !match_shares_mat_line(before, action))
    return;
  action->after_numbering_break = true;
  action->move_number = before->move_number;
  action->numbering_expected = before->numbering_expected;
  action->numbering_pos = before->numbering_pos;
}

/* ---- text the record's reader could not read ---------------------------------- */

/* [unreadable, mat|text|line, TEXT]: a player named "unreadable" acts
 * with no "mat", "text" or "line", so the shape says which it is. */
static bool is_unreadable_entry(const yaml_action_text *text) {
  return text->count == 3 && is_word(&text->items[0], "unreadable") &&
         (is_word(&text->items[1], "mat") || is_word(&text->items[1], "text") ||
          is_word(&text->items[1], "line")) &&
         text->items[2].text;
}

/* Says the entry's syntax error again, at the entry, and keeps its text
 * for the game's next action. */
static void hold_written(bg_yaml_reader *reader, const yaml_action_text *text) {
  const yaml_item *written = &text->items[2];
  char quoted[128];
  bg_yaml_quote(written->text, written->length, quoted, sizeof quoted);
  bg_yaml_syntax_error(reader, text->mark,
                       "'%s' could not be read in the record this was converted from",
                       quoted);
  if (is_word(&text->items[1], "line")) { /* a line of its own: no action's */
    if (reader->numbering_more < 0)       /* the next action is on another line */
      reader->numbering_more = 0;
    if (!match_add_unread_line(reader->match, written->text, written->length,
                               bg_yaml_position(reader, text->mark)))
      bg_out_of_memory();
    return;
  }
  reader->written_held = match_keep_text(reader->match, written->text, written->length);
  reader->written_held_length = reader->written_held ? written->length : 0;
  reader->written_held_mat = is_word(&text->items[1], "mat");
}

/* Gives `action` the text held for it, if any: a roll whose play is
 * unknown is then one that could not be read, as in the record. */
static void flag_written(bg_yaml_reader *reader, bg_action *action) {
  if (!reader->written_held)
    return;
  action->written = reader->written_held;
  action->written_length = reader->written_held_length;
  action->written_mat = reader->written_held_mat;
  if (action->kind == ACT_ROLL && match_roll_marked_unknown(action))
    match_roll_mark_unreadable(action);
  reader->written_held = NULL;
}

/* ---- the action ------------------------------------------------------------------ */

/* [player, dice, ...]: dice are a number or '??'. */
static bool is_roll(const yaml_action_text *text) {
  return text->count > 1 && (bg_yaml_item_number(&text->items[1], 99) >= 0 ||
                             is_word(&text->items[1], "??"));
}

static bool understand(bg_yaml_reader *reader, const yaml_action_text *text,
                       bg_action *action) {
  if (is_position(reader, text))
    return read_position(reader, text, action);
  action->player = read_player(reader, text);
  if (action->player < 0)
    return false;
  action->column = action->player;
  if (text->count < 2) {
    action_error(reader, text, -1,
                 "a roll like 63, or double, take, drop, beaver, resign or wins");
    return false;
  }
  if (is_roll(text))
    return read_roll(reader, text, action);
  return read_cube_or_result(reader, text, action);
}

/* A new action of `game`; out of memory ends the program (alloc.h). */
static bg_action *add_action(bg_game *game) {
  bg_action *action = match_game_add_action(game);
  if (!action)
    bg_out_of_memory();
  return action;
}

bool bg_yaml_read_games_line(bg_yaml_reader *reader) {
  yaml_action_text text;
  if (!bg_yaml_read_action_text(reader, &text))
    return !reader->stopped;
  if (is_unreadable_entry(&text) && is_word(&text.items[1], "line"))
    hold_written(reader, &text);
  else
    bg_yaml_syntax_error(
        reader, text.mark,
        "expected a game like {game: 1, ...} or [unreadable, line, TEXT]");
  bg_yaml_free_action_text(&text);
  return true;
}

bool bg_yaml_read_action(bg_yaml_reader *reader, bg_game *game) {
  yaml_action_text text;
  if (!bg_yaml_read_action_text(reader, &text))
    return !reader->stopped;
  if (is_numbering(&text)) {
    hold_numbering(reader, &text);
    bg_yaml_free_action_text(&text);
    return true;
  }
  if (is_unreadable_entry(&text)) {
    hold_written(reader, &text);
    bg_yaml_free_action_text(&text);
    return true;
  }
  bg_action *action = add_action(game);
  action->pos = bg_yaml_position(reader, text.mark);
  if (text.count == 0) {
    bg_yaml_syntax_error(reader, text.mark,
                         "expected an action like [Bob, 52, 13/11 13/8], found []");
    game->action_count--;
  } else if (!understand(reader, &text, action)) {
    if (!is_roll(&text) || is_position(reader, &text) || action->player < 0) {
      /* Whose, or what, is unknown: left out.  A cube action or a result
       * left out costs the referee less than a turn made up. */
      game->action_count--;
    } else { /* that player's roll, unreadable, as read_mat.c makes it */
      int player = action->player;
      bg_srcpos pos = action->pos;
      int die1 = action->kind == ACT_ROLL ? action->die1 : 0;
      int die2 = action->kind == ACT_ROLL ? action->die2 : 0;
      *action = (bg_action){.kind = ACT_ROLL,
                            .player = player,
                            .column = player,
                            .pos = pos,
                            .die1 = die1,
                            .die2 = die2,
                            .play = ROLL_PLAY_UNREADABLE};
    }
  }
  if (game->action_count > 0 && action == &game->actions[game->action_count - 1]) {
    flag_numbering(reader, game, action);
    flag_written(reader, action);
  }
  bg_yaml_free_action_text(&text);
  return true;
}
