/* Profile-only mode's back end (sysheap.c): glibc's allocator plus the
 * heap profiler's hooks. The paths every malloc and free take are inline
 * here, so that the interceptor adds a few instructions to glibc's work;
 * heapprof_sample_due and heapprof_note_alloc/free (heapprof.h) are done on
 * the thread record fetched once per call, the same arithmetic. */
#ifndef SLEUTH_SYSHEAP_H
#define SLEUTH_SYSHEAP_H

#include "allocator.h"
#include "guarded.h"
#include "heapprof.h"
#include "threads.h"

#define SAMPLED_MAGIC 0x5a3d1e0c9b7f2468ull

void *__libc_malloc(size_t n);
void __libc_free(void *p);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);
void *__libc_memalign(size_t align, size_t n);

/* The allocator the program's calls end in. glibc's is reached by its
 * __libc_* names, with no pointer to load. A program that links or
 * preloads its own (tcmalloc, jemalloc: sysheap_allocator.c) gets that
 * one's malloc, free, ... through sysheap_real; its blocks have no glibc
 * chunk header. */
typedef struct {
  void *(*malloc)(size_t);
  void (*free)(void *);
  void *(*calloc)(size_t, size_t);
  void *(*realloc)(void *, size_t);
  void *(*memalign)(size_t, size_t);
  size_t (*usable_size)(void *); /* NULL: its blocks cannot be measured */
} sysheap_allocator;
extern int sysheap_foreign;
extern sysheap_allocator sysheap_real;
/* Which allocator that is; from sysheap_init. */
void sysheap_detect_allocator(void);
/* A foreign block's bytes: its allocator's malloc_usable_size, or 0. */
size_t sysheap_foreign_bytes(const void *block);

static inline void *real_malloc(size_t n) {
  return SL_UNLIKELY(sysheap_foreign) ? sysheap_real.malloc(n)
                                      : __libc_malloc(n);
}
static inline void real_free(void *p) {
  if (SL_UNLIKELY(sysheap_foreign))
    sysheap_real.free(p);
  else
    __libc_free(p);
}
static inline void *real_calloc(size_t n, size_t size) {
  return SL_UNLIKELY(sysheap_foreign) ? sysheap_real.calloc(n, size)
                                      : __libc_calloc(n, size);
}
static inline void *real_realloc(void *p, size_t n) {
  return SL_UNLIKELY(sysheap_foreign) ? sysheap_real.realloc(p, n)
                                      : __libc_realloc(p, n);
}
static inline void *real_memalign(size_t align, size_t n) {
  return SL_UNLIKELY(sysheap_foreign) ? sysheap_real.memalign(align, n)
                                      : __libc_memalign(align, n);
}
/* fp 0 in the calls below: the callee was tail-called from a hot entry
 * point and starts the stack at its own frame. */

void sysheap_init(void);
/* After the profiler and guard pages are set up: whether malloc and free
 * need more than glibc's call. */
void sysheap_arm(void);
/* The hot entry points (sysheap.c), chosen by sysheap_arm: tail-call them
 * from the interceptor. */
extern void *(*sysheap_malloc)(size_t size);
extern void *(*sysheap_new)(size_t size);
extern void *(*sysheap_new_array)(size_t size);
extern void (*sysheap_free)(void *p);
void *sysheap_allocate_slow(size_t size, size_t align, int type, int zero,
                            uptr fp);
void *sysheap_allocate_sampled(sl_heapprof_thread *hp, size_t size,
                               size_t align, int type, int zero, uptr fp);
void sysheap_free_sampled(sl_heapprof_thread *hp, void *p);
void *sysheap_failed(size_t size, int type, uptr fp);
/* guard_pages: a guarded block (guarded.h), or an ordinary one when it
 * cannot be; and the free of one (guard_owns). */
void *sysheap_allocate_guarded(size_t size, size_t align, int type, int zero,
                               uptr fp);
void sysheap_free_guarded(void *p, uptr fp);
void *sysheap_reallocate(void *p, size_t size, uptr fp);
void *sysheap_calloc(size_t n, size_t elem, uptr fp);
size_t sysheap_usable_size(const void *p);

static inline sl_heapprof_thread *sysheap_thread_hp(void) {
  sl_thread *t = sl_cur_thread;
  return &(SL_LIKELY(t) ? t : thread_current())->hp;
}

static inline int sysheap_sample_due(sl_heapprof_thread *hp, size_t size) {
  return __atomic_load_n(&heapprof_enabled, __ATOMIC_RELAXED) &&
         (hp->countdown -= (int64_t)size) <= 0 &&
         heapprof_countdown_expired(hp, size);
}

/* The bytes the allocator gives a block. glibc's: its chunk size, from the
 * size word just below it (the low three bits are flags). Counted the same
 * way at malloc and at free, it keeps the timeline's heap-in-use figure
 * exact. */
static inline size_t glibc_chunk_bytes(const void *glibc_block) {
  return ((const size_t *)glibc_block)[-1] & ~(size_t)7;
}
static inline size_t sysheap_chunk_bytes(const void *block) {
  if (SL_UNLIKELY(sysheap_foreign))
    return sysheap_foreign_bytes(block);
  return glibc_chunk_bytes(block);
}

static inline void sysheap_count_alloc(sl_heapprof_thread *hp, size_t bytes) {
  __atomic_store_n(&hp->allocs, hp->allocs + 1, __ATOMIC_RELAXED);
  __atomic_store_n(&hp->alloc_bytes, hp->alloc_bytes + bytes, __ATOMIC_RELAXED);
  heapprof_watch_delta(hp, (int64_t)bytes);
}

static inline void sysheap_count_free(sl_heapprof_thread *hp, size_t bytes) {
  __atomic_store_n(&hp->free_bytes, hp->free_bytes + bytes, __ATOMIC_RELAXED);
  heapprof_watch_delta(hp, -(int64_t)bytes);
}

/* A sampled block has the magic word right below it (sysheap.c). Below a
 * glibc block lies its chunk header, so the word is always there to read;
 * another allocator's block that starts a page may have nothing mapped
 * below it, and the profiler's table answers for those instead. */
static inline int glibc_is_sampled(const void *p) {
  return ((const uint64_t *)p)[-2] == (SAMPLED_MAGIC ^ (uptr)p);
}
static inline int sysheap_is_sampled(const void *p) {
  if (SL_UNLIKELY(sysheap_foreign) && ((uptr)p & 4095) < 16)
    return heapprof_holds(p);
  return glibc_is_sampled(p);
}

/* fp is the interceptor's frame (a sampled block's stack starts there). */
static inline void *sysheap_allocate(size_t size, size_t align, int type,
                                     int zero, uptr fp) {
  if (SL_UNLIKELY(guard_sample_due()))
    return sysheap_allocate_guarded(size, align, type, zero, fp);
  if (SL_UNLIKELY(align > 16 || zero))
    return sysheap_allocate_slow(size, align, type, zero, fp);
  sl_heapprof_thread *hp = 0;
  if (SL_UNLIKELY(heapprof_on)) {
    hp = sysheap_thread_hp();
    if (SL_UNLIKELY(sysheap_sample_due(hp, size)))
      return sysheap_allocate_sampled(hp, size, align, type, zero, fp);
  }
  void *p = real_malloc(size);
  if (SL_UNLIKELY(!p))
    return sysheap_failed(size, type, fp);
  if (hp)
    sysheap_count_alloc(hp, sysheap_chunk_bytes(p));
  return p;
}

static inline void sysheap_deallocate(void *p, int type, int has_size,
                                      size_t size, uptr fp) {
  (void)type, (void)has_size, (void)size;
  if (SL_UNLIKELY(guard_owns(p))) {
    sysheap_free_guarded(p, fp);
    return;
  }
  if (SL_UNLIKELY(heapprof_on) && p) {
    sl_heapprof_thread *hp = sysheap_thread_hp();
    if (SL_UNLIKELY(sysheap_is_sampled(p))) {
      sysheap_free_sampled(hp, p);
      return;
    }
    sysheap_count_free(hp, sysheap_chunk_bytes(p));
  }
  real_free(p);
}
#endif
