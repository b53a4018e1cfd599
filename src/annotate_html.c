/*
 * annotate_html.c — the HTML page of `bgmatch annotate --format html`:
 * one self-contained HTML5 file (inline CSS and SVG, no script, nothing
 * fetched), also well-formed XML.  At the top a summary, each error and
 * warning linked to its place; then the record's lines, those with
 * problems highlighted, and under each problem its message, an SVG board
 * of the position before the action (svg_board.h) with the recorded play
 * as arrows, the play as the record wrote it (its own text, taken from
 * its line as the listing reads it), and the legal plays apart.  All text
 * from the record is escaped.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "annotate.h"
#include "input.h"
#include "notation.h"
#include "svg_board.h"

static const char *const style_sheet =
    "body{font-family:sans-serif;margin:1.5em;color:#222;background:#fff}"
    "h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.5em}"
    ".summary li{margin:.2em 0}.sev-error{color:#b00;font-weight:bold}"
    ".sev-warning{color:#a0a;font-weight:bold}.sev-note{color:#077;font-weight:bold}"
    ".listing{font-family:monospace;white-space:pre;border:1px solid #ccc;"
    "padding:.5em;overflow-x:auto}"
    ".line .ln{display:inline-block;width:4em;color:#888;text-align:right;"
    "margin-right:1em}.line.bad{background:#fde2e2}mark{background:#f7c948}"
    ".problem{white-space:normal;font-family:sans-serif;margin:.4em 0 .8em 5em;"
    "padding:.5em;border-left:4px solid #b00;background:#fafafa}"
    ".problem.warning{border-color:#a0a}.problem.note{border-color:#077}"
    ".board .felt{fill:#2e6b3f}.board .bar,.board .tray{fill:#5a3b1c}"
    ".board .p0{fill:#d9c28f}.board .p1{fill:#8c2f1b}"
    ".board .num{font:10px sans-serif;fill:#333;text-anchor:middle}"
    ".board .x{fill:#222;stroke:#000}.board .o{fill:#f4f1e8;stroke:#555}"
    ".board .nx{font:bold 13px sans-serif;fill:#fff;text-anchor:middle}"
    ".board .no{font:bold 13px sans-serif;fill:#000;text-anchor:middle}"
    ".board .off{font:11px sans-serif;fill:#fff;text-anchor:middle}"
    ".board .cube{fill:#fff;stroke:#000}"
    ".board .cubev{font:bold 13px sans-serif;text-anchor:middle}"
    ".board .arrow{stroke:#f03;stroke-width:3}.board .written{stroke-dasharray:6 4}"
    ".board .head{fill:#f03}.board .cap{font:12px sans-serif;fill:#222}";

static const char *severity_name(bg_severity severity) {
  return severity == DIAG_ERROR ? "error" : severity == DIAG_WARNING ? "warning" : "note";
}

static bool is_problem(const annotate_item *item) {
  return item->diag.severity != DIAG_NOTE;
}

static void write_head(FILE *out, const char *title, const annotate_report *report) {
  fputs("<!DOCTYPE html>\n<html lang=\"en\" xmlns=\"http://www.w3.org/1999/xhtml\">\n"
        "<head><meta charset=\"utf-8\"/><title>bgmatch annotate: ",
        out);
  html_write_text(out, title);
  fprintf(out, "</title>\n<style>%s</style></head>\n<body>\n<h1>", style_sheet);
  html_write_text(out, title);
  fprintf(out, "</h1>\n<p class=\"totals\">%ld error%s, %ld warning%s</p>\n",
          report->errors, report->errors == 1 ? "" : "s", report->warnings,
          report->warnings == 1 ? "" : "s");
}

static void write_summary(FILE *out, const annotate_report *report) {
  fputs("<h2>Problems</h2>\n", out);
  bool any = false;
  for (size_t i = 0; i < report->count; i++) {
    const bg_diag *diag = &report->items[i].diag;
    if (!is_problem(&report->items[i]))
      continue;
    if (!any)
      fputs("<ol class=\"summary\">\n", out);
    any = true;
    fprintf(out, "<li><a href=\"#p%zu\">line %d:%d</a> <span class=\"sev-%s\">%s</span> ",
            i + 1, diag->line, diag->column, severity_name(diag->severity),
            severity_name(diag->severity));
    html_write_text(out, diag->message);
    fputs(" [", out);
    html_write_text(out, diag->rule);
    fputs("]</li>\n", out);
  }
  fputs(any ? "</ol>\n" : "<p>No problems.</p>\n", out);
}

/* The play each placed roll's item shows, in the record's own words,
 * taken from the roll's line as the listing reads it. */
typedef struct {
  int line;
  size_t item;
} roll_line;

typedef struct {
  roll_line *rolls; /* items of a roll with moves, by the roll's line */
  size_t count, next;
  char **texts; /* per item: the play as written, NULL where not taken */
} written_plays;

static bool shows_roll(const annotate_item *item) {
  return annotate_item_placed(item) && item->action && item->action->kind == ACT_ROLL &&
         item->action->move_count > 0;
}

static int compare_roll_lines(const void *a, const void *b) {
  const roll_line *x = a, *y = b;
  return (x->line > y->line) - (x->line < y->line);
}

static void written_init(written_plays *w, const annotate_report *report) {
  w->rolls = bg_malloc((report->count + 1) * sizeof *w->rolls);
  w->texts = bg_calloc(report->count + 1, sizeof *w->texts);
  w->count = w->next = 0;
  for (size_t i = 0; i < report->count; i++)
    if (shows_roll(&report->items[i]))
      w->rolls[w->count++] = (roll_line){report->items[i].action->moves[0].pos.line, i};
  qsort(w->rolls, w->count, sizeof *w->rolls, compare_roll_lines);
}

/* Takes the plays written on `line` for the items whose rolls stand there. */
static void written_take(written_plays *w, const annotate_report *report,
                         const bg_line *line) {
  for (; w->next < w->count && w->rolls[w->next].line <= line->number; w->next++) {
    char text[256];
    size_t item = w->rolls[w->next].item;
    if (w->rolls[w->next].line == line->number &&
        annotate_written_play(report->items[item].action, line->text, line->length, text,
                              sizeof text))
      w->texts[item] = bg_strdup(text);
  }
}

static void written_free(written_plays *w, size_t items) {
  for (size_t i = 0; i < items; i++)
    free(w->texts[i]);
  free(w->texts);
  free(w->rolls);
}

/* The recorded play as arrows: its legal steps (solid) when the record's
 * play is legal, else the moves as written (dashed). */
static void add_arrows(const annotate_item *item, svg_board_view *view) {
  const bg_action *action = item->action;
  if (!action || action->kind != ACT_ROLL)
    return;
  view->arrows_legal = item->has_play;
  if (item->has_play) {
    for (int i = 0; i < item->play.step_count && i < SVG_MAX_ARROWS; i++)
      view->arrows[view->arrow_count++] =
          (svg_arrow){item->play.steps[i].from, item->play.steps[i].to};
    return;
  }
  for (int i = 0; i < action->move_count; i++)
    for (int k = 0; k < action->moves[i].count && view->arrow_count < SVG_MAX_ARROWS; k++)
      view->arrows[view->arrow_count++] =
          (svg_arrow){action->moves[i].from, action->moves[i].to};
}

/* What the record played, in its own words (`written`, else its moves as
 * the model holds them); never the legal play the replay went on from. */
static void write_played(FILE *out, const bg_action *roll, const char *written) {
  fputs("<p class=\"played\">Played (as written): ", out);
  if (roll->unknown_play || roll->unreadable) {
    fputs("<em>not recorded</em></p>\n", out);
    return;
  }
  if (roll->move_count == 0) {
    fputs(roll->cannot_move ? "<em>no play</em> (cannot move)</p>\n"
                            : "<em>nothing</em> (no play)</p>\n",
          out);
    return;
  }
  char moves[256];
  fputs("<code class=\"record\">", out);
  html_write_text(out, written ? written : notation_play_text(roll, moves, sizeof moves));
  fputs("</code></p>\n", out);
}

static void write_board(FILE *out, const annotate_item *item, const char *written) {
  svg_board_view view = {
      .board = item->before,
      .on_roll = item->on_roll,
      .names = {annotate_player_name(item, 0), annotate_player_name(item, 1)},
      .cube = item->cube.value,
      .cube_owner = item->cube.owner};
  add_arrows(item, &view);
  svg_board_write(out, &view);
  if (item->action && item->action->kind == ACT_ROLL)
    write_played(out, item->action, written);
}

static void write_legal(FILE *out, const char *legal) {
  char plays[ANNOTATE_LEGAL_SHOWN][128];
  int listed;
  int count = annotate_legal_plays(legal, plays, ANNOTATE_LEGAL_SHOWN, &listed);
  fputs("<p>Legal plays:</p>\n<ul class=\"legal\">\n", out);
  for (int i = 0; i < listed; i++) {
    fputs("<li>", out);
    html_write_text(out, plays[i]);
    fputs("</li>\n", out);
  }
  if (count > listed)
    fprintf(out, "<li>and %d more</li>\n", count - listed);
  fputs("</ul>\n", out);
}

static void write_problem(FILE *out, const annotate_report *report, size_t index,
                          const written_plays *written) {
  const annotate_item *item = &report->items[index];
  const bg_diag *diag = &item->diag;
  const char *severity = severity_name(diag->severity);
  bool board = is_problem(item) && annotate_item_placed(item);
  fprintf(out, "<div class=\"problem %s\" id=\"p%zu\" data-board=\"%s\"><p>", severity,
          index + 1, board ? "yes" : "no");
  if (diag->line > 0)
    fprintf(out, "line %d:%d: ", diag->line, diag->column);
  fprintf(out, "<span class=\"sev-%s\">%s</span>: ", severity, severity);
  html_write_text(out, diag->message);
  fputs(" [", out);
  html_write_text(out, diag->rule);
  fputs("]</p>\n", out);
  if (board)
    write_board(out, item, written->texts[index]);
  if (diag->legal)
    write_legal(out, diag->legal);
  fputs("</div>", out);
}

/* The line, the diagnostic's place marked: its column to the next blank. */
static void write_line(FILE *out, const bg_line *line, int column, bool bad) {
  fprintf(out, "<div class=\"line%s\" id=\"L%d\"><span class=\"ln\">%d</span>",
          bad ? " bad" : "", line->number, line->number);
  size_t start = column > 0 ? (size_t)column - 1 : line->length;
  if (start > line->length)
    start = line->length;
  size_t end = start;
  while (end < line->length && line->text[end] != ' ' && line->text[end] != '\t')
    end++;
  if (bad && end == start && start < line->length)
    end = start + 1;
  html_write_escaped(out, line->text, start);
  if (end > start) {
    fputs("<mark>", out);
    html_write_escaped(out, line->text + start, end - start);
    fputs("</mark>", out);
  }
  html_write_escaped(out, line->text + end, line->length - end);
  fputs("</div>", out);
}

/* The first problem (else any item) at line `number` from `next`. */
static int marked_column(const annotate_report *report, size_t next, int number,
                         bool *bad) {
  int column = 0;
  *bad = false;
  for (size_t i = next; i < report->count && report->items[i].diag.line == number; i++)
    if (is_problem(&report->items[i]) && !*bad) {
      *bad = true;
      column = report->items[i].diag.column;
    }
  return column;
}

static bool write_listing(FILE *out, FILE *source, const annotate_report *report) {
  fputs("<h2>Record</h2>\n<div class=\"listing\">", out);
  written_plays written;
  written_init(&written, report);
  size_t next = 0;
  for (; next < report->count && report->items[next].diag.line <= 0; next++)
    write_problem(out, report, next, &written);
  rewind(source);
  bg_input *input = input_new(source);
  bool ok = input != NULL;
  bg_line line;
  while (input && input_next_line(input, &line)) {
    written_take(&written, report, &line);
    for (; next < report->count && report->items[next].diag.line < line.number; next++)
      write_problem(out, report, next, &written);
    bool bad;
    int column = marked_column(report, next, line.number, &bad);
    write_line(out, &line, column, bad);
    for (; next < report->count && report->items[next].diag.line == line.number; next++)
      write_problem(out, report, next, &written);
  }
  if (input) {
    ok = !input_io_error(input);
    input_free(input);
  }
  for (; next < report->count; next++)
    write_problem(out, report, next, &written);
  written_free(&written, report->count);
  fputs("</div>\n", out);
  return ok;
}

bool annotate_write_html(FILE *out, FILE *source, const annotate_report *report,
                         const char *title) {
  write_head(out, title, report);
  write_summary(out, report);
  bool ok = write_listing(out, source, report);
  fputs("<p class=\"footer\">Written by bgmatch annotate.</p>\n</body>\n</html>\n", out);
  return ok;
}
