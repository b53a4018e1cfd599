/*
 * annotate_lines.c — the text a listing of `bgmatch annotate` shows
 * (annotate.h), the stage between the batch of items (annotate.c) and the
 * listings that print it (annotate_text.c, annotate_html.c).
 *
 * The record's own lines, read once from its start through a second handle
 * on it while the reader reads the first, so that no line is held longer
 * than it is listed; or, for a record without lines, each batch's
 * canonical text in turn, numbered after the lines before it.
 *
 * That canonical text, for a record without lines (eXtreme Gammon's binary
 * .xg, whose places are named by game and play, diag.h), is its match as
 * `bgmatch convert --to mat` writes it (the .mat writer itself, not a copy
 * of its layout: cli_annotate.c, which wires the two, hands it over), and
 * each item at its play there.  Where each
 * play landed is learnt by reading the text back with the .mat reader,
 * which keeps the writer's games and actions in order and says where each
 * stands: the n-th action of a game in the record is the n-th of that game
 * in the text.  An item whose place names nothing written (a record the
 * reader skipped) is listed after the line of the place before it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "annotate.h"
#include "reader.h"

/* ---- the lines listed --------------------------------------------------- */

void annotate_lines_init(annotate_lines *lines, FILE *record) {
  memset(lines, 0, sizeof *lines);
  lines->record = record;
  lines->ended = record == NULL;
  if (!record)
    return;
  rewind(record);
  lines->input = input_new(record);
  if (!lines->input) {
    lines->ended = true;
    lines->read_error = true;
  }
}

/* Closes the canonical text being listed, when one is. */
static void close_memory(annotate_lines *lines) {
  if (!lines->memory)
    return;
  if (lines->input)
    input_free(lines->input);
  lines->input = NULL;
  fclose(lines->memory);
  lines->memory = NULL;
}

void annotate_lines_free(annotate_lines *lines) {
  if (lines->memory)
    close_memory(lines);
  else if (lines->input)
    input_free(lines->input);
  memset(lines, 0, sizeof *lines);
}

void annotate_lines_use(annotate_lines *lines, const annotate_batch *batch) {
  if (!batch->canonical)
    return;
  close_memory(lines);
  lines->current = false;
  lines->ended = true;
  if (batch->canonical_size == 0)
    return;
  lines->memory = fmemopen(batch->canonical, batch->canonical_size, "r");
  lines->input = lines->memory ? input_new(lines->memory) : NULL;
  if (!lines->input) {
    lines->read_error = true;
    return;
  }
  lines->offset = batch->first_line - 1;
  lines->ended = false;
}

bool annotate_lines_next(annotate_lines *lines) {
  lines->current = false;
  if (lines->ended)
    return false;
  if (!input_next_line(lines->input, &lines->line)) {
    lines->ended = true;
    if (input_io_error(lines->input))
      lines->read_error = true;
    close_memory(lines); /* a canonical text ends with its batch */
    return false;
  }
  lines->line.number += lines->offset;
  lines->number = lines->line.number;
  lines->current = true;
  return true;
}

/* ---- a record without lines: its canonical text ------------------------ */

/* A place of the record and where the text has what stands there. */
typedef struct {
  int record_line; /* the record's place: a negative line, diag.h */
  bg_srcpos text;  /* in the canonical text, lines from 1 */
} place_pair;

typedef struct {
  place_pair *pairs; /* by record_line */
  size_t count, capacity;
} place_map;

static void map_add(place_map *map, bg_srcpos record, bg_srcpos text) {
  if (record.line >= 0 || text.line <= 0) /* not a place of the record, or nowhere */
    return;
  map->pairs =
      bg_grow(map->pairs, &map->capacity, map->count + 1, sizeof *map->pairs, 64);
  map->pairs[map->count++] = (place_pair){record.line, text};
}

static int compare_pairs(const void *a, const void *b) {
  const place_pair *x = a, *y = b;
  return (x->record_line > y->record_line) - (x->record_line < y->record_line);
}

/* Pairs the places of `record` with those of `text`, the same match read
 * back from its canonical .mat: game by game, action by action. */
static void map_places(place_map *map, const bg_match *record, const bg_match *text) {
  map_add(map, record->pos, text->pos);
  for (int g = 0; g < record->game_count && g < text->game_count; g++) {
    const bg_game *ours = &record->games[g], *theirs = &text->games[g];
    map_add(map, ours->pos, theirs->pos);
    for (int a = 0; a < ours->action_count && a < theirs->action_count; a++)
      map_add(map, ours->actions[a].pos, theirs->actions[a].pos);
  }
  if (map->count > 0)
    qsort(map->pairs, map->count, sizeof *map->pairs, compare_pairs);
}

/* Where the listing shows a diagnostic at the record's place `line`,
 * `column`: at its play's cell; at no column after the line of the place
 * before it when it names nothing written; before the first line when
 * nothing is before it. */
static bg_srcpos listed_at(const place_map *map, int line, int lines_before) {
  if (line >= 0) /* no place (a note on the whole file) */
    return (bg_srcpos){0, 0};
  size_t low = 0, high = map->count; /* the first pair past `line` */
  while (low < high) {
    size_t middle = low + (high - low) / 2;
    if (map->pairs[middle].record_line <= line)
      low = middle + 1;
    else
      high = middle;
  }
  if (low == 0)
    return (bg_srcpos){0, 0};
  const place_pair *pair = &map->pairs[low - 1];
  int column = pair->record_line == line ? pair->text.column : 0;
  return (bg_srcpos){lines_before + pair->text.line, column};
}

/* The canonical text read back as a .mat; NULL when it holds no match. */
static bg_match *read_back(const annotate_batch *batch) {
  if (batch->canonical_size == 0)
    return NULL;
  FILE *text = fmemopen(batch->canonical, batch->canonical_size, "r");
  if (!text)
    bg_out_of_memory();
  bg_diag_sink scratch;
  diag_sink_init(&scratch, NULL, DIAG_TEXT);
  const char *reason;
  bg_reader *reader = reader_open(text, "", &scratch, BG_NOTATION_MAT, &reason);
  bg_match *match = reader ? reader_next(reader) : NULL;
  if (reader)
    reader_free(reader);
  diag_sink_free(&scratch);
  fclose(text);
  return match;
}

static int count_lines(const char *text, size_t size) {
  int lines = 0;
  for (size_t i = 0; i < size; i++)
    lines += text[i] == '\n';
  return lines + (size > 0 && text[size - 1] != '\n');
}

int annotate_canonical(annotate_batch *batch, char *canonical, size_t size,
                       int lines_before) {
  free(batch->canonical);
  batch->canonical = canonical;
  batch->canonical_size = size;
  batch->first_line = lines_before + 1;
  place_map map = {0};
  bg_match *text = read_back(batch);
  if (text) {
    map_places(&map, batch->match, text);
    match_free(text);
  }
  for (size_t i = 0; i < batch->count; i++)
    batch->items[i].listed = listed_at(&map, batch->items[i].diag.line, lines_before);
  free(map.pairs);
  annotate_sort(batch);
  return lines_before + count_lines(batch->canonical, batch->canonical_size);
}
