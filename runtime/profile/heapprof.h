/* The sampling heap profiler (DESIGN.md §6).
 *
 * Sampling is byte-weighted: each thread counts down a number of bytes drawn
 * from an exponential distribution with mean heap_profile_sample, and the
 * allocation that takes the countdown to zero or below is sampled. Because
 * the distribution is memoryless, an allocation of s bytes is sampled with
 * probability 1 - exp(-s/mean) whatever came before it, which is exactly
 * what jeprof's scaling undoes. heap_profile_sample=1 samples every
 * allocation.
 *
 * A sample keeps its stack (a stack-depot id whose frame 0 is inside the
 * allocator entry point; dumps leave that frame out), its requested size and
 * its thread. Counts are kept per (stack, thread): live objects and bytes
 * (decremented exactly when a sampled block is freed) and cumulative ones.
 *
 * Two ways to find a sampled block again at free time:
 *  - the checker's allocator marks the chunk header (CF_SAMPLED) and passes
 *    the stack, thread and size it keeps there anyway: heapprof_record_sample
 *    and heapprof_release_sample;
 *  - any other allocator (LD_PRELOAD / profile-only mode) uses the
 *    address-keyed calls heapprof_record_alloc and heapprof_record_free;
 *    a free of a block that was not sampled costs a lock-free filter load.
 *
 * Use from an allocator (the contract with the preload branch):
 *
 *   malloc:  p = real_malloc(n);
 *            if (SL_UNLIKELY(heapprof_on)) {
 *              heapprof_note_alloc(n);
 *              if (heapprof_sample_due(n))
 *                heapprof_record_alloc(p, n, pc, fp);
 *            }
 *   free:    if (SL_UNLIKELY(heapprof_on)) {
 *              heapprof_note_free(size_of_p);   (for the timeline)
 *              heapprof_record_free(p);         (BEFORE p can be reused)
 *            }
 *            real_free(p);
 *
 * pc and fp are what stack_capture_id takes: a pc inside the allocator entry
 * point and that entry point's frame; heapprof_record_alloc_stack takes a
 * stack id already captured that way instead. */
#ifndef SLEUTH_HEAPPROF_H
#define SLEUTH_HEAPPROF_H

#include <stdbool.h>

#include "sys.h"
#include "threads.h"

/* heap_profile=1: the hooks must run (counters, frees of sampled blocks).
 * Set at init and never cleared. */
extern int heapprof_on;
/* heap_profile=1 and sampling active (sleuth_heap_profile_active). */
extern int heapprof_enabled;

/* Slow path of heapprof_sample_due: the countdown ran out (or was never
 * drawn). Draws the next one; returns whether this allocation is sampled. */
bool heapprof_countdown_expired(sl_heapprof_thread *hp, size_t size);

/* Whether an allocation of size bytes is to be sampled. Fast: one load, one
 * subtraction and a compare on the calling thread's countdown. */
static inline bool heapprof_sample_due(size_t size) {
  if (SL_LIKELY(!__atomic_load_n(&heapprof_enabled, __ATOMIC_RELAXED)))
    return false;
  sl_heapprof_thread *hp = &thread_current()->hp;
  if (SL_LIKELY((hp->countdown -= (int64_t)size) > 0))
    return false;
  return heapprof_countdown_expired(hp, size);
}

/* Allocations the runtime itself makes through the program's allocator
 * (glibc allocates a new thread's TLS in the creating thread, so starting
 * the service thread calls calloc) are not the program's: between these
 * two calls the calling thread samples none (its countdown cannot reach
 * zero), at no cost on the allocation path. */
static inline int64_t heapprof_pause_own(void) {
  sl_heapprof_thread *hp = &thread_current()->hp;
  int64_t saved = hp->countdown;
  hp->countdown = INT64_MAX;
  return saved;
}
static inline void heapprof_resume_own(int64_t saved) {
  thread_current()->hp.countdown = saved;
}

/* The in-use watch (heapprof_watch.c) behind heap_profile_inuse_interval,
 * heap_profile_peak and heap_profile_alert_mb. Each thread adds its
 * allocations and frees to watch_pending and moves it into one process-wide
 * counter only when it reaches +-heapprof_watch_batch bytes (0: the watch
 * is off), so the allocation path costs one load and branch when the watch
 * is off, and an add and compare when it is on; crossing a threshold only
 * wakes the service thread, which writes the dump. */
extern int64_t heapprof_watch_batch;
void heapprof_watch_flush(sl_heapprof_thread *hp);
static inline void heapprof_watch_delta(sl_heapprof_thread *hp, int64_t d) {
  int64_t b = __atomic_load_n(&heapprof_watch_batch, __ATOMIC_RELAXED);
  if (SL_LIKELY(!b))
    return;
  int64_t p = hp->watch_pending + d;
  hp->watch_pending = p;
  if (SL_UNLIKELY((uint64_t)(p + b) >= 2 * (uint64_t)b))
    heapprof_watch_flush(hp);
}

/* Timeline counters of the calling thread (count and bytes). */
static inline void heapprof_note_alloc(size_t size) {
  sl_heapprof_thread *hp = &thread_current()->hp;
  __atomic_store_n(&hp->allocs, hp->allocs + 1, __ATOMIC_RELAXED);
  __atomic_store_n(&hp->alloc_bytes, hp->alloc_bytes + size, __ATOMIC_RELAXED);
  heapprof_watch_delta(hp, (int64_t)size);
}
static inline void heapprof_note_free(size_t size) {
  sl_heapprof_thread *hp = &thread_current()->hp;
  __atomic_store_n(&hp->free_bytes, hp->free_bytes + size, __ATOMIC_RELAXED);
  heapprof_watch_delta(hp, -(int64_t)size);
}
/* A thread's exit: its pending bytes go into the process's counter. */
void heapprof_thread_exit(sl_heapprof_thread *hp);
/* The service thread's share of the watch: writes the dumps, alert lines
 * and commands the allocation paths asked for, reaps alert commands.
 * Returns when it wants to run again (monotonic ns; ~0 = no need). */
uint64_t heapprof_watch_service(uint64_t now_ns);

/* Address-keyed samples (allocators without a header bit). */
void heapprof_record_alloc(void *p, size_t size, uptr pc, uptr fp);
void heapprof_record_alloc_stack(void *p, size_t size, uint32_t stack);
/* Call for every free while heapprof_on, before p can be handed out again;
 * cheap when p was not sampled. */
void heapprof_record_free(void *p);
/* Whether p is a live sampled block of the address-keyed calls (a filter
 * load, and a table lookup under the profiler's lock when it may be). */
int heapprof_holds(const void *p);

/* What heap in use measures when it is not the default (requested bytes,
 * glibc's chunk bytes in profile-only mode): "usable:<allocator>" (that
 * allocator's malloc_usable_size), or "unmeasured:<allocator>" with
 * measured 0, which keeps the in-use triggers and alerts off; sampled 0
 * keeps sampling off for good. The timeline's header carries it
 * (heap=...). Before heapprof_init. */
void heapprof_set_heap_source(const char *desc, int measured, int sampled);

/* Header-marked samples (the checker's allocator keeps stack, thread and
 * size in the chunk header). tid is the T<n> of the allocating thread.
 * The block's address p keys its allocation time in the same table the
 * address-keyed calls use (only sampled blocks are in it), so its free can
 * be classified as temporary or long-lived. */
void heapprof_record_sample(void *p, uint32_t stack, uint32_t tid, size_t size);
void heapprof_release_sample(void *p, uint32_t stack, uint32_t tid, size_t size);

/* Reads the options; from sleuth_init, after the thread table. */
void heapprof_init(void);
/* Why a dump is written: the timeline's dump line names it, so a reader
 * (sleuth-report --timeline) can say what each mark was. */
typedef enum {
  HP_WHY_API,      /* sleuth_heap_profile_dump */
  HP_WHY_EXIT,     /* the process's exit */
  HP_WHY_INTERVAL, /* heap_profile_interval_s */
  HP_WHY_SIGNAL,   /* heap_profile_signal */
  HP_WHY_GROWTH,   /* heap_profile_inuse_interval */
  HP_WHY_PEAK,     /* heap_profile_peak */
  HP_WHY_ALERT,    /* heap_profile_alert_mb */
} hp_dump_why;
/* heapprof_dump_why, and the name written in name (cap bytes; "" on
 * failure). */
int heapprof_dump_named(const char *path, hp_dump_why why, char *name,
                        size_t cap);
/* Writes a dump to path, or to the next <prefix>.<pid>.<seq>.heap when path
 * is NULL. Returns 0, or -1 (profiler off, or the file cannot be written:
 * one warning line says which). Not for signal handlers. */
int heapprof_dump_why(const char *path, hp_dump_why why);
/* The same for the program's own request (sleuth_heap_profile_dump). */
int heapprof_dump(const char *path);
/* Turns sampling on or off; returns the previous state. */
int heapprof_set_active(int on);
/* A timeline sample line now (the service thread calls it periodically). */
void heapprof_timeline_sample(void);
/* At exit: the final timeline sample and dump. */
void heapprof_at_exit(void);
/* fork(): the profiler's locks are held across it; the child starts its own
 * files (new pid, sequence from 0). */
void heapprof_lock_all(void);
void heapprof_unlock_all(void);
void heapprof_after_fork_child(void);
#endif
