/*
 * annotate.c — collects what annotate.h promises: one walk of the replay
 * per match, with a holding sink; each action's diagnostics are tied to
 * the position before it (their places in the sink are the event's), and
 * at the end every diagnostic of the sink becomes an item, sorted by
 * place as check prints them.
 */
#include "annotate.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "notation.h"
#include "show.h"

void annotate_report_init(annotate_report *report) {
  memset(report, 0, sizeof *report);
}

void annotate_report_free(annotate_report *report) {
  for (int i = 0; i < report->match_count; i++)
    match_free(report->matches[i]);
  free(report->matches);
  free(report->items);
  annotate_report_init(report);
}

/* Makes room for `count` items, the new ones zeroed (no position). */
static void grow_items(annotate_report *report, size_t count) {
  if (count <= report->count)
    return;
  if (count > report->capacity) {
    size_t capacity = report->capacity ? report->capacity : 16;
    while (capacity < count)
      capacity *= 2;
    report->items = bg_realloc(report->items, capacity * sizeof *report->items);
    report->capacity = capacity;
  }
  memset(report->items + report->count, 0,
         (count - report->count) * sizeof *report->items);
  report->count = count;
}

static void keep_match(annotate_report *report, bg_match *match) {
  if (report->match_count == report->match_capacity) {
    int capacity = report->match_capacity ? report->match_capacity * 2 : 4;
    report->matches = bg_realloc(report->matches, (size_t)capacity * sizeof(bg_match *));
    report->match_capacity = capacity;
  }
  report->matches[report->match_count++] = match;
}

/* The position of an action event, for each of its diagnostics. */
static void place_event(annotate_report *report, const bg_match *match,
                        const bg_referee_options *options, const bg_diag_sink *sink,
                        const bg_replay_event *event) {
  size_t first = (size_t)(event->diags - sink->pending);
  grow_items(report, first + event->diag_count);
  for (size_t i = first; i < first + event->diag_count; i++) {
    annotate_item *item = &report->items[i];
    item->match = match;
    item->has_position = true;
    item->action = event->action;
    item->before = event->before;
    item->cube = event->cube;
    item->score[0] = event->score[0];
    item->score[1] = event->score[1];
    /* After a play that is not legal the replay goes on from a legal play
     * the record did not write: that one is no picture of the record. */
    item->has_play = event->play_legal && bg_replay_play(event, &item->play);
    show_match_state(match, options, event, &item->state);
  }
}

void annotate_add_match(annotate_report *report, bg_match *match,
                        const bg_referee_options *options, bg_diag_sink *sink) {
  keep_match(report, match);
  bg_replay *replay = bg_replay_new(match, options, sink);
  const bg_replay_event *event;
  while ((event = bg_replay_next(replay)) != NULL) {
    if (event->kind == BG_REPLAY_ACTION && event->before_known && event->diag_count > 0 &&
        event->diags)
      place_event(report, match, options, sink, event);
  }
  bg_replay_free(replay);
}

static int compare_items(const void *a, const void *b) {
  const annotate_item *x = a, *y = b;
  if (x->diag.line != y->diag.line)
    return x->diag.line < y->diag.line ? -1 : 1;
  if (x->diag.column != y->diag.column)
    return x->diag.column < y->diag.column ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

void annotate_finish(annotate_report *report, bg_diag_sink *sink) {
  grow_items(report, sink->pending_count);
  report->count = sink->pending_count; /* diag_discard may have dropped some */
  for (size_t i = 0; i < report->count; i++) {
    report->items[i].diag = sink->pending[i];
    report->items[i].order = i;
  }
  if (report->count > 0)
    qsort(report->items, report->count, sizeof *report->items, compare_items);
  report->errors = sink->errors;
  report->warnings = sink->warnings;
  report->notes = sink->notes;
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

bool annotate_item_placed(const annotate_item *item) {
  return item->has_position && item->action &&
         (item->action->player == 0 || item->action->player == 1);
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
