/* --by-module / --by-dir: bytes per module (or source directory) of the
 * allocating frame, the rate per second over a known time span, and with
 * --limit the time until the heap reaches the limit at that rate. */
#ifndef SLEUTH_REPORT_BY_MODULE_H
#define SLEUTH_REPORT_BY_MODULE_H

#include <stdio.h>

#include "profile.h"

typedef struct {
  metric m;
  bool by_dir;
  bool growth;          /* values are growth since a base dump */
  double span_s;        /* seconds the values accumulated over; <= 0: unknown */
  const char *span_how; /* where span_s came from, for the heading */
  double limit;         /* bytes; 0: none */
  double heap_now;      /* current in-use bytes (of the newer dump) */
  bool errors;          /* "+-2s samples" columns before the name ('~': growth within them) */
} module_options;

void by_module_report(FILE *out, const profile *p, const module_options *o);

#endif
