/*
 * rules.h — the rules a diagnostic names, from the registry rules.def: an
 * enum, each rule's slug, severity and one-line statement, and the lookup
 * of a slug.  Code names a rule as RULE_SLUG(CUBE), never as "cube".
 */
#ifndef BG_RULES_H
#define BG_RULES_H

#include "diag.h"

typedef enum {
#define RULE(name, slug, severity, statement) RULE_ID_##name,
#include "rules.def"
#undef RULE
  RULE_COUNT
} bg_rule;

typedef struct {
  const char *slug;
  bg_severity severity;
  const char *statement;
} bg_rule_entry;

/* Indexed by bg_rule. */
extern const bg_rule_entry bg_rules[RULE_COUNT];

/* The slug of the rule NAME (CUBE, ILLEGAL_MOVE, ...): a static string. */
#define RULE_SLUG(name) (bg_rules[RULE_ID_##name].slug)

/* The registry's entry whose slug is `slug`, or NULL for none. */
const bg_rule_entry *rules_find(const char *slug);

#endif
