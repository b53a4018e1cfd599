/*
 * read_limit.c — the readers' one limit on syntax errors (read_limit.h
 * says its meaning).  Stage: the bottom of every reader, over diag.c;
 * calls diag_emit only.
 */
#include "read_limit.h"

#include <stdio.h>

bg_diag read_syntax_diagnostic(const char *file, int line, int column,
                               bg_severity severity, const char *message, int game,
                               int move) {
  return (bg_diag){.file = file,
                   .line = line,
                   .column = column,
                   .severity = severity,
                   .rule = "syntax",
                   .message = message,
                   .game = game,
                   .move = move};
}

bool read_limit_admit(read_limit *limit, bg_diag_sink *sink, const bg_diag *at) {
  if (limit->said > READ_SYNTAX_LIMIT)
    return false;
  if (limit->said++ < READ_SYNTAX_LIMIT)
    return true;
  bg_diag note = *at;
  note.severity = DIAG_NOTE;
  note.message = READ_LIMIT_NOTE;
  diag_emit(sink, &note);
  return false;
}

void read_limit_new_match(read_limit *limit) {
  limit->said = 0;
}

void read_limit_last_word(read_limit *limit) {
  limit->said = 0;
}

void read_limit_syntax(read_limit *limit, bg_diag_sink *sink, bg_diag *diag,
                       const char *fmt, va_list args) {
  if (!read_limit_admit(limit, sink, diag))
    return;
  char message[512];
  vsnprintf(message, sizeof message, fmt, args);
  diag->message = message;
  diag_emit(sink, diag);
  diag->message = NULL; /* the caller's diag must not keep the local text */
}
