/*
 * read_sgf_game.c — the match an SGF game tree belongs to, once its first
 * node is read: the match being read, or a new one (MI's game:0, another
 * length or other players), with its players, rules (RU) and header tags;
 * and the game the tree opens, its number and score from MI.
 *
 * Stage: under read_sgf_match.c, which calls it at the end of a tree's
 * first node and at the end of the input; calls the model (match.h) and
 * diag.h, no file of the reader.
 */
#include <stdio.h>
#include <string.h>

#include "read_sgf_int.h"

/* The tags gnubg's .mat export writes for the first node's match
 * information (sgf_tree.info: DT, EV, RO, PC, AN), in its order. */
static const struct {
  int info;
  const char *tag;
} info_tags[] = {
    {3, "Site"}, {1, "Event"}, {2, "Round"}, {0, "EventDate"}, {4, "Transcriber"}};

/* ---- the match the tree belongs to ---------------------------------------- */

static bool same_text(const char *a, const char *b) {
  return strcmp(a ? a : "", b ? b : "") == 0;
}

/* A tree whose first node says game 0, another length or other players
 * starts a new match. */
bool sgf_tree_starts_match(const bg_sgf_reader *reader) {
  const sgf_tree *tree = &reader->tree;
  const bg_match *match = reader->match;
  if (!match || match->game_count == 0)
    return false;
  return (tree->has_mi && tree->number == 0) || tree->length != match->length ||
         !same_text(tree->names[0], match->players[0]) ||
         !same_text(tree->names[1], match->players[1]);
}

/* Whether `rule` is one of RU's words: gnubg writes them joined by ':' in
 * the order it knows them ("NoCube:Crawford:CrawfordGame", "Jacoby:
 * Nackgammon"), older versions one or two ("Crawford:CrawfordGame"), so
 * a word counts wherever it stands. */
static bool has_rule(const sgf_tree *tree, const char *rule) {
  size_t length = strlen(rule);
  for (const char *word = tree->rules; word; word = strchr(word, ':')) {
    if (*word == ':')
      word++;
    if (strncmp(word, rule, length) == 0 && (word[length] == ':' || !word[length]))
      return true;
  }
  return false;
}

/* The game RU names besides backgammon (gnubg's variations, bgmatch's
 * LongGammon), NULL when none: it becomes the [Variation] tag. */
static const char *variation_rule(const sgf_tree *tree) {
  static const char *const variations[] = {"Nackgammon", "Hypergammon1", "Hypergammon2",
                                           "Hypergammon3", "LongGammon"};
  for (size_t i = 0; i < sizeof variations / sizeof variations[0]; i++)
    if (has_rule(tree, variations[i]))
      return variations[i];
  return NULL;
}

/* gnubg writes the word Crawford when the rule is on, Jacoby in a money
 * session under the Jacoby rule: a word left out says the rule is off. */
static void set_rules(bg_sgf_reader *reader, bg_match *match, const sgf_tree *tree) {
  if (match->length > 0)
    match->crawford = has_rule(tree, "Crawford") ? RULE_ON : RULE_OFF;
  else
    match->jacoby = has_rule(tree, "Jacoby") ? RULE_ON : RULE_OFF;
  const char *variation = variation_rule(tree);
  if (variation && !match_add_tag(match, "Variation", variation, tree->ru_pos))
    reader->io_error = true;
}

/* "2024-01-01" as gnubg's .mat export writes the date: "2024.01.01". */
static void add_tags(bg_sgf_reader *reader, bg_match *match) {
  const sgf_tree *tree = &reader->tree;
  for (size_t i = 0; i < sizeof info_tags / sizeof info_tags[0]; i++) {
    const char *value = tree->info[info_tags[i].info];
    if (!value || !*value)
      continue;
    char date[32];
    long ymd[3];
    if (info_tags[i].info == 0 && match_parse_date(value, '-', ymd) && ymd[1] < 100 &&
        ymd[2] < 100) {
      snprintf(date, sizeof date, "%04d.%02d.%02d", (int)ymd[0], (int)ymd[1],
               (int)ymd[2]);
      value = date;
    }
    if (!match_add_tag(match, info_tags[i].tag, value, tree->root))
      reader->io_error = true;
  }
}

static bg_match *new_match(bg_sgf_reader *reader) {
  const sgf_tree *tree = &reader->tree;
  bg_match *match = match_new(reader->file);
  if (!match) {
    reader->io_error = true;
    return NULL;
  }
  diag_syntax_new_match(&reader->syntax_limit);
  match->pos = tree->has_mi ? tree->mi_pos : tree->root;
  match->length = tree->length;
  for (int i = 0; i < 2; i++)
    if (!match_set_player(match, i, tree->names[i] ? tree->names[i] : ""))
      reader->io_error = true;
  add_tags(reader, match);
  set_rules(reader, match, tree);
  return match;
}

void sgf_hand_out(bg_sgf_reader *reader) {
  match_resolve(reader->match);
  reader->ready = reader->match;
  reader->match = NULL;
}

void sgf_add_game(bg_sgf_reader *reader) {
  sgf_tree *tree = &reader->tree;
  if (!reader->match && !(reader->match = new_match(reader)))
    return;
  bg_match *match = reader->match;
  bg_game *game = match_add_game(match);
  if (!game) {
    reader->io_error = true;
    return;
  }
  game->number = tree->has_mi ? tree->number + 1 : match->game_count;
  game->pos = tree->pos;
  game->score[0] = tree->score[0];
  game->score[1] = tree->score[1];
  game->score_pos = tree->has_mi ? tree->mi_pos : tree->root;
  if (match->length > 0) {
    game->crawford_marked = has_rule(tree, "CrawfordGame") ? RULE_ON : RULE_OFF;
    game->crawford_pos = tree->rules ? tree->ru_pos : tree->root;
  }
  reader->any_game = true;
}
