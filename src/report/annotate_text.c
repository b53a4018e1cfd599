/*
 * annotate_text.c — the text listing of `bgmatch annotate`: the record's
 * lines (or a .xg's canonical .mat), numbered, and under each line with
 * problems each diagnostic as check words it, a caret under its column,
 * the first legal plays, and on request the text board (board_draw.h)
 * and identifiers (posid.h) of the position before the action.  Written
 * batch by batch (annotate.h): the lines up to each item's, then the item.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "board_draw.h"
#include "input.h"
#include "utf8.h"

#define GUTTER "      | "

static const char *severity_word(bg_severity severity, bool colour, char *buf, int size) {
  static const char *const names[] = {"error", "warning", "note"};
  static const char *const colours[] = {"\033[1;31m", "\033[1;35m", "\033[1;36m"};
  int i = severity == DIAG_ERROR ? 0 : severity == DIAG_WARNING ? 1 : 2;
  if (!colour)
    return names[i];
  snprintf(buf, size, "%s%s\033[0m", colours[i], names[i]);
  return buf;
}

/* A caret under byte `column` (from 1) of `text`: a tab stays a tab, a
 * UTF-8 sequence is one place. */
static void write_caret(FILE *out, const char *text, size_t length, int column) {
  fputs(GUTTER, out);
  for (int i = 0; i + 1 < column; i++) {
    unsigned char c = (size_t)i < length ? (unsigned char)text[i] : ' ';
    if (c == '\t')
      fputc('\t', out);
    else if (!utf8_is_continuation(c))
      fputc(' ', out);
  }
  fputs("^\n", out);
}

static void write_legal(FILE *out, const char *legal) {
  char plays[ANNOTATE_LEGAL_SHOWN][128];
  int listed;
  int count = annotate_legal_plays(legal, plays, ANNOTATE_LEGAL_SHOWN, &listed);
  fputs(GUTTER "  legal plays:", out);
  for (int i = 0; i < listed; i++)
    fprintf(out, "%s %s", i ? " |" : "", plays[i]);
  if (count > listed)
    fprintf(out, " and %d more", count - listed);
  fputc('\n', out);
}

/* The text board, each of its lines in the gutter. */
static void write_board(FILE *out, const annotate_item *item) {
  const bg_match *match = item->match;
  board_text_view view = {
      .board = item->before,
      .on_roll = item->on_roll,
      .names = {annotate_player_name(item, 0), annotate_player_name(item, 1)},
      .score = {item->score[0], item->score[1]},
      .length = match->length,
      .cube = item->cube.value,
      .cube_owner = item->cube.owner,
      .crawford = match->length > 0 && item->cube.crawford};
  annotate_item_dice(item, view.dice);
  char *text = NULL;
  size_t size = 0;
  FILE *buffer = open_memstream(&text, &size);
  if (!buffer)
    return;
  board_text_write(buffer, &view);
  fclose(buffer);
  for (char *line = text; line && *line;) {
    char *end = strchr(line, '\n');
    size_t length = end ? (size_t)(end - line) : strlen(line);
    fprintf(out, GUTTER "  %.*s\n", (int)length, line);
    line = end ? end + 1 : line + length;
  }
  free(text);
}

static void write_ids(FILE *out, const annotate_item *item) {
  bg_board view;
  board_seen_by(&item->before, item->on_roll, &view);
  char position[POSID_POSITION_LENGTH + 1], match[POSID_MATCH_LENGTH + 1];
  posid_position_encode(&view, position);
  posid_match_encode(&item->state, match);
  fprintf(out, GUTTER "  Position ID: %s\n" GUTTER "  Match ID: %s\n", position, match);
}

/* One item; its caret unless `previous`, the item before it under the
 * same line, had the same place.  `line` is the line it is listed under,
 * NULL when none (before the first line, after the last). */
static void write_item(FILE *out, const annotate_item *item, const bg_srcpos *previous,
                       const bg_line *line, const annotate_text_options *options) {
  const bg_diag *diag = &item->diag;
  bool same_place = previous && previous->line == item->listed.line &&
                    previous->column == item->listed.column;
  if (item->listed.column > 0 && line && !same_place)
    write_caret(out, line->text, line->length, item->listed.column);
  fputs(GUTTER, out);
  if (diag->line < 0) { /* a record without lines: its own name of the place */
    char place[64];
    fprintf(out, "%s: ", annotate_place_name(diag, place, sizeof place));
  }
  char word[32];
  fprintf(out, "%s: %s [%s]\n",
          severity_word(diag->severity, options->colour, word, sizeof word),
          diag->message, diag->rule);
  if (diag->legal)
    write_legal(out, diag->legal);
  bool placed = annotate_item_placed(item);
  if (placed && !same_place && options->board)
    write_board(out, item);
  if (placed && !same_place && options->ids)
    write_ids(out, item);
}

void annotate_text_begin(annotate_text *text, FILE *out, FILE *record,
                         const annotate_text_options *options) {
  memset(text, 0, sizeof *text);
  text->out = out;
  text->options = *options;
  annotate_lines_init(&text->lines, record);
}

/* Whether line `number` is written, listing up to line `target` (INT_MAX
 * at the end): always, or with a context, when it stands within it of
 * the item written last or of the one listed next. */
static bool in_context(const annotate_text *text, int number, int target) {
  int context = text->options.context;
  if (context < 0)
    return true;
  if (text->has_previous && number - text->previous.line <= context)
    return true;
  return target != INT_MAX && target - number <= context;
}

/* Writes the line listed last, after "--" when lines were left out
 * since the one written before it. */
static void write_line(annotate_text *text) {
  const bg_line *line = &text->lines.line;
  if (text->options.context >= 0 && text->shown > 0 && line->number > text->shown + 1)
    fputs("--\n", text->out);
  fprintf(text->out, "%5d | ", line->number);
  fwrite(line->text, 1, line->length, text->out);
  fputc('\n', text->out);
  text->shown = line->number;
}

/* Lists the lines up to line `number` (all of them when INT_MAX). */
static void list_lines_to(annotate_text *text, int number) {
  annotate_lines *lines = &text->lines;
  while (lines->number < number && annotate_lines_next(lines))
    if (in_context(text, lines->line.number, number))
      write_line(text);
}

/* The item under its line: before the first line when it has none, after
 * the last when the lines end before its own. */
static void list_item(annotate_text *text, const annotate_item *item) {
  const annotate_lines *lines = &text->lines;
  const bg_srcpos *previous = NULL;
  const bg_line *line = NULL;
  if (item->listed.line > 0) {
    list_lines_to(text, item->listed.line);
    if (lines->current) /* under a line: the one before it may share it */
      previous = text->has_previous ? &text->previous : NULL;
    if (lines->current && lines->number == item->listed.line)
      line = &lines->line;
  }
  write_item(text->out, item, previous, line, &text->options);
  text->has_previous = true;
  text->previous = item->listed;
}

void annotate_text_add(annotate_text *text, const annotate_batch *batch) {
  annotate_lines_use(&text->lines, batch);
  for (size_t i = 0; i < batch->count; i++)
    list_item(text, &batch->items[i]);
  if (batch->canonical) /* a canonical text is its match's alone */
    list_lines_to(text, INT_MAX);
}

bool annotate_text_end(annotate_text *text) {
  list_lines_to(text, INT_MAX);
  bool ok = !text->lines.read_error;
  annotate_lines_free(&text->lines);
  return ok;
}
