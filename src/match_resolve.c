/*
 * match_resolve.c — the dialects' conventions, resolved into the model
 * once a match is read (see match_resolve in match.h): the referee then
 * judges, and writers print, what happened rather than where a program
 * put it.  Only the record's structure is read here, never the rules: a
 * convention that needs the position is left to the referee.
 */
#include <string.h>
#include <strings.h>

#include "board.h"
#include "match.h"

static bg_variation variation_named(const char *name) {
  static const struct {
    const char *prefix;
    bg_variation variation;
  } known[] = {
      {"Backgammon", VARIATION_BACKGAMMON},
      {"Nackgammon", VARIATION_NACKGAMMON},
      {"Longgammon", VARIATION_LONGGAMMON},
  };
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (strncasecmp(name, known[i].prefix, strlen(known[i].prefix)) == 0)
      return known[i].variation;
  return VARIATION_OTHER;
}

/* The last [Variation] tag decides (a record has one). */
static void resolve_variation(bg_match *match) {
  match->variation = VARIATION_BACKGAMMON;
  match->variation_tag = NULL;
  for (int i = 0; i < match->tag_count; i++)
    if (strcasecmp(match->tags[i].key, "Variation") == 0) {
      match->variation = variation_named(match->tags[i].value);
      match->variation_tag = &match->tags[i];
    }
}

/* Written by Backgammon Galaxy (its `[Site "BackgammonGalaxy"]` tag)? */
static bool is_from_galaxy(const bg_match *match) {
  const char *site = match_tag(match, "Site");
  return site && strcasecmp(site, "BackgammonGalaxy") == 0;
}

static bool has_result(const bg_game *game) {
  for (int i = 0; i < game->action_count; i++)
    if (game->actions[i].kind == ACT_WIN)
      return true;
  return false;
}

/* The writer's conventions the referee must know, as facts of the record
 * (match.h): Backgammon Galaxy caps its "Wins" lines at the match length,
 * and writes a one-off game as a "16 point match" holding one game, owed
 * nothing more once won. */
static void resolve_conventions(bg_match *match) {
  bool galaxy = is_from_galaxy(match);
  match->results_capped_at_length = galaxy;
  match->one_off_game = galaxy && match->length == 16 && match->game_count == 1 &&
                        has_result(&match->games[0]);
}

/* Backgammon Galaxy writes a resignation in either column: the "Wins"
 * line after it names the winner, so the other player resigned. */
static void resolve_resigner(bg_game *game, int index) {
  for (int i = index + 1; i < game->action_count; i++)
    if (game->actions[i].kind == ACT_WIN) {
      game->actions[index].player = 1 - game->actions[i].player;
      return;
    }
}

/* Is the game given to the roller's opponent right after roll `index`?
 * Only a "Wins" line decides, not a resignation line between them. */
static bool opponent_wins_next(const bg_game *game, int index) {
  int roller = game->actions[index].player;
  for (int i = index + 1; i < game->action_count; i++) {
    const bg_action *next = &game->actions[i];
    if (next->kind == ACT_WIN)
      return next->player != roller;
    if (next->kind == ACT_ROLL || next->kind == ACT_DOUBLE)
      return false;
  }
  return false;
}

/* The rolls after which the roller resigned, once who acted is known. */
static void resolve_resigned_rolls(bg_game *game) {
  for (int i = 0; i < game->action_count; i++) {
    bg_action *act = &game->actions[i];
    if (act->kind == ACT_ROLL)
      act->resigns_after = !act->cannot_move && opponent_wins_next(game, i);
  }
}

static void resolve_game(bg_game *game) {
  for (int i = 0; i < game->action_count; i++)
    game->actions[i].column = game->actions[i].player;
  for (int i = 0; i < game->action_count; i++)
    if (game->actions[i].kind == ACT_RESIGN)
      resolve_resigner(game, i);
  resolve_resigned_rolls(game);
}

void match_resolve(bg_match *match) {
  resolve_variation(match);
  resolve_conventions(match);
  for (int g = 0; g < match->game_count; g++)
    resolve_game(&match->games[g]);
}

void match_resolve_named(bg_match *match) {
  resolve_variation(match);
  resolve_conventions(match);
  for (int g = 0; g < match->game_count; g++) {
    bg_game *game = &match->games[g];
    for (int i = 0; i < game->action_count; i++)
      game->actions[i].column = game->actions[i].player;
    resolve_resigned_rolls(game);
  }
}
