/*
 * write_sgf_text.c — the SGF writer's growing text: a node's bytes, a
 * property and its escaped value, a roll node's head.  The game's nodes
 * (write_sgf.c) are put together here before one write per game.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "notation.h"
#include "write_sgf_int.h"

void write_sgf_puts(sgf_text *text, const char *string) {
  write_sgf_add(text, string, strlen(string));
}

void write_sgf_printf(sgf_text *text, const char *format, ...) {
  char line[256];
  va_list args;
  va_start(args, format);
  int length = vsnprintf(line, sizeof line, format, args);
  va_end(args);
  if (length > 0)
    write_sgf_add(text, line,
                  (size_t)length < sizeof line ? (size_t)length : sizeof line - 1);
}

void write_sgf_number(sgf_text *text, int number) {
  char digits[NOTATION_DECIMAL_SIZE];
  size_t length = notation_decimal(digits, number);
  write_sgf_add(text, digits, length);
}

/* "W[63": a roll node's colour and dice; by hand for one-digit dice, as
 * every roll comes here and vsnprintf was a fifth of the writer's time. */
void write_sgf_roll_head(sgf_text *text, char colour, int die1, int die2) {
  if (die1 < 0 || die1 > 9 || die2 < 0 || die2 > 9) {
    write_sgf_printf(text, "%c[%d%d", colour, die1, die2);
    return;
  }
  char head[4] = {colour, '[', (char)('0' + die1), (char)('0' + die2)};
  write_sgf_add(text, head, sizeof head);
}

/* A property value's text: SGF escapes ']' and '\' with a backslash.
 * Record text may be Latin-1: the file says CA[UTF-8], so it is made so. */
void write_sgf_value(sgf_text *text, const char *value) {
  char *utf8 = notation_utf8_from_record(value ? value : "");
  for (const char *at = utf8; *at; at++) {
    if (*at == ']' || *at == '\\')
      write_sgf_add(text, "\\", 1);
    write_sgf_add(text, at, 1);
  }
  free(utf8);
}

void write_sgf_property(sgf_text *text, const char *name, const char *value) {
  write_sgf_puts(text, name);
  write_sgf_add(text, "[", 1);
  write_sgf_value(text, value);
  write_sgf_add(text, "]", 1);
}
