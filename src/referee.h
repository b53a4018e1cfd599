/*
 * referee.h — replays a match through the rules engine and reports every
 * rule the record breaks: plays, the cube, the score, the Crawford game.
 *
 * The referee reads the model only; it knows no notation.  After an error it
 * resynchronises on the recorded position (when that position is physically
 * possible) so one mistake is reported once.
 */
#ifndef BG_REFEREE_H
#define BG_REFEREE_H

#include "diag.h"
#include "match.h"

/* Command-line overrides of the record's own rules; RULE_UNSET keeps what the
 * record's header says (or the default: Crawford on in match play, Jacoby
 * off; a money session that does not say allows beavers and may count a
 * centred gammon once or twice: the untagged defaults of the commonest
 * program). */
typedef struct {
  bg_rule_flag crawford;
  bg_rule_flag jacoby;
  bg_rule_flag beavers;
} bg_referee_options;

void referee_options_init(bg_referee_options *options);

/* A rule as the options, else the record, else `fallback` set it. */
bool referee_rule_in_force(bg_rule_flag option, bg_rule_flag record, bool fallback);

#endif
