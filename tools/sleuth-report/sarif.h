/* JSON report lines (CONTRACTS.md A, log_format=json) -> SARIF 2.1.0 for
 * code-scanning UIs: one result per report, rule id = report kind. */
#ifndef SLEUTH_REPORT_SARIF_H
#define SLEUTH_REPORT_SARIF_H

#include <stdbool.h>
#include <stdio.h>

/* srcroot: when given, files under it become URIs relative to it (with
 * uriBaseId SRCROOT), which is what GitHub code scanning matches. */
/* merge: one result per group of the same kind and stacks (reports.h). */
void write_sarif(FILE *out, const char *const *inputs, int ninputs, const char *srcroot,
                 bool merge);

#endif
