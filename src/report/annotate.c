/*
 * annotate.c — collects what annotate.h promises: one walk of the replay
 * per match, with a holding sink that holds that match's diagnostics
 * only; each event's diagnostics are tied to its position (their places
 * in the sink are the event's), the reader's (which no event gives) to
 * the position the walk stands at when it reaches their place, and then
 * every diagnostic of the sink becomes an item of the match's batch,
 * sorted by place as check prints them.  The batch is listed and
 * cleared before the next match is read.
 */
#include "annotate.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "notation.h"

void annotate_batch_init(annotate_batch *batch) {
  memset(batch, 0, sizeof *batch);
}

/* Forgets the match and its canonical text; the items' room stays. */
static void forget_match(annotate_batch *batch) {
  if (batch->match)
    match_free(batch->match);
  batch->match = NULL;
  free(batch->canonical);
  batch->canonical = NULL;
  batch->canonical_size = 0;
  batch->count = 0;
}

void annotate_batch_free(annotate_batch *batch) {
  forget_match(batch);
  free(batch->items);
  annotate_batch_init(batch);
}

void annotate_batch_clear(annotate_batch *batch, bg_diag_sink *sink) {
  forget_match(batch);
  diag_flush(sink); /* a sink that prints nothing: it forgets, counts stay */
}

/* Makes room for `count` items, the new ones zeroed (no position). */
static void grow_items(annotate_batch *batch, size_t count) {
  if (count <= batch->count)
    return;
  batch->items = bg_grow(batch->items, &batch->capacity, count, sizeof *batch->items, 16);
  memset(batch->items + batch->count, 0, (count - batch->count) * sizeof *batch->items);
  batch->count = count;
}

/* Where a game stands at a place of the record: the position, cube and
 * score, and who acts there (drawn at the bottom). */
typedef struct {
  bool known;
  bg_board board;
  bg_cube_state cube;
  int score[2];
  int on_roll;
} game_spot;

/* A diagnostic of the reader's, by its place in the record. */
typedef struct {
  int line, column;
  size_t index; /* in the sink */
} waiting_diag;

/* One match's walk: the batch, and the diagnostics the reader gave for
 * the match (tied to no event), by place, waiting for the position at
 * their place. */
typedef struct {
  annotate_batch *batch;
  const bg_match *match;
  const bg_replay_options *options;
  const bg_diag_sink *sink;
  waiting_diag *waiting;
  size_t waiting_count, next_waiting;
  game_spot spot; /* where the walk stands between two events */
} match_walk;

/* The Match ID's state at a spot that is not before a roll: no dice. */
static void spot_state(const match_walk *walk, const game_spot *spot,
                       posid_match *state) {
  bg_action none = {.kind = ACT_DOUBLE, .player = spot->on_roll};
  bg_replay_event at = {.action = &none, .cube = spot->cube};
  at.score[0] = spot->score[0];
  at.score[1] = spot->score[1];
  bg_replay_match_state(walk->match, walk->options, &at, state);
}

/* Item `index` (a sink index) placed at `spot`; `event`, when the item is
 * one of its action's own, gives the action, its play and its dice. */
static void place(match_walk *walk, size_t index, const game_spot *spot,
                  const bg_replay_event *event) {
  grow_items(walk->batch, index + 1);
  annotate_item *item = &walk->batch->items[index];
  item->match = walk->match;
  if (!spot->known)
    return;
  item->has_position = true;
  item->on_roll = spot->on_roll;
  item->before = spot->board;
  item->cube = spot->cube;
  item->score[0] = spot->score[0];
  item->score[1] = spot->score[1];
  if (!event) {
    spot_state(walk, spot, &item->state);
    return;
  }
  item->action = event->action;
  /* After a play that is not legal the replay goes on from a legal play
   * the record did not write: that one is no picture of the record. */
  item->has_play = event->play_legal && bg_replay_play(event, &item->play);
  bg_replay_match_state(walk->match, walk->options, event, &item->state);
}

/* The event's own diagnostics, at `spot`. */
static void place_own(match_walk *walk, const bg_replay_event *event,
                      const game_spot *spot, bool with_action) {
  if (event->diag_count == 0 || !event->diags)
    return;
  size_t first = (size_t)(event->diags - diag_sink_held(walk->sink));
  for (size_t i = first; i < first + event->diag_count; i++)
    place(walk, i, spot, with_action ? event : NULL);
}

static bool place_before(bg_srcpos a, int line, int column) {
  return a.line < line || (a.line == line && a.column <= column);
}

/* The reader's diagnostics placed no later than line:column (all when
 * `line` is 0), at `spot`: the position where what they could not read
 * was expected (before the cell they stand in, or before the next action
 * the record holds). */
static void place_waiting(match_walk *walk, int line, int column, const game_spot *spot) {
  for (; walk->next_waiting < walk->waiting_count; walk->next_waiting++) {
    const waiting_diag *diag = &walk->waiting[walk->next_waiting];
    if (line > 0 && !place_before((bg_srcpos){diag->line, diag->column}, line, column))
      break;
    place(walk, diag->index, spot, NULL);
  }
}

static int compare_waiting(const void *a, const void *b) {
  const waiting_diag *x = a, *y = b;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if (x->column != y->column)
    return x->column < y->column ? -1 : 1;
  return (x->index > y->index) - (x->index < y->index);
}

/* The reader's diagnostics of the match (the sink holds those given
 * since the last match's batch was cleared), with a place, sorted by it. */
static void gather_waiting(match_walk *walk) {
  const bg_diag *held = diag_sink_held(walk->sink);
  size_t count = diag_sink_held_count(walk->sink);
  walk->waiting = bg_malloc((count + 1) * sizeof *walk->waiting);
  for (size_t i = 0; i < count; i++)
    if (held[i].line > 0)
      walk->waiting[walk->waiting_count++] =
          (waiting_diag){held[i].line, held[i].column, i};
  qsort(walk->waiting, walk->waiting_count, sizeof *walk->waiting, compare_waiting);
}

/* Who acts after action `index` of `game`: the next action's player, or
 * the other player after the last. */
static int next_to_act(const bg_game *game, int index) {
  if (index + 1 < game->action_count)
    return game->actions[index + 1].player;
  return 1 - game->actions[index].player;
}

static void at_game_start(match_walk *walk, const bg_replay_event *event) {
  const bg_game *game = event->game;
  /* What the reader could not read before this game's first line: where
   * the game before it ended (nowhere before the first game). */
  place_waiting(walk, game->pos.line, game->pos.column - 1, &walk->spot);
  walk->spot =
      (game_spot){.known = event->before_known,
                  .board = *event->before,
                  .cube = event->cube,
                  .score = {event->score[0], event->score[1]},
                  .on_roll = game->action_count > 0 ? game->actions[0].player : 0};
  place_own(walk, event, &walk->spot, false);
}

/* Where the cell of action `index` of `game` ends, for place_waiting: just
 * before the next action when it stands on the same line, else at the
 * line's end. */
static bg_srcpos cell_end(const bg_game *game, int index) {
  bg_srcpos at = game->actions[index].pos;
  if (index + 1 < game->action_count && game->actions[index + 1].pos.line == at.line)
    return (bg_srcpos){at.line, game->actions[index + 1].pos.column - 1};
  return (bg_srcpos){at.line, INT_MAX};
}

static void at_action(match_walk *walk, const bg_replay_event *event) {
  const bg_action *action = event->action;
  game_spot before = walk->spot;
  before.known = event->before_known;
  before.board = *event->before;
  before.cube = event->cube;
  before.on_roll = action->player;
  place_own(walk, event, &before, true);
  /* What the reader could not read up to the end of this action's cell:
   * a broken line before it, or broken text in the cell itself. */
  bg_srcpos end = cell_end(event->game, event->action_index);
  place_waiting(walk, end.line, end.column, &before);
  walk->spot.known = event->after_known;
  walk->spot.board = *event->after;
  walk->spot.on_roll = next_to_act(event->game, event->action_index);
}

static void at_game_end(match_walk *walk, const bg_replay_event *event) {
  walk->spot.known = walk->spot.known && event->before_known;
  walk->spot.board = *event->before;
  walk->spot.cube = event->cube;
  place_own(walk, event, &walk->spot, false);
}

void annotate_walk(annotate_batch *batch, bg_match *match,
                   const bg_replay_options *options, bg_diag_sink *sink) {
  forget_match(batch);
  batch->match = match;
  match_walk walk = {.batch = batch, .match = match, .options = options, .sink = sink};
  gather_waiting(&walk);
  bg_replay *replay = bg_replay_new(match, options, sink);
  const bg_replay_event *event;
  while ((event = bg_replay_next(replay)) != NULL) {
    if (event->kind == BG_REPLAY_GAME_START)
      at_game_start(&walk, event);
    else if (event->kind == BG_REPLAY_ACTION)
      at_action(&walk, event);
    else if (event->kind == BG_REPLAY_GAME_END)
      at_game_end(&walk, event);
    else { /* the match's end: where its last game stopped */
      place_own(&walk, event, &walk.spot, false);
      place_waiting(&walk, 0, 0, &walk.spot);
    }
  }
  bg_replay_free(replay);
  free(walk.waiting);
}

static int compare_items(const void *a, const void *b) {
  const annotate_item *x = a, *y = b;
  if (x->listed.line != y->listed.line)
    return x->listed.line < y->listed.line ? -1 : 1;
  if (x->listed.column != y->listed.column)
    return x->listed.column < y->listed.column ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

void annotate_sort(annotate_batch *batch) {
  if (batch->count > 0)
    qsort(batch->items, batch->count, sizeof *batch->items, compare_items);
}

void annotate_take(annotate_batch *batch, bg_diag_sink *sink) {
  const bg_diag *held = diag_sink_held(sink);
  grow_items(batch, diag_sink_held_count(sink));
  batch->count = diag_sink_held_count(sink); /* diag_discard may have dropped some */
  for (size_t i = 0; i < batch->count; i++) {
    annotate_item *item = &batch->items[i];
    item->diag = held[i];
    item->listed = (bg_srcpos){item->diag.line, item->diag.column};
    item->order = i;
  }
  annotate_sort(batch);
}

const char *annotate_place_name(const bg_diag *diag, char *buf, size_t size) {
  if (diag->line > 0)
    snprintf(buf, size, "line %d:%d", diag->line, diag->column);
  else if (diag->line < 0 && diag->column > 0)
    snprintf(buf, size, "game %d, play %d", diag->game, diag->column);
  else if (diag->line < 0 && diag->game > 0)
    snprintf(buf, size, "game %d", diag->game);
  else
    snprintf(buf, size, "%s", "");
  return buf;
}

const char *annotate_player_name(const annotate_item *item, int player) {
  if (!item->match || player < 0 || player > 1 || !item->match->players[player])
    return "";
  return item->match->players[player];
}

/* The total a shortened list ends with, "... (31 plays in all)" (as
 * notation_legal_list writes it); -1 when `piece` is a play. */
static int total_of(const char *piece, size_t length) {
  static const char prefix[] = "... (", suffix[] = " plays in all)";
  if (length < sizeof prefix - 1 || strncmp(piece, prefix, sizeof prefix - 1) != 0)
    return -1;
  char *end;
  long total = strtol(piece + sizeof prefix - 1, &end, 10);
  if (end == piece + sizeof prefix - 1 || strncmp(end, suffix, sizeof suffix - 1) != 0 ||
      total < 0 || total > INT_MAX)
    return -1;
  return (int)total;
}

int annotate_legal_plays(const char *legal, char plays[][128], int max, int *listed) {
  int count = 0, total = -1;
  *listed = 0;
  for (const char *p = legal; p && *p;) {
    const char *end = strstr(p, " | ");
    size_t length = end ? (size_t)(end - p) : strlen(p);
    total = total_of(p, length);
    if (total >= 0) /* the note's last piece: no play, but how many */
      break;
    if (count < max) {
      size_t n = length < 127 ? length : 127;
      memcpy(plays[count], p, n);
      plays[count][n] = '\0';
      (*listed)++;
    }
    count++;
    p = end ? end + 3 : NULL;
  }
  return total > count ? total : count;
}

void annotate_item_dice(const annotate_item *item, int dice[2]) {
  const bg_action *roll = item->action;
  bool rolled = roll && roll->kind == ACT_ROLL && roll->player == item->on_roll;
  dice[0] = rolled ? roll->die1 : 0;
  dice[1] = rolled ? roll->die2 : 0;
}

bool annotate_item_placed(const annotate_item *item) {
  return item->has_position && (item->on_roll == 0 || item->on_roll == 1);
}

/* Where a move written at byte `at` of a line ends: at a blank, or at the
 * punctuation of a notation that quotes plays (YAML's , ] " '). */
static size_t move_end(const char *line, size_t length, size_t at) {
  while (at < length && !strchr(" \t,]\"'", line[at]))
    at++;
  return at;
}

static bool same_moves(const bg_move *a, const bg_move *b, int count) {
  for (int i = 0; i < count; i++)
    if (a[i].from != b[i].from || a[i].to != b[i].to || a[i].count != b[i].count ||
        a[i].hit != b[i].hit)
      return false;
  return true;
}

bool annotate_written_play(const bg_action *roll, const char *line, size_t length,
                           char *buf, size_t size) {
  if (roll->kind != ACT_ROLL || roll->move_count <= 0 || size == 0)
    return false;
  const bg_move *first = &roll->moves[0], *last = &roll->moves[roll->move_count - 1];
  if (first->pos.line != last->pos.line || first->pos.column < 1 ||
      last->pos.column < first->pos.column || (size_t)last->pos.column > length)
    return false;
  size_t start = (size_t)first->pos.column - 1;
  size_t end = move_end(line, length, (size_t)last->pos.column - 1);
  /* The span must read back as the moves the reader took from it: else
   * (SGF's letters, a play split over lines) the caller says the moves. */
  bg_move moves[BG_MAX_MOVES];
  int count = notation_parse_moves(line + start, end - start, moves, BG_MAX_MOVES, NULL);
  if (count != roll->move_count || !same_moves(moves, roll->moves, count) ||
      end - start >= size)
    return false;
  memcpy(buf, line + start, end - start);
  buf[end - start] = '\0';
  return true;
}
