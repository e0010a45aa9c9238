/* --pprof OUT.pb.gz: the profile as pprof's profile.proto, gzipped (what
 * Go's pprof, Grafana Pyroscope and Parca read). */
#ifndef SLEUTH_REPORT_PPROF_H
#define SLEUTH_REPORT_PPROF_H

#include <stdbool.h>

#include "heap_dump.h"
#include "profile.h"

/* Writes p (resolved) to path. dumps: the dumps p was built from, main
 * dump first (their MAPPED_LIBRARIES become pprof mappings, their times the
 * profile's). merged: p holds several processes (--merge): locations with
 * the same source frames are one, whatever their addresses. */
void write_pprof(const char *path, const profile *p, heap_dump *const *dumps, size_t ndumps,
                 bool merged);

#endif
