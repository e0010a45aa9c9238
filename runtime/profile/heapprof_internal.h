/* Shared between the heap profiler's files: heapprof.c (sampling and
 * tables), heapprof_dump.c (heap_v2 files), heapprof_timeline.c. */
#ifndef SLEUTH_HEAPPROF_INTERNAL_H
#define SLEUTH_HEAPPROF_INTERNAL_H

#include "sys.h"

/* Sampled counts of one (stack, thread); cum_objs > 0 marks a used slot.
 * The freed samples split by lifetime: temp_* were freed within
 * heap_profile_temporary_ms of their allocation, long_* later (the live
 * ones are live_*), counted for the allocating thread.
 * What an unbiased object count needs (heapprof_unbiased.h): over the
 * live and over all sampled blocks, the sum of 1/p (p = the probability
 * that a block of its size is sampled) and the sum of (1-p)/p^2, the
 * estimate's variance. jeprof's scaling uses the mean size instead, which
 * undercounts a stack whose sizes differ. */
typedef struct {
  uint32_t stack, tid;
  uint64_t live_objs, live_bytes, cum_objs, cum_bytes;
  uint64_t temp_objs, temp_bytes, long_objs, long_bytes;
  double live_inv, live_var, cum_inv, cum_var;
  /* The live counts at the live heap's highest (heapprof_peak.c: saved
   * lazily, valid once heapprof_peak_resolve_locked has run on the copy). */
  uint64_t peak_objs, peak_bytes;
  double peak_inv, peak_var;
  uint64_t peak_epoch;
} hp_record;

/* heapprof_peak.c: allocation sizes by bit length and the live heap's
 * peak, as the samples estimate them; updated with the profiler's lock
 * held, where samples are recorded and released. */
#define HP_SIZE_BUCKETS 65
typedef struct {
  uint64_t samples;
  double est, var; /* sums of 1/p and (1-p)/p^2 */
} hp_size_bucket;
typedef struct {
  hp_size_bucket sizes[HP_SIZE_BUCKETS];
  double peak_est;  /* the highest estimate of the live heap, bytes */
  uint64_t peak_ms; /* when (heapprof_uptime_ms) */
  double snap_est;  /* the estimate when the records' peak_* were taken: */
  uint64_t snap_ms; /* the same as peak_* (the dump format keeps both) */
} hp_extra;
/* Before a record's live counts change. */
void heapprof_peak_touch_locked(hp_record *r);
/* A record copied for a dump: its peak_* made valid. */
void heapprof_peak_resolve_locked(hp_record *r);
void heapprof_peak_add_locked(size_t size, double inv);
void heapprof_peak_remove_locked(size_t size, double inv);
void heapprof_peak_copy_locked(hp_extra *out);

/* A copy of every record (internal memory; ifree it), and of the sizes
 * and the peak (extra, if not NULL) at the same moment. */
size_t heapprof_snapshot(hp_record **out, hp_extra *extra);
uint64_t heapprof_mean_bytes(void);
/* heap_profile_temporary_ms in ns. */
uint64_t heapprof_temporary_ns(void);
/* Estimated (unsampled) bytes of the sampled live blocks younger than
 * heap_profile_temporary_ms (*young) and older (*old); walks the sampled
 * blocks under the profiler's lock (the timeline's per-class columns). */
void heapprof_inuse_by_age(uint64_t *young, uint64_t *old);

/* heapprof_heap_source.c: what heap in use measures ("" for the default;
 * heapprof_set_heap_source) and whether it is the program's heap at all. */
const char *heapprof_heap_source(void);
int heapprof_heap_measured(void);
/* Whether the allocator's blocks may be sampled at all. */
int heapprof_heap_sampled(void);

/* heapprof_timeline.c: the process's start time and the timeline file. */
void heapprof_output_init(void);
void heapprof_output_after_fork_child(void);
uint64_t heapprof_uptime_ms(void);
void heapprof_timeline_note_dump(const char *path, int why);
/* heapprof_pprof.c: the records r[0..n), sorted by stack, as a gzipped
 * pprof profile written to fd. Returns 0, or -1 (no memory, write error). */
int heapprof_write_pprof(int fd, const hp_record *r, size_t n);
/* heapprof_dump.c */
void heapprof_dump_after_fork_child(void);
/* heapprof_watch.c: the thresholds (from heapprof_init), a dump was
 * written (the growth trigger counts from the in use it showed), fork. */
void heapprof_watch_init(void);
void heapprof_watch_note_dump(int64_t at_snapshot);
int64_t heapprof_watch_inuse(void);
/* The highest in use the watch saw (and when, ms since start), or -1 when
 * the watch is off (none of its options set). */
int64_t heapprof_watch_inuse_max(uint64_t *at_ms);
void heapprof_watch_after_fork_child(void);
/* heapprof_alert.c: an alert's log line and command (service thread);
 * dump is the profile written for it, or NULL. */
void heapprof_alert(int64_t inuse, int64_t level, const char *dump);
void heapprof_alert_reap(void);
int heapprof_alert_children(void);
void heapprof_alert_after_fork_child(void);
#endif
