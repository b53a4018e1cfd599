/*
 * read_spelling.c — the known word a misspelt one was meant to be, by the
 * number of letters wrong (optimal string alignment distance: an edit is
 * a letter inserted, deleted or replaced, or two neighbours swapped).
 *
 * Only short keywords are compared, so the whole table fits on the stack;
 * a longer word is too far from any of them to be a misspelling anyway.
 */
#include "read_spelling.h"

#include <stdbool.h>
#include <string.h>

#define MAX_WORD 16 /* longer words are no keyword misspelt */

static int lower(char c) {
  return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : (unsigned char)c;
}

static int smallest(int a, int b, int c) {
  int m = a < b ? a : b;
  return m < c ? m : c;
}

/* Letters wrong between a[0, n) and b[0, m), both at most MAX_WORD long,
 * case ignored. */
static int distance(const char *a, size_t n, const char *b, size_t m) {
  int d[MAX_WORD + 1][MAX_WORD + 1];
  for (size_t i = 0; i <= n; i++)
    d[i][0] = (int)i;
  for (size_t j = 0; j <= m; j++)
    d[0][j] = (int)j;
  for (size_t i = 1; i <= n; i++)
    for (size_t j = 1; j <= m; j++) {
      int replace = lower(a[i - 1]) != lower(b[j - 1]);
      d[i][j] = smallest(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + replace);
      bool swapped = i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
                     lower(a[i - 2]) == lower(b[j - 1]);
      if (swapped && d[i - 2][j - 2] + 1 < d[i][j])
        d[i][j] = d[i - 2][j - 2] + 1;
    }
  return d[n][m];
}

int spelling_nearest(const char *word, size_t length, const spelling_word *known,
                     int count) {
  if (length == 0 || length > MAX_WORD)
    return -1;
  int allowed = length <= 4 ? 1 : 2;
  int best = -1, best_distance = allowed + 1;
  bool tied = false; /* with a word of another meaning */
  for (int i = 0; i < count; i++) {
    size_t known_length = strlen(known[i].word);
    if (known_length > MAX_WORD)
      continue;
    int d = distance(word, length, known[i].word, known_length);
    if (d < best_distance) {
      best = i;
      best_distance = d;
      tied = false;
    } else if (d == best_distance && best >= 0 &&
               known[i].meaning != known[best].meaning) {
      tied = true;
    }
  }
  return tied ? -1 : best;
}
