/*
 * referee_score.c — the score lines: each game's starting score must be
 * the previous one plus the points the previous game was worth.
 *
 * When a score line disagrees, one line is wrong and is named once: the
 * score line, unless the previous game's value rests on the record's word
 * alone (a resignation), where the "Wins" line may be the wrong one (its
 * value, or the column it stands in) and the next score line tells which.
 * The referee then keeps both readings, the results' and the score line's,
 * and goes on from the likelier; a later score line that agrees with
 * either is no new mistake.
 */
#include <stdio.h>

#include "referee_int.h"

static bool same_score(const int a[2], const int b[2]) {
  return a[0] == b[0] && a[1] == b[1];
}

/* Could one game take the score from `from` to `to`? */
static bool one_game_apart(const int from[2], const int to[2]) {
  int gain0 = to[0] - from[0], gain1 = to[1] - from[1];
  return (gain0 > 0 && gain1 == 0) || (gain1 > 0 && gain0 == 0);
}

static void go_on_from(referee *ref, const int score[2], const int other[2]) {
  ref->tally.alt_known = other != NULL;
  for (int i = 0; i < 2; i++) {
    ref->tally.alt_score[i] = other ? other[i] : 0;
    ref->tally.score[i] = score[i];
  }
  ref->tally.score_known = true;
}

/* The score line of the game after `game`, NULL when there is none. */
static const int *next_score_line(const referee *ref, const bg_game *game) {
  const bg_match *match = ref->match;
  if (game + 1 >= match->games + match->game_count || !game[1].score_pos.line)
    return NULL;
  return game[1].score;
}

/* The points the score line credits the last game's winner with; 0 when
 * it credits the loser too, or nothing. */
static int implied_points(const referee *ref, const bg_game *game) {
  const bg_action *win = &ref->tally.last_result;
  int winner = win->player, loser = 1 - winner;
  int implied = game->score[winner] - (ref->tally.score[winner] - win->value);
  return game->score[loser] == ref->tally.score[loser] && implied > 0 ? implied : 0;
}

/* Does the score line count the last game as its "Wins" line wrote it,
 * from the score line before?  When that "Wins" line was said to be wrong,
 * the record carried its value on: one mistake, said once. */
static bool follows_written_result(const referee *ref, const bg_game *game) {
  if (game == ref->match->games || !game[-1].score_pos.line)
    return false;
  const bg_action *win = &ref->tally.last_result;
  const int *before = game[-1].score;
  int winner = win->player, loser = 1 - winner;
  return game->score[loser] == before[loser] &&
         game->score[winner] == before[winner] + win->value;
}

/* Does the score line give the last game to its loser, at the value the
 * "Wins" line wrote, and nothing to the winner it named?  The line stood
 * in the wrong column. */
static bool credits_loser(const referee *ref, const bg_game *game) {
  const bg_action *win = &ref->tally.last_result;
  int winner = win->player, loser = 1 - winner;
  return game->score[winner] == ref->tally.score[winner] - win->value &&
         game->score[loser] == ref->tally.score[loser] + win->value;
}

/* What one game adds to the score from `from` to `to`: the gain of the
 * one player who gains; 0 when one game cannot lead there. */
static int one_game_gain(const int from[2], const int to[2]) {
  return one_game_apart(from, to) ? to[0] - from[0] + to[1] - from[1] : 0;
}

/* Does the score line after `game`'s side with the results (ref->tally.score)
 * against `game`'s score line?  When one game leads to it from either,
 * `game`'s own "Wins" line tells: a game worth 2 leads from 4-2 to 4-4,
 * not from 4-3. */
static bool next_sides_with_results(const referee *ref, const bg_game *game) {
  const int *next = next_score_line(ref, game);
  if (!next)
    return false;
  int from_results = one_game_gain(ref->tally.score, next);
  int from_line = one_game_gain(game->score, next);
  if (from_results && from_line) {
    const bg_action *result = match_game_result(game);
    int worth = result ? result->value : 0;
    return worth > 0 && from_results == worth && from_line != worth;
  }
  return from_results && !from_line;
}

/* Would `score` make `game` the Crawford game, and is there a double in
 * it that the rule forbids there? */
static bool crawford_game_doubled(const referee *ref, const bg_game *game,
                                  const int score[2]) {
  int length = ref->match->length;
  if (!law_crawford_game(&ref->rules, length, score, ref->tally.crawford_done))
    return false;
  for (int a = 0; a < game->action_count; a++)
    if (game->actions[a].kind == ACT_DOUBLE)
      return true;
  return false;
}

/* The last result's value is the record's word alone: is the score line
 * the right one, and the "Wins" line wrong?  Only when the score line
 * implies a resignation's value (1, 2 or 3 times the cube), the game
 * after it does not double in what the score line alone makes the
 * Crawford game, and the next score line does not side with the
 * results. */
static bool blames_last_result(const referee *ref, const bg_game *game) {
  int winner = ref->tally.last_result.player;
  int implied = implied_points(ref, game);
  int length = ref->match->length;
  if (!ref->tally.last_result_open)
    return false;
  if (crawford_game_doubled(ref, game, game->score) &&
      !crawford_game_doubled(ref, game, ref->tally.score))
    return false;
  if (implied == 0) /* or the line names the wrong player: a resignation either way */
    return credits_loser(ref, game) &&
           (length <= 0 || game->score[1 - winner] < length) &&
           !next_sides_with_results(ref, game);
  if (length > 0 && game->score[winner] >= length)
    return false; /* a game cannot start from a score that ended the match */
  bool plausible = false;
  /* no gammon once the loser has borne off a checker */
  for (int m = 1; m <= ref->tally.last_most_multiplier; m++)
    plausible |= implied == ref->tally.last_cube * m;
  return plausible && !next_sides_with_results(ref, game);
}

/* Does the "Wins ... and the match" line of the match's last game hold
 * from `from` and not from `other`?  The last game is `game` itself. */
static bool match_end_sides_with(const referee *ref, const bg_game *game,
                                 const int from[2], const int other[2]) {
  const bg_match *match = ref->match;
  const bg_action *win = match_game_result(game);
  if (game != &match->games[match->game_count - 1] || !win || !win->and_match ||
      match->length <= 0)
    return false;
  int winner = win->column;
  return from[winner] + win->value >= match->length &&
         other[winner] + win->value < match->length;
}

/* A score line ahead of the results for both players, which the record
 * after it follows (the next score line is one game from it and not from
 * the results, or the match's last "Wins" line ends the match from it and
 * not from them): games were played that the record does not hold (a
 * client that missed them), not a wrong line.  A wrong digit in the line
 * leaves the next one following the results. */
static bool games_left_out(const referee *ref, const bg_game *game) {
  if (ref->tally.last_game_open) /* the game before has no result to count from */
    return false;
  if (game->score[0] < ref->tally.score[0] || game->score[1] < ref->tally.score[1])
    return false;
  const int *next = next_score_line(ref, game);
  if (next)
    return one_game_gain(game->score, next) > 0 &&
           one_game_gain(ref->tally.score, next) == 0;
  return match_end_sides_with(ref, game, game->score, ref->tally.score);
}

static void say_games_left_out(referee *ref, const bg_game *game) {
  bg_srcpos at = game->score_pos.line ? game->score_pos : game->pos;
  referee_say(ref, at, 0, -1, DIAG_WARNING, RULE_SLUG(INCOMPLETE),
              "the score line says %d-%d, but after the previous game it is %d-%d: "
              "the games between are not in the record (the record after it counts "
              "from %d-%d)",
              game->score[0], game->score[1], ref->tally.score[0], ref->tally.score[1],
              game->score[0], game->score[1]);
}

static void blame_score_line(referee *ref, const bg_game *game) {
  bg_srcpos at = game->score_pos.line ? game->score_pos : game->pos;
  if (ref->tally.last_game_open)
    referee_say(
        ref, at, 0, -1, DIAG_ERROR, RULE_SLUG(SCORE),
        "the score line says %d-%d, but one game from %d-%d, whatever its result, "
        "cannot lead there",
        game->score[0], game->score[1], ref->tally.score[0], ref->tally.score[1]);
  else
    referee_say(ref, at, 0, -1, DIAG_ERROR, RULE_SLUG(SCORE),
                "the score line says %d-%d, but after the previous game it is %d-%d",
                game->score[0], game->score[1], ref->tally.score[0], ref->tally.score[1]);
}

static void blame_result(referee *ref, const bg_game *game) {
  const bg_action *win = &ref->tally.last_result;
  char place[32];
  if (credits_loser(ref, game)) {
    referee_say(ref, win->pos, win->move_number, win->player, DIAG_ERROR,
                RULE_SLUG(SCORE),
                "%s wins %d point%s, but the score lines give this game to %s (%s)",
                referee_player_name(ref, win->player), win->value, plural(win->value),
                referee_player_name(ref, 1 - win->player),
                match_place_name(game->score_pos, place, sizeof place));
    return;
  }
  referee_say(ref, win->pos, win->move_number, win->player, DIAG_ERROR, RULE_SLUG(SCORE),
              "Wins %d point%s, but the score lines count %d for this game (%s)",
              win->value, plural(win->value), implied_points(ref, game),
              match_place_name(game->score_pos, place, sizeof place));
}

/* The first game's score line: where the record starts.  A "Game 1" at
 * another score than 0-0 is real (a match resumed after a break on a
 * server starts again at "Game 1", a transcription of part of a match starts
 * where it starts): the score lines are checked from there on. */
static void check_first_score_line(referee *ref, const bg_game *game) {
  ref->tally.start_pos = game->score_pos;
  for (int i = 0; i < 2; i++)
    ref->tally.start_score[i] = game->number == 1 ? game->score[i] : 0;
  go_on_from(ref, game->score, NULL);
}

/* The second score line counts the first game from 0-0 where the record
 * started "Game 1" at another score: that first line was the mistake (a
 * match starts at 0-0 unless its lines say otherwise). */
static bool blames_start(const referee *ref, const bg_game *game) {
  if (ref->tally.start_score[0] == 0 && ref->tally.start_score[1] == 0)
    return false;
  if (ref->match->game_count < 2 || game != &ref->match->games[1])
    return false;
  for (int i = 0; i < 2; i++)
    if (game->score[i] != ref->tally.score[i] - ref->tally.start_score[i])
      return false;
  return true;
}

static void blame_start(referee *ref, const bg_game *game) {
  char place[32];
  referee_say(ref, ref->tally.start_pos, 0, -1, DIAG_ERROR, RULE_SLUG(SCORE),
              "the score line of game 1 says %d-%d, but the next one counts game 1 "
              "from 0-0 (%s)",
              ref->tally.start_score[0], ref->tally.start_score[1],
              match_place_name(game->score_pos, place, sizeof place));
}

/* A match already won: the game is played after its end, unless the
 * result that ended it rests on the record's word alone. */
static void check_after_match_end(referee *ref, const bg_game *game) {
  if (ref->tally.match_won_game != game->number - 1)
    return; /* said once: every later game is past the end for the same reason */
  if (ref->tally.last_result_open) {
    const bg_action *win = &ref->tally.last_result;
    referee_say(ref, win->pos, win->move_number, ref->tally.match_won_by, DIAG_ERROR,
                RULE_SLUG(SCORE), "Wins %d point%s ends the match, yet game %d follows",
                win->value, plural(win->value), game->number);
    ref->tally.match_won_by = -1;
    go_on_from(ref, game->score, NULL);
    return;
  }
  referee_say(ref, game->pos, 0, -1, DIAG_ERROR, RULE_SLUG(SCORE),
              "game %d is played after the match ended: %s reached %d point%s in game %d",
              game->number, referee_player_name(ref, ref->tally.match_won_by),
              ref->match->length, plural(ref->match->length), ref->tally.match_won_game);
}

void referee_check_score_line(referee *ref, const bg_game *game, bool first) {
  if (first) {
    check_first_score_line(ref, game);
  } else if (ref->tally.match_won_by >= 0) {
    check_after_match_end(ref, game);
  } else if (!ref->tally.score_known || same_score(game->score, ref->tally.score)) {
    go_on_from(ref, game->score, NULL);
  } else if (ref->tally.alt_known && same_score(game->score, ref->tally.alt_score)) {
    go_on_from(ref, game->score, NULL); /* the other reading was the right one */
  } else if (ref->tally.last_game_open && one_game_apart(ref->tally.score, game->score)) {
    go_on_from(ref, game->score, NULL); /* the game before has no result */
  } else if (ref->tally.last_result_blamed &&
             (implied_points(ref, game) > 0 ||
              (ref->tally.last_result_said && follows_written_result(ref, game)))) {
    go_on_from(ref, game->score, NULL); /* that "Wins" line was said to be wrong */
  } else if (blames_start(ref, game)) {
    blame_start(ref, game);
    go_on_from(ref, game->score, NULL);
  } else if (blames_last_result(ref, game)) {
    blame_result(ref, game);
    go_on_from(ref, game->score, ref->tally.score);
  } else if (games_left_out(ref, game)) {
    say_games_left_out(ref, game);
    go_on_from(ref, game->score, NULL);
  } else {
    blame_score_line(ref, game);
    int results[2] = {ref->tally.score[0], ref->tally.score[1]};
    go_on_from(ref, results, game->score);
  }
  ref->tally.last_game_open = false;
}

void referee_count_result(referee *ref, int winner, int points, int game_number) {
  ref->tally.score[winner] += points;
  if (ref->tally.alt_known)
    ref->tally.alt_score[winner] += points;
  if (law_match_won(ref->match->length, ref->tally.score[winner]) &&
      ref->tally.match_won_by < 0) {
    ref->tally.match_won_by = winner;
    ref->tally.match_won_game = game_number;
  }
}

/* Why game `game` cannot be the Crawford game, for the message. */
static void say_why_not_crawford(const referee *ref, char *why, size_t size) {
  int length = ref->match->length;
  if (length <= 0)
    snprintf(why, size, "a money session has no Crawford game");
  else if (!ref->rules.crawford)
    snprintf(why, size, "the match is played without the Crawford rule");
  else if (ref->tally.score[0] == length - 1 || ref->tally.score[1] == length - 1)
    snprintf(why, size, "the Crawford game was played before it: %d-%d is post-Crawford",
             ref->tally.score[0], ref->tally.score[1]);
  else
    snprintf(why, size, "at %d-%d neither player has just reached %d",
             ref->tally.score[0], ref->tally.score[1], length - 1);
}

void referee_check_crawford_mark(referee *ref, const game_state *state,
                                 const bg_game *game) {
  bg_srcpos at = game->crawford_pos.line ? game->crawford_pos : game->pos;
  if (game->crawford_marked == RULE_ON && !state->crawford_game) {
    char why[128];
    say_why_not_crawford(ref, why, sizeof why);
    referee_say(ref, at, 0, -1, DIAG_ERROR, RULE_SLUG(CRAWFORD),
                "game %d is marked as the Crawford game, but %s", game->number, why);
  } else if (game->crawford_marked == RULE_OFF && state->crawford_game) {
    int leader = ref->tally.score[0] == ref->match->length - 1 ? 0 : 1;
    referee_say(ref, at, 0, -1, DIAG_ERROR, RULE_SLUG(CRAWFORD),
                "game %d is the Crawford game (%s has %d of %d points), but the record "
                "does not mark it",
                game->number, referee_player_name(ref, leader), ref->tally.score[leader],
                ref->match->length);
  }
}
