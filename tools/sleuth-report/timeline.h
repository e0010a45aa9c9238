/* Parser for the runtime's <prefix>.<pid>.timeline file (CONTRACTS.md C):
 * periodic samples of heap in use and RSS, and the times dumps were written. */
#ifndef SLEUTH_REPORT_TIMELINE_H
#define SLEUTH_REPORT_TIMELINE_H

#include <stddef.h>

/* The overhead (Sleuth's quarantine, the heap's shadow, the stack depot)
 * is 0 in files written before the runtime recorded it: `overhead` says
 * whether the line had those columns. */
typedef struct {
  double t_ms, heap_inuse, rss_anon, rss_file, alloc_count, allocs_per_s;
  double quarantine, shadow, depot;
  int overhead;
  /* heap in use by age (estimated from samples): younger than the
   * runtime's heap_profile_temporary_ms, and older; both -1 in timelines
   * written before the runtime had lifetime classes (fewer than 11
   * columns). */
  double young, old;
} timeline_sample;

typedef struct {
  double t_ms;
  char *path;
  /* "why=<reason>" of the line (interval, signal, peak, growth, alert,
   * exit, api), or NULL in timelines written before the runtime said. */
  char *why;
} timeline_dump;

typedef struct {
  char *path;
  long pid;
  double sample;
  /* The header's checker=: 1 with the checker, 0 in profile-only mode,
   * -1 when the header does not say (older runtimes). */
  int checker;
  /* The header's heap= (the runtime writes one when heap in use is not
   * its default: "usable:<allocator>", another allocator's block sizes;
   * "unmeasured:<allocator>"), or NULL. */
  char *heap;
  timeline_sample *samples;
  size_t nsamples, scap;
  timeline_dump *dumps;
  size_t ndumps, dcap;
} timeline;

int timeline_sniff(const char *text);
/* What the timeline's heap in use counts, as a phrase for labels: the
 * program's requested bytes (with the checker), glibc's chunk bytes
 * (profile-only mode), another allocator's block sizes, or nothing
 * measured (heap=). Into buf; returns it. */
const char *timeline_heap_measure(const timeline *t, char *buf, size_t cap);
/* Whether text starts like a timeline's body ("sample ..." or "dump ..."),
 * as a timeline cut of its header does, or with a comment as a timeline
 * with a damaged header does (a heap profile never starts with '#'). */
int timeline_body_sniff(const char *text);
timeline *timeline_load(const char *path);
/* The same for a timeline its process may be writing now: NULL while the
 * file holds no complete line yet (just created), and a last line not
 * ended by a newline is left out (still being written). */
timeline *timeline_load_live(const char *path);
void timeline_free(timeline *t);
/* Time (ms since start) at which the dump `path` was written: matched by
 * full path, else by file name. Negative when the timeline does not list it. */
double timeline_dump_time(const timeline *t, const char *path);

#endif
