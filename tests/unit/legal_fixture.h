/*
 * legal_fixture.h — reading ../shared/fixtures/legal-plays.tsv, GNU
 * Backgammon's legal plays for 2,990 positions and rolls, for the unit
 * tests that run over it (check_legal_plays.c, check_play_proofs.c).
 * Each line: position id, the roller's 25 counts (points 1..24, bar), the
 * opponent's, the roll ("63"), how many plays, the plays.
 */
#ifndef BG_TEST_LEGAL_FIXTURE_H
#define BG_TEST_LEGAL_FIXTURE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "board.h"
#include "shared_path.h"

/* The fixture's path: BGMATCH_SHARED overrides "../shared". */
static inline void legal_fixture_path(char *path, size_t size) {
  shared_path("fixtures/legal-plays.tsv", path, size);
}

/* Reads 25 counts (points 1..24, then bar) into one side; off = 15 - sum. */
static inline bool legal_fixture_side(const char *field, uint8_t *checkers) {
  int total = 0;
  const char *at = field;
  for (int slot = 1; slot <= BG_BAR; slot++) {
    char *end;
    long count = strtol(at, &end, 10);
    if (end == at || count < 0 || count > BG_CHECKERS)
      return false;
    checkers[slot] = (uint8_t)count;
    total += (int)count;
    at = end;
  }
  if (total > BG_CHECKERS)
    return false;
  checkers[BG_OFF] = (uint8_t)(BG_CHECKERS - total);
  return true;
}

/* True when the fixture can be read; otherwise says SKIP, naming `what`
 * goes unchecked (a user's clone without ../shared). */
static inline bool legal_fixture_present(const char *path, const char *what) {
  FILE *probe = fopen(path, "r");
  if (!probe) {
    printf("SKIP: %s not found; %s not checked\n", path, what);
    return false;
  }
  fclose(probe);
  return true;
}

#endif
