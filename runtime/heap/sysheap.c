/* Profile-only mode (checker=0, sleuth-run --profile): the program's blocks
 * come from glibc's allocator as they would without Sleuth. Nothing is kept
 * per block (no redzones, no header, no quarantine, no stack); each
 * allocation only runs the heap profiler's sampling countdown, and only a
 * sampled block has its stack taken. glibc exports its allocator under
 * __libc_* names, so reaching it needs no dlsym, which may itself allocate
 * (only malloc_usable_size has no such name; it is looked up at init).
 * A program that brings its own allocator (tcmalloc, jemalloc) keeps it:
 * sysheap_allocator.c finds it, and real_malloc and the others (sysheap.h)
 * call it instead; a foreign block is measured by its allocator.
 *
 * A free must tell a sampled block from the others without a lookup (that
 * would cost a cache miss on every free): a sampled block gets 16 bytes
 * more from glibc and two words of its own just below the pointer the
 * program sees,
 *     [glibc chunk header][ ... | SAMPLED_MAGIC ^ p | pad ][p: its bytes]
 * while below an ordinary block lies glibc's chunk header, whose first word
 * (the previous chunk's size or its last bytes) is on the cache line free()
 * reads anyway. The heap profiler's own table then confirms the match.
 *
 * The paths every malloc and free take are inline, in sysheap.h. */
#include "sysheap.h"

#include <errno.h>

#include "allocator.h"
#include "heapprof.h"
#include "interception.h"
#include "options.h"
#include "report.h"
#include "threads.h"
#include "unwind.h"

static size_t (*real_usable_size)(void *);

void sysheap_init(void) {
  sysheap_detect_allocator();
  real_usable_size = sysheap_foreign ? sysheap_real.usable_size
                                     : (size_t(*)(void *))dlsym(
                                           RTLD_NEXT, "malloc_usable_size");
}

/* ---- sampled blocks --------------------------------------------------- */

static inline void *base_of(const void *p) {
  return (char *)p - ((const uptr *)p)[-1];
}

/* Throwing operator new must not return NULL; a C runtime cannot throw. */
SL_NOINLINE void *sysheap_failed(size_t size, int type, uptr fp) {
  if (!fp) /* tail-called from a hot entry point (see there) */
    fp = FRAME_HERE();
  if (!(type & AT_NEVER_NULL)) {
    errno = ENOMEM;
    return 0;
  }
  report_out_of_memory(size, stack_capture_id(CALLER_PC_HERE(), fp), 0);
  sys_exit_group((int)sl_opt.exitcode);
}

/* fp is the interceptor's frame, so the stack starts at the program's
 * call; frame 0, a pc in here, is the allocator's own and dumps leave it
 * out. */
SL_NOINLINE void *sysheap_allocate_sampled(sl_heapprof_thread *hp, size_t size,
                                           size_t align, int type, int zero,
                                           uptr fp) {
  if (!fp) /* tail-called from a hot entry point (see there) */
    fp = FRAME_HERE();
  size_t pad = align > 16 ? align : 16;
  if (size > (size_t)-1 - pad)
    return sysheap_failed(size, type, fp);
  char *base = align > 16 ? real_memalign(align, size + pad)
               : zero     ? real_calloc(1, size + pad)
                          : real_malloc(size + pad);
  if (!base)
    return sysheap_failed(size, type, fp);
  char *p = base + pad;
  if (zero && align > 16)
    sl_memset(p, 0, size);
  ((uptr *)p)[-1] = pad;
  ((uint64_t *)p)[-2] = SAMPLED_MAGIC ^ (uptr)p;
  heapprof_record_alloc(p, size, CALLER_PC_HERE(), fp);
  if (SL_UNLIKELY(sysheap_foreign) && ((uptr)p & 4095) < 16 &&
      !heapprof_holds(p)) {
    /* Its free would ask the table (sysheap_is_sampled), which had no
     * room for it: hand out an ordinary block instead. */
    ((uint64_t *)p)[-2] = 0;
    real_free(base);
    void *q = align > 16 ? real_memalign(align, size) : real_malloc(size);
    if (!q)
      return sysheap_failed(size, type, fp);
    if (zero)
      sl_memset(q, 0, size);
    sysheap_count_alloc(hp, sysheap_chunk_bytes(q));
    return q;
  }
  /* After the sample: a growth dump this count triggers must show it. */
  sysheap_count_alloc(hp, sysheap_chunk_bytes(base));
  return p;
}

SL_NOINLINE void sysheap_free_sampled(sl_heapprof_thread *hp, void *p) {
  heapprof_record_free(p); /* before glibc can hand the memory out again */
  void *base = base_of(p);
  ((uint64_t *)p)[-2] = 0;
  sysheap_count_free(hp, sysheap_chunk_bytes(base));
  real_free(base);
}

/* ---- the entry points (heap.h) ---------------------------------------- */

/* malloc, operator new and their frees, tail-called from the interceptors
 * (heap.h): the one call level that interposition adds is all they cost
 * when profiling is off, and a few instructions more when it is on. Their
 * slow paths are tail calls too, with fp 0: the callee's own frame then
 * returns straight into the program, as the interceptor's frame would. */
static inline __attribute__((always_inline)) void *hot_allocate(size_t size,
                                                                int type) {
  if (SL_UNLIKELY(guard_sample_due()))
    return sysheap_allocate_guarded(size, 16, type, 0, 0);
  if (SL_LIKELY(!heapprof_on)) {
    if (!(type & AT_NEVER_NULL))
      return real_malloc(size); /* the allocator has set errno */
    void *p = real_malloc(size);
    return SL_LIKELY(p != 0) ? p : sysheap_failed(size, type, 0);
  }
  sl_thread *t = sl_cur_thread;
  if (SL_UNLIKELY(!t))
    return sysheap_allocate_slow(size, 16, type, 0, 0);
  sl_heapprof_thread *hp = &t->hp;
  if (SL_UNLIKELY(sysheap_sample_due(hp, size)))
    return sysheap_allocate_sampled(hp, size, 16, type, 0, 0);
  void *p = real_malloc(size);
  if (SL_UNLIKELY(!p))
    return sysheap_failed(size, type, 0);
  sysheap_count_alloc(hp, sysheap_chunk_bytes(p));
  return p;
}

void *sysheap_malloc(size_t size) { return hot_allocate(size, AT_MALLOC); }
void *sysheap_new(size_t size) {
  return hot_allocate(size, AT_NEW | AT_NEVER_NULL);
}
void *sysheap_new_array(size_t size) {
  return hot_allocate(size, AT_NEW_ARRAY | AT_NEVER_NULL);
}

void sysheap_free(void *p) {
  if (SL_UNLIKELY(guard_owns(p))) {
    sysheap_free_guarded(p, 0);
    return;
  }
  if (SL_LIKELY(!heapprof_on) || !p) {
    real_free(p);
    return;
  }
  sl_thread *t = sl_cur_thread;
  sl_heapprof_thread *hp = &(SL_LIKELY(t != 0) ? t : thread_current())->hp;
  if (SL_UNLIKELY(sysheap_is_sampled(p))) {
    sysheap_free_sampled(hp, p);
    return;
  }
  sysheap_count_free(hp, sysheap_chunk_bytes(p));
  real_free(p);
}

static void *allocate_unguarded(size_t size, size_t align, int type, int zero,
                                uptr fp);

SL_NOINLINE void *sysheap_allocate_slow(size_t size, size_t align, int type,
                                        int zero, uptr fp) {
  if (SL_UNLIKELY(guard_sample_due()))
    return sysheap_allocate_guarded(size, align, type, zero, fp);
  return allocate_unguarded(size, align, type, zero, fp);
}

/* fp 0: tail-called from a hot entry point, as sysheap_allocate_sampled. */
SL_NOINLINE void *sysheap_allocate_guarded(size_t size, size_t align, int type,
                                           int zero, uptr fp) {
  if (!fp)
    fp = FRAME_HERE();
  void *p = guard_allocate(size, align, type, zero, CALLER_PC_HERE(), fp);
  /* Not the slow path again: with guard_pages=1 it would sample again. */
  return p ? p : allocate_unguarded(size, align, type, zero, fp);
}

SL_NOINLINE void sysheap_free_guarded(void *p, uptr fp) {
  if (!fp)
    fp = FRAME_HERE();
  guard_free(p, CALLER_PC_HERE(), fp);
}

static void *allocate_unguarded(size_t size, size_t align, int type, int zero,
                                uptr fp) {
  sl_heapprof_thread *hp = 0;
  if (SL_UNLIKELY(heapprof_on)) {
    hp = sysheap_thread_hp();
    if (SL_UNLIKELY(sysheap_sample_due(hp, size)))
      return sysheap_allocate_sampled(hp, size, align, type, zero, fp);
  }
  void *p;
  if (align <= 16)
    p = zero ? real_calloc(1, size) : real_malloc(size);
  else if ((p = real_memalign(align, size)) && zero)
    sl_memset(p, 0, size);
  if (SL_UNLIKELY(!p))
    return sysheap_failed(size, type, fp);
  if (hp)
    sysheap_count_alloc(hp, sysheap_chunk_bytes(p));
  return p;
}

void *sysheap_calloc(size_t n, size_t elem, uptr fp) {
  size_t total;
  if (__builtin_mul_overflow(n, elem, &total)) {
    errno = ENOMEM;
    return 0;
  }
  return sysheap_allocate_slow(total, 16, AT_MALLOC, 1, fp);
}

size_t sysheap_usable_size(const void *p) {
  if (SL_UNLIKELY(guard_owns(p)))
    return guard_usable_size(p);
  if (!p || !real_usable_size)
    return 0;
  if (heapprof_on && sysheap_is_sampled(p))
    return real_usable_size(base_of(p)) - ((const uptr *)p)[-1];
  return real_usable_size((void *)p);
}

/* A realloc that involves a sampled block (the old one, or the new one the
 * countdown picks) is a new block, a copy and a free. */
static SL_NOINLINE void *reallocate_moving(void *p, size_t size, uptr fp) {
  void *q = sysheap_allocate(size, 16, AT_MALLOC, 0, fp);
  if (!q)
    return 0;
  size_t old = sysheap_usable_size(p);
  sl_memcpy(q, p, old < size ? old : size);
  sysheap_deallocate(p, AT_MALLOC, 0, 0, fp);
  return q;
}

void *sysheap_reallocate(void *p, size_t size, uptr fp) {
  if (!p)
    return sysheap_allocate(size, 16, AT_MALLOC, 0, fp);
  if (!size) {
    sysheap_deallocate(p, AT_MALLOC, 0, 0, fp);
    return 0;
  }
  if (SL_UNLIKELY(guard_owns(p)))
    return guard_reallocate(p, size, CALLER_PC_HERE(), fp ? fp : FRAME_HERE());
  if (SL_LIKELY(!heapprof_on))
    return real_realloc(p, size);
  sl_heapprof_thread *hp = sysheap_thread_hp();
  if (sysheap_is_sampled(p)) /* its size counts toward the countdown there */
    return reallocate_moving(p, size, fp);
  if (SL_UNLIKELY(sysheap_sample_due(hp, size))) {
    void *q = sysheap_allocate_sampled(hp, size, 16, AT_MALLOC, 0, fp);
    if (!q)
      return 0;
    size_t old = real_usable_size ? real_usable_size(p) : 0;
    sl_memcpy(q, p, old < size ? old : size);
    sysheap_deallocate(p, AT_MALLOC, 0, 0, fp);
    return q;
  }
  size_t old_bytes = sysheap_chunk_bytes(p);
  void *q = real_realloc(p, size);
  if (!q)
    return 0;
  sysheap_count_free(hp, old_bytes);
  sysheap_count_alloc(hp, sysheap_chunk_bytes(q));
  return q;
}
