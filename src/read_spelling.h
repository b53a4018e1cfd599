/*
 * read_spelling.h — what the readers (.mat and YAML) share to read a
 * misspelt keyword as the word it was meant to be: a transcriber's
 * "Dubles => 2" is one syntax error, not a record that falls out of step
 * (a take with no double, a turn out of order, a win before the end).
 *
 * Not part of the API; only the readers include it.
 */
#ifndef BG_READ_SPELLING_H
#define BG_READ_SPELLING_H

#include <stddef.h>

/* A word a reader knows, and what it means to that reader (an action
 * kind): several spellings may mean one thing ("Drop", "Drops"). */
typedef struct {
  const char *word;
  int meaning;
} spelling_word;

/* The entry of `known` (count of them) that `word` (length bytes, any
 * case) is a misspelling of: -1 when none is near enough, or when words
 * of two meanings are equally near (a guess would be a coin toss).  Near
 * enough is at most two letters wrong, one for a word of four letters or
 * fewer, a swap of two neighbours counting as one ("Tkaes", "Drpos"). */
int spelling_nearest(const char *word, size_t length, const spelling_word *known,
                     int count);

#endif
