/*
 * referee_budget.h — the referee's budgets and windows: how far its
 * recovery follows a record that does not fit the game (a lost turn, a
 * lost opening, plays that are no legal play, dice or plays not read), and
 * how many plays it looks at to decide.  Each bounds the work a broken or
 * hostile record can make (tests/hostile.sh: at most 20 times a valid
 * record's time per byte) or the window in which a reading is taken;
 * changing one changes verdicts (make same-output says which).
 */
#ifndef BG_REFEREE_BUDGET_H
#define BG_REFEREE_BUDGET_H

/* ---- misses: plays that are no legal play (referee_play.c,
 *      referee_readings.c) ---- */

/* The first misses of a game are followed as far as the set of positions
 * goes: a record with a mistake or two is read exactly.  After more, the
 * work each miss makes is bounded: a record full of mistakes costs what a
 * valid one does.  So too the ranking of the legal plays by written moves
 * that describe no position (referee_legal_nearest_first): within these
 * misses only, as it costs a tenth of checking a record of random plays. */
#define GENEROUS_MISSES 1

/* After more than GENEROUS_MISSES misses, the readings whose legal plays
 * are followed (the one the miss was explained from and the first others)
 * and how many positions at most: bounds on the work a record full of
 * mistakes makes. */
#define READINGS_AFTER_MISS 4
#define FOLLOWED_AFTER_MISS 24

/* The legal plays of each reading a miss is followed from that come
 * first, nearest to the written moves: a slip of the pen is one of the
 * few nearest, and each reading's few come before more of any one. */
#define NEAREST_PLAYS_FIRST 3

/* After MISSES_PER_GAME misses the game's plays are no longer explained:
 * a game whose plays miss again and again is no record of it (a variant,
 * a record gone astray, noise). */
#define MISSES_PER_GAME 16

/* After a play whose own position cannot stand, the plays that must come
 * out right before the record is trusted again: each player's next two. */
#define PLAYS_ON_PROBATION 4

/* ---- plays not known (referee_readings.c, referee_play.c) ---- */

/* The readings a play that is not known is followed from, at most, once
 * the game has missed more than GENEROUS_MISSES times. */
#define READINGS_OF_UNKNOWN_PLAY 8

/* The readings a play whose dice were not read is followed from, at most:
 * 21 rolls from each, for records that are mostly noise. */
#define READINGS_OF_ANY_ROLL 16

/* The legal plays are sorted by their distance to the written moves by
 * counting: distances are small, and the last bucket holds every distance
 * past it.  A list longer than DISTANCES_KEPT allocates (the rest is on
 * the stack). */
#define DISTANCE_BUCKETS 256
#define DISTANCES_KEPT 512

/* ---- a turn left out (referee_lost_turn.c) ---- */

/* The readings a lost turn is followed from, at most: every roll's plays
 * from each are 21 move generations. */
#define READINGS_OF_LOST_TURN 2

/* The positions a lost turn may have left (referee_follow_lost_turn), as
 * the plays written after it move them on.  Room for every roll's plays
 * from two positions; LOST_TURN_CHECKS plays checked at most (a record of
 * noise); and the lookahead goes on until LOST_TURN_FOLLOWED are left: it
 * checks a play from a position for a fraction of what the referee's
 * readings of it cost. */
#define LOST_TURN_CANDIDATES 2048
#define LOST_TURN_CHECKS 8192
#define LOST_TURN_FOLLOWED 8

/* The plays referee_follow_lost_turn may check in a match, for each of
 * its actions: a record with a lost turn in every game costs a bounded
 * multiple of a valid one's time. */
#define LOST_TURN_CHECKS_PER_ACTION 64

/* The plays written after a lost opening that must fit before it is
 * taken for the reading: a first play that fits no position could also be
 * a plain mistake that one of the opponent's openings happens to make
 * legal (a hit on a blot that opening left). */
#define LOST_OPENING_CONFIRMED 6

/* The rolls of a game in which a lost opening turn is looked for: its
 * plays may fit the board without it for a few turns (until the first
 * contact). */
#define LOST_OPENING_SHOWS_WITHIN 4

/* ---- the start (referee_start.c) ---- */

/* The first plays looked at: enough that a start fitting by chance is
 * unlikely, few enough that a later mistake does not spoil the fit. */
#define START_PLAYS 6

#endif
