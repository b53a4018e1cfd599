/*
 * rules.c — the table of rules.def.
 */
#include "rules.h"

#include <string.h>

const bg_rule_entry bg_rules[RULE_COUNT] = {
#define RULE(name, slug_text, rule_severity, rule_statement)                             \
  [RULE_ID_##name] = {                                                                   \
      .slug = (slug_text), .severity = (rule_severity), .statement = (rule_statement)},
#include "rules.def"
#undef RULE
};

const bg_rule_entry *rules_find(const char *slug) {
  for (int i = 0; i < RULE_COUNT; i++)
    if (strcmp(bg_rules[i].slug, slug) == 0)
      return &bg_rules[i];
  return NULL;
}
