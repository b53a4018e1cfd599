/*
 * stats.h — what a set of records holds, counted from the replay: matches,
 * games, plays, cube actions, how games were won, Crawford games, the pips
 * moved, and the problems check would report, by rule.  `bgmatch stats`
 * prints it per file and in total.
 */
#ifndef BG_STATS_H
#define BG_STATS_H

#include "diag.h"
#include "match.h"
#include "replay.h"

#define STATS_MAX_RULES 24 /* distinct rule slugs kept; check has 12 */

typedef struct {
  const char *rule; /* a slug: static text of the referee or the reader */
  long errors, warnings;
} bg_stats_rule;

typedef struct {
  long matches, games, plays;
  long doubles, takes, drops, beavers; /* beavers: raccoons too */
  long gammons, backgammons, resignations;
  long crawford_games;
  long pips;      /* moved by both players in the games of pip_games */
  long pip_games; /* games whose every play could be followed */
  long errors, warnings;
  bg_stats_rule rules[STATS_MAX_RULES];
  int rule_count;
  /* the game being counted by stats_add_event: its pips so far, and
   * whether every play of it could be followed */
  long game_pips;
  bool game_followed;
} bg_stats;

void stats_init(bg_stats *stats);

/* Adds what one event of a walk of `match` holds: a consumer that walks
 * the replay for something else counts as it goes (the walk's events in
 * order, from its first to MATCH_END). */
void stats_add_event(bg_stats *stats, const bg_match *match,
                     const bg_replay_event *event);

/* Walks `match` through the replay under `options` (diagnostics into
 * `sink`) and adds what it holds. */
void stats_add_match(bg_stats *stats, const bg_match *match,
                     const bg_replay_options *options, bg_diag_sink *sink);

/* Counts the diagnostics `sink` holds by rule and forgets them, so that
 * memory stays bounded by one match. */
void stats_take_diagnostics(bg_stats *stats, bg_diag_sink *sink);

/* Adds `part` to `total`. */
void stats_merge(bg_stats *total, const bg_stats *part);

/* Average pips moved per game (of the games whose plays were followed),
 * 0 when there is none. */
double stats_pips_per_game(const bg_stats *stats);

#endif
