/*
 * write_tree.c — builds the tree of bgmatch's YAML notation for one match
 * (see write_tree.h; the notation itself is man/bgmatch.5 and
 * grammar/bgmatch.schema.json).
 *
 * The model gives what the record says: the header, the rules its tags
 * set, every action in the order written, the player who really acted
 * (match_resolve's reading, not the column).  The replay gives what the
 * model does not: each game's resolved result.  Nothing is judged here.
 */
#include "write_tree.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "notation.h"
#include "utf8.h"

#define BGMATCH_NOTATION_VERSION 1 /* the "bgmatch:" key: the version of the notation */

/* What every part of the tree needs to know about the match. */
typedef struct {
  const bg_match *match;
  /* Both players bear one name: they are then named by their index in
   * `players` (0 or 1) instead, or the actions could not say who acted. */
  bool same_names;
} tree_context;

/* A JSON string of record text, which may be Latin-1 (utf8.h). */
static json_t *text_node(const char *bytes) {
  char *utf8 = utf8_from_record(bytes ? bytes : "");
  json_t *node = json_string(utf8);
  free(utf8);
  if (!node) /* only on invalid UTF-8, which utf8_from_record rules out */
    bg_out_of_memory();
  return node;
}

static json_t *player_node(const tree_context *context, int player) {
  if (context->same_names)
    return json_integer(player);
  return text_node(context->match->players[player]);
}

static bool names_are_equal(const bg_match *match) {
  char *left = utf8_from_record(match->players[0] ? match->players[0] : "");
  char *right = utf8_from_record(match->players[1] ? match->players[1] : "");
  bool equal = strcmp(left, right) == 0;
  free(left);
  free(right);
  return equal;
}

/* ---- the match: header, rules, tags --------------------------------- */

/* A rule the tags may leave unsaid: null then, so that the reader applies
 * the same defaults the referee does (see referee.h). */
static json_t *rule_node(bg_rule_flag flag) {
  return flag == RULE_UNSET ? json_null() : json_boolean(flag == RULE_ON);
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

static json_t *rules_node(const bg_match *match) {
  json_t *rules = json_object();
  json_object_set_new(rules, "crawford", rule_node(match->crawford));
  json_object_set_new(rules, "jacoby", rule_node(match->jacoby));
  json_object_set_new(rules, "beavers", rule_node(match->beavers));
  if (match->cube_limit > 0)
    json_object_set_new(rules, "cube_limit", json_integer(match->cube_limit));
  if (match->variation_tag)
    json_object_set_new(rules, "variation",
                        json_string(variation_word(match->variation)));
  return rules;
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

static json_t *info_node(const bg_match *match) {
  json_t *info = json_object();
  for (size_t i = 0; i < sizeof info_tags / sizeof info_tags[0]; i++) {
    const char *value = match_tag(match, info_tags[i].tag);
    if (value)
      json_object_set_new(info, info_tags[i].key, text_node(value));
  }
  return info;
}

/* Every header tag, in the record's order, known or not: [key, value]. */
static json_t *tags_node(const bg_match *match) {
  json_t *tags = json_array();
  for (int i = 0; i < match->tag_count; i++) {
    json_t *pair = json_array();
    json_array_append_new(pair, text_node(match->tags[i].key));
    json_array_append_new(pair, text_node(match->tags[i].value));
    json_array_append_new(tags, pair);
  }
  return tags;
}

static json_t *match_node(const bg_match *match) {
  json_t *node = json_object();
  json_t *players = json_array();
  json_array_append_new(players, text_node(match->players[0]));
  json_array_append_new(players, text_node(match->players[1]));
  json_object_set_new(node, "length", json_integer(match->length));
  json_object_set_new(node, "players", players);
  json_object_set_new(node, "rules", rules_node(match));
  json_object_set_new(node, "info", info_node(match));
  json_object_set_new(node, "tags", tags_node(match));
  return node;
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

/* The layout of eXtreme Gammon's "; Set Pos=" board (read_mat.c reads
 * it): 26 slots, slot 0 the right player's bar, slots 1..24 the points
 * counted from the left player's side, slot 25 the left player's bar;
 * upper case letters are the left player's checkers (A = 1 ... P = 16),
 * lower case the right player's, '-' none.  One string says every
 * position a record can set.  What it cannot (a point holding both sides,
 * more than 16 checkers on one) goes on in more strings, whose counts add
 * up: lossless for the model's setup arrays whatever they hold. */
static json_t *position_node(const bg_action *setup) {
  unsigned char left[26] = {0}, right[26] = {0};
  if (setup->setup) {
    memcpy(left, setup->setup->checkers[0], sizeof left);
    memcpy(right, setup->setup->checkers[1], sizeof right);
  }
  left[0] = right[0] = 0; /* slot 0 of the arrays is "off": never placed */
  json_t *node = json_array();
  json_array_append_new(node, json_string("position"));
  bool more;
  do {
    char slots[27];
    slots[0] = position_letter(&right[25], 'a');
    slots[25] = position_letter(&left[25], 'A');
    for (int slot = 1; slot <= 24; slot++)
      slots[slot] = left[slot] ? position_letter(&left[slot], 'A')
                               : position_letter(&right[25 - slot], 'a');
    slots[26] = '\0';
    json_array_append_new(node, json_string(slots));
    more = false;
    for (int slot = 1; slot <= 25; slot++)
      more = more || left[slot] || right[slot];
  } while (more);
  return node;
}

/* [player, roll, play]: the roll as written (52 is 5 then 2; 0 for a turn
 * with nothing rolled, "??" for dice that could not be read), the play as
 * the record wrote it, "" for no play ("cannot move" when the record said
 * so), "????" when not recorded. */
static void add_roll(json_t *node, const bg_action *roll) {
  if (roll->dice_unknown)
    json_array_append_new(node, json_string("??"));
  else
    json_array_append_new(node, json_integer(roll->die1 * 10 + roll->die2));
  char play[BG_MAX_MOVES * 24];
  if (roll->unknown_play)
    snprintf(play, sizeof play, "%s", NOTATION_UNRECORDED);
  else if (roll->cannot_move && roll->move_count == 0)
    snprintf(play, sizeof play, "%s", NOTATION_CANNOT_MOVE);
  else
    notation_play_text(roll, play, sizeof play);
  json_array_append_new(node, json_string(play));
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

/* The action of a replay event, by the player the replay says acted (a
 * "Wins" line credits the winner it read with the board). */
static json_t *action_node(const tree_context *context, const bg_replay_event *event) {
  const bg_action *action = event->action;
  if (action->kind == ACT_SET_POSITION)
    return position_node(action);
  json_t *node = json_array();
  json_array_append_new(node, player_node(context, event->player));
  if (action->kind == ACT_ROLL) {
    add_roll(node, action);
    return node;
  }
  json_array_append_new(node, json_string(action_word(action->kind)));
  if (action->kind == ACT_DOUBLE || action->kind == ACT_BEAVER ||
      action->kind == ACT_WIN || (action->kind == ACT_RESIGN && action->value > 0))
    json_array_append_new(node, json_integer(action->value));
  else if (action->kind == ACT_RESIGN)
    json_array_append_new(node, json_string(resign_word(action->resign_level)));
  if (action->kind == ACT_WIN && action->and_match)
    json_array_append_new(node, json_string("match"));
  return node;
}

/* ---- games ---------------------------------------------------------- */

static json_t *game_node(const bg_game *game) {
  json_t *node = json_object();
  json_t *score = json_array();
  json_array_append_new(score, json_integer(game->score[0]));
  json_array_append_new(score, json_integer(game->score[1]));
  json_object_set_new(node, "game", json_integer(game->number));
  json_object_set_new(node, "score", score);
  json_object_set_new(node, "actions", json_array());
  return node;
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

/* {winner, points, by, recorded}: what the game was worth as the replay
 * resolved it, and what the record's "Wins" line said; NULL for a game
 * that stops before it was won. */
static json_t *result_node(const tree_context *context, const bg_game_result *result) {
  if (result->winner < 0 || !by_word(result->by))
    return NULL;
  json_t *node = json_object();
  json_object_set_new(node, "winner", player_node(context, result->winner));
  if (result->points >= 0)
    json_object_set_new(node, "points", json_integer(result->points));
  json_object_set_new(node, "by", json_string(by_word(result->by)));
  if (result->recorded)
    json_object_set_new(node, "recorded", json_integer(result->recorded->value));
  return node;
}

/* The games, walking the replay to its end: actions from the model, each
 * game's result from the replay's GAME_END. */
static json_t *games_node(const tree_context *context, bg_replay *replay) {
  json_t *games = json_array();
  json_t *game = NULL;
  const bg_replay_event *event;
  while ((event = bg_replay_next(replay)) != NULL) {
    if (event->kind == BG_REPLAY_GAME_START) {
      game = game_node(event->game);
      json_array_append_new(games, game);
    } else if (event->kind == BG_REPLAY_ACTION && game) {
      json_array_append_new(json_object_get(game, "actions"),
                            action_node(context, event));
    } else if (event->kind == BG_REPLAY_GAME_END && game) {
      json_t *result = result_node(context, &event->result);
      if (result)
        json_object_set_new(game, "result", result);
    }
  }
  return games;
}

json_t *write_tree_of_match(const bg_match *match, bg_replay *replay) {
  /* jansson's allocations then end the program when memory runs out, as
   * bgmatch's own do (alloc.h): no NULL to check at every node. */
  json_set_alloc_funcs(bg_malloc, free);
  tree_context context = {.match = match, .same_names = names_are_equal(match)};
  json_t *tree = json_object();
  json_object_set_new(tree, "bgmatch", json_integer(BGMATCH_NOTATION_VERSION));
  json_object_set_new(tree, "match", match_node(match));
  json_object_set_new(tree, "games", games_node(&context, replay));
  return tree;
}
