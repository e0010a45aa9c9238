#ifndef SLEUTH_REPORT_SARIF_RULES_H
#define SLEUTH_REPORT_SARIF_RULES_H

typedef struct {
  const char *id;    /* report kind, or leak-<leak_kind> */
  const char *level; /* SARIF level: error, warning, note */
  const char *short_description;
  const char *help;
} sarif_rule;

/* Rule for a rule id; unknown ids get a generic error rule with that id. */
sarif_rule sarif_rule_for(const char *id);

#endif
