/*
 * records.h — for the unit tests: hand-made records in GNU Backgammon's
 * layout (left column Alice, right column Bob), judged by the pipeline, and
 * questions about what it printed.
 */
#ifndef BG_TEST_RECORDS_H
#define BG_TEST_RECORDS_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "pipeline.h"

/* Appends one move line: "  3) 41: 24/23 13/9               62: 24/18" */
static inline void row(char *record, size_t size, int number, const char *left,
                       const char *right) {
  size_t used = strlen(record);
  if (number > 0)
    snprintf(record + used, size - used, "%3d) %-28s%s\n", number, left, right);
  else
    snprintf(record + used, size - used, "     %-28s%s\n", left, right);
}

static inline void header(char *record, size_t size, int length, int game, int alice,
                          int bob) {
  size_t used = strlen(record);
  if (game == 1)
    used += snprintf(record + used, size - used, " %d point match\n", length);
  snprintf(record + used, size - used, "\n Game %d\n Alice : %d%25sBob : %d\n", game,
           alice, "", bob);
}

typedef check_result verdict;

static inline verdict judge(const char *record, const bg_replay_options *options) {
  return check_record(record, "t.mat", options);
}

/* The output has a diagnostic "t.mat:LINE:COL: SEVERITY: ... [RULE]". */
static inline bool reports(const verdict *result, int line, int column,
                           const char *severity, const char *rule) {
  char place[64], tag[64];
  snprintf(place, sizeof place, "t.mat:%d:%d: %s: ", line, column, severity);
  snprintf(tag, sizeof tag, "[%s]", rule);
  for (const char *at = strstr(result->output, place); at; at = strstr(at + 1, place)) {
    const char *end = strchr(at, '\n');
    const char *found = strstr(at, tag);
    if (found && (!end || found < end))
      return true;
  }
  return false;
}

static inline bool mentions_rule(const verdict *result, const char *rule) {
  char tag[64];
  snprintf(tag, sizeof tag, "[%s]", rule);
  return strstr(result->output, tag) != NULL;
}

#define RECORD_SIZE 4096

#endif
