/*
 * cli_results_print.c — the lines of `bgmatch results` (cli_results.h)
 * as a director reads them: an aligned text table (a column no line fills
 * is left out), one JSON object a line, or tab-separated values with a
 * header line for a spreadsheet.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "cli.h"
#include "cli_results.h"
#include "json_out.h"
#include "utf8.h"

/* The columns, in their order; the text table's titles and TSV's names. */
enum {
  COL_FILE,
  COL_MATCH,
  COL_DATE,
  COL_EVENT,
  COL_PLAYERS,
  COL_LENGTH,
  COL_SCORE,
  COL_WINNER,
  COL_GAMES,
  COL_VERDICT,
  COL_DUPLICATE,
  COL_COUNT
};

static const char *const column_titles[COL_COUNT] = {
    "FILE",  "MATCH",  "DATE",  "EVENT",   "PLAYERS",     "LENGTH",
    "SCORE", "WINNER", "GAMES", "VERDICT", "DUPLICATE OF"};

static bool has_match(const cli_results_line *line) {
  return line->players[0] != NULL;
}

static const char *winner_name(const cli_results_line *line) {
  return has_match(line) && line->row.winner >= 0 ? line->players[line->row.winner]
                                                  : NULL;
}

/* The text of one cell, malloc'ed ("" when the line has nothing there). */
static char *cell_text(const cli_results_line *line, int column) {
  char text[64] = "";
  const bg_results_row *row = &line->row;
  switch (column) {
  case COL_FILE:
    return bg_strdup(line->file);
  case COL_MATCH:
    if (line->match > 0)
      snprintf(text, sizeof text, "%ld", line->match);
    break;
  case COL_DATE:
    return bg_strdup(line->date ? line->date : "");
  case COL_EVENT:
    return bg_strdup(line->event ? line->event : "");
  case COL_PLAYERS:
    if (has_match(line)) {
      size_t size = strlen(line->players[0]) + strlen(line->players[1]) + 4;
      char *both = bg_malloc(size);
      snprintf(both, size, "%s - %s", line->players[0], line->players[1]);
      return both;
    }
    break;
  case COL_LENGTH:
    if (has_match(line))
      snprintf(text, sizeof text,
               row->length > 0    ? "%d"
               : row->length == 0 ? "money"
                                  : "unknown",
               row->length);
    break;
  case COL_SCORE:
    if (has_match(line))
      snprintf(text, sizeof text, "%d-%d", row->score[0], row->score[1]);
    break;
  case COL_WINNER:
    return bg_strdup(winner_name(line) ? winner_name(line) : "");
  case COL_GAMES:
    if (has_match(line))
      snprintf(text, sizeof text, "%d", row->games);
    break;
  case COL_VERDICT:
    return bg_strdup(line->verdict);
  default:
    if (line->duplicate_match > 0) {
      size_t size = strlen(line->duplicate_file) + 32;
      char *where = bg_malloc(size);
      snprintf(where, size, "%s, match %ld", line->duplicate_file, line->duplicate_match);
      return where;
    }
    break;
  }
  return bg_strdup(text);
}

/* A control character (a tab, a line break in a name) would break the
 * table's line or TSV's fields: `replacement` instead. */
static void clean_controls(char *text, char replacement) {
  for (char *c = text; *c; c++)
    if ((unsigned char)*c < 0x20 || *c == 0x7f)
      *c = replacement;
}

/* The columns a terminal gives `text`: one a character of UTF-8 (a
 * continuation byte takes none). */
static size_t display_width(const char *text) {
  size_t width = 0;
  for (const unsigned char *c = (const unsigned char *)text; *c; c++)
    width += !utf8_is_continuation(*c);
  return width;
}

/* ---- the text table ------------------------------------------------------ */

/* Whether any line has something in `column` (FILE, PLAYERS... always). */
static bool column_used(char *const *cells, size_t count, int column) {
  if (column != COL_DATE && column != COL_EVENT && column != COL_DUPLICATE)
    return true;
  for (size_t i = 0; i < count; i++)
    if (cells[i * COL_COUNT + column][0] != '\0')
      return true;
  return false;
}

/* The last column used, so that no line ends in blanks. */
static int last_column(const bool *used) {
  int last = 0;
  for (int column = 0; column < COL_COUNT; column++)
    if (used[column])
      last = column;
  return last;
}

static void print_row(char *const *cells, const size_t *widths, const bool *used) {
  int last = last_column(used);
  while (last > 0 && cells[last][0] == '\0') /* no blanks at the end */
    last--;
  for (int column = 0; column <= last; column++) {
    if (!used[column])
      continue;
    fputs(cells[column], stdout);
    if (column < last)
      printf("%*s", (int)(widths[column] - display_width(cells[column]) + 2), "");
  }
  putchar('\n');
}

void cli_results_print_table(const cli_results_line *lines, size_t count) {
  char **cells = bg_calloc((count + 1) * COL_COUNT, sizeof *cells);
  for (int column = 0; column < COL_COUNT; column++)
    cells[column] = bg_strdup(column_titles[column]);
  for (size_t i = 0; i < count; i++)
    for (int column = 0; column < COL_COUNT; column++) {
      char *text = cell_text(&lines[i], column);
      clean_controls(text, '?');
      cells[(i + 1) * COL_COUNT + column] = text;
    }
  bool used[COL_COUNT];
  size_t widths[COL_COUNT] = {0};
  for (int column = 0; column < COL_COUNT; column++) {
    used[column] = column_used(cells + COL_COUNT, count, column);
    for (size_t i = 0; i <= count; i++) {
      size_t width = display_width(cells[i * COL_COUNT + column]);
      widths[column] = width > widths[column] ? width : widths[column];
    }
  }
  for (size_t i = 0; i <= count; i++)
    print_row(cells + i * COL_COUNT, widths, used);
  for (size_t i = 0; i < (count + 1) * COL_COUNT; i++)
    free(cells[i]);
  free(cells);
}

/* ---- TSV ----------------------------------------------------------------- */

static const char tsv_header[] = "file\tmatch\tdate\tevent\tplayer1\tplayer2\tlength\t"
                                 "score1\tscore2\twinner\tgames\tverdict\t"
                                 "duplicate_of_file\tduplicate_of_match\n";

static void print_tsv_field(const char *text, bool last) {
  char *field = bg_strdup(text ? text : "");
  clean_controls(field, ' ');
  fputs(field, stdout);
  putchar(last ? '\n' : '\t');
  free(field);
}

static void print_tsv_number(long n, bool shown, bool last) {
  char text[32] = "";
  if (shown)
    snprintf(text, sizeof text, "%ld", n);
  print_tsv_field(text, last);
}

static void print_tsv(const cli_results_line *line) {
  const bg_results_row *row = &line->row;
  bool matched = has_match(line);
  print_tsv_field(line->file, false);
  print_tsv_number(line->match, line->match > 0, false);
  print_tsv_field(line->date, false);
  print_tsv_field(line->event, false);
  print_tsv_field(line->players[0], false);
  print_tsv_field(line->players[1], false);
  print_tsv_number(row->length, matched && row->length >= 0, false);
  print_tsv_number(row->score[0], matched, false);
  print_tsv_number(row->score[1], matched, false);
  print_tsv_field(winner_name(line), false);
  print_tsv_number(row->games, matched, false);
  print_tsv_field(line->verdict, false);
  print_tsv_field(line->duplicate_match > 0 ? line->duplicate_file : NULL, false);
  print_tsv_number(line->duplicate_match, line->duplicate_match > 0, true);
}

/* ---- JSON ---------------------------------------------------------------- */

/* A record's text as a JSON string; null when there is none (or it is
 * not UTF-8, which the readers make every name and tag). */
static json_t *json_text(const char *text) {
  json_t *string = text ? json_string(text) : NULL;
  return string ? string : json_null();
}

static json_t *json_pair(int a, int b) {
  json_t *pair = json_array();
  json_array_append_new(pair, json_integer(a));
  json_array_append_new(pair, json_integer(b));
  return pair;
}

static void add_match_fields(json_t *object, const cli_results_line *line) {
  const bg_results_row *row = &line->row;
  json_t *players = json_array();
  json_array_append_new(players, json_text(line->players[0]));
  json_array_append_new(players, json_text(line->players[1]));
  json_object_set_new(object, "players", players);
  json_object_set_new(object, "length",
                      row->length >= 0 ? json_integer(row->length) : json_null());
  json_object_set_new(object, "score", json_pair(row->score[0], row->score[1]));
  json_object_set_new(object, "winner", json_text(winner_name(line)));
  json_object_set_new(object, "games", json_integer(row->games));
}

static void print_json(const cli_results_line *line) {
  json_t *object = json_object();
  json_object_set_new(object, "file", json_out_file(line->file));
  json_object_set_new(object, "match",
                      line->match > 0 ? json_integer(line->match) : json_null());
  json_object_set_new(object, "date", json_text(line->date));
  json_object_set_new(object, "event", json_text(line->event));
  if (has_match(line)) {
    add_match_fields(object, line);
  } else {
    static const char *const absent[] = {"players", "length", "score", "winner", "games"};
    for (size_t i = 0; i < sizeof absent / sizeof *absent; i++)
      json_object_set_new(object, absent[i], json_null());
  }
  json_object_set_new(object, "verdict", json_string(line->verdict));
  json_t *duplicate = json_null();
  if (line->duplicate_match > 0) {
    duplicate = json_object();
    json_object_set_new(duplicate, "file", json_out_file(line->duplicate_file));
    json_object_set_new(duplicate, "match", json_integer(line->duplicate_match));
  }
  json_object_set_new(object, "duplicate_of", duplicate);
  json_out_line(object, stdout, JSON_COMPACT | JSON_PRESERVE_ORDER);
  json_decref(object);
}

void cli_results_print_line(const cli_results_line *line, cli_results_format format,
                            bool first) {
  if (format == RESULTS_JSON) {
    print_json(line);
    return;
  }
  if (first)
    fputs(tsv_header, stdout);
  print_tsv(line);
}
