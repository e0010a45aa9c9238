/* Profile-only mode (checker=0, sleuth-run --profile): the program's blocks
 * come from glibc's allocator as they would without Sleuth. Nothing is kept
 * per block (no redzones, no header, no quarantine, no stack); each
 * allocation only runs the heap profiler's sampling countdown, and only a
 * sampled block has its stack taken. glibc exports its allocator under
 * __libc_* names, so reaching it needs no dlsym, which may itself allocate
 * (only malloc_usable_size has no such name; it is looked up at init).
 * The common paths are a few instructions around glibc's. */
#include "sysheap.h"

#include <errno.h>

#include "allocator.h"
#include "heapprof.h"
#include "interception.h"
#include "options.h"
#include "report.h"
#include "unwind.h"

void *__libc_malloc(size_t n);
void __libc_free(void *p);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);
void *__libc_memalign(size_t align, size_t n);

static size_t (*real_usable_size)(void *);

void sysheap_init(void) {
  real_usable_size = (size_t(*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
}

/* A sampled block's stack: fp is the interceptor's frame, so the walk
 * starts at the program's call; frame 0, a pc in here, is the allocator's
 * own and dumps leave it out. */
static SL_NOINLINE void record(void *p, size_t size, uptr fp) {
  heapprof_record_alloc(p, size, CALLER_PC_HERE(), fp);
}

/* The bytes glibc gives a block: its chunk size, from the size word just
 * before the block (the low three bits are flags). Counted the same way at
 * malloc and at free, it keeps the timeline's heap-in-use figure exact
 * without asking glibc on every free. */
static inline size_t chunk_bytes(const void *p) {
  return ((const size_t *)p)[-1] & ~(size_t)7;
}

static inline void *noted(void *p, size_t size, uptr fp) {
  if (SL_UNLIKELY(heapprof_on)) {
    heapprof_note_alloc(chunk_bytes(p));
    if (heapprof_sample_due(size))
      record(p, size, fp);
  }
  return p;
}

/* Before glibc can hand p out again. */
static inline void released(void *p) {
  if (SL_UNLIKELY(heapprof_on) && p) {
    heapprof_note_free(chunk_bytes(p));
    heapprof_record_free(p);
  }
}

/* Throwing operator new must not return NULL; a C runtime cannot throw. */
static SL_NOINLINE void *failed(size_t size, int type, uptr fp) {
  if (!(type & AT_NEVER_NULL)) {
    errno = ENOMEM;
    return 0;
  }
  report_out_of_memory(size, stack_capture_id(CALLER_PC_HERE(), fp));
  sys_exit_group((int)sl_opt.exitcode);
}

static SL_NOINLINE void *allocate_slow(size_t size, size_t align, int type,
                                       int zero, uptr fp) {
  void *p;
  if (align <= 16)
    p = __libc_calloc(1, size);
  else {
    p = __libc_memalign(align, size);
    if (p && zero)
      sl_memset(p, 0, size);
  }
  if (SL_UNLIKELY(!p))
    return failed(size, type, fp);
  return noted(p, size, fp);
}

void *sysheap_allocate(size_t size, size_t align, int type, int zero,
                       uptr fp) {
  if (SL_UNLIKELY(align > 16 || zero))
    return allocate_slow(size, align, type, zero, fp);
  void *p = __libc_malloc(size);
  if (SL_UNLIKELY(!p))
    return failed(size, type, fp);
  return noted(p, size, fp);
}

void sysheap_deallocate(void *p, int type, int has_size, size_t size,
                        uptr fp) {
  (void)type, (void)has_size, (void)size, (void)fp;
  released(p);
  __libc_free(p);
}

void *sysheap_calloc(size_t n, size_t elem, uptr fp) {
  void *p = __libc_calloc(n, elem);
  if (SL_UNLIKELY(!p))
    return 0; /* glibc set errno, also for n * elem overflowing */
  return noted(p, n * elem, fp);
}

/* The old block counts as freed before glibc may reuse it (should the
 * realloc then fail, the block stays live but unsampled). */
void *sysheap_reallocate(void *p, size_t size, uptr fp) {
  released(p);
  void *q = __libc_realloc(p, size);
  if (!q)
    return 0;
  return noted(q, size, fp);
}

size_t sysheap_usable_size(const void *p) {
  return p && real_usable_size ? real_usable_size((void *)p) : 0;
}
