/* The heap's peak and the allocation sizes, from the samples (sleuth-report
 * --peak and --sizes read them from the dumps; DESIGN.md §6).
 *
 * Peak: the live heap as the samples estimate it (the sum over the live
 * sampled blocks of size/p, exact at heap_profile_sample=1) is followed
 * under the profiler's lock, where a sample is recorded or released
 * anyway: an unsampled allocation pays nothing. At each new maximum the
 * records' live counts are the peak's site set. Copying every record then
 * would cost a table walk per new maximum (every sampled allocation while
 * the heap grows), so the copy is lazy: a new maximum only advances an
 * epoch, and a record about to change saves its live counts into its
 * peak_* fields first, once per epoch (heapprof_peak_touch_locked). A
 * record untouched since the last maximum still holds, in its live
 * counts, what it held then (heapprof_peak_resolve_locked, when the
 * records are copied for a dump). The estimate, not the exact counter,
 * drives it: the exact in-use figure is the sum of every thread's
 * counters, which only the timeline and the in-use watch add up.
 *
 * Sizes: every sampled allocation counts in the bucket of its size's bit
 * length (bucket b holds [2^(b-1), 2^b), bucket 0 the zero-byte ones),
 * with its 1/p and (1-p)/p^2: an unbiased histogram of the number of
 * allocations by size and the variances of its bars. */
#include "heapprof_internal.h"

static hp_extra extra;
static double live_est;
/* Advanced at each new maximum; 0 until the first. A record whose
 * peak_epoch is the current one has saved what it held at the maximum. */
static uint64_t epoch;

static int bit_length(size_t n) { return n ? 64 - __builtin_clzll(n) : 0; }

void heapprof_peak_touch_locked(hp_record *r) {
  if (r->peak_epoch == epoch)
    return;
  r->peak_epoch = epoch;
  r->peak_objs = r->live_objs;
  r->peak_bytes = r->live_bytes;
  r->peak_inv = r->live_objs ? r->live_inv : 0;
  r->peak_var = r->live_objs ? r->live_var : 0;
}

void heapprof_peak_resolve_locked(hp_record *r) {
  if (epoch)
    heapprof_peak_touch_locked(r);
}

void heapprof_peak_add_locked(size_t size, double inv) {
  hp_size_bucket *b = &extra.sizes[bit_length(size)];
  b->samples++;
  b->est += inv;
  b->var += inv * (inv - 1);
  live_est += (double)size * inv;
  if (live_est <= extra.peak_est)
    return;
  extra.peak_est = extra.snap_est = live_est;
  extra.peak_ms = extra.snap_ms = heapprof_uptime_ms();
  epoch++;
}

void heapprof_peak_remove_locked(size_t size, double inv) {
  live_est -= (double)size * inv;
  if (live_est < 0)
    live_est = 0;
}

void heapprof_peak_copy_locked(hp_extra *out) { *out = extra; }
