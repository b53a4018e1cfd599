/*
 * gen_garbage.c — writes .mat records full of mistakes, for the cost
 * bounds of issue 24: `check` must read them within a small factor of a
 * valid record's time per byte (tests/hostile.sh, make bench).
 *
 *   gen_garbage --seed S [--bytes B] [--games-per-match G] [--length L]
 *
 * The records have the .mat layout (match line, Game lines, score lines,
 * numbered move lines in two columns) but what stands in the cells is
 * random: plays of random steps with random dice, random cube words
 * (some misspelt), junk lines, "????" plays and results with random
 * points.  --length 0 (the default) writes one money session holding
 * every game; --length L writes L-point matches of G games each (default
 * 4).  The output is at least B bytes (default 3.7 MB).  A splitmix64
 * generator of its own makes the same bytes for a seed on every machine.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;

/* splitmix64: small, seedable, the same everywhere. */
static uint64_t next_random(void) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static int below(int n) {
  return (int)(next_random() % (uint64_t)n);
}

static const char *const cube_words[] = {" Doubles => 2", " Doubles => 4", " Takes",
                                         " Drops",        " Beavers => 4", " Dubles => 2",
                                         " Tkaes",        " Drpos",        " Passes"};

static const char *const junk_lines[] = {
    "??", "  ?? ", "this was a great match", "@#! garbage", "  7) 42: 8/4 6/4 31:", ";"};

/* A random play: two to four steps between random points. */
static void random_play(char *cell, size_t size) {
  int die1 = 1 + below(6), die2 = 1 + below(6);
  int used = snprintf(cell, size, "%d%d:", die1, die2);
  int steps = 2 + (die1 == die2 ? 2 : 0);
  for (int s = 0; s < steps && used < (int)size - 12; s++) {
    int from = 1 + below(25), to = from - 1 - below(6);
    if (to < 0)
      to = 0;
    used += snprintf(cell + used, size - (size_t)used, " %d/%d%s", from, to,
                     below(8) == 0 ? "*" : "");
  }
}

/* One cell of a move line: mostly plays, sometimes a cube word, an
 * unrecorded play or nothing. */
static void random_cell(char *cell, size_t size) {
  int kind = below(20);
  if (kind < 14)
    random_play(cell, size);
  else if (kind < 17)
    snprintf(cell, size, "%s", cube_words[below(sizeof cube_words / sizeof *cube_words)]);
  else if (kind < 19)
    snprintf(cell, size, "%d%d: ????", 1 + below(6), 1 + below(6));
  else
    cell[0] = '\0';
}

static long write_game(int number, int score0, int score1) {
  long bytes =
      printf("\n Game %d\n Alice : %d%25sBob : %d\n", number, score0, "", score1);
  int lines = 10 + below(30);
  for (int line = 1; line <= lines; line++) {
    if (below(25) == 0) {
      bytes += printf("%s\n", junk_lines[below(sizeof junk_lines / sizeof *junk_lines)]);
      continue;
    }
    char left[64], right[64];
    random_cell(left, sizeof left);
    random_cell(right, sizeof right);
    bytes += printf("%3d) %-28s%s\n", line, left, right);
  }
  int points = 1 + below(4);
  bytes += printf("%33sWins %d point%s\n", "", points, points == 1 ? "" : "s");
  return bytes;
}

int main(int argc, char **argv) {
  long target = 3700000;
  int length = 0, games_per_match = 4;
  state = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--seed") == 0)
      state = strtoull(argv[i + 1], NULL, 10);
    else if (strcmp(argv[i], "--bytes") == 0)
      target = strtol(argv[i + 1], NULL, 10);
    else if (strcmp(argv[i], "--length") == 0)
      length = atoi(argv[i + 1]);
    else if (strcmp(argv[i], "--games-per-match") == 0)
      games_per_match = atoi(argv[i + 1]);
    else {
      fprintf(stderr, "gen_garbage: unknown option %s\n", argv[i]);
      return 2;
    }
  }
  if (games_per_match < 1)
    games_per_match = 1;
  long written = 0;
  while (written < target) {
    written += printf(" %d point match\n", length);
    int games = length == 0 ? 1 << 30 : games_per_match;
    for (int g = 1; g <= games && written < target; g++)
      written += write_game(g, below(length + 1), below(length + 1));
    written += printf("\n");
  }
  return 0;
}
