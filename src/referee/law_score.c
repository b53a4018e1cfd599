/*
 * law_score.c — what the match's score does with a game's points: a win
 * counts up to the points the winner needed, the game after a player
 * first reaches one point short of the length is the Crawford game (no
 * double in it), and the match ends when a player reaches its length.
 */
#include "law.h"

int law_capped_points(int length, int winner_score, int points) {
  if (length <= 0)
    return points;
  int needed = length - winner_score;
  return needed > 0 && points > needed ? needed : points;
}

bool law_at_crawford_score(int length, const int score[2]) {
  return length > 0 && (score[0] == length - 1 || score[1] == length - 1);
}

bool law_crawford_game(const match_rules *rules, int length, const int score[2],
                       bool crawford_done) {
  return rules->crawford && law_at_crawford_score(length, score) && !crawford_done;
}

bool law_match_won(int length, int score) {
  return length > 0 && score >= length;
}
