/* --lifetimes: per allocation stack, the estimated bytes that were
 * temporary (freed within the runtime's heap_profile_temporary_ms),
 * long-lived (freed later) and still live at the dump, each with its
 * error bar and sample count, and the allocation rate; one table sorted
 * by churn (temporary bytes per second), one by retention. */
#ifndef SLEUTH_REPORT_LIFETIMES_H
#define SLEUTH_REPORT_LIFETIMES_H

#include <stdio.h>

#include "heap_dump.h"
#include "profile.h"

/* top: rows per table (0: all). d: the dump (its lifetimes header). */
void lifetimes_report(FILE *out, const profile *p, const heap_dump *d, size_t top);

#endif
