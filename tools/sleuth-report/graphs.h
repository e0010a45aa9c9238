/* Stack-tree outputs: folded stacks (collapsed.c) and the interactive
 * flame graph (flamegraph.c). Both show positive values only: with --base,
 * the stacks that grew. */
#ifndef SLEUTH_REPORT_GRAPHS_H
#define SLEUTH_REPORT_GRAPHS_H

#include <stdbool.h>
#include <stdio.h>

#include "profile.h"

/* "outer;...;inner <value>" lines, sorted, for flamegraph.pl and the like. */
void write_collapsed(FILE *out, const profile *p, metric m);
/* A self-contained SVG: hover shows frame, file:line, module, value and
 * percentage, click zooms into a frame, "Reset zoom" goes back. subtitle
 * (or NULL): a line under the title (a growth's time span and rate);
 * growth: --base, noise sites are marked. */
void write_flamegraph(FILE *out, const profile *p, metric m, const char *title,
                      const char *subtitle, bool growth);

#endif
