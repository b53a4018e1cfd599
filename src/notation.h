/*
 * notation.h — plays and points as text: the one place that knows how a
 * move is written.  Readers parse plays with it, writers and the referee's
 * messages format them with it; the engine (board, movegen) knows no text.
 *
 * Two ways of writing a play made of engine steps:
 *  - NOTATION_GNUBG, the way GNU Backgammon lists plays and the referee
 *    quotes them: "bar/21", "6/off", a checker's steps joined into one
 *    path ("13/4"), a hit marked after the point where it happened
 *    ("24/18*"), identical paths folded ("8/3(2)");
 *  - NOTATION_STEPS, the way GNU Backgammon's .mat export writes them:
 *    every die's step on its own, the bar as 25 and off as 0 ("25/21
 *    13/7* 6/0").
 * A play as a record wrote it (bg_move, the model's) is printed as written,
 * its points named in either style ("bar/20*(2)" or "25/20*(2)").
 *
 * Also the rest of the records' text that more than one stage reads:
 * keywords misspelt (the readers), names made UTF-8 (the writers and the
 * JSON outputs).
 */
#ifndef BG_NOTATION_H
#define BG_NOTATION_H

#include <stddef.h>

#include "match.h"
#include "movegen.h"

typedef enum { NOTATION_GNUBG, NOTATION_STEPS } bg_play_style;

/* How a roll whose play was not recorded is written, in every notation. */
#define NOTATION_UNRECORDED "?\?\?\?"

/* A no-play the record wrote as such (eXtreme Gammon, Backgammon Studio),
 * as the YAML notation keeps it apart from an empty play. */
#define NOTATION_CANNOT_MOVE "cannot move"

/* Room for any long in decimal: 19 digits and a sign. */
#define NOTATION_DECIMAL_SIZE 20

/* `value` in decimal at `to` (NOTATION_DECIMAL_SIZE bytes at most, 11 for
 * an int; no NUL); returns its length.  The one decimal writer of the
 * plays and of every writer's numbers. */
size_t notation_decimal(char *to, long value);

/* The name of a point for messages and the gnubg style: "bar", "off", or
 * the number; into buf, returns buf. */
const char *notation_point_name(int point, char *buf, int size);

/* A play of the engine (steps from the roller's side) in `style`; "" for a
 * play of no step.  Never writes more than `size` bytes; returns buf. */
char *notation_format_play_as(const bg_play *play, bg_play_style style, char *buf,
                              int size);

/* notation_format_play_as in NOTATION_STEPS, returning the length of the
 * text: the mat writer places the bytes after it without reading them
 * back just as they were stored. */
size_t notation_format_steps(const bg_play *play, char *buf, int size);

/* notation_format_play_as in the gnubg style. */
char *notation_format_play(const bg_play *play, char *buf, int size);

/* One move of a record as written ("13/9*(2)"); into buf, returns buf. */
const char *notation_move_text(const bg_move *move, char *buf, int size);

/* notation_move_text with the points named in `style`: "bar/20*" in
 * NOTATION_GNUBG, "25/20*" in NOTATION_STEPS (the moves stay as the
 * record grouped them: a hop is one move). */
const char *notation_move_text_as(const bg_move *move, bg_play_style style, char *buf,
                                  int size);

/* A record's whole play as written, moves separated by blanks. */
const char *notation_play_text(const bg_action *roll, char *buf, int size);

/* notation_play_text with the points named in `style`. */
const char *notation_play_text_as(const bg_action *roll, bg_play_style style, char *buf,
                                  int size);

/* Whether a record's play (notation_play_text, the gnubg style) is text
 * of the notation's own words alone: ASCII digits, "bar", "off", '/',
 * '*', '(', ')' and one blank between moves, starting with a digit or
 * "bar" (it moves off the board last), ending with no blank.  True when
 * it has a move and every move's points are the board's (0..25). */
bool notation_play_is_word(const bg_action *roll);

/* notation_play_text_as, returning the text's length (what fits in `size`
 * with its NUL): a writer sends it on without a strlen. */
size_t notation_play_text_length(const bg_action *roll, bg_play_style style, char *buf,
                                 int size);

/* One legal play as the lists of legal plays write it (the note of a
 * diagnostic, show, the JSON `legal`): notation_format_play, and "no
 * play" for a play of no step.  Into buf, returns what to print. */
const char *notation_legal_play(const bg_play *play, char *buf, int size);

/* The legal plays as "a | b | c", the first eight of them, then how many
 * there are in all; a play of no step is "no play". */
void notation_legal_list(const bg_playlist *legal, char *buf, int size);

/* Parses a play written in either style, or a mix of them: "24/18/13",
 * "bar/21", "6/off(2)", "25/22 8/0", a hit mark after a point ("13/9*",
 * also inside a chain); point names case-blind.  The result is the model's
 * moves: a chain is one move per segment, each with its own hit mark; a
 * repeat count applies to every segment of its chain.  Blank text is an
 * empty play.  Returns the number of moves, or -1 when the text is no play
 * (then *error_at, if not NULL, is the offset of the first byte not
 * understood).  Positions of the moves are left zero. */
int notation_parse_moves(const char *text, size_t length, bg_move *moves, int max_moves,
                         size_t *error_at);

/* ---- misspelt keywords -------------------------------------------------
 *
 * What the readers (.mat and YAML) share to read a misspelt keyword as
 * the word it was meant to be: a transcriber's "Dubles => 2" is one
 * syntax error, not a record that falls out of step (a take with no
 * double, a turn out of order, a win before the end).
 */

/* A word a reader knows, and what it means to that reader (an action
 * kind): several spellings may mean one thing ("Drop", "Drops"). */
typedef struct {
  const char *word;
  int meaning;
} notation_spelling_word;

/* The entry of `known` (count of them) that `word` (length bytes, any
 * case) is a misspelling of: -1 when none is near enough, or when words
 * of two meanings are equally near (a guess would be a coin toss).  Near
 * enough is at most two letters wrong, one for a word of four letters or
 * fewer, a swap of two neighbours counting as one ("Tkaes", "Drpos"). */
int notation_spelling_nearest(const char *word, size_t length,
                              const notation_spelling_word *known, int count);

/* ---- UTF-8 text from records --------------------------------------------
 *
 * Text from records made fit for notations that must be UTF-8 (JSON,
 * YAML).  Records carry names and tag values in UTF-8 or in Latin-1, and
 * a .mat file says not which: a byte that does not start a well-formed
 * UTF-8 sequence is taken as the Latin-1 character it stands for, which
 * is right for every Latin-1 name and leaves UTF-8 untouched.
 */

/* A copy of `text` in well-formed UTF-8, each stray byte read as Latin-1;
 * malloc'ed (the caller frees it), never NULL (see alloc.h). */
char *notation_utf8_from_record(const char *text);

#endif
