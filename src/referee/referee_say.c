/*
 * referee_say.c — how the referee speaks: the names it gives the players
 * and the diagnostics it puts into the sink, for the match-wide checks
 * (referee.c, referee_cube.c, referee_result.c, referee_score.c) and for
 * the play checks (referee_play.c, referee_explain.c,
 * referee_readings.c).  The lowest layer of the referee: it calls nothing
 * of the referee's own, so the files above it call one way.
 */
#include <stdarg.h>
#include <stdio.h>

#include "referee_int.h"

const char *referee_player_name(const referee *ref, int player) {
  const char *name = ref->match->players[player];
  return name && *name ? name : (player ? "the right player" : "the left player");
}

void referee_say(referee *ref, bg_srcpos pos, int move, int player, bg_severity severity,
                 const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

void referee_say(referee *ref, bg_srcpos pos, int move, int player, bg_severity severity,
                 const char *rule, const char *fmt, ...) {
  if (severity == DIAG_ERROR)
    ref->faults++; /* found, whether said or not: the state hangs on it */
  if (ref->plays.recovery.silenced) /* a game out of step with its record: said once */
    return;
  char message[512];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof message, fmt, args);
  va_end(args);
  bg_diag diag = {.file = ref->match->file,
                  .line = pos.line,
                  .column = pos.column,
                  .severity = severity,
                  .rule = rule,
                  .message = message,
                  .game = ref->game ? ref->game->number : 0,
                  .move = move,
                  .player = player >= 0 ? referee_player_name(ref, player) : NULL};
  diag_emit(ref->sink, &diag);
}

const char *referee_play_player_name(const play_checker *checker, int player) {
  const char *name = checker->match->players[player];
  return name && *name ? name : (player ? "the right player" : "the left player");
}

void referee_report_play(play_checker *checker, const bg_action *roll, bg_srcpos pos,
                         bg_severity severity, const char *rule, const char *message,
                         const char *legal) {
  checker->last_rule = rule;
  checker->last_pos = pos;
  if (checker->recovery.silenced)
    return;
  bg_diag diag = {.file = checker->match->file,
                  .line = pos.line,
                  .column = pos.column,
                  .severity = severity,
                  .rule = rule,
                  .message = message,
                  .game = checker->game_number,
                  .move = roll->move_number,
                  .player = referee_play_player_name(checker, roll->player),
                  .legal = legal,
                  /* `legal` is made of them (referee_explain.c), and the
                   * JSON form lists every one */
                  .legal_plays = legal ? &checker->legal.plays : NULL};
  diag_emit(checker->sink, &diag);
}

/* "A rolls (or doubles), but it is B's turn: A already rolled last (line
 * N)", at `act`, whose player rolled last. */
void referee_say_rolled_last(referee *ref, const game_state *state, const bg_action *act,
                             const char *verb) {
  char place[32];
  SAY(act, DIAG_ERROR, RULE_SLUG(TURN_ORDER),
      "%s %s, but it is %s's turn: %s already rolled last (%s)",
      referee_player_name(ref, act->player), verb,
      referee_player_name(ref, state->turns.expected_roller),
      referee_player_name(ref, act->player),
      match_place_name(state->turns.last_roll_pos[act->player], place, sizeof place));
}
