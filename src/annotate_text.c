/*
 * annotate_text.c — the text listing of `bgmatch annotate`: the record's
 * lines, numbered, and under each line with problems each diagnostic as
 * check words it, a caret under its column, the first legal plays, and
 * on request the text board (board_text.h) and identifiers (posid.h) of
 * the position before the action.
 */
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "board_text.h"
#include "input.h"

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
    else if ((c & 0xC0) != 0x80)
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

/* One item; its caret unless the item before it had the same place. */
static void write_item(FILE *out, const annotate_item *item,
                       const annotate_item *previous, const char *text, size_t length,
                       const annotate_text_options *options) {
  const bg_diag *diag = &item->diag;
  bool same_place = previous && previous->diag.line == diag->line &&
                    previous->diag.column == diag->column;
  if (diag->column > 0 && text && !same_place)
    write_caret(out, text, length, diag->column);
  char word[32];
  fprintf(out, GUTTER "%s: %s [%s]\n",
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

bool annotate_write_text(FILE *out, FILE *source, const annotate_report *report,
                         const annotate_text_options *options) {
  size_t next = 0;
  const annotate_item *items = report->items;
  while (next < report->count && items[next].diag.line <= 0) {
    write_item(out, &items[next], NULL, NULL, 0, options);
    next++;
  }
  rewind(source);
  bg_input *input = input_new(source);
  bool ok = input != NULL;
  bg_line line;
  while (input && input_next_line(input, &line)) {
    fprintf(out, "%5d | ", line.number);
    fwrite(line.text, 1, line.length, out);
    fputc('\n', out);
    for (; next < report->count && items[next].diag.line <= line.number; next++)
      write_item(out, &items[next], next > 0 ? &items[next - 1] : NULL, line.text,
                 line.length, options);
  }
  if (input) {
    ok = !input_io_error(input);
    input_free(input);
  }
  for (; next < report->count; next++)
    write_item(out, &items[next], NULL, NULL, 0, options);
  return ok;
}
