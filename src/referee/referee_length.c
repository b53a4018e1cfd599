/*
 * referee_length.c — the match length line against the record's own
 * evidence: the score lines, the "Wins" lines and where the match ends.
 *
 * A wrong "N point match" line makes every rule that needs the length
 * misfire far from it: games "after the match ended", doubles "in the
 * Crawford game", a last game's "and the match" short of the length.  The
 * length line is blamed, once, only where no other single line explains
 * the evidence: the score lines follow the "Wins" lines game by game (so
 * none of them is wrong), and the length the record bears out differs
 * from the written one.  Where the games bear out another length, the
 * referee reads the match at that length (ref->match becomes a copy of
 * the record with it), so the one mistake is said once.
 */
#include <stdio.h>

#include "referee_int.h"

/* Does each score line count the game before it as its "Wins" line wrote
 * it, to one player (whichever: a "Wins" line may stand in either
 * column)?  Then no score line and no "Wins" line but the last game's is
 * contradicted by the others. */
static bool scores_follow_wins(const bg_match *match) {
  for (int g = 1; g < match->game_count; g++) {
    const bg_game *game = &match->games[g], *before = game - 1;
    const bg_action *win = match_game_result(before);
    if (!win || win->value <= 0 || !game->score_pos.line || !before->score_pos.line)
      return false;
    int gain0 = game->score[0] - before->score[0];
    int gain1 = game->score[1] - before->score[1];
    if (!((gain0 == win->value && gain1 == 0) || (gain1 == win->value && gain0 == 0)))
      return false;
  }
  return match->game_count > 0 && match->games[0].score_pos.line != 0;
}

/* The highest score a score line gives either player: the match was not
 * won before it, so its length is above it. */
static int highest_score(const bg_match *match) {
  int highest = 0;
  for (int g = 0; g < match->game_count; g++)
    for (int i = 0; i < 2; i++)
      if (match->games[g].score[i] > highest)
        highest = match->games[g].score[i];
  return highest;
}

/* The last game's winner's score once its "Wins" line is counted, as
 * written; 0 when the last game has no result. */
static int final_total(const bg_match *match) {
  const bg_game *last = &match->games[match->game_count - 1];
  const bg_action *win = match_game_result(last);
  if (!win || win->value <= 0)
    return 0;
  return last->score[win->player] + win->value;
}

/* The Crawford game at `length` (the first game where a player stands
 * one point short, none having before); NULL when there is none or the
 * record may have played it before it starts. */
static const bg_game *crawford_game_at(const referee *ref, int length) {
  const bg_match *match = ref->match;
  if (!ref->rules.crawford)
    return NULL;
  for (int g = 0; g < match->game_count; g++) {
    const bg_game *game = &match->games[g];
    if (law_at_crawford_score(length, game->score))
      return g == 0 && (game->score[0] || game->score[1]) ? NULL : game;
  }
  return NULL;
}

/* The doubles of the Crawford game at `length`, where none may be. */
static int crawford_doubles(const referee *ref, int length) {
  const bg_game *game = crawford_game_at(ref, length);
  int doubles = 0;
  for (int a = 0; game && a < game->action_count; a++)
    doubles += game->actions[a].kind == ACT_DOUBLE;
  return doubles;
}

/* "N points" or "N to M points" into `text`. */
static void say_lengths(char *text, size_t size, int lowest, int highest) {
  if (lowest >= highest)
    snprintf(text, size, "%d point%s", highest, plural(highest));
  else
    snprintf(text, size, "%d to %d points", lowest, highest);
}

/* The lengths from `from` to `to` but the written one that the record
 * fits: no double in their Crawford game.  False when none does. */
static bool fitting_lengths(const referee *ref, int from, int to, int *lowest,
                            int *highest) {
  *lowest = *highest = 0;
  for (int candidate = from; candidate <= to; candidate++)
    if (candidate != ref->match->length && crawford_doubles(ref, candidate) == 0) {
      *lowest = *lowest ? *lowest : candidate;
      *highest = candidate;
    }
  return *highest > 0;
}

static void read_at_length(referee *ref, int length) {
  ref->as_read = *ref->match;
  ref->as_read.length = length;
  ref->match = &ref->as_read;
}

/* Why the written length does not fit, in `why`; false when it does, as
 * far as the score lines and the Crawford game tell.  A single double in
 * the Crawford game is its own line's mistake, not the length's. */
static bool length_contradicted(const referee *ref, int highest, char *why, size_t size) {
  int length = ref->match->length, doubles = crawford_doubles(ref, length);
  if (highest >= length) {
    snprintf(why, size, "its games go on past it (the score lines reach %d)", highest);
    return true;
  }
  if (doubles >= 2) {
    snprintf(why, size, "its Crawford game at that length (game %d) has %d doubles",
             crawford_game_at(ref, length)->number, doubles);
    return true;
  }
  return false;
}

void referee_judge_length(referee *ref) {
  const bg_match *match = ref->match;
  int length = match->length;
  if (length <= 0 || match->length_unknown || match->game_count == 0 ||
      !scores_follow_wins(match))
    return;
  int highest = highest_score(match), total = final_total(match);
  char why[96];
  if (!length_contradicted(ref, highest, why, sizeof why))
    return;
  int lowest, fitting;
  if (!fitting_lengths(ref, highest + 1, total, &lowest, &fitting))
    return;
  ref->tally.length_blamed = true;
  char lengths[48];
  say_lengths(lengths, sizeof lengths, lowest, fitting);
  referee_say(ref, match->pos, 0, -1, DIAG_ERROR, RULE_SLUG(SCORE),
              "the match is of %d point%s, but %s, and its last game ends at %d: the "
              "record fits a match of %s",
              length, plural(length), why, total, lengths);
  read_at_length(ref, fitting);
}

int referee_most_multiplier(const game_state *state, int winner) {
  int most = state->positions.count ? 1 : 3;
  for (int i = 0; i < state->positions.count; i++) {
    int allowed = board_most_multiplier(&state->positions.boards[i], winner);
    most = allowed > most ? allowed : most;
  }
  return most;
}

/* The most the game can be worth by how it ended (the points of a
 * resignation its "Wins" line may give); -1 when there is no bound. */
static int most_worth(const referee *ref, const game_state *state, int winner) {
  int cube = state->cube.value, other = referee_cube_other_reading(ref);
  switch (state->end.reason) {
  case END_BORE_OFF:
    for (int m = 3; m >= 1; m--)
      if (state->end.multipliers & (1 << m))
        return cube * m;
    return 3 * cube;
  case END_DROP:
    return state->end.value > other ? state->end.value : other;
  case END_RESIGN:
    if (state->end.value != 0)
      return state->end.value;
    return state->end.resign_level == RESIGN_MATCH
               ? -1
               : referee_most_multiplier(state, winner) * cube;
  case END_NONE:
    return referee_most_multiplier(state, winner) * cube;
  }
  return -1;
}

bool referee_length_short_of_end(referee *ref, const game_state *state,
                                 const bg_action *win, int counted) {
  const bg_match *match = ref->match;
  int length = match->length, most = most_worth(ref, state, win->player);
  if (ref->game != &match->games[match->game_count - 1] || most < 0 ||
      ref->tally.score[win->player] + most >= length)
    return false; /* not the last game, or another "Wins" value would end it */
  int above = highest_score(match), lowest, highest;
  if (ref->tally.score[win->player] > above)
    above = ref->tally.score[win->player];
  if (!fitting_lengths(ref, above + 1, counted, &lowest, &highest))
    return false;
  ref->tally.length_blamed = true;
  char fits[48];
  say_lengths(fits, sizeof fits, lowest, highest);
  char place[32];
  referee_say(ref, match->pos, 0, -1, DIAG_ERROR, RULE_SLUG(SCORE),
              "the match is of %d point%s, but its last game ends it (\"and the match\", "
              "%s) with %s at %d: the record fits a match of %s",
              length, plural(length), match_place_name(win->pos, place, sizeof place),
              referee_player_name(ref, win->player), counted, fits);
  return true;
}
