/* The user heap behind the malloc/new interceptors. Two back ends, chosen
 * once at start-up from the `checker` option; this header is the one place
 * that looks at the choice:
 *  - the checking allocator (allocator.c): redzones, quarantine, a stack
 *    per block, bad/double free and mismatch reports, the leak scan;
 *  - profile-only mode (sysheap.c, checker=0, preloaded runtime only):
 *    glibc's own allocator, with the heap profiler's sampling countdown on
 *    each allocation and nothing kept per block.
 * The interceptors call HEAP(op, args): the checking allocator's stack
 * start (a pc inside the interceptor) is computed on its arm only, so the
 * system arm costs one load and a branch over calling glibc directly. */
#ifndef SLEUTH_HEAP_H
#define SLEUTH_HEAP_H

#include "allocator.h"
#include "interception.h"
#include "sysheap.h"

enum { HEAP_UNSET = 0, HEAP_CHECKED = 1, HEAP_SYSTEM = 2 };
/* Set by sleuth_init right after the options are parsed. */
extern int sl_heap_mode;

/* Runs sleuth_init on first use. A call re-entering during start-up (libc
 * calling malloc from dlsym) sees the mode already set. */
int heap_mode_slow(void);
static inline int heap_mode(void) {
  int m = __atomic_load_n(&sl_heap_mode, __ATOMIC_RELAXED);
  return SL_LIKELY(m != HEAP_UNSET) ? m : heap_mode_slow();
}

/* From an interceptor's body: HEAP(allocate, n, 16, AT_MALLOC, 0). */
#define HEAP(op, ...)                                                          \
  (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM)                                     \
       ? sysheap_##op(__VA_ARGS__, FRAME_HERE())                               \
       : sl_##op(__VA_ARGS__, CALLER_PC_HERE(), FRAME_HERE()))

/* The hot interceptors (malloc, free, new, delete) hand profile-only mode
 * to sysheap_malloc and friends as a tail call, before anything needs a
 * frame, and the checking allocator gets the pc and frame as in HEAP:
 *   return HEAP_HOT(sysheap_malloc(n), allocate, n, 16, AT_MALLOC, 0);
 *   HEAP_HOT_VOID(sysheap_free(p), deallocate, p, AT_MALLOC, 0, 0); */
#define HEAP_IS_SYSTEM()                                                       \
  (__atomic_load_n(&sl_heap_mode, __ATOMIC_RELAXED) == HEAP_SYSTEM)
#define HEAP_HOT(sys_call, op, ...)                                            \
  (SL_LIKELY(HEAP_IS_SYSTEM()) || heap_mode() == HEAP_SYSTEM                   \
       ? sys_call                                                              \
       : sl_##op(__VA_ARGS__, CALLER_PC_HERE(), FRAME_HERE()))
#define HEAP_HOT_VOID(sys_call, op, ...)                                       \
  do {                                                                         \
    if (SL_LIKELY(HEAP_IS_SYSTEM()) || heap_mode() == HEAP_SYSTEM)             \
      sys_call;                                                                \
    else                                                                       \
      sl_##op(__VA_ARGS__, CALLER_PC_HERE(), FRAME_HERE());                    \
  } while (0)

/* From helpers that were handed the interceptor's pc and frame. */
static inline void *heap_allocate(size_t size, size_t align, int type, int zero,
                                  uptr pc, uptr fp) {
  return heap_mode() == HEAP_SYSTEM
             ? sysheap_allocate(size, align, type, zero, fp)
             : sl_allocate(size, align, type, zero, pc, fp);
}
static inline void *heap_reallocate(void *p, size_t size, uptr pc, uptr fp) {
  return heap_mode() == HEAP_SYSTEM ? sysheap_reallocate(p, size, fp)
                                    : sl_reallocate(p, size, pc, fp);
}
static inline size_t heap_usable_size(const void *p) {
  return heap_mode() == HEAP_SYSTEM ? sysheap_usable_size(p)
                                    : sl_usable_size(p);
}
#endif
