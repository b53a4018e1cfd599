/*
 * referee_match.c — the referee's games and match: what each game starts
 * from (the variation's position, the cube centred, the Crawford game),
 * what it ends with (its result counted, or the warning that it has
 * none), and what the match ends with.  The actions between are
 * referee.c's.
 */
#include "referee_int.h"

void referee_begin_game(referee *ref, game_state *state, const bg_game *game,
                        bool first) {
  ref->game = game;
  diag_sink_begin_game(ref->sink);
  referee_check_score_line(ref, game, first);
  state->cube = (game_cube){
      .value = 1, .owner = -1, .double_by = -1, .double_value = 0, .beavered = false};
  state->turns =
      (game_turns){.expected_roller = -1, .last_roll_pos = {{0}}, .rolls_checked = 0};
  state->end = (game_ending){
      .reason = END_NONE, .winner = 0, .multipliers = 0, .value = 0, .resign_level = 0};
  state->result = (game_result_seen){
      .seen = false, .points = 0, .winner = 0, .credited_winner = 0, .action = NULL};
  state->crawford_game = false;
  state->set_up = false;
  /* the room for positions is large: filled from its count, never cleared */
  state->positions.count = 0;
  if (ref->opening) {
    bg_board opening;
    ref->opening(&opening);
    referee_positions_only(&state->positions, &opening);
  }
  int length = ref->match->length;
  /* A record that starts at a score (a resumed match) does not say whether
   * the Crawford game was already played: give it the benefit. */
  if (first && (game->score[0] || game->score[1]))
    ref->tally.crawford_done = law_at_crawford_score(length, ref->tally.score);
  /* ... unless the record marks the game (SGF): then it says which. */
  if (first && (game->score[0] || game->score[1]) && game->crawford_marked == RULE_ON)
    ref->tally.crawford_done = false;
  state->crawford_game =
      law_crawford_game(&ref->rules, length, ref->tally.score, ref->tally.crawford_done);
  referee_check_crawford_mark(ref, state, game);
  ref->plays.game_number = game->number;
  referee_plays_new_game(&ref->plays);
  referee_check_start(ref, state, game);
}

static bg_srcpos last_place(const bg_game *game) {
  if (game->action_count > 0)
    return game->actions[game->action_count - 1].pos;
  return game->score_pos.line ? game->score_pos : game->pos;
}

void referee_end_game(referee *ref, game_state *state, const bg_game *game,
                      bg_game_result *result) {
  referee_numbering_settle(&ref->plays, game);
  referee_settle_hidden_hits(&ref->plays, &state->positions);
  /* In a game out of step with its record (silenced), the plays followed
   * are a guess: the result then rests on what the board does not decide
   * (referee_resolve_result). */
  referee_resolve_result(ref, state, ref->plays.recovery.silenced, result);
  if (!state->result.seen)
    referee_say(ref, last_place(game), 0, -1, DIAG_WARNING, RULE_SLUG(INCOMPLETE),
                game->action_count == 0         ? "game %d stops before its first roll"
                : state->end.reason == END_NONE ? "game %d stops before it was won"
                                                : "game %d has no \"Wins\" line",
                game->number);
  if (state->crawford_game)
    ref->tally.crawford_done = true;
  if (!state->result.seen)
    ref->tally.last_result_open = false;
  ref->plays.recovery.silenced = false;
  if (result->points < 0) { /* no winner, or a worth the record leaves open */
    /* No result to add: the next score line says where the match stands,
     * as long as one game could have brought it there. */
    ref->tally.last_game_open = true;
    return;
  }
  referee_count_result(ref, result->winner, result->points, game->number);
}

/* Backgammon (or no [Variation] tag), Nackgammon and LongGammon are
 * checked; for any other variation (Hypergammon's three checkers...) one
 * warning says that its plays are not. */
static void choose_variation(referee *ref) {
  const bg_match *match = ref->match;
  switch (match->variation) {
  case VARIATION_BACKGAMMON:
    ref->opening = board_initial;
    break;
  case VARIATION_NACKGAMMON:
    ref->opening = board_initial_nackgammon;
    break;
  case VARIATION_LONGGAMMON:
    ref->opening = board_initial_longgammon;
    break;
  case VARIATION_OTHER:
    ref->opening = NULL;
    referee_say(ref, match->variation_tag->pos, 0, -1, DIAG_WARNING,
                RULE_SLUG(UNRECORDED),
                "plays are not checked: the variation '%s' has other rules than "
                "backgammon",
                match->variation_tag->value);
    break;
  }
}

void referee_begin_match(referee *ref, const bg_match *match,
                         const bg_replay_options *options, bg_diag_sink *sink) {
  ref->match = match;
  ref->sink = sink;
  ref->opening = NULL; /* choose_variation, below */
  ref->game = NULL;
  ref->renamed = (bg_action){0};
  ref->play_followed = NULL;
  ref->faults = 0;
  ref->tally = (match_tally){.match_won_by = -1};
  ref->rules =
      law_match_rules(match, options->crawford, options->jacoby, options->beavers);
  ref->hit_marks = match_hit_marks(match, 2);
  referee_play_checker_init(&ref->plays, match, sink);
  choose_variation(ref);
  referee_judge_length(ref);
  if (match->length_unknown)
    referee_say(ref, match->pos, 0, -1, DIAG_WARNING, RULE_SLUG(INCOMPLETE),
                "the record gives no match length: its games are checked, but not the "
                "rules that need the length (the Crawford game, the match's end)");
}

void referee_end_match(referee *ref) {
  const bg_match *match = ref->match;
  ref->game = NULL;
  diag_sink_begin_game(ref->sink); /* the next match's reading counts apart */
  if (match->game_count == 0)
    referee_say(ref, match->pos, 0, -1, DIAG_WARNING, RULE_SLUG(INCOMPLETE),
                "the match has no games: its record stops before game 1");
  else if (match->length > 0 && ref->tally.match_won_by < 0 && ref->tally.score_known &&
           !ref->tally.last_game_open && !match->one_off_game &&
           !ref->tally.length_blamed)
    referee_say(ref, last_place(&match->games[match->game_count - 1]), 0, -1,
                DIAG_WARNING, RULE_SLUG(INCOMPLETE),
                "the match stops at %d-%d, before either player reached %d point%s",
                ref->tally.score[0], ref->tally.score[1], match->length,
                plural(match->length));
  referee_play_checker_free(&ref->plays);
}
