#ifndef SLEUTH_REPORT_TIMELINE_SVG_H
#define SLEUTH_REPORT_TIMELINE_SVG_H

#include <stdio.h>

#include "timeline.h"

/* Heap in use and RSS over time, dumps marked, as a static SVG. */
void write_timeline_svg(FILE *out, const timeline *t);

#endif
