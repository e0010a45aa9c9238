/* Per-thread runtime state: the T<n> id shown in reports, where the thread
 * was created, its stack bounds (for the unwinder), and its allocator and
 * stack depot caches. The runtime's only static TLS is the one pointer
 * sl_cur_thread: glibc carves static TLS out of each thread's stack, so
 * everything large lives behind it, in memory the runtime maps itself. */
#ifndef SLEUTH_THREADS_H
#define SLEUTH_THREADS_H

#include "sys.h"

/* The heap profiler's per-thread state (heapprof.h): the sampling
 * countdown and its generator, and allocation counters for the timeline,
 * written only by the owning thread and summed by the service thread. */
typedef struct {
  int64_t countdown; /* bytes left until the next sample */
  uint64_t rng;      /* 0 until the thread's first countdown is drawn */
  uint64_t allocs, alloc_bytes, free_bytes; /* frees are not counted: nothing reads it */
  /* heapprof_watch.c: bytes allocated minus freed not yet added to the
   * process's in-use counter (only while a growth trigger or alert is on). */
  int64_t watch_pending;
} sl_heapprof_thread;

typedef struct sl_thread {
  uint32_t tid; /* T<n>: 0 for the main thread */
  uint32_t parent_tid;
  uint32_t create_stack; /* depot id of the pthread_create call */
  int os_tid;
  uptr stack_lo, stack_hi;
  void *alloc_cache; /* allocator.c's per-thread cache */
  void *depot_cache; /* stackdepot.c: the paths this thread walked last */
  void *altstack;
  struct fake_stack *fake_stack; /* fake_stack.c, made on first use */
  int fake_stack_gone;           /* exited: no new fake stack */
  /* stack_switch.c's cache: the other stack last found running */
  uptr other_lo, other_hi;
  uint32_t other_gen;
  /* stack_switch.c: the stack a fiber switch is leaving (start_switch_fiber
   * to finish_switch_fiber); 0 for the thread's own. */
  uptr fiber_from_lo, fiber_from_hi;
  int lsan_disabled; /* __lsan_disable depth: its blocks are not leaks */
  int in_signal_report;
  /* report.c: symbolizing an error's caller before the report lock is
   * taken; a nested error then (a signal handler) must not wait for it. */
  int keying_report_site;
  uptr tp;         /* pthread_self(): the TCB, static TLS just below */
  int live;        /* set at start, cleared by the exit hook */
  int forked_away; /* in a fork child: a thread of the parent, gone */
  /* Written by the stop-the-world handler (stoptheworld.c). */
  uint32_t parked_gen;
  uptr saved_sp;
  uptr saved_regs[23]; /* the general registers of the ucontext */
  sl_heapprof_thread hp;
  /* The allocator's statistics (allocator_get_stats): bytes this thread
   * allocated minus those it freed (requested sizes), and slot bytes it
   * took from the heap minus those it returned when recycling. Written only
   * by the owning thread; the sum over all threads is the process's. */
  int64_t heap_live_bytes, heap_held_bytes;
  /* guarded.c: allocations left until the next guarded one, and its
   * generator (0 until seeded). */
  int64_t guard_countdown;
  uint64_t guard_rng;
} sl_thread;

/* What thread_current() returns, as one TLS load, for paths that run on
 * every malloc; NULL on a thread that has no record yet. */
extern __thread sl_thread *sl_cur_thread
    __attribute__((tls_model("initial-exec"), visibility("hidden")));
/* thread_current's first call on a thread: makes its record. */
sl_thread *thread_current_slow(void);
/* The calling thread's record; created on first use for threads the runtime
 * did not see start. Never NULL after init. Inline: malloc, free and every
 * stack capture ask (as a call it was 2.3 % of cJSON's time). */
static inline sl_thread *thread_current(void) {
  sl_thread *t = sl_cur_thread;
  return SL_LIKELY(t) ? t : thread_current_slow();
}
/* The calling thread's record, or NULL if it has none yet (safe in signal
 * handlers: never allocates). */
sl_thread *thread_current_or_null(void);
/* The thread table, for the leak scanner: lock it, then visit slots
 * 0..*cap-1 of the returned array (NULL slots are unused ids). */
void threads_lock(void);
void threads_unlock(void);
sl_thread **threads_table_locked(uint32_t *cap);
/* With the table locked: calls scan on the start argument of every thread
 * pthread_create made that has not started yet (leak scan roots). */
void threads_scan_pending_args_locked(void (*scan)(uptr lo, uptr hi));
/* Looks up a thread record by T<n> id (NULL if unknown). */
sl_thread *thread_by_tid(uint32_t tid);
void threads_init_main(void);
/* Called (via a pthread key destructor) when a thread exits. */
void thread_on_exit(sl_thread *t);
/* Gives the calling runtime-owned thread (service.c) a record that is not
 * in the thread table: the leak scan neither stops it nor scans it, and
 * reports do not list it. [stack_lo, stack_hi): its stack. */
void thread_register_unlisted(sl_thread *t, uptr stack_lo, uptr stack_hi);
/* The OS tid of the thread that holds the other threads stopped
 * (leak/stoptheworld.c), 0 when none does. A thread that holds the world
 * stopped must never wait for state another thread owns: that thread may
 * be parked in the middle of changing it. */
extern int sl_world_stopper;
/* Resets runtime locks and thread state in the child after fork. */
void threads_after_fork_child(void);
#endif
