/* Sampled guard pages (guarded.c): with guard_pages=N, about one
 * allocation in N is placed in a slot of a fixed pool, next to a guard
 * page, so that uninstrumented code's overflow, underflow or use after free
 * of that block faults at once. Both back ends (allocator.c, sysheap.c) ask
 * guard_sample_due on every allocation and guard_owns on every free; both
 * are a few instructions and take no lock. */
#ifndef SLEUTH_GUARDED_H
#define SLEUTH_GUARDED_H

#include "allocator.h"
#include "leak.h"
#include "threads.h"

#define GUARD_SLOTS 256u       /* slots in the pool */
#define GUARD_SLOT_PAGES 2u    /* data pages per slot: blocks up to 8 KiB */
#define GUARD_STRIDE ((GUARD_SLOT_PAGES + 1) * 4096ul) /* data + guard */
#define GUARD_POOL_LEN (4096ul + GUARD_SLOTS * GUARD_STRIDE)

/* guard_pages > 0 (set once at init). */
extern int guard_on;
/* The pool's start once it is mapped; until then an address so high that
 * no user pointer p has p - guard_pool_beg < GUARD_POOL_LEN. */
extern uptr guard_pool_beg;

static inline int guard_owns(const void *p) {
  return (uptr)p - __atomic_load_n(&guard_pool_beg, __ATOMIC_RELAXED) <
         GUARD_POOL_LEN;
}

/* The countdown ran out: draws the next one; 1 if this allocation is to be
 * guarded. */
int guard_countdown_expired(sl_thread *t);

static inline int guard_sample_due(void) {
  if (SL_LIKELY(!guard_on))
    return 0;
  sl_thread *t = sl_cur_thread;
  if (SL_UNLIKELY(!t))
    return 0;
  if (SL_LIKELY(--t->guard_countdown > 0))
    return 0;
  return guard_countdown_expired(t);
}

void guard_init(void);
/* A guarded block, or NULL (too big, alignment above a page, pool full):
 * the caller then allocates as usual. fp is the interceptor's frame. */
void *guard_allocate(size_t size, size_t align, int type, int zero, uptr pc,
                     uptr fp);
/* p is owned (guard_owns). Reports a double or bad free itself. */
void guard_free(void *p, uptr pc, uptr fp);
size_t guard_usable_size(const void *p);
/* Whether p starts a live guarded block (a malloc(0) one included), and
 * its size. */
int guard_live_size(const void *p, size_t *size);
/* realloc of a guarded block: a new block (guarded or not, as sampled), the
 * bytes copied, the old one freed. */
void *guard_reallocate(void *p, size_t size, uptr pc, uptr fp);
/* The block of the slot nearest addr (in the pool), for reports. */
int guard_describe(uptr addr, chunk_info *out);
/* From the SIGSEGV handler: 1 if addr is a guard page or a freed slot next
 * to a block (reported; with halt_on_error=0 the page is made accessible
 * so the access completes). */
int guard_fault(uptr addr, int is_write, uptr pc, uptr bp, uptr sp);
/* Leak scan (world stopped): the live guarded blocks, which the scan
 * treats as heap blocks (a leaked one is reported as any other): how many,
 * and up to max of them (beg, size, allocation stack; tag unreached, or
 * reachable when allocated under __lsan_disable or ignored), by address. */
size_t guard_live_count(void);
size_t guard_live_blocks(leak_block *out, size_t max);
/* __lsan_ignore_object on a guarded block: 1 if p is one's start. */
int guard_ignore_for_leaks(const void *p);
void guard_lock(void);
void guard_unlock(void);
#endif
