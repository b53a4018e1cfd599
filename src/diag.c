/*
 * diag.c — holds diagnostics, sorts them by place, prints them as
 * "FILE:LINE:COL: severity: message [rule]" (or "FILE: game G, play N:
 * ..." in a record without lines) or as one JSON object a line, its file
 * and its legal plays as every JSON output writes them (json_out.h); and
 * the readers' limit on syntax errors, which calls diag_emit only.
 */
#include "diag.h"

#include "alloc.h"
#include "json_out.h"
#include "notation.h"
#include "rules.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

static const char *severity_name(bg_severity severity) {
  switch (severity) {
  case DIAG_ERROR:
    return "error";
  case DIAG_WARNING:
    return "warning";
  default:
    return "note";
  }
}

void diag_sink_init(bg_diag_sink *sink, FILE *out, bg_diag_format format) {
  memset(sink, 0, sizeof *sink);
  sink->out = out;
  sink->format = format;
}

static char *copy_or_null(const char *text) {
  return text ? bg_strdup(text) : NULL;
}

static void free_pending(bg_diag *diag) {
  free((char *)diag->file);
  free((char *)diag->message);
  free((char *)diag->player);
  free((char *)diag->legal);
  json_decref(diag->legal_json);
}

void diag_sink_free(bg_diag_sink *sink) {
  for (size_t i = 0; i < sink->pending_count; i++)
    free_pending(&sink->pending[i]);
  free(sink->pending);
  sink->pending = NULL;
  sink->pending_count = sink->pending_capacity = 0;
}

void diag_sink_reset(bg_diag_sink *sink) {
  FILE *out = sink->out;
  bg_diag_format format = sink->format;
  diag_sink_free(sink);
  diag_sink_init(sink, out, format);
}

/* What a limit makes of the next diagnostic: kept, replaced by the note
 * that says the limit is reached, or not kept. */
typedef enum { LIMIT_KEEP, LIMIT_SAY, LIMIT_DROP } limit_verdict;

/* A game's problems beyond DIAG_PER_GAME: the record is no record of that
 * game (noise, another variant), and holding a diagnostic for every line
 * of it costs memory no input should command (the exit status is decided
 * already).  Notes go with what they explain. */
static limit_verdict game_limit(bg_diag_sink *sink, const bg_diag *diag) {
  if (diag->severity == DIAG_NOTE)
    return sink->counted_in_game > DIAG_PER_GAME ? LIMIT_DROP : LIMIT_KEEP;
  long counted = ++sink->counted_in_game;
  return counted <= DIAG_PER_GAME       ? LIMIT_KEEP
         : counted == DIAG_PER_GAME + 1 ? LIMIT_SAY
                                        : LIMIT_DROP;
}

/* A match's diagnostics are held until it ends, to be printed in line
 * order: past DIAG_PER_MATCH of them (a million-game session whose every
 * score line is wrong) no input makes memory grow without bound. */
static limit_verdict match_limit(const bg_diag_sink *sink) {
  size_t held = sink->pending_count;
  return held < DIAG_PER_MATCH    ? LIMIT_KEEP
         : held == DIAG_PER_MATCH ? LIMIT_SAY
                                  : LIMIT_DROP;
}

/* `diag`'s place, as the note that says `message`. */
static bg_diag note_at(const bg_diag *diag, const char *message) {
  bg_diag note = *diag;
  note.severity = DIAG_NOTE;
  note.legal = NULL;
  note.legal_plays = NULL;
  note.message = message;
  return note;
}

void diag_sink_begin_game(bg_diag_sink *sink) {
  sink->counted_in_game = 0;
}

void diag_emit(bg_diag_sink *sink, const bg_diag *diag) {
  bg_diag note;
  limit_verdict verdict = game_limit(sink, diag);
  if (verdict == LIMIT_SAY) {
    note = note_at(diag, "more problems in this game than are worth reporting: the rest "
                         "of them are not");
    diag = &note;
  }
  if (verdict != LIMIT_DROP && (verdict = match_limit(sink)) == LIMIT_SAY) {
    note = note_at(diag, "more problems in this match than are kept: the rest of them "
                         "are not reported");
    diag = &note;
  }
  if (verdict == LIMIT_DROP)
    return;
  if (diag->severity == DIAG_ERROR)
    sink->errors++;
  else if (diag->severity == DIAG_WARNING)
    sink->warnings++;
  else
    sink->notes++;
  sink->pending = bg_grow(sink->pending, &sink->pending_capacity, sink->pending_count + 1,
                          sizeof *sink->pending, 16);
  bg_diag *copy = &sink->pending[sink->pending_count++];
  *copy = *diag;
  copy->file = copy_or_null(diag->file);
  copy->message = copy_or_null(diag->message);
  copy->player = copy_or_null(diag->player);
  copy->legal = copy_or_null(diag->legal);
  copy->legal_plays = NULL; /* the emitter's, gone by the time of printing */
  copy->legal_json = NULL;
  if (diag->legal_plays && sink->out && sink->format == DIAG_JSON)
    copy->legal_json = json_out_legal(diag->legal_plays);
}

void diag_emitf(bg_diag_sink *sink, const char *file, int line, int column,
                bg_severity severity, const char *rule, const char *fmt, ...) {
  char message[1024];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof message, fmt, args);
  va_end(args);
  bg_diag diag = {.file = file,
                  .line = line,
                  .column = column,
                  .severity = severity,
                  .rule = rule,
                  .message = message};
  diag_emit(sink, &diag);
}

/* Adds `text` to `object` as a JSON string.  Records carry names in UTF-8
 * or in Latin-1; JSON must be UTF-8 (notation.h makes it so). */
static void json_add_text(json_t *object, const char *key, const char *text) {
  char *utf8 = notation_utf8_from_record(text);
  json_t *value = json_string(utf8);
  free(utf8);
  if (!value || json_object_set_new(object, key, value) != 0)
    bg_out_of_memory();
}

static void json_add_int(json_t *object, const char *key, int number) {
  json_t *value = json_integer(number);
  if (!value || json_object_set_new(object, key, value) != 0)
    bg_out_of_memory();
}

/* One diagnostic as one JSON object on a line, its members in a fixed
 * order (file, line, column, severity, rule, message, then the optional
 * ones), written by jansson, which escapes what JSON needs escaped. */
static void print_json(FILE *out, const bg_diag *diag) {
  json_t *object = json_object();
  if (!object)
    bg_out_of_memory();
  bool named = diag->line < 0; /* by game and play: no line, no column */
  if (json_object_set_new(object, "file", json_out_file(diag->file ? diag->file : "")))
    bg_out_of_memory();
  json_add_int(object, "line", named ? 0 : diag->line);
  json_add_int(object, "column", named ? 0 : diag->column);
  json_add_text(object, "severity", severity_name(diag->severity));
  json_add_text(object, "rule", diag->rule);
  json_add_text(object, "message", diag->message);
  if (diag->game)
    json_add_int(object, "game", diag->game);
  if (diag->play > 0 || (named && diag->column > 0))
    json_add_int(object, "play", diag->play > 0 ? diag->play : diag->column);
  if (diag->move)
    json_add_int(object, "move", diag->move);
  if (diag->player)
    json_add_text(object, "player", diag->player);
  if (diag->legal_json && json_object_set(object, "legal", diag->legal_json) != 0)
    bg_out_of_memory();
  json_out_line(object, out, JSON_COMPACT | JSON_PRESERVE_ORDER);
  json_decref(object);
}

void diag_print_unreadable(FILE *out, const char *file, const char *reason) {
  json_t *object = json_object();
  if (!object || json_object_set_new(object, "file", json_out_file(file)))
    bg_out_of_memory();
  json_add_int(object, "line", 0);
  json_add_int(object, "column", 0);
  json_add_text(object, "severity", "fatal");
  json_add_text(object, "rule", "unreadable");
  json_add_text(object, "message", reason);
  json_out_line(object, out, JSON_COMPACT | JSON_PRESERVE_ORDER);
  json_decref(object);
}

/* The severity word, in the colours compilers use when `colour` is on. */
static const char *severity_text(bg_severity severity, bool colour, char *buf, int size) {
  static const char *const colours[] = {"\033[1;31m", "\033[1;35m", "\033[1;36m"};
  if (!colour)
    return severity_name(severity);
  snprintf(buf, size, "%s%s\033[0m", colours[severity], severity_name(severity));
  return buf;
}

/* "FILE:LINE:COL", "FILE: game G, play N", "FILE: game G" or "FILE". */
static void print_place(FILE *out, const bg_diag *diag) {
  if (diag->line > 0)
    fprintf(out, "%s:%d:%d", diag->file, diag->line, diag->column);
  else if (diag->line < 0 && diag->game > 0 && diag->column > 0)
    fprintf(out, "%s: game %d, play %d", diag->file, diag->game, diag->column);
  else if (diag->line < 0 && diag->game > 0)
    fprintf(out, "%s: game %d", diag->file, diag->game);
  else
    fputs(diag->file, out);
}

static void print_text(FILE *out, const bg_diag *diag, bool colour) {
  char word[32];
  print_place(out, diag);
  fprintf(out, ": %s: %s [%s]\n",
          severity_text(diag->severity, colour, word, sizeof word), diag->message,
          diag->rule);
  if (diag->legal) {
    print_place(out, diag);
    fprintf(out, ": %s: legal plays: %s\n",
            severity_text(DIAG_NOTE, colour, word, sizeof word), diag->legal);
  }
}

/* The key a diagnostic is printed by: its place, then the emission order of
 * the diagnostic it belongs to (its own, or for a note the one it follows),
 * then its own.  qsort is not stable; `order` makes the sort total. */
typedef struct {
  const bg_diag *diag;
  int line, column;
  size_t group; /* order of the diagnostic this one belongs to */
  size_t order; /* emission order */
} ordered_diag;

static int compare_size(size_t a, size_t b) {
  return a < b ? -1 : a > b;
}

static int by_place(const void *a, const void *b) {
  const ordered_diag *left = a, *right = b;
  if (left->line != right->line)
    return left->line < right->line ? -1 : 1;
  if (left->column != right->column)
    return left->column < right->column ? -1 : 1;
  if (left->group != right->group)
    return compare_size(left->group, right->group);
  return compare_size(left->order, right->order);
}

/* The diagnostic a note at sorted[at] follows: of those found before it on
 * its line at or after its column, the nearest (the latest found there).  A
 * note about a play is placed at the play's start, while the error it
 * follows (found by another pass, the reader's) stands further on in the
 * cell.  NULL when there is none: the note keeps its own place.  Reads the
 * places of the diagnostics themselves: the keys change as notes move. */
static const ordered_diag *note_owner(const ordered_diag *sorted, size_t count,
                                      size_t at) {
  const bg_diag *note = sorted[at].diag;
  const ordered_diag *owner = NULL;
  size_t first = at;
  while (first > 0 && sorted[first - 1].diag->line == note->line &&
         sorted[first - 1].diag->column == note->column)
    first--;
  for (size_t i = first; i < count && sorted[i].diag->line == note->line; i++) {
    const ordered_diag *candidate = &sorted[i];
    if (candidate->diag->severity == DIAG_NOTE || candidate->order > sorted[at].order)
      continue;
    if (owner && candidate->diag->column > owner->diag->column)
      break;
    owner = candidate; /* at the same place: the later one found */
  }
  return owner;
}

/* Sorts by place, then moves each note right after the diagnostic it
 * follows: a note must never print before its error. */
static void sort_for_printing(ordered_diag *sorted, size_t count) {
  qsort(sorted, count, sizeof *sorted, by_place);
  bool moved = false;
  for (size_t i = 0; i < count; i++) {
    if (sorted[i].diag->severity != DIAG_NOTE)
      continue;
    const ordered_diag *owner = note_owner(sorted, count, i);
    if (owner) {
      sorted[i].column = owner->column;
      sorted[i].group = owner->order;
      moved = true;
    }
  }
  if (moved)
    qsort(sorted, count, sizeof *sorted, by_place);
}

static void print_one(bg_diag_sink *sink, const bg_diag *diag) {
  if (sink->format == DIAG_JSON)
    print_json(sink->out, diag);
  else
    print_text(sink->out, diag, sink->colour);
}

void diag_flush(bg_diag_sink *sink) {
  size_t count = sink->pending_count;
  if (!sink->out) /* counted only */
    count = 0;
  ordered_diag *order = bg_malloc((count ? count : 1) * sizeof *order);
  for (size_t i = 0; i < count; i++) {
    const bg_diag *diag = &sink->pending[i];
    order[i] = (ordered_diag){diag, diag->line, diag->column, i, i};
  }
  sort_for_printing(order, count);
  for (size_t i = 0; i < count; i++)
    print_one(sink, order[i].diag);
  free(order);
  for (size_t i = 0; i < sink->pending_count; i++)
    free_pending(&sink->pending[i]);
  sink->pending_count = 0;
}

void diag_discard(bg_diag_sink *sink) {
  for (size_t i = 0; i < sink->pending_count; i++) {
    bg_severity severity = sink->pending[i].severity;
    sink->errors -= severity == DIAG_ERROR;
    sink->warnings -= severity == DIAG_WARNING;
    sink->notes -= severity == DIAG_NOTE;
    free_pending(&sink->pending[i]);
  }
  sink->pending_count = 0;
  sink->counted_in_game = 0; /* what was forgotten is not counted either */
}

long diag_sink_errors(const bg_diag_sink *sink) {
  return sink->errors;
}

long diag_sink_warnings(const bg_diag_sink *sink) {
  return sink->warnings;
}

const bg_diag *diag_sink_held(const bg_diag_sink *sink) {
  return sink->pending;
}

size_t diag_sink_held_count(const bg_diag_sink *sink) {
  return sink->pending_count;
}

void diag_sink_number_plays(bg_diag_sink *sink,
                            int (*play_of)(const bg_diag *, const void *),
                            const void *data) {
  for (size_t i = 0; i < sink->pending_count; i++)
    sink->pending[i].play = play_of(&sink->pending[i], data);
}

void diag_sink_set_colour(bg_diag_sink *sink, bool colour) {
  sink->colour = colour;
}

/* ---- the readers' one limit on syntax errors (diag.h) ---------------- */

bg_diag diag_syntax_diagnostic(const char *file, int line, int column,
                               bg_severity severity, const char *message, int game,
                               int move) {
  return (bg_diag){.file = file,
                   .line = line,
                   .column = column,
                   .severity = severity,
                   .rule = RULE_SLUG(SYNTAX),
                   .message = message,
                   .game = game,
                   .move = move};
}

bool diag_syntax_admit(diag_syntax_limit *limit, bg_diag_sink *sink, const bg_diag *at) {
  if (limit->said > DIAG_SYNTAX_LIMIT)
    return false;
  if (limit->said++ < DIAG_SYNTAX_LIMIT)
    return true;
  bg_diag note = *at;
  note.severity = DIAG_NOTE;
  note.message = DIAG_SYNTAX_NOTE;
  diag_emit(sink, &note);
  return false;
}

void diag_syntax_new_match(diag_syntax_limit *limit) {
  limit->said = 0;
}

void diag_syntax_last_word(diag_syntax_limit *limit) {
  limit->said = 0;
}

void diag_syntax_emitv(diag_syntax_limit *limit, bg_diag_sink *sink, bg_diag *diag,
                       const char *fmt, va_list args) {
  if (!diag_syntax_admit(limit, sink, diag))
    return;
  char message[512];
  vsnprintf(message, sizeof message, fmt, args);
  diag->message = message;
  diag_emit(sink, diag);
  diag->message = NULL; /* the caller's diag must not keep the local text */
}
