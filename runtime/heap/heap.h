/* The user heap behind the malloc/new interceptors. Two back ends, chosen
 * once at start-up from the `checker` option; this header is the one place
 * that looks at the choice:
 *  - the checking allocator (allocator.c): redzones, quarantine, a stack
 *    per block, bad/double free and mismatch reports, the leak scan;
 *  - profile-only mode (sysheap.c, checker=0, preloaded runtime only):
 *    glibc's own allocator, with the heap profiler's sampling countdown on
 *    each allocation and nothing kept per block.
 * Each interceptor tests the mode and calls one back end or the other
 * itself, so the path from malloc to sl_allocate or sysheap_malloc reads as
 * calls:
 *   if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
 *     return sysheap_calloc(n, size, FRAME_HERE());
 *   return sl_calloc(n, size, CALLER_PC_HERE(), FRAME_HERE());
 * The checking allocator's stack start (a pc inside the interceptor) is
 * computed on its arm only, so the system arm costs one load and a branch
 * over calling glibc directly. It is computed in the interceptor's own body,
 * not in an inline helper, whose name would show as an inlined frame #0 of
 * every allocation stack. */
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

/* The hot interceptors (malloc, free, new, delete) hand profile-only mode
 * to sysheap_malloc and friends as a tail call, before anything needs a
 * frame:
 *   return heap_is_system() ? sysheap_malloc(n)
 *                           : sl_allocate(n, 16, AT_MALLOC, 0,
 *                                         CALLER_PC_HERE(), FRAME_HERE());
 * The hint puts the system arm first, a tail call made before any frame
 * is set up. */
static inline int heap_is_system(void) {
  return SL_LIKELY(__atomic_load_n(&sl_heap_mode, __ATOMIC_RELAXED) ==
                   HEAP_SYSTEM) ||
         heap_mode() == HEAP_SYSTEM;
}

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
