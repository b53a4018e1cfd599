/*
 * read_mat_report.c — the .mat reader's diagnostics, the bottom of its
 * stages: every other file of the reader (read_mat.c's lines and structure,
 * read_mat_tags.c, read_mat_play.c's cells, read_mat_token.c's tokens)
 * says what is wrong through here, and this file calls none of them,
 * only diag.h (its limit on syntax errors too).
 *
 * It places a diagnostic (the game and move being read; a column of the
 * line with its tabs expanded as a column in bytes as written), keeps the
 * per-match limit on syntax errors (diag.h), and quotes the record's
 * bytes for a message.
 */
#include "read_mat_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Column `column` of the line being read (tabs expanded) as a column in
 * bytes of that line as written; unchanged for a line without tabs.  A
 * column inside a tab's blanks is the tab's. */
int mat_byte_column(const bg_mat_reader *reader, int column) {
  const mat_line *line = &reader->last_line;
  if (line->text != reader->expanded || column <= 1)
    return column;
  const char *written = reader->expanded + line->length + MAT_EXPANDED_SLACK;
  size_t want = (size_t)column - 1, at = 0, i = 0;
  for (; at < line->length; i++) {
    size_t next = written[i] == '\t' ? (at / 8 + 1) * 8 : at + 1;
    if (want < next)
      return (int)i + 1;
    at = next;
  }
  return (int)(i + (want - at)) + 1;
}

int mat_game_number(const bg_mat_reader *reader) {
  const bg_match *match = reader->match;
  return match && match->game_count ? match->games[match->game_count - 1].number : 0;
}

/* A `syntax` diagnostic of the game and move being read. */
static bg_diag diagnostic(const bg_mat_reader *reader, int line, int column,
                          bg_severity severity, const char *message) {
  return diag_syntax_diagnostic(reader->file, line, column, severity, message,
                                mat_game_number(reader), reader->move_number);
}

void mat_emit(bg_mat_reader *reader, int line, int column, bg_severity severity,
              const char *message) {
  bg_diag diag = diagnostic(reader, line, column, severity, message);
  diag_emit(reader->sink, &diag);
}

void mat_warning(bg_mat_reader *reader, bg_srcpos pos, const char *message) {
  mat_emit(reader, pos.line, pos.column, DIAG_WARNING, message);
}

void mat_syntax_error(bg_mat_reader *reader, int line, int column, const char *fmt, ...) {
  if (line == reader->last_line.number) { /* read_mat_play.c counts expanded */
    int *kept = reader->line_error_columns;
    if (reader->line_error_count <
        (int)(sizeof reader->line_error_columns / sizeof *kept))
      kept[reader->line_error_count++] = column;
    column = mat_byte_column(reader, column);
  }
  bg_diag diag = diagnostic(reader, line, column, DIAG_ERROR, NULL);
  va_list args;
  va_start(args, fmt);
  diag_syntax_emitv(&reader->syntax_limit, reader->sink, &diag, fmt, args);
  va_end(args);
}

void mat_quote_bytes(const char *text, size_t length, char *out, size_t out_size) {
  static const char hex[] = "0123456789abcdef";
  size_t n = 0, i = 0;
  for (; i < length; i++) {
    unsigned char c = (unsigned char)text[i];
    bool printable = c >= 0x20 && c < 0x7f;
    if (n + (printable ? 1 : 4) + 4 > out_size)
      break;
    if (printable) {
      out[n++] = (char)c;
    } else { /* shown as \xNN: a garbage byte must not look like a token */
      out[n++] = '\\';
      out[n++] = 'x';
      out[n++] = hex[c >> 4];
      out[n++] = hex[c & 15];
    }
  }
  if (i < length) {
    memcpy(out + n, "...", 3);
    n += 3;
  }
  out[n] = '\0';
}

void mat_quote_token(const mat_line *line, size_t offset, char *out, size_t out_size) {
  size_t end = mat_skip_word(line, offset);
  mat_quote_bytes(line->text + offset, end - offset, out, out_size);
}
