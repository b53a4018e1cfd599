/*
 * write_sgf_int.h — what the SGF writer (write_sgf.c) asks of its growing
 * text (write_sgf_text.c) and of its `lossy` sayings (write_sgf_lossy.c):
 * the warnings `convert --to sgf` gives, at the record's place, for what
 * GNU Backgammon's SGF cannot hold.  Included by write_sgf*.c alone.
 */
#ifndef BGMATCH_WRITE_SGF_INT_H
#define BGMATCH_WRITE_SGF_INT_H

#include <string.h>

#include "alloc.h"
#include "writer.h"

/* ---- text that grows (write_sgf_text.c) ------------------------------- */

typedef struct {
  char *text;
  size_t length, capacity;
} sgf_text;

/* Inline: every step of every play comes here, a few bytes at a time,
 * and the room is nearly always there already. */
static inline void write_sgf_add(sgf_text *text, const char *bytes, size_t length) {
  if (text->length + length >= text->capacity)
    text->text = bg_grow(text->text, &text->capacity, text->length + length + 1, 1, 256);
  memcpy(text->text + text->length, bytes, length);
  text->length += length;
  text->text[text->length] = '\0';
}

void write_sgf_puts(sgf_text *text, const char *string);
void write_sgf_printf(sgf_text *text, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* A number in decimal: a root's MI and RE are one per game, and
 * vsnprintf costs a thousand instructions a number. */
void write_sgf_number(sgf_text *text, int number);
/* "W[63": a roll node's colour and dice. */
void write_sgf_roll_head(sgf_text *text, char colour, int die1, int die2);
/* A property value's text, escaped, made UTF-8 (record text may be
 * Latin-1; the file says CA[UTF-8]). */
void write_sgf_value(sgf_text *text, const char *value);
/* NAME[VALUE] */
void write_sgf_property(sgf_text *text, const char *name, const char *value);

/* ---- what SGF cannot hold (write_sgf_lossy.c) ------------------------- */

/* Says, at its place, each error of `event` about what SGF cannot hold
 * (a cube's value, a score line); once the event's diagnostics are read,
 * since saying one adds to the sink that holds them (and may move them). */
void write_sgf_say_unheld(bg_replay *replay, const bg_replay_event *event);

/* Says where the record's move numbers break off (`action`, the first of
 * the line that breaks them), when its break has no node to stand on. */
void write_sgf_say_numbering_lost(bg_replay *replay, const bg_action *action);

/* Says that a play written without its dice is written with the dice its
 * moves measure. */
void write_sgf_say_dice_measured(bg_replay *replay, const bg_action *roll, int die1,
                                 int die2);

/* Says that `move`, from off or to the bar (no SGF letter holds it), is
 * written as going nowhere at point `nowhere`. */
void write_sgf_say_move_unheld(bg_replay *replay, const bg_move *move, int nowhere);

/* Says that the text the record's reader could not read at `action` is
 * not written. */
void write_sgf_say_text_lost(bg_replay *replay, const bg_action *action,
                             const char *text);

#endif
