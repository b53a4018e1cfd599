/*
 * referee_search.h — the record's own moves replayed with the dice, which
 * both the cheap legality proofs (referee_proof.c) and the explanations of
 * a wrong play (referee_explain.c) are made of.  Internal to the referee.
 */
#ifndef BG_REFEREE_SEARCH_H
#define BG_REFEREE_SEARCH_H

#include "referee_play.h"

/* The dice of a roll not yet played: two, or four of a double. */
typedef struct {
  int dice[BG_MAX_DICE_STEPS];
  int count;
} dice_left;

static inline void dice_init(dice_left *left, int die1, int die2) {
  left->count = die1 == die2 ? 4 : 2;
  for (int i = 0; i < left->count; i++)
    left->dice[i] = i % 2 ? die2 : die1;
}

static inline void dice_remove(dice_left *left, int die) {
  for (int i = 0; i < left->count; i++)
    if (left->dice[i] == die) {
      left->dice[i] = left->dice[--left->count];
      return;
    }
}

static inline bool dice_seen_before(const dice_left *left, int index) {
  for (int i = 0; i < index; i++)
    if (left->dice[i] == left->dice[index])
      return true;
  return false;
}

static inline int dice_sum(const dice_left *left) {
  int sum = 0;
  for (int i = 0; i < left->count; i++)
    sum += left->dice[i];
  return sum;
}

/* A search for an order of the record's moves and a split of each into
 * dice that plays them all. */
typedef struct {
  unsigned relaxed;                        /* BG_RELAX_* rules set aside */
  const bg_move *moves[BG_MAX_DICE_STEPS]; /* one checker each */
  int count;
  int dice_total;
  /* what the search found */
  int dice_used;
  const bg_move *bent_move; /* the first move that needed a rule set aside */
  bg_board bent_board;      /* the position at that step */
  int bent_die;
  bg_board final_board; /* the position after the last move */
  dice_left final_dice; /* and the dice still unused */
} move_search;

/* Expands the notation to one entry per checker; false when it moves more
 * checkers than the roll has dice. */
bool referee_search_init(move_search *search, const bg_action *roll, unsigned relaxed);

/* Runs a search set up by referee_search_init with all the roll's dice. */
bool referee_search_run(move_search *search, const bg_action *roll, const bg_board *view);

/* Carries move `index`, now at point `at`, on to its destination with the
 * dice left, then goes on with the moves not in `done`. */
bool referee_search_hop(move_search *search, const bg_board *view, const dice_left *left,
                        unsigned done, int index, int at, const bg_move *bent);

#endif
