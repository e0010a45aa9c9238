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
 * (heap.h) through the pointers below, which sysheap_arm sets once at
 * start-up, after the profiler and guard pages are set up:
 *   - nothing to do but glibc's call: glibc's own malloc and free, so the
 *     interceptor adds a load and an indirect jump;
 *   - glibc's heap profiled (guard pages on or off): the profiled paths,
 *     a few loads and stores on the thread record around glibc's call, in
 *     a copy with and a copy without the in-use watch;
 *   - another allocator, or guard pages alone: the general paths.
 * One function holding all of these pushed six registers on every call
 * and tested four flags (30 instructions per malloc with nothing to do).
 * Until sysheap_arm runs, every call is glibc's as it is. Slow paths are
 * tail calls with fp 0: the callee's own frame then returns straight into
 * the program, as the interceptor's frame would. */

/* A throwing new must not return NULL: glibc's result is checked. */
static void *new_plain(size_t size) {
  void *p = __libc_malloc(size);
  return SL_LIKELY(p != 0) ? p : sysheap_failed(size, AT_NEW | AT_NEVER_NULL, 0);
}
static void *new_array_plain(size_t size) {
  void *p = __libc_malloc(size);
  return SL_LIKELY(p != 0)
             ? p
             : sysheap_failed(size, AT_NEW_ARRAY | AT_NEVER_NULL, 0);
}

void *(*sysheap_malloc)(size_t) = __libc_malloc;
void *(*sysheap_new)(size_t) = new_plain;
void *(*sysheap_new_array)(size_t) = new_array_plain;
void (*sysheap_free)(void *) = __libc_free;

/* The profiled path's slow half: a countdown ran out (the guard pages' by
 * allocations, the profiler's by bytes; both already decremented), or the
 * thread has no record yet. */
static SL_NOINLINE void *profiled_allocate_slow(size_t size, int type) {
  sl_thread *t = sl_cur_thread;
  if (!t) /* makes the record; runs both countdowns itself */
    return sysheap_allocate_slow(size, 16, type, 0, 0);
  if (t->guard_countdown <= 0) {
    if (!guard_on) /* never again on this thread */
      t->guard_countdown = INT64_MAX;
    else if (guard_countdown_expired(t)) {
      /* guard_allocate runs the profiler's countdown itself. */
      t->hp.countdown += (int64_t)size;
      return sysheap_allocate_guarded(size, 16, type, 0, 0);
    }
  }
  if (t->hp.countdown <= 0) {
    /* Paused (heapprof_set_active): the countdown is drawn again all the
     * same, so that it stays memoryless. */
    int on = __atomic_load_n(&heapprof_enabled, __ATOMIC_RELAXED);
    if (heapprof_countdown_expired(&t->hp, size) && on)
      return sysheap_allocate_sampled(&t->hp, size, 16, type, 0, 0);
  }
  void *p = __libc_malloc(size);
  if (SL_UNLIKELY(!p))
    return (type & AT_NEVER_NULL) ? sysheap_failed(size, type, 0) : 0;
  sysheap_count_alloc(&sl_cur_thread->hp, glibc_chunk_bytes(p));
  return p;
}

/* The timeline's counters; the in-use watch only in the copies made for
 * it (heapprof_watch_batch is set once, before sysheap_arm). */
static inline __attribute__((always_inline)) void
count_profiled(sl_heapprof_thread *hp, uint64_t *bytes_sum, size_t bytes,
               int sign, int watch) {
  __atomic_store_n(bytes_sum, *bytes_sum + bytes, __ATOMIC_RELAXED);
  if (watch)
    heapprof_watch_delta(hp, sign * (int64_t)bytes);
}

/* One countdown per allocation for guard pages (INT64_MAX when they are
 * off), one in bytes for the profiler, glibc's call, its chunk counted. */
static inline __attribute__((always_inline)) void *
profiled_allocate(size_t size, int type, int watch) {
  sl_thread *t = sl_cur_thread;
  if (SL_UNLIKELY(!t))
    return profiled_allocate_slow(size, type);
  int64_t g = t->guard_countdown - 1;
  int64_t c = t->hp.countdown - (int64_t)size;
  t->guard_countdown = g;
  t->hp.countdown = c;
  /* g <= 0 or c <= 0, in one branch */
  if (SL_UNLIKELY(((g - 1) | (c - 1)) < 0))
    return profiled_allocate_slow(size, type);
  void *p = __libc_malloc(size);
  if (SL_UNLIKELY(!p))
    return (type & AT_NEVER_NULL) ? sysheap_failed(size, type, 0) : 0;
  __atomic_store_n(&t->hp.allocs, t->hp.allocs + 1, __ATOMIC_RELAXED);
  count_profiled(&t->hp, &t->hp.alloc_bytes, glibc_chunk_bytes(p), 1, watch);
  return p;
}

/* Another allocator's blocks, guard pages alone, a thread's first call:
 * sysheap_deallocate's general path. */
static SL_NOINLINE void free_general(void *p) {
  sysheap_deallocate(p, AT_MALLOC, 0, 0, 0);
}

/* Nothing lives across glibc's free, so it is a tail call. */
static inline __attribute__((always_inline)) void profiled_free(void *p,
                                                                int watch) {
  if (SL_UNLIKELY(guard_owns(p))) {
    sysheap_free_guarded(p, 0);
    return;
  }
  sl_thread *t = sl_cur_thread;
  if (SL_UNLIKELY(!t) || !p) {
    free_general(p);
    return;
  }
  if (SL_UNLIKELY(glibc_is_sampled(p))) {
    sysheap_free_sampled(&t->hp, p);
    return;
  }
  count_profiled(&t->hp, &t->hp.free_bytes, glibc_chunk_bytes(p), -1, watch);
  __libc_free(p);
}

#define PROFILED_ENTRIES(suffix, watch)                                        \
  static SL_NOINLINE void *malloc_##suffix(size_t n) {                         \
    return profiled_allocate(n, AT_MALLOC, watch);                             \
  }                                                                            \
  static SL_NOINLINE void *new_##suffix(size_t n) {                            \
    return profiled_allocate(n, AT_NEW | AT_NEVER_NULL, watch);                \
  }                                                                            \
  static SL_NOINLINE void *new_array_##suffix(size_t n) {                      \
    return profiled_allocate(n, AT_NEW_ARRAY | AT_NEVER_NULL, watch);          \
  }                                                                            \
  static SL_NOINLINE void free_##suffix(void *p) { profiled_free(p, watch); }
PROFILED_ENTRIES(profiled, 0)
PROFILED_ENTRIES(profiled_watched, 1)

static SL_NOINLINE void *malloc_general(size_t n) {
  return sysheap_allocate_slow(n, 16, AT_MALLOC, 0, 0);
}
static SL_NOINLINE void *new_general(size_t n) {
  return sysheap_allocate_slow(n, 16, AT_NEW | AT_NEVER_NULL, 0, 0);
}
static SL_NOINLINE void *new_array_general(size_t n) {
  return sysheap_allocate_slow(n, 16, AT_NEW_ARRAY | AT_NEVER_NULL, 0, 0);
}

void sysheap_arm(void) {
  if (sysheap_foreign || (guard_on && !heapprof_on)) {
    sysheap_malloc = malloc_general;
    sysheap_new = new_general;
    sysheap_new_array = new_array_general;
    sysheap_free = free_general;
  } else if (heapprof_on && heapprof_watch_batch) {
    sysheap_malloc = malloc_profiled_watched;
    sysheap_new = new_profiled_watched;
    sysheap_new_array = new_array_profiled_watched;
    sysheap_free = free_profiled_watched;
  } else if (heapprof_on) {
    sysheap_malloc = malloc_profiled;
    sysheap_new = new_profiled;
    sysheap_new_array = new_array_profiled;
    sysheap_free = free_profiled;
  }
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
