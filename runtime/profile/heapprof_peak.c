/* The heap's peak and the allocation sizes, from the samples (sleuth-report
 * --peak and --sizes read them from the dumps; DESIGN.md §6).
 *
 * Peak: the live heap as the samples estimate it (the sum over the live
 * sampled blocks of size/p, exact at heap_profile_sample=1) is followed
 * under the profiler's lock, where a sample is recorded or released
 * anyway: an unsampled allocation pays nothing. Its maximum and the time
 * of it are kept, and a snapshot of every record's live counts (the
 * peak_* fields: which sites held the heap then) is taken each time the
 * estimate passes the last snapshot's level by 1/32 of it (at least 64
 * KiB): at most a few hundred copies over a process's life however its
 * heap moves, and the newest is within that margin of the maximum. The
 * estimate, not the exact counter, drives it: the exact in-use figure is
 * the sum of every thread's counters, which only the timeline adds up.
 *
 * Sizes: every sampled allocation counts in the bucket of its size's bit
 * length (bucket b holds [2^(b-1), 2^b), bucket 0 the zero-byte ones),
 * with its 1/p and (1-p)/p^2: an unbiased histogram of the number of
 * allocations by size and the variances of its bars. */
#include "heapprof_internal.h"

#define SNAP_MIN_STEP (64 << 10)

static hp_extra extra;
static double live_est, snap_next;

static int bit_length(size_t n) { return n ? 64 - __builtin_clzll(n) : 0; }

static void snapshot_locked(hp_record *recs, size_t cap) {
  for (size_t i = 0; i < cap; i++) {
    hp_record *r = &recs[i];
    if (!r->cum_objs)
      continue;
    r->peak_objs = r->live_objs;
    r->peak_bytes = r->live_bytes;
    r->peak_inv = r->live_objs ? r->live_inv : 0;
    r->peak_var = r->live_objs ? r->live_var : 0;
  }
  extra.snap_est = live_est;
  extra.snap_ms = heapprof_uptime_ms();
  double step = live_est / 32;
  snap_next = live_est + (step > SNAP_MIN_STEP ? step : SNAP_MIN_STEP);
}

void heapprof_peak_add_locked(hp_record *recs, size_t cap, size_t size,
                              double inv) {
  hp_size_bucket *b = &extra.sizes[bit_length(size)];
  b->samples++;
  b->est += inv;
  b->var += inv * (inv - 1);
  live_est += (double)size * inv;
  if (live_est <= extra.peak_est)
    return;
  extra.peak_est = live_est;
  extra.peak_ms = heapprof_uptime_ms();
  if (live_est >= snap_next)
    snapshot_locked(recs, cap);
}

void heapprof_peak_remove_locked(size_t size, double inv) {
  live_est -= (double)size * inv;
  if (live_est < 0)
    live_est = 0;
}

void heapprof_peak_copy_locked(hp_extra *out) { *out = extra; }
