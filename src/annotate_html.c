/*
 * annotate_html.c — the HTML page of `bgmatch annotate --format html`:
 * one self-contained HTML5 file (inline CSS and SVG, no script, nothing
 * fetched), also well-formed XML.  At the top a summary, each error and
 * warning linked to its place; then the record's lines, those with
 * problems highlighted, and under each problem its message, an SVG board
 * of the position before the action (svg_board.h) with the recorded play
 * as arrows, and the legal plays.  All text from the record is escaped.
 */
#include <string.h>

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

/* The recorded play as arrows: its legal steps, else the moves written. */
static void add_arrows(const annotate_item *item, svg_board_view *view) {
  const bg_action *action = item->action;
  if (action->kind != ACT_ROLL)
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

static void write_board(FILE *out, const annotate_item *item) {
  svg_board_view view = {
      .board = item->before,
      .on_roll = item->action->player,
      .names = {annotate_player_name(item, 0), annotate_player_name(item, 1)},
      .cube = item->cube.value,
      .cube_owner = item->cube.owner};
  add_arrows(item, &view);
  svg_board_write(out, &view);
  if (item->action->kind == ACT_ROLL) {
    char played[256];
    if (item->has_play)
      notation_format_play(&item->play, played, sizeof played);
    else
      notation_play_text(item->action, played, sizeof played);
    fprintf(out, "<p>Played (%s): ", item->has_play ? "a legal play" : "as written");
    html_write_text(out, played);
    fputs("</p>\n", out);
  }
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

static void write_problem(FILE *out, const annotate_report *report, size_t index) {
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
    write_board(out, item);
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
  size_t next = 0;
  for (; next < report->count && report->items[next].diag.line <= 0; next++)
    write_problem(out, report, next);
  rewind(source);
  bg_input *input = input_new(source);
  bool ok = input != NULL;
  bg_line line;
  while (input && input_next_line(input, &line)) {
    for (; next < report->count && report->items[next].diag.line < line.number; next++)
      write_problem(out, report, next);
    bool bad;
    int column = marked_column(report, next, line.number, &bad);
    write_line(out, &line, column, bad);
    for (; next < report->count && report->items[next].diag.line == line.number; next++)
      write_problem(out, report, next);
  }
  if (input) {
    ok = !input_io_error(input);
    input_free(input);
  }
  for (; next < report->count; next++)
    write_problem(out, report, next);
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
