/*
 * read_yaml_game.c — the `games:` of a document of bgmatch's YAML notation
 * read into the model: each game's number, score and actions (the actions
 * one by one by read_yaml_action.c); a game that cannot be read is
 * dropped, and the numbers are checked to follow one another.
 *
 * Stage: under read_yaml_match.c, which calls it for `games:`.  Calls
 * read_yaml_action.c for each action and read_yaml.c's events and
 * diagnostics; none of them calls back.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "read_yaml_int.h"

/* ---- games ---------------------------------------------------------------- */

/* score: [left, right], or null: the record gave no score line (the
 * game's score_pos stays none). */
static bool read_score(bg_yaml_reader *reader, bg_game *game) {
  const char *what = "a score like [0, 0]";
  if (reader->event.type == YAML_SCALAR_EVENT) {
    static const char either[] = "a score like [0, 0], or null (not given)";
    if (!bg_yaml_expect_scalar(reader, either))
      return false;
    return (bg_yaml_scalar_is_plain(reader) &&
            strcmp(bg_yaml_scalar_text(reader), "null") == 0) ||
           bg_yaml_unexpected(reader, either);
  }
  if (!bg_yaml_expect_start(reader, YAML_SEQUENCE_START_EVENT, what))
    return false;
  game->score_pos = bg_yaml_position(reader, reader->event.start_mark);
  for (int i = 0; i < 2; i++) {
    long points;
    if (!bg_yaml_advance(reader) ||
        !bg_yaml_read_number(reader, what, YAML_MAX_NUMBER, &points))
      return false;
    game->score[i] = (int)points;
  }
  if (!bg_yaml_advance(reader))
    return false;
  if (reader->event.type == YAML_SEQUENCE_END_EVENT)
    return true;
  return bg_yaml_unexpected(reader, what);
}

static bool read_actions(bg_yaml_reader *reader, bg_game *game) {
  if (!bg_yaml_expect_start(reader, YAML_SEQUENCE_START_EVENT,
                            "actions: a sequence like [[Bob, 52, 13/11 13/8], ...]"))
    return false;
  reader->numbering_held = false; /* a break held at the end of a game is for none */
  reader->numbering_more = 0;
  reader->written_held = NULL; /* and so is a text held then */
  for (reader->action_index = 1;; reader->action_index++) {
    if (!bg_yaml_advance(reader))
      return false;
    if (reader->event.type == YAML_SEQUENCE_END_EVENT)
      break;
    if (!bg_yaml_read_action(reader, game))
      return false;
  }
  reader->action_index = 0;
  return true;
}

/* A resumed match starts anywhere; then each game is the next one, by the
 * number written before it or by its place, as the .mat reader checks.
 * A game dropped for an error still counts: one mistake, one diagnostic. */
static void check_game_number(bg_yaml_reader *reader, const bg_game *game, int previous,
                              yaml_mark_t mark) {
  if (reader->games_seen > 1) {
    int expected = previous + 1;
    int by_place = reader->first_game_number + reader->games_seen - 1;
    if (game->number != expected && game->number != by_place)
      bg_yaml_syntax_error(reader, mark,
                           "expected game: %d after game %d, found game: %d", expected,
                           expected - 1, game->number);
  }
}

/* A new game of `match`; out of memory ends the program (alloc.h). */
static bg_game *add_game(bg_match *match) {
  bg_game *game = match_add_game(match);
  if (!game)
    bg_out_of_memory();
  return game;
}

/* What a game's entries are read into. */
typedef struct {
  bg_game *game;
  yaml_mark_t number_mark; /* where its number stands (or the game starts) */
} game_into;

/* `game: N`, its number; false when it is no number. */
static bool read_game_number(bg_yaml_reader *reader, game_into *into) {
  long number;
  into->number_mark = reader->event.start_mark;
  if (!bg_yaml_read_number(reader, "a game number like 1", YAML_MAX_NUMBER, &number))
    return false;
  into->game->number = (int)number;
  reader->game_index = into->game->number;
  reader->last_game_number = into->game->number;
  if (reader->games_seen == 1)
    reader->first_game_number = into->game->number;
  return true;
}

/* One entry of a game: a game whose number or score is wrong is not this
 * game, and the rest of it is not read; `result` is derived, what it
 * holds is not read; an unknown key is said and its value skipped. */
static bg_yaml_entry read_game_entry(bg_yaml_reader *reader, const char *key,
                                     yaml_mark_t mark, void *data) {
  game_into *into = data;
  bool ok;
  if (strcmp(key, "game") == 0)
    ok = read_game_number(reader, into);
  else if (strcmp(key, "score") == 0)
    ok = read_score(reader, into->game);
  else if (strcmp(key, "actions") == 0)
    ok = read_actions(reader, into->game);
  else if (strcmp(key, "result") == 0)
    return bg_yaml_entry_of(bg_yaml_skip_checked(reader));
  else {
    bg_yaml_unknown_key(reader, key, mark, "game, score, actions or result");
    return BG_YAML_ENTRY_SKIP;
  }
  return ok ? BG_YAML_ENTRY_READ : BG_YAML_ENTRY_STOP;
}

/* One game; false when it cannot be used (said: it is dropped). */
static bool read_game(bg_yaml_reader *reader) {
  const char *what = "a game, a mapping like {game: 1, score: [0, 0], actions: [...]}";
  if (!bg_yaml_expect_start(reader, YAML_MAPPING_START_EVENT, what))
    return false;
  game_into into = {.game = add_game(reader->match)};
  int previous = reader->last_game_number;
  into.game->number = previous + 1;
  reader->games_seen++;
  into.game->pos = bg_yaml_position(reader, reader->event.start_mark);
  reader->game_index = into.game->number;
  into.number_mark = reader->event.start_mark;
  if (!bg_yaml_read_entries(reader, read_game_entry, &into))
    return false;
  check_game_number(reader, into.game, previous, into.number_mark);
  return true;
}

/* Drops the last game (one that could not be read). */
static void drop_last_game(bg_match *match) {
  free(match->games[match->game_count - 1].actions);
  match->game_count--;
}

/* One game of the sequence; a game that could not be read is dropped. */
static bool read_game_item(bg_yaml_reader *reader, void *data) {
  (void)data;
  if (reader->event.type == YAML_SEQUENCE_START_EVENT)
    return bg_yaml_read_games_line(reader);
  int games_before = reader->match->game_count;
  bool ok = read_game(reader);
  reader->game_index = 0;
  reader->action_index = 0;
  if (!ok && reader->match->game_count > games_before)
    drop_last_game(reader->match);
  return ok;
}

bool bg_yaml_read_games(bg_yaml_reader *reader, yaml_mark_t mark) {
  reader->match->pos = bg_yaml_position(reader, mark);
  reader->games_seen = reader->last_game_number = reader->first_game_number = 0;
  return bg_yaml_read_sequence(reader, "games: a sequence of games", read_game_item,
                               NULL);
}
