/* Per-thread runtime state: the T<n> id shown in reports, where the thread
 * was created, its stack bounds (for the unwinder), and its allocator
 * cache. */
#ifndef SLEUTH_THREADS_H
#define SLEUTH_THREADS_H

#include "sys.h"

typedef struct sl_thread {
  uint32_t tid;          /* T<n>: 0 for the main thread */
  uint32_t parent_tid;
  uint32_t create_stack; /* depot id of the pthread_create call */
  int os_tid;
  uptr stack_lo, stack_hi;
  void *alloc_cache; /* allocator.c's per-thread cache */
  void *altstack;
  int in_signal_report;
} sl_thread;

/* The calling thread's record; created on first use for threads the runtime
 * did not see start. Never NULL after init. */
sl_thread *thread_current(void);
/* Looks up a thread record by T<n> id (NULL if unknown). */
sl_thread *thread_by_tid(uint32_t tid);
void threads_init_main(void);
/* Called (via a pthread key destructor) when a thread exits. */
void thread_on_exit(sl_thread *t);
/* Resets runtime locks and thread state in the child after fork. */
void threads_after_fork_child(void);
#endif
