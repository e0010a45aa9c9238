/* --watch: the live view of a running program (watch.c). */
#ifndef SLEUTH_REPORT_WATCH_H
#define SLEUTH_REPORT_WATCH_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  const char *prefix; /* heap_profile_prefix: PREFIX.<pid>.timeline */
  double interval_s;  /* between refreshes */
  double window_s;    /* growth over at most this span (0: all dumps read) */
  size_t top;         /* sites shown */
  bool symbolize;
} watch_options;

/* Follows the newest PREFIX.<pid>.timeline until the process is gone;
 * returns the exit status (0). */
int watch(const watch_options *o);

#endif
