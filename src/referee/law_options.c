/*
 * law_options.c — the rule options a match may be played by, each with
 * its default: the one table the referee and the Match ID (replay.c) read.
 */
#include "law.h"

/* A record silent on a rule is played by its default: what the commonest
 * program does, which writes no tag for it. */
static const struct {
  bool fallback;
} law_defaults[LAW_OPTION_COUNT] = {
    /* Crawford: the standard rule of match play */
    [LAW_CRAWFORD] = {.fallback = true},
    /* Jacoby: on in money sessions, though a record that does not say so
     * is not held to it (law_match_rules) */
    [LAW_JACOBY] = {.fallback = true},
    /* Beavers: allowed in money sessions; records hold "Beavers => 4"
     * with no tag */
    [LAW_BEAVERS] = {.fallback = true},
};

law_setting law_option_setting(law_option option, bg_rule_flag command_line,
                               bg_rule_flag record) {
  if (command_line != RULE_UNSET)
    return (law_setting){.on = command_line == RULE_ON, .presumed = false};
  if (record != RULE_UNSET)
    return (law_setting){.on = record == RULE_ON, .presumed = false};
  return (law_setting){.on = law_defaults[option].fallback, .presumed = true};
}

match_rules law_match_rules(const bg_match *match, bg_rule_flag crawford,
                            bg_rule_flag jacoby, bg_rule_flag beavers) {
  bool match_play = match->length > 0;
  law_setting jacoby_set = law_option_setting(LAW_JACOBY, jacoby, match->jacoby);
  return (match_rules){
      .crawford =
          match_play && law_option_setting(LAW_CRAWFORD, crawford, match->crawford).on,
      /* a presumed Jacoby rule is not held against a gammon: either count */
      .jacoby = jacoby_set.on && !jacoby_set.presumed,
      .jacoby_unknown = !match_play && jacoby_set.presumed,
      .beavers = law_option_setting(LAW_BEAVERS, beavers, match->beavers).on};
}
