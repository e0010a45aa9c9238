/* The one line that says which settings answer "what grows" when the
 * dumps at hand cannot (growth_hint.c). */
#ifndef SLEUTH_REPORT_GROWTH_HINT_H
#define SLEUTH_REPORT_GROWTH_HINT_H

#include <stdbool.h>
#include <stdio.h>

/* sample: the dumps' heap_profile_sample (bytes; 0 if unknown); one_dump:
 * there is nothing to compare (one dump), rather than only noise. */
void growth_hint(FILE *out, double sample, bool one_dump);

#endif
