/*
 * read_sgf_setup.c — GNU Backgammon's set-up node, AE[a:y]AW[f][f]AB[e]:
 * the board cleared, then a checker of White (AW) or Black (AB) per value,
 * on the point its letter names (a-x counted from White's side, y the
 * bar); checkers not placed are borne off.  Read into the model as the
 * .mat's "; Set Pos=" line is (ACT_SET_POSITION): the game goes on from
 * that position.
 *
 * Stage: beside read_sgf_match.c, which hands it a node's AE, AW and AB
 * values and says the syntax errors these functions find; calls the model
 * (match.h) only.
 */
#include <string.h>

#include "read_sgf_int.h"

/* The node's set-up action, made at its first AE, AW or AB; NULL when the
 * match has no game to hold it or memory runs out. */
static bg_action *setup_action(sgf_tree *tree, bg_match *match, bg_srcpos pos) {
  if (!match || match->game_count == 0)
    return NULL;
  bg_game *game = &match->games[match->game_count - 1];
  if (tree->setup_open)
    return &game->actions[tree->setup_index];
  bg_action *action = match_game_add_action(game);
  if (!action || !(action->setup = match_new_setup(match)))
    return NULL;
  action->kind = ACT_SET_POSITION;
  action->pos = pos;
  tree->setup_open = true;
  tree->setup_index = game->action_count - 1;
  return action;
}

int sgf_setup_value(sgf_tree *tree, bg_match *match, const char *ident, bg_srcpos pos,
                    const char *value, size_t length) {
  bool clear = strcmp(ident, "AE") == 0;
  int side = strcmp(ident, "AW") == 0 ? 0 : strcmp(ident, "AB") == 0 ? 1 : -1;
  if (!clear && side < 0)
    return SGF_SETUP_NOT_MINE;
  bg_action *action = setup_action(tree, match, pos);
  if (!action)
    return SGF_SETUP_READ; /* no game, or no memory: the match's end says it */
  if (clear)
    return SGF_SETUP_READ; /* the board starts empty: all of it is cleared */
  char letter = length == 1 ? value[0] : '\0';
  if (letter < 'a' || letter > 'y')
    return SGF_SETUP_BAD;
  /* a..x from White's side: White's point 1 + index, Black's 24 - index */
  int point = letter == 'y' ? 25 : side == 0 ? letter - 'a' + 1 : 24 - (letter - 'a');
  unsigned char *count = &action->setup->checkers[side][point];
  if (*count < 255)
    (*count)++;
  return SGF_SETUP_READ;
}

bool sgf_setup_end(sgf_tree *tree, bg_match *match) {
  if (!tree->setup_open)
    return true;
  tree->setup_open = false;
  bg_action *action = &match->games[match->game_count - 1].actions[tree->setup_index];
  bg_board board; /* none: the referee checks nothing after it */
  return match_setup_board(action, &board);
}
