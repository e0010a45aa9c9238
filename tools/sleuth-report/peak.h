/* --peak: the heap's high-water mark and the allocation sites that held
 * the heap at its highest; --sizes: how many allocations of each size class. Both from
 * what the runtime records for them in every dump (the '# peak', 'peak:'
 * and '# size' lines, runtime/profile/heapprof_peak.c) and, for the exact
 * high-water mark, the runtime's in-use watch when one of its options was
 * set (the '# peak' line's inuse_max), else the timeline's highest
 * sample. */
#ifndef SLEUTH_REPORT_PEAK_H
#define SLEUTH_REPORT_PEAK_H

#include <stdio.h>

#include "heap_dump.h"
#include "profile.h"
#include "timeline.h"

/* top: rows (0: all). tl: the process's timeline, or NULL. */
void peak_report(FILE *out, const profile *p, const heap_dump *d, const timeline *tl,
                 size_t top);
void sizes_report(FILE *out, const heap_dump *d);

#endif
