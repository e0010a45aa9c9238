/* Text outputs in the manner of jeprof/pprof --text: per-function flat and
 * cumulative values with percentages, per-stack listing, per-thread split. */
#ifndef SLEUTH_REPORT_TEXT_H
#define SLEUTH_REPORT_TEXT_H

#include <stdio.h>

#include "profile.h"

typedef struct {
  metric m;
  size_t top;       /* 0: all */
  bool lines;       /* group by function and source line, not function */
  const char *file; /* the dump, for the heading */
  const char *base; /* the base dump, or NULL */
  /* Per-row error bars: "+-2sigma samples" columns before the name, and
   * with a base a '~' after the sample count when the growth is within
   * them (main.c: --error-bars, or --base of sampled dumps). */
  bool errors;
} text_options;

void text_report(FILE *out, const profile *p, const text_options *o);
void text_stacks(FILE *out, const profile *p, const text_options *o);
void text_threads(FILE *out, const profile *p, const text_options *o);

/* "1234 bytes" / "12 objects" as the metric says, rounded to a whole unit. */
void print_value(FILE *out, double v, metric m);

#endif
