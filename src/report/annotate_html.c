/*
 * annotate_html.c — the HTML page of `bgmatch annotate --format html`:
 * one self-contained HTML5 file (inline CSS and SVG, no script, nothing
 * fetched), also well-formed XML.  At the top a summary, each error and
 * warning linked to its place; then the record's lines, those with
 * problems highlighted, and under each problem its message, an SVG board
 * of the position before the action (board_draw.h) with the recorded play
 * as arrows, the play as the record wrote it (its own text, taken from
 * its line as the listing reads it), and the legal plays apart.  All text
 * from the record is escaped.  The page's head counts the problems and
 * its summary lists them before the listing: written batch by batch
 * (annotate.h), summary and listing wait in temporary files until the
 * input's end, when the page is put together.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "annotate.h"
#include "input.h"
#include "notation.h"
#include "board_draw.h"

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
    ".board .head{fill:#f03}.board .cap{font:12px sans-serif;fill:#222}"
    ".board .match{font-weight:bold}.board .die{fill:#fff;stroke:#000}"
    ".board .pip{fill:#000}"
    "table.files{border-collapse:collapse}.files td,.files th{border:1px solid #ccc;"
    "padding:.2em .6em;text-align:left}.files tr.errors td:nth-child(2),"
    ".files tr.unreadable td:nth-child(2),.files tr.not-record td:nth-child(2)"
    "{color:#b00;font-weight:bold}.files tr.warnings td:nth-child(2){color:#a0a}"
    ".files tr.clean td:nth-child(2){color:#070}section{border-top:2px solid #888;"
    "margin-top:2em}p.not-record{font-family:monospace}";

static const char *severity_name(bg_severity severity) {
  return severity == DIAG_ERROR ? "error" : severity == DIAG_WARNING ? "warning" : "note";
}

static bool is_problem(const annotate_item *item) {
  return item->diag.severity != DIAG_NOTE;
}

/* The item's entry in the summary, linked to its anchor `anchor`. */
static void write_summary_entry(FILE *out, const annotate_item *item, size_t anchor,
                                const char *prefix) {
  const bg_diag *diag = &item->diag;
  char place[64];
  if (diag->line != 0)
    annotate_place_name(diag, place, sizeof place);
  else /* no place: the summary has always said where the listing has it */
    snprintf(place, sizeof place, "line %d:%d", diag->line, diag->column);
  fprintf(out, "<li><a href=\"#%sp%zu\">%s</a> <span class=\"sev-%s\">%s</span> ", prefix,
          anchor, place, severity_name(diag->severity), severity_name(diag->severity));
  board_draw_html_text(out, diag->message);
  fputs(" [", out);
  board_draw_html_text(out, diag->rule);
  fputs("]</li>\n", out);
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

static void written_init(written_plays *w, const annotate_batch *report) {
  w->rolls = bg_malloc((report->count + 1) * sizeof *w->rolls);
  w->texts = bg_calloc(report->count + 1, sizeof *w->texts);
  w->count = w->next = 0;
  for (size_t i = 0; i < report->count; i++)
    if (shows_roll(&report->items[i]))
      w->rolls[w->count++] = (roll_line){report->items[i].action->moves[0].pos.line, i};
  qsort(w->rolls, w->count, sizeof *w->rolls, compare_roll_lines);
}

/* Takes the plays written on `line` for the items whose rolls stand there. */
static void written_take(written_plays *w, const annotate_batch *report,
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
static void add_arrows(const annotate_item *item, board_svg_view *view) {
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
  if (match_roll_play_unknown(roll)) {
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
  board_draw_html_text(out,
                       written ? written : notation_play_text(roll, moves, sizeof moves));
  fputs("</code></p>\n", out);
}

static void write_board(FILE *out, const annotate_item *item, const char *written) {
  board_svg_view view = {
      .board = item->before,
      .on_roll = item->on_roll,
      .names = {annotate_player_name(item, 0), annotate_player_name(item, 1)},
      .score = {item->score[0], item->score[1]},
      .length = item->match->length,
      .cube = item->cube.value,
      .cube_owner = item->cube.owner,
      .crawford = item->match->length > 0 && item->cube.crawford};
  annotate_item_dice(item, view.dice);
  add_arrows(item, &view);
  board_svg_write(out, &view);
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
    board_draw_html_text(out, plays[i]);
    fputs("</li>\n", out);
  }
  if (count > listed)
    fprintf(out, "<li>and %d more</li>\n", count - listed);
  fputs("</ul>\n", out);
}

/* Item `index` of `batch`, anchored as the page's item `anchor`. */
static void write_problem(FILE *out, const annotate_batch *batch, size_t index,
                          size_t anchor, const char *prefix,
                          const written_plays *written) {
  const annotate_item *item = &batch->items[index];
  const bg_diag *diag = &item->diag;
  const char *severity = severity_name(diag->severity);
  bool board = is_problem(item) && annotate_item_placed(item);
  fprintf(out, "<div class=\"problem %s\" id=\"%sp%zu\" data-board=\"%s\"><p>", severity,
          prefix, anchor, board ? "yes" : "no");
  if (diag->line != 0) {
    char place[64];
    fprintf(out, "%s: ", annotate_place_name(diag, place, sizeof place));
  }
  fprintf(out, "<span class=\"sev-%s\">%s</span>: ", severity, severity);
  board_draw_html_text(out, diag->message);
  fputs(" [", out);
  board_draw_html_text(out, diag->rule);
  fputs("]</p>\n", out);
  if (board)
    write_board(out, item, written->texts[index]);
  if (diag->legal)
    write_legal(out, diag->legal);
  fputs("</div>", out);
}
/* The line, the diagnostic's place marked: its column to the next blank. */
static void write_line(FILE *out, const bg_line *line, int column, bool bad,
                       const char *prefix) {
  fprintf(out, "<div class=\"line%s\" id=\"%sL%d\"><span class=\"ln\">%d</span>",
          bad ? " bad" : "", prefix, line->number, line->number);
  size_t start = column > 0 ? (size_t)column - 1 : line->length;
  if (start > line->length)
    start = line->length;
  size_t end = start;
  while (end < line->length && line->text[end] != ' ' && line->text[end] != '\t')
    end++;
  if (bad && end == start && start < line->length)
    end = start + 1;
  board_draw_html_escaped(out, line->text, start);
  if (end > start) {
    fputs("<mark>", out);
    board_draw_html_escaped(out, line->text + start, end - start);
    fputs("</mark>", out);
  }
  board_draw_html_escaped(out, line->text + end, line->length - end);
  fputs("</div>", out);
}

/* The first problem (else any item) listed at line `number` from item
 * `next` of `batch`: whether there is one, and its column. */
static int marked_column(const annotate_batch *batch, size_t next, int number,
                         bool *bad) {
  int column = 0;
  *bad = false;
  for (size_t i = next; i < batch->count && batch->items[i].listed.line == number; i++)
    if (is_problem(&batch->items[i]) && !*bad) {
      *bad = true;
      column = batch->items[i].listed.column;
    }
  return column;
}

bool annotate_html_begin(annotate_html *html, FILE *out, FILE *record, const char *title,
                         const char *prefix) {
  memset(html, 0, sizeof *html);
  html->out = out;
  html->title = title;
  html->prefix = prefix ? prefix : "";
  html->summary = tmpfile();
  html->listing = html->summary ? tmpfile() : NULL;
  if (!html->listing) {
    annotate_html_free(html);
    return false;
  }
  annotate_lines_init(&html->lines, record);
  fputs("<h2>Record</h2>\n<div class=\"listing\">", html->listing);
  return true;
}

void annotate_html_free(annotate_html *html) {
  if (html->summary)
    fclose(html->summary);
  if (html->listing)
    fclose(html->listing);
  annotate_lines_free(&html->lines);
  memset(html, 0, sizeof *html);
}

/* Lists the lines up to line `number` (all when INT_MAX), each marked at
 * the first problem of `batch` from item `next` on it, the plays written
 * on it taken for the items of the batch. */
static void list_lines_to(annotate_html *html, const annotate_batch *batch, size_t next,
                          written_plays *written, int number) {
  annotate_lines *lines = &html->lines;
  while (lines->number < number && annotate_lines_next(lines)) {
    written_take(written, batch, &lines->line);
    bool bad;
    int column = marked_column(batch, next, lines->line.number, &bad);
    write_line(html->listing, &lines->line, column, bad, html->prefix);
  }
}

void annotate_html_add(annotate_html *html, const annotate_batch *batch) {
  annotate_lines_use(&html->lines, batch);
  written_plays written;
  written_init(&written, batch);
  for (size_t i = 0; i < batch->count; i++) {
    const annotate_item *item = &batch->items[i];
    if (item->listed.line > 0)
      list_lines_to(html, batch, i, &written, item->listed.line);
    size_t anchor = ++html->written;
    if (is_problem(item)) {
      write_summary_entry(html->summary, item, anchor, html->prefix);
      html->problems++;
    }
    write_problem(html->listing, batch, i, anchor, html->prefix, &written);
  }
  if (batch->canonical) /* a canonical text is its match's alone */
    list_lines_to(html, batch, batch->count, &written, INT_MAX);
  written_free(&written, batch->count);
}

/* Copies what was held in `spool` to `out`; false on a read error. */
static bool copy_spool(FILE *spool, FILE *out) {
  char buffer[65536];
  size_t n;
  if (fflush(spool) != 0)
    return false;
  rewind(spool);
  while ((n = fread(buffer, 1, sizeof buffer, spool)) > 0)
    fwrite(buffer, 1, n, out);
  return !ferror(spool);
}

void annotate_html_page_head(FILE *out, const char *title) {
  fputs("<!DOCTYPE html>\n<html lang=\"en\" xmlns=\"http://www.w3.org/1999/xhtml\">\n"
        "<head><meta charset=\"utf-8\"/><title>bgmatch annotate: ",
        out);
  board_draw_html_text(out, title);
  fprintf(out, "</title>\n<style>%s</style></head>\n<body>\n", style_sheet);
}

void annotate_html_page_foot(FILE *out) {
  fputs("<p class=\"footer\">Written by bgmatch annotate.</p>\n</body>\n</html>\n", out);
}

/* The file's name and totals: the page's title, or its section's. */
static void write_totals(FILE *out, const char *title, bool section, long errors,
                         long warnings) {
  fputs(section ? "<h2 class=\"file\">" : "<h1>", out);
  board_draw_html_text(out, title);
  fprintf(out, "%s\n<p class=\"totals\">%ld error%s, %ld warning%s</p>\n",
          section ? "</h2>" : "</h1>", errors, errors == 1 ? "" : "s", warnings,
          warnings == 1 ? "" : "s");
}

bool annotate_html_end(annotate_html *html, long errors, long warnings) {
  annotate_batch none; /* the lines after the last item */
  annotate_batch_init(&none);
  written_plays written;
  written_init(&written, &none);
  list_lines_to(html, &none, 0, &written, INT_MAX);
  written_free(&written, 0);
  fputs("</div>\n", html->listing);
  FILE *out = html->out;
  bool section = html->prefix[0] != '\0';
  if (section)
    fprintf(out, "<section id=\"%s\">\n", html->prefix);
  else
    annotate_html_page_head(out, html->title);
  write_totals(out, html->title, section, errors, warnings);
  fputs("<h2>Problems</h2>\n", out);
  bool ok = true;
  if (html->problems > 0) {
    fputs("<ol class=\"summary\">\n", out);
    ok = copy_spool(html->summary, out);
    fputs("</ol>\n", out);
  } else {
    fputs("<p>No problems.</p>\n", out);
  }
  ok = copy_spool(html->listing, out) && ok && !html->lines.read_error;
  if (section)
    fputs("</section>\n", out);
  else
    annotate_html_page_foot(out);
  return ok;
}

void annotate_html_not_record(FILE *out, const char *prefix, const char *title,
                              const char *message) {
  bool section = prefix && prefix[0];
  if (section)
    fprintf(out, "<section id=\"%s\">\n", prefix);
  else
    annotate_html_page_head(out, title);
  write_totals(out, title, section, 1, 0);
  fputs("<p class=\"not-record\">Not a record: ", out);
  board_draw_html_text(out, message);
  fputs("</p>\n", out);
  if (section)
    fputs("</section>\n", out);
  else
    annotate_html_page_foot(out);
}

void annotate_html_files_table(FILE *out, const annotate_html_file *files, size_t count) {
  fprintf(out,
          "<h1>%zu file%s</h1>\n<table class=\"files\">\n<thead><tr><th>file</th>"
          "<th>verdict</th><th>errors</th><th>warnings</th></tr></thead>\n<tbody>\n",
          count, count == 1 ? "" : "s");
  for (size_t i = 0; i < count; i++) {
    const annotate_html_file *file = &files[i];
    fprintf(out, "<tr class=\"%s\"><td>", file->verdict);
    if (file->anchor[0])
      fprintf(out, "<a href=\"#%s\">", file->anchor);
    board_draw_html_text(out, file->name);
    bool no_record = strcmp(file->verdict, "not-record") == 0;
    fprintf(out, "%s</td><td>%s</td><td>%ld</td><td>%ld</td></tr>\n",
            file->anchor[0] ? "</a>" : "", no_record ? "not a record" : file->verdict,
            file->errors, file->warnings);
  }
  fputs("</tbody>\n</table>\n", out);
}
