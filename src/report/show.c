/*
 * show.c — one play's position, as show.h says: found by walking the
 * replay, then printed from the event the replay gives for it.
 */
#include "show.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "board_draw.h"
#include "json_out.h"
#include "movegen.h"
#include "notation.h"

/* What show prints of one play, worked out once for both forms. */
typedef struct {
  const bg_match *match;
  const bg_replay_event *event;
  int game, play;
  posid_match state;
  char position_id[POSID_POSITION_LENGTH + 1];
  char match_id[POSID_MATCH_LENGTH + 1];
  char xgid[POSID_XGID_SIZE];
  bg_playlist legal; /* empty when the dice are not known */
  int played;        /* index in legal of the play the record made, -1 none */
  char played_text[256];
} shown;

static const char *player_name(const bg_match *match, int player) {
  return match->players[player] ? match->players[player] : "";
}

/* What the record played: the legal play it came to, in GNU Backgammon's
 * way of writing plays, else its own words. */
static void find_played(shown *s) {
  const bg_action *roll = s->event->action;
  s->played = -1;
  if (s->event->after_known && s->event->play_legal) {
    bg_board after;
    board_seen_by(s->event->after, roll->player, &after);
    for (int i = 0; i < s->legal.count && s->played < 0; i++)
      if (board_equal(&s->legal.plays[i].result, &after))
        s->played = i;
  }
  if (match_roll_play_unknown(roll))
    snprintf(s->played_text, sizeof s->played_text, "%s (not recorded)",
             NOTATION_UNRECORDED);
  else if (roll->move_count == 0)
    snprintf(s->played_text, sizeof s->played_text, "no play");
  else if (s->played >= 0)
    notation_format_play(&s->legal.plays[s->played], s->played_text,
                         sizeof s->played_text);
  else {
    notation_play_text(roll, s->played_text, sizeof s->played_text);
    if (s->event->errors > 0) /* the referee said why: check's job to print it */
      snprintf(s->played_text + strlen(s->played_text),
               sizeof s->played_text - strlen(s->played_text), " (not a legal play)");
  }
}

static void shown_init(shown *s, const bg_match *match, const bg_replay_options *options,
                       const bg_replay_event *event, int game, int play) {
  s->match = match;
  s->event = event;
  s->game = game;
  s->play = play;
  bg_replay_match_state(match, options, event, &s->state);
  const bg_action *roll = event->action;
  bg_board view;
  board_seen_by(event->before, roll->player, &view);
  posid_position_encode(&view, s->position_id);
  posid_match_encode(&s->state, s->match_id);
  posid_xgid_encode(&view, &s->state, s->xgid, sizeof s->xgid);
  movegen_playlist_init(&s->legal);
  if (match_roll_has_dice(roll))
    movegen_legal_plays(&view, roll->die1, roll->die2, &s->legal);
  find_played(s);
}

static void write_text(FILE *out, const shown *s) {
  const bg_action *roll = s->event->action;
  board_text_view view = {.board = *s->event->before,
                          .on_roll = roll->player,
                          .names = {player_name(s->match, 0), player_name(s->match, 1)},
                          .score = {s->state.score[0], s->state.score[1]},
                          .length = s->match->length,
                          .cube = s->state.cube,
                          .cube_owner = s->state.cube_owner,
                          .crawford = s->state.crawford,
                          .dice = {roll->die1, roll->die2}};
  board_text_write(out, &view);
  fputc('\n', out);
  fprintf(out, "Game %d, play %d", s->game, s->play);
  if (roll->pos.line > 0) /* a notation without lines (.xg) has the play's number */
    fprintf(out, " (line %d)", roll->pos.line);
  fprintf(out, ": %s (X) to play ", player_name(s->match, roll->player));
  if (match_roll_has_dice(roll))
    fprintf(out, "%d%d\n", roll->die1, roll->die2);
  else
    fprintf(out, "dice that cannot be read\n");
  fprintf(out, "Played: %s\n", s->played_text);
  if (s->legal.count > 0)
    fprintf(out, "Legal plays (%d):\n", s->legal.count);
  for (int i = 0; i < s->legal.count; i++) {
    char buf[128];
    fprintf(out, "  %s%s\n", notation_legal_play(&s->legal.plays[i], buf, sizeof buf),
            i == s->played ? "  (played)" : "");
  }
  fprintf(out, "Position ID: %s\nMatch ID: %s\n%s\n", s->position_id, s->match_id,
          s->xgid);
}

static json_t *json_text(const char *text) {
  char *utf8 = notation_utf8_from_record(text);
  json_t *value = json_string(utf8);
  free(utf8);
  return value;
}

static json_t *json_pair(int a, int b) {
  json_t *pair = json_array();
  json_array_append_new(pair, json_integer(a));
  json_array_append_new(pair, json_integer(b));
  return pair;
}

/* Each player's checkers on its own points: [0] borne off, [1..24] the
 * points, [25] the bar, as board.h counts them. */
static json_t *json_checkers(const bg_board *board) {
  json_t *sides = json_array();
  for (int side = 0; side < 2; side++) {
    json_t *slots = json_array();
    for (int slot = 0; slot < BG_SLOTS; slot++)
      json_array_append_new(slots, json_integer(board->checkers[side][slot]));
    json_array_append_new(sides, slots);
  }
  return sides;
}

static void write_json(FILE *out, const shown *s) {
  json_set_alloc_funcs(bg_malloc, free);
  const bg_action *roll = s->event->action;
  const bg_board *board = s->event->before;
  json_t *o = json_object();
  json_object_set_new(o, "file", json_out_file(s->match->file ? s->match->file : ""));
  json_object_set_new(o, "game", json_integer(s->game));
  json_object_set_new(o, "play", json_integer(s->play));
  json_object_set_new(o, "line", json_integer(roll->pos.line > 0 ? roll->pos.line : 0));
  json_object_set_new(o, "player", json_text(player_name(s->match, roll->player)));
  json_object_set_new(o, "on_roll", json_integer(roll->player));
  json_object_set_new(o, "dice",
                      match_roll_has_dice(roll) ? json_pair(roll->die1, roll->die2)
                                                : json_null());
  json_object_set_new(o, "length", json_integer(s->match->length));
  json_object_set_new(o, "score", json_pair(s->state.score[0], s->state.score[1]));
  json_object_set_new(o, "cube", json_integer(s->state.cube));
  json_object_set_new(o, "cube_owner",
                      s->state.cube_owner < 0 ? json_null()
                                              : json_integer(s->state.cube_owner));
  json_object_set_new(o, "crawford", json_boolean(s->state.crawford));
  json_object_set_new(o, "pips",
                      json_pair(board_pip_count(board, 0), board_pip_count(board, 1)));
  json_object_set_new(o, "checkers", json_checkers(board));
  json_object_set_new(o, "played", json_text(s->played_text));
  json_object_set_new(o, "legal", json_out_legal(&s->legal));
  json_object_set_new(o, "position_id", json_string(s->position_id));
  json_object_set_new(o, "match_id", json_string(s->match_id));
  json_object_set_new(o, "xgid", json_string(s->xgid));
  json_out_line(o, out, JSON_COMPACT);
  json_decref(o);
}

show_status show_event(FILE *out, bool json, const bg_match *match,
                       const bg_replay_options *options, const bg_replay_event *event,
                       int game, int play) {
  if (!event->before_known)
    return SHOW_UNKNOWN;
  shown s;
  shown_init(&s, match, options, event, game, play);
  if (json)
    write_json(out, &s);
  else
    write_text(out, &s);
  movegen_playlist_free(&s.legal);
  return SHOW_FOUND;
}

show_status show_play(FILE *out, bool json, const bg_match *match,
                      const bg_replay_options *options, bg_diag_sink *sink, int game,
                      int play, long *errors) {
  if (game < 1 || game > match->game_count)
    return SHOW_NO_GAME;
  if (play < 1 || play > match_game_play_count(&match->games[game - 1]))
    return SHOW_NO_PLAY;
  bg_replay *replay = bg_replay_new(match, options, sink);
  const bg_replay_event *event;
  show_status status = SHOW_UNKNOWN;
  int count = 0;
  while ((event = bg_replay_next(replay)) != NULL) {
    if (event->kind != BG_REPLAY_ACTION || event->game_index != game - 1 ||
        !match_action_is_play(event->action) || ++count != play)
      continue;
    *errors = diag_sink_errors(sink);
    status = show_event(out, json, match, options, event, game, play);
    break;
  }
  bg_replay_free(replay);
  return status;
}
