/*
 * write_tree.c — walks the tree of bgmatch's YAML notation for one match
 * into a sink (see write_tree.h; the notation itself is man/bgmatch.5 and
 * grammar/bgmatch.schema.json).
 *
 * The model gives what the record says: the header, the rules its tags
 * set, every action in the order written, the player who really acted
 * (match_resolve's reading, not the column).  The replay gives what the
 * model does not: each game's resolved result.  Nothing is judged here.
 *
 * The document streams: each game is sent as the replay reaches it, its
 * result when the replay ends it.  Record text that may be Latin-1 (names,
 * tags) is made UTF-8 once a match; an action costs no allocation.
 */
#include "write_tree.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "notation.h"
#include "rules.h"

#define BGMATCH_NOTATION_VERSION 1 /* the "bgmatch:" key: the version of the notation */

/* What every part of the walk needs to know about the match. */
typedef struct {
  const bg_match *match;
  write_tree_sink *sink;
  char *names[2];         /* the players' names in UTF-8 (notation.h), malloc'ed */
  size_t name_lengths[2]; /* measured once: a name comes on every action */
  /* Both players bear one name: they are then named by their index in
   * `players` (0 or 1) instead, or the actions could not say who acted. */
  bool same_names;
  int unread_next; /* the match's next unread line to write */
} tree_walk;

/* ---- scalars and collections ---------------------------------------- */

static bool put_string(tree_walk *walk, const char *text) {
  return walk->sink->scalar(walk->sink, WRITE_TREE_STRING, text, strlen(text));
}

/* Record text, which may be Latin-1 (notation.h); NULL is "". */
static bool put_record_text(tree_walk *walk, const char *bytes) {
  char *utf8 = notation_utf8_from_record(bytes ? bytes : "");
  bool written = put_string(walk, utf8);
  free(utf8);
  return written;
}

/* The `length` bytes of a text the record's reader could not read, NUL
 * bytes too (YAML and JSON escape them, and their reader keeps them):
 * each piece between them made UTF-8 as put_record_text does. */
static bool put_record_bytes(tree_walk *walk, const char *bytes, size_t length) {
  if (!memchr(bytes, '\0', length))
    return put_record_text(walk, bytes);
  char *joined = bg_malloc(2 * length + 1);
  size_t at = 0;
  for (size_t from = 0; from < length; from += strlen(bytes + from) + 1) {
    char *utf8 = notation_utf8_from_record(bytes + from);
    size_t piece = strlen(utf8);
    memcpy(joined + at, utf8, piece);
    at += piece;
    free(utf8);
    if (from + strlen(bytes + from) < length)
      joined[at++] = '\0';
  }
  bool written = walk->sink->scalar(walk->sink, WRITE_TREE_STRING, joined, at);
  free(joined);
  return written;
}

static bool put_integer(tree_walk *walk, long value) {
  char digits[NOTATION_DECIMAL_SIZE + 1];
  size_t length = notation_decimal(digits, value);
  digits[length] = '\0'; /* a sink's text has a NUL after it */
  return walk->sink->scalar(walk->sink, WRITE_TREE_INTEGER, digits, length);
}

static bool put_boolean(tree_walk *walk, bool value) {
  return walk->sink->scalar(walk->sink, WRITE_TREE_BOOLEAN, value ? "true" : "false",
                            value ? 4 : 5);
}

static bool put_null(tree_walk *walk) {
  return walk->sink->scalar(walk->sink, WRITE_TREE_NULL, "null", 4);
}

static bool put_key(tree_walk *walk, const char *word) {
  return walk->sink->key(walk->sink, word);
}

static bool open_mapping(tree_walk *walk, bool flow) {
  return walk->sink->open_collection(walk->sink, WRITE_TREE_MAPPING, flow);
}

static bool close_mapping(tree_walk *walk) {
  return walk->sink->close_collection(walk->sink, WRITE_TREE_MAPPING);
}

static bool open_sequence(tree_walk *walk, bool flow) {
  return walk->sink->open_collection(walk->sink, WRITE_TREE_SEQUENCE, flow);
}

static bool close_sequence(tree_walk *walk) {
  return walk->sink->close_collection(walk->sink, WRITE_TREE_SEQUENCE);
}

static bool put_player(tree_walk *walk, int player) {
  if (walk->same_names)
    return put_integer(walk, player);
  return walk->sink->scalar(walk->sink, WRITE_TREE_STRING, walk->names[player],
                            walk->name_lengths[player]);
}

/* put_player's scalar as an item, for a player 0 or 1. */
static write_tree_item player_item(const tree_walk *walk, int player) {
  if (walk->same_names)
    return (write_tree_item){WRITE_TREE_INTEGER, player ? "1" : "0", 1, false};
  return (write_tree_item){WRITE_TREE_STRING, walk->names[player],
                           walk->name_lengths[player], false};
}

static bool put_item(tree_walk *walk, write_tree_item item) {
  return walk->sink->scalar(walk->sink, item.kind, item.text, item.length);
}

/* ---- the match: header, rules, tags --------------------------------- */

/* A rule the tags may leave unsaid: null then, so that the reader applies
 * the same defaults the referee does (see referee.h). */
static bool put_rule(tree_walk *walk, const char *key, bg_rule_flag flag) {
  return put_key(walk, key) &&
         (flag == RULE_UNSET ? put_null(walk) : put_boolean(walk, flag == RULE_ON));
}

static const char *variation_word(bg_variation variation) {
  switch (variation) {
  case VARIATION_BACKGAMMON:
    return "backgammon";
  case VARIATION_NACKGAMMON:
    return "nackgammon";
  case VARIATION_LONGGAMMON:
    return "longgammon";
  default:
    return "other";
  }
}

static bool put_rules(tree_walk *walk) {
  const bg_match *match = walk->match;
  if (!open_mapping(walk, true) || !put_rule(walk, "crawford", match->crawford) ||
      !put_rule(walk, "jacoby", match->jacoby) ||
      !put_rule(walk, "beavers", match->beavers))
    return false;
  if (match->cube_limit > 0 &&
      !(put_key(walk, "cube_limit") && put_integer(walk, match->cube_limit)))
    return false;
  if (match->variation_tag &&
      !(put_key(walk, "variation") && put_string(walk, variation_word(match->variation))))
    return false;
  return close_mapping(walk);
}

/* The well-known tags, under short names for readers and jq; the tags
 * themselves stay in `tags`, which is what a .mat is written back from. */
static const struct {
  const char *tag;
  const char *key;
} info_tags[] = {
    {"Event", "event"},
    {"Round", "round"},
    {"Site", "site"},
    {"EventDate", "date"},
    {"EventTime", "time"},
    {"Match ID", "match_id"},
    {"Transcriber", "transcriber"},
    {"Annotator", "annotator"},
};

static bool put_info(tree_walk *walk) {
  if (!open_mapping(walk, true))
    return false;
  for (size_t i = 0; i < sizeof info_tags / sizeof info_tags[0]; i++) {
    const char *value = match_tag(walk->match, info_tags[i].tag);
    if (value && !(put_key(walk, info_tags[i].key) && put_record_text(walk, value)))
      return false;
  }
  return close_mapping(walk);
}

/* Every header tag, in the record's order, known or not: [key, value]. */
static bool put_tags(tree_walk *walk) {
  const bg_match *match = walk->match;
  if (!open_sequence(walk, false))
    return false;
  for (int i = 0; i < match->tag_count; i++)
    if (!open_sequence(walk, true) || !put_record_text(walk, match->tags[i].key) ||
        !put_record_text(walk, match->tags[i].value) || !close_sequence(walk))
      return false;
  return close_sequence(walk);
}

/* null where the record gives no length */
static bool put_length(tree_walk *walk) {
  const bg_match *match = walk->match;
  return match->length_unknown ? put_null(walk) : put_integer(walk, match->length);
}

/* source: {file, line}: the file the match came from and the line it
 * starts at (none for a record without lines); a match read from a
 * document that names its source keeps that one, so that a JSON line
 * read back and written again still names the first file. */
static bool put_source(tree_walk *walk) {
  const bg_match *match = walk->match;
  const char *file = match->source_file ? match->source_file : match->file;
  int line = match->source_file ? match->source_line : match->pos.line;
  if (!walk->sink->names_source || !file)
    return true;
  return put_key(walk, "source") && open_mapping(walk, true) && put_key(walk, "file") &&
         put_record_text(walk, file) &&
         (line <= 0 || (put_key(walk, "line") && put_integer(walk, line))) &&
         close_mapping(walk);
}

static bool put_match(tree_walk *walk) {
  return open_mapping(walk, false) && put_key(walk, "length") && put_length(walk) &&
         put_key(walk, "players") && open_sequence(walk, true) &&
         put_string(walk, walk->names[0]) && put_string(walk, walk->names[1]) &&
         close_sequence(walk) && put_key(walk, "rules") && put_rules(walk) &&
         put_key(walk, "info") && put_info(walk) && put_key(walk, "tags") &&
         put_tags(walk) && put_source(walk) && close_mapping(walk);
}

/* ---- actions -------------------------------------------------------- */

/* One letter of a position string for up to 16 of *count checkers, taken
 * off *count; '-' when none are left. */
static char position_letter(unsigned char *count, char first_letter) {
  if (*count == 0)
    return '-';
  int taken = *count > 16 ? 16 : *count;
  *count = (unsigned char)(*count - taken);
  return (char)(first_letter + taken - 1);
}

/* One position string (see put_position) of the checkers left in `left`
 * and `right`, taken off them; true when checkers are left after it. */
static bool position_slots(unsigned char *left, unsigned char *right, char slots[27]) {
  slots[0] = position_letter(&right[25], 'a');
  slots[25] = position_letter(&left[25], 'A');
  for (int slot = 1; slot <= 24; slot++)
    slots[slot] = left[slot] ? position_letter(&left[slot], 'A')
                             : position_letter(&right[25 - slot], 'a');
  slots[26] = '\0';
  bool more = false;
  for (int slot = 1; slot <= 25; slot++)
    more = more || left[slot] || right[slot];
  return more;
}

/* The layout of eXtreme Gammon's "; Set Pos=" board (read_mat.c reads
 * it): 26 slots, slot 0 the right player's bar, slots 1..24 the points
 * counted from the left player's side, slot 25 the left player's bar;
 * upper case letters are the left player's checkers (A = 1 ... P = 16),
 * lower case the right player's, '-' none.  One string says every
 * position a record can set.  What it cannot (a point holding both sides,
 * more than 16 checkers on one) goes on in more strings, whose counts add
 * up: lossless for the model's setup arrays whatever they hold. */
static bool put_position(tree_walk *walk, const bg_action *setup) {
  unsigned char left[26] = {0}, right[26] = {0};
  if (setup->setup) {
    memcpy(left, setup->setup->checkers[0], sizeof left);
    memcpy(right, setup->setup->checkers[1], sizeof right);
  }
  left[0] = right[0] = 0; /* slot 0 of the arrays is "off": never placed */
  if (!open_sequence(walk, true) || !put_string(walk, "position"))
    return false;
  bool more;
  do {
    char slots[27];
    more = position_slots(left, right, slots);
    if (!put_string(walk, slots))
      return false;
  } while (more);
  return close_sequence(walk);
}

/* roll, play: the roll as written (52 is 5 then 2; 0 for a turn with
 * nothing rolled, "??" for dice that could not be read), the play as the
 * record wrote it, "" for no play ("cannot move" when the record said so),
 * "????" when not recorded. */
static write_tree_item roll_play_text(const bg_action *roll,
                                      char play[BG_MAX_MOVES * 24]) {
  if (match_roll_marked_unknown(roll))
    return (write_tree_item){WRITE_TREE_STRING, NOTATION_UNRECORDED,
                             sizeof NOTATION_UNRECORDED - 1, false};
  if (roll->cannot_move && roll->move_count == 0)
    return (write_tree_item){WRITE_TREE_STRING, NOTATION_CANNOT_MOVE,
                             sizeof NOTATION_CANNOT_MOVE - 1, false};
  /* its length as written, not a strlen of it */
  size_t length =
      notation_play_text_length(roll, NOTATION_GNUBG, play, BG_MAX_MOVES * 24);
  return (write_tree_item){WRITE_TREE_STRING, play, length, notation_play_is_word(roll)};
}

/* The dice: "??", or the integer die1 * 10 + die2, whose digits are the
 * dice themselves when the first is no 0 (no division for a roll of
 * every turn), written in `digits`. */
static write_tree_item dice_item(const bg_action *roll,
                                 char digits[NOTATION_DECIMAL_SIZE + 1]) {
  if (match_roll_dice_unread(roll))
    return (write_tree_item){WRITE_TREE_STRING, "??", 2, false};
  int die1 = roll->die1, die2 = roll->die2;
  if (die1 < 1 || die1 > 9 || die2 < 0 || die2 > 9) {
    size_t length = notation_decimal(digits, die1 * 10 + die2);
    digits[length] = '\0';
    return (write_tree_item){WRITE_TREE_INTEGER, digits, length, false};
  }
  digits[0] = (char)('0' + die1);
  digits[1] = (char)('0' + die2);
  digits[2] = '\0';
  return (write_tree_item){WRITE_TREE_INTEGER, digits, 2, false};
}

static bool put_roll(tree_walk *walk, const bg_action *roll) {
  char digits[NOTATION_DECIMAL_SIZE + 1], play[BG_MAX_MOVES * 24];
  return put_item(walk, dice_item(roll, digits)) &&
         put_item(walk, roll_play_text(roll, play));
}

/* A roll's action as one row, for a sink that takes rows: what
 * put_player and put_roll send. */
static bool put_roll_row(tree_walk *walk, const bg_replay_event *event) {
  const bg_action *roll = event->action;
  char digits[NOTATION_DECIMAL_SIZE + 1], play[BG_MAX_MOVES * 24];
  write_tree_item items[3] = {
      player_item(walk, event->player),
      dice_item(roll, digits),
      roll_play_text(roll, play),
  };
  return walk->sink->row(walk->sink, items, 3);
}

static const char *resign_word(int level) {
  switch (level) {
  case RESIGN_SINGLE:
    return "single";
  case RESIGN_GAMMON:
    return "gammon";
  case RESIGN_BACKGAMMON:
    return "backgammon";
  case RESIGN_MATCH:
    return "match";
  default:
    return "game";
  }
}

/* The word an action is written with, after its player. */
static const char *action_word(bg_action_kind kind) {
  switch (kind) {
  case ACT_DOUBLE:
    return "double";
  case ACT_TAKE:
    return "take";
  case ACT_DROP:
    return "drop";
  case ACT_BEAVER:
    return "beaver";
  case ACT_RESIGN:
    return "resign";
  default:
    return "wins";
  }
}

/* What follows the word of a cube action, a resignation or a "Wins"
 * line: a value, a level, "match". */
static bool put_action_value(tree_walk *walk, const bg_action *action) {
  bg_action_kind kind = action->kind;
  if (kind == ACT_DOUBLE || kind == ACT_BEAVER || kind == ACT_WIN ||
      (kind == ACT_RESIGN && action->value > 0)) {
    if (!put_integer(walk, action->value))
      return false;
  } else if (kind == ACT_RESIGN && !put_string(walk, resign_word(action->resign_level))) {
    return false;
  }
  return !(kind == ACT_WIN && action->and_match) || put_string(walk, "match");
}

/* How many actions from `index` on share its break; and how many the
 * reader gives it by their places: the next one when it shares the .mat
 * line and has no break of its own (read_yaml_action.c). */
static int break_actions(const bg_game *game, int index) {
  int end = index + 1;
  while (end < game->action_count &&
         match_same_numbering_break(&game->actions[index], &game->actions[end]))
    end++;
  return end - index;
}

static int break_actions_by_place(const bg_game *game, int index) {
  if (index + 1 >= game->action_count)
    return 1;
  const bg_action *first = &game->actions[index], *next = first + 1;
  bool own_break =
      next->after_numbering_break && !match_same_numbering_break(first, next);
  return 1 + (!own_break && match_shares_mat_line(first, next));
}

/* [numbered, N, expected, M] before the first action of a line whose move
 * number broke off (N for M): the break is what the record says, and the
 * referee reads a game with one otherwise (bgmatch.5, ACTIONS).  Where
 * the break is not its line's actions by their places, as in a .mat line
 * of three cells, ", actions, K" says how many it is. */
static bool put_numbering_break(tree_walk *walk, const bg_replay_event *event) {
  const bg_action *action = event->action;
  if (!match_numbering_breaks_at(event->game, event->action_index))
    return true;
  int actions = break_actions(event->game, event->action_index);
  if (!(open_sequence(walk, true) && put_string(walk, "numbered") &&
        put_integer(walk, action->move_number) && put_string(walk, "expected") &&
        put_integer(walk, action->numbering_expected)))
    return false;
  if (actions != break_actions_by_place(event->game, event->action_index) &&
      !(put_string(walk, "actions") && put_integer(walk, actions)))
    return false;
  return close_sequence(walk);
}

/* [unreadable, mat, TEXT] before an action whose text the record's reader
 * said a syntax error of: the text as the record wrote it (a .mat cell:
 * "mat"; else "text"), which the YAML reader says again as a syntax error
 * and a .mat written from it writes again (bgmatch.5, ACTIONS). */
static bool put_written(tree_walk *walk, const bg_action *action) {
  if (!action->written)
    return true;
  return open_sequence(walk, true) && put_string(walk, "unreadable") &&
         put_string(walk, action->written_mat ? "mat" : "text") &&
         put_record_bytes(walk, action->written, action->written_length) &&
         close_sequence(walk);
}

/* [unreadable, line, TEXT] for each line the record's reader could not
 * read outside any cell (bg_unread_line) that stands before action
 * `action_index` of game `game`: the YAML reader says it again as a
 * syntax error, and a .mat written from it writes the line again. */
static bool put_unread_lines_before(tree_walk *walk, int game, int action_index) {
  const bg_unread_line *unread;
  bool written = true;
  while (written && (unread = match_next_unread_line(walk->match, game, action_index,
                                                     &walk->unread_next)) != NULL)
    written = open_sequence(walk, true) && put_string(walk, "unreadable") &&
              put_string(walk, "line") &&
              put_record_bytes(walk, unread->text, unread->length) &&
              close_sequence(walk);
  return written;
}

/* put_unread_lines_before, asked before every action: most records have
 * no such line left, which one test tells without a call. */
static bool put_unread_lines(tree_walk *walk, int game, int action_index) {
  if (walk->unread_next >= walk->match->unread_count)
    return true;
  return put_unread_lines_before(walk, game, action_index);
}

/* The action of a replay event, by the player the replay says acted (a
 * "Wins" line credits the winner it read with the board). */
static bool put_action(tree_walk *walk, const bg_replay_event *event) {
  const bg_action *action = event->action;
  if (!put_numbering_break(walk, event) || !put_written(walk, action))
    return false;
  if (action->kind == ACT_SET_POSITION)
    return put_position(walk, action);
  if (action->kind == ACT_ROLL && walk->sink->row)
    return put_roll_row(walk, event);
  if (!open_sequence(walk, true) || !put_player(walk, event->player))
    return false;
  bool rest = action->kind == ACT_ROLL ? put_roll(walk, action)
                                       : put_string(walk, action_word(action->kind)) &&
                                             put_action_value(walk, action);
  return rest && close_sequence(walk);
}

/* ---- games ---------------------------------------------------------- */

/* score: [left, right], or null where the record wrote no score line
 * (the referee then counts the game from the results before it). */
static bool put_score(tree_walk *walk, const bg_game *game) {
  if (!put_key(walk, "score"))
    return false;
  if (!game->score_pos.line)
    return put_null(walk);
  return open_sequence(walk, true) && put_integer(walk, game->score[0]) &&
         put_integer(walk, game->score[1]) && close_sequence(walk);
}

/* A game up to its actions: {game, score, actions: [ ... */
static bool open_game(tree_walk *walk, const bg_game *game) {
  return open_mapping(walk, false) && put_key(walk, "game") &&
         put_integer(walk, game->number) && put_score(walk, game) &&
         put_key(walk, "actions") && open_sequence(walk, false);
}

static const char *by_word(bg_result_by by) {
  switch (by) {
  case BG_BY_SINGLE:
    return "single";
  case BG_BY_GAMMON:
    return "gammon";
  case BG_BY_BACKGAMMON:
    return "backgammon";
  case BG_BY_RESIGN:
    return "resign";
  case BG_BY_DROP:
    return "drop";
  default:
    return NULL;
  }
}

/* result: {winner, points, by, recorded}: what the game was worth as the
 * replay resolved it, and what the record's "Wins" line said; nothing for
 * a game that stops before it was won. */
static bool put_result(tree_walk *walk, const bg_game_result *result) {
  if (result->winner < 0 || !by_word(result->by))
    return true;
  if (!put_key(walk, "result") || !open_mapping(walk, true) || !put_key(walk, "winner") ||
      !put_player(walk, result->winner))
    return false;
  if (result->points >= 0 &&
      !(put_key(walk, "points") && put_integer(walk, result->points)))
    return false;
  if (!put_key(walk, "by") || !put_string(walk, by_word(result->by)))
    return false;
  if (result->recorded &&
      !(put_key(walk, "recorded") && put_integer(walk, result->recorded->value)))
    return false;
  return close_mapping(walk);
}

/* The end of a game: ... ], result}. */
static bool close_game(tree_walk *walk, const bg_game_result *result) {
  return close_sequence(walk) && put_result(walk, result) && close_mapping(walk);
}

/* The games, walking the replay to its end: actions from the model, each
 * game's result from the replay's GAME_END.  After a failure the replay is
 * still walked to its end, writing nothing. */
static bool put_games(tree_walk *walk, bg_replay *replay) {
  /* the lines before the first game are items of their own, in order */
  bool written = open_sequence(walk, false) && put_unread_lines(walk, -1, INT_MAX);
  bool in_game = false;
  int game = 0;
  const bg_replay_event *event;
  while ((event = bg_replay_next(replay)) != NULL) {
    /* the mark's error is among the event's diagnostics: most events
     * have none, and are written without the call */
    if (event->diag_count > 0)
      bg_replay_say_crawford_unmarked(
          replay, event,
          "the notation does not mark the Crawford game: this wrong "
          "mark is not written");
    if (!written)
      continue;
    if (event->kind == BG_REPLAY_GAME_START) {
      written = open_game(walk, event->game);
      in_game = true;
      game = event->game_index;
    } else if (event->kind == BG_REPLAY_ACTION && in_game) {
      written =
          put_unread_lines(walk, game, event->action_index) && put_action(walk, event);
    } else if (event->kind == BG_REPLAY_GAME_END && in_game) {
      written = put_unread_lines(walk, game, INT_MAX) && close_game(walk, &event->result);
      in_game = false;
    }
  }
  if (written && in_game) { /* a game the replay did not end: no result */
    bg_game_result none = {.winner = -1, .points = -1, .credited = -1};
    written = put_unread_lines(walk, game, INT_MAX) && close_game(walk, &none);
  }
  return written && close_sequence(walk);
}

static bool names_are_equal(char *const names[2]) {
  return strcmp(names[0], names[1]) == 0;
}

bool write_tree_walk(const bg_match *match, bg_replay *replay, write_tree_sink *sink) {
  tree_walk walk = {.match = match, .sink = sink};
  for (int player = 0; player < 2; player++) {
    walk.names[player] =
        notation_utf8_from_record(match->players[player] ? match->players[player] : "");
    walk.name_lengths[player] = strlen(walk.names[player]);
  }
  walk.same_names = names_are_equal(walk.names);
  for (int player = 0; player < 2; player++)
    sink->player_names[player] = walk.same_names ? NULL : walk.names[player];
  bool written = open_mapping(&walk, false) && put_key(&walk, "bgmatch") &&
                 put_integer(&walk, BGMATCH_NOTATION_VERSION) &&
                 put_key(&walk, "match") && put_match(&walk) && put_key(&walk, "games");
  if (written)
    written = put_games(&walk, replay) && close_mapping(&walk);
  else
    while (bg_replay_next(replay) != NULL)
      ; /* walked all the same, for its diagnostics */
  sink->player_names[0] = sink->player_names[1] = NULL;
  free(walk.names[0]);
  free(walk.names[1]);
  return written;
}
