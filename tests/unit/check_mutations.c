/*
 * check_mutations.c — errors put into valid GNU Backgammon records, one at
 * a time, must each be found at their own line under their own rule.
 *
 * The records are the gnubg self-play samples of samples/ (valid: they
 * check clean).  For every line where a mutation applies, the test makes a
 * copy with that one change and runs the reader and the referee on it:
 *   - a double's value doubled ("Doubles => 4" for "=> 2")   -> cube
 *   - a play blanked out (not the one right before a result) -> wrong-no-play
 *   - the second move of a two-move roll dropped             -> unplayed-dice
 *   - a hit mark '*' removed                                  -> hit-marker
 * These are the mutations a tournament director's typo makes; each must be
 * reported where it is, not a few lines later.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"
#include "run_suite.h"

#define MAX_LINES 4096

static const char *const sample_files[] = {
    "samples/gnubg-3pt-s110.mat",
    "samples/gnubg-5pt-s201.mat",
    "samples/gnubg-money3g-s304.mat",
};

typedef struct {
  char *lines[MAX_LINES];
  int count;
} record;

static void record_load(record *rec, const char *path) {
  FILE *in = fopen(path, "r");
  ck_assert_msg(in != NULL, "cannot open %s (tests run from the repository root)", path);
  rec->count = 0;
  char *line = NULL;
  size_t capacity = 0;
  ssize_t length;
  while ((length = getline(&line, &capacity, in)) >= 0 && rec->count < MAX_LINES) {
    if (length > 0 && line[length - 1] == '\n')
      line[length - 1] = '\0';
    rec->lines[rec->count++] = strdup(line);
  }
  free(line);
  fclose(in);
}

static void record_free(record *rec) {
  for (int i = 0; i < rec->count; i++)
    free(rec->lines[i]);
}

/* The whole record with line `index` replaced by `changed`. */
static char *record_text(const record *rec, int index, const char *changed) {
  size_t size = 1;
  for (int i = 0; i < rec->count; i++)
    size += strlen(i == index ? changed : rec->lines[i]) + 1;
  char *text = malloc(size), *at = text;
  for (int i = 0; i < rec->count; i++)
    at += sprintf(at, "%s\n", i == index ? changed : rec->lines[i]);
  return text;
}

/* Runs the reader and the referee; returns what they printed. */
static char *check_text(const char *text) {
  return check_record(text, "t.mat", NULL).output;
}

/* Does the output hold "t.mat:LINE:..: SEVERITY: ... [RULE]"? */
static bool found_at(const char *output, int line, const char *severity,
                     const char *rule) {
  char place[32], kind[32], tag[32];
  snprintf(place, sizeof place, "t.mat:%d:", line);
  snprintf(kind, sizeof kind, ": %s: ", severity);
  snprintf(tag, sizeof tag, "[%s]", rule);
  for (const char *at = strstr(output, place); at; at = strstr(at + 1, place)) {
    const char *end = strchr(at, '\n');
    size_t length = end ? (size_t)(end - at) : strlen(at);
    char one[1024];
    snprintf(one, sizeof one, "%.*s",
             (int)(length < sizeof one ? length : sizeof one - 1), at);
    if ((at == output || at[-1] == '\n') && strstr(one, kind) && strstr(one, tag))
      return true;
  }
  return false;
}

/* A mutation: writes the changed line into `out` and returns true when it
 * applies to `line` (the next line is given for context). */
typedef bool (*mutation)(const char *line, const char *next, char *out, size_t size);

/* "Doubles => N" becomes "Doubles => 2N". */
static bool double_the_cube(const char *line, const char *next, char *out, size_t size) {
  (void)next;
  const char *at = strstr(line, "Doubles => ");
  if (!at)
    return false;
  int value = atoi(at + 11);
  snprintf(out, size, "%.*sDoubles => %d", (int)(at - line), line, 2 * value);
  return true;
}

/* The first roll cell of the line: where its dice start and where its play
 * (the text after "DD: ") ends, at the next roll cell or keyword. */
static bool find_roll(const char *line, const char **dice, const char **play,
                      const char **play_end) {
  for (const char *at = line; at[0] && at[1] && at[2]; at++) {
    if (at[0] < '1' || at[0] > '6' || at[1] < '1' || at[1] > '6' || at[2] != ':')
      continue;
    if (at > line && at[-1] != ' ')
      continue;
    *dice = at;
    *play = at[3] == ' ' ? at + 4 : at + 3;
    const char *end = *play;
    while (*end && !(end[0] == ' ' && end[1] == ' '))
      end++;
    *play_end = end;
    return true;
  }
  return false;
}

/* A play becomes an empty cell, unless a result follows (gnubg's way of
 * writing a resignation after rolling). */
static bool blank_the_play(const char *line, const char *next, char *out, size_t size) {
  const char *dice, *play, *end;
  if (!find_roll(line, &dice, &play, &end) || end == play || strstr(line, "Wins") ||
      (next && strstr(next, "Wins")))
    return false;
  snprintf(out, size, "%.*s%*s%s", (int)(play - line), line, (int)(end - play), "", end);
  return true;
}

/* "DD: a/b c/d" with two different dice becomes "DD: a/b". */
static bool drop_the_second_move(const char *line, const char *next, char *out,
                                 size_t size) {
  (void)next;
  const char *dice, *play, *end;
  if (!find_roll(line, &dice, &play, &end) || dice[0] == dice[1])
    return false;
  const char *space = memchr(play, ' ', (size_t)(end - play));
  if (!space || memchr(space + 1, ' ', (size_t)(end - space - 1)))
    return false; /* not exactly two moves */
  /* A bear-off left alone may read as a hop with both dice (3/off = 3/2/off). */
  for (const char *at = play; at + 1 < end; at++)
    if (at[0] == '/' && at[1] == '0')
      return false;
  snprintf(out, size, "%.*s%*s%s", (int)(space - line), line, (int)(end - space), "",
           end);
  return true;
}

/* The first '*' of the line goes. */
static bool unmark_a_hit(const char *line, const char *next, char *out, size_t size) {
  (void)next;
  const char *star = strchr(line, '*');
  if (!star)
    return false;
  snprintf(out, size, "%.*s%s ", (int)(star - line), line, star + 1);
  return true;
}

static const struct {
  const char *name;
  mutation apply;
  const char *severity, *rule;
} mutations[] = {
    {"double the cube", double_the_cube, "error", "cube"},
    {"blank a play", blank_the_play, "error", "wrong-no-play"},
    {"drop a move", drop_the_second_move, "error", "unplayed-dice"},
    {"unmark a hit", unmark_a_hit, "warning", "hit-marker"},
};

START_TEST(samples_are_clean) {
  record rec;
  record_load(&rec, sample_files[_i]);
  char *text = record_text(&rec, -1, NULL);
  char *output = check_text(text);
  ck_assert_msg(strstr(output, ": error: ") == NULL &&
                    strstr(output, ": warning: ") == NULL,
                "%s: %s", sample_files[_i], output);
  free(output);
  free(text);
  record_free(&rec);
}
END_TEST

START_TEST(each_mutation_is_found_at_its_line) {
  int tried[4] = {0}, found[4] = {0};
  for (size_t f = 0; f < sizeof sample_files / sizeof sample_files[0]; f++) {
    record rec;
    record_load(&rec, sample_files[f]);
    for (int i = 0; i < rec.count; i++) {
      for (int m = 0; m < 4; m++) {
        char changed[1024];
        const char *next = i + 1 < rec.count ? rec.lines[i + 1] : NULL;
        if (!mutations[m].apply(rec.lines[i], next, changed, sizeof changed))
          continue;
        char *text = record_text(&rec, i, changed);
        char *output = check_text(text);
        tried[m]++;
        if (found_at(output, i + 1, mutations[m].severity, mutations[m].rule))
          found[m]++;
        else
          fprintf(stderr, "%s:%d: %s not found: '%s'\n%s", sample_files[f], i + 1,
                  mutations[m].name, changed, output);
        free(output);
        free(text);
      }
    }
    record_free(&rec);
  }
  for (int m = 0; m < 4; m++) {
    printf("mutations: %-16s %3d of %3d found at their line\n", mutations[m].name,
           found[m], tried[m]);
    ck_assert_int_gt(tried[m], 0);
    ck_assert_int_eq(found[m], tried[m]);
  }
}
END_TEST

int main(void) {
  Suite *suite = suite_create("mutations");
  TCase *cases = tcase_create("gnubg samples");
  tcase_set_timeout(cases, 120);
  tcase_add_loop_test(cases, samples_are_clean, 0,
                      (int)(sizeof sample_files / sizeof sample_files[0]));
  tcase_add_test(cases, each_mutation_is_found_at_its_line);
  suite_add_tcase(suite, cases);
  return run_suite(suite);
}
