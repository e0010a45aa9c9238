/* Profile-only mode (checker=0, sleuth-run --profile): the program's blocks
 * come from glibc's allocator as they would without Sleuth. Nothing is kept
 * per block (no redzones, no header, no quarantine, no stack); each
 * allocation only runs the heap profiler's sampling countdown, and only a
 * sampled block has its stack taken. glibc exports its allocator under
 * __libc_* names, so reaching it needs no dlsym, which may itself allocate
 * (only malloc_usable_size has no such name; it is looked up at init). */
#include <errno.h>

#include "heap.h"
#include "heapprof.h"
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

/* fp is the interceptor's frame: the caller's pc and frame are above it. */
static SL_NOINLINE void record(void *p, size_t size, uptr fp) {
  heapprof_record_alloc(p, size, ((uptr *)fp)[1], ((uptr *)fp)[0]);
}

static inline void *sampled(void *p, size_t size, uptr fp) {
  if (SL_LIKELY(p) && SL_UNLIKELY(heapprof_sample_due(size)))
    record(p, size, fp);
  return p;
}

/* Throwing operator new must not return NULL; a C runtime cannot throw. */
static SL_NOINLINE void *failed(size_t size, int type, uptr fp) {
  if (!(type & AT_NEVER_NULL)) {
    errno = ENOMEM;
    return 0;
  }
  report_out_of_memory(size, stack_capture_id(((uptr *)fp)[1], ((uptr *)fp)[0]));
  sys_exit_group((int)sl_opt.exitcode);
}

void *sysheap_allocate(size_t size, size_t align, int type, int zero,
                       uptr fp) {
  void *p;
  if (SL_LIKELY(align <= 16))
    p = zero ? __libc_calloc(1, size) : __libc_malloc(size);
  else {
    p = __libc_memalign(align, size);
    if (p && zero)
      sl_memset(p, 0, size);
  }
  if (SL_UNLIKELY(!p))
    return failed(size, type, fp);
  return sampled(p, size, fp);
}

void sysheap_deallocate(void *p, int type, int has_size, size_t size,
                        uptr fp) {
  (void)type, (void)has_size, (void)size, (void)fp;
  if (SL_UNLIKELY(heapprof_enabled) && p)
    heapprof_record_free(p);
  __libc_free(p);
}

void *sysheap_calloc(size_t n, size_t elem, uptr fp) {
  void *p = __libc_calloc(n, elem);
  if (SL_UNLIKELY(!p))
    return 0; /* glibc set errno, also for n * elem overflowing */
  return sampled(p, n * elem, fp);
}

void *sysheap_reallocate(void *p, size_t size, uptr fp) {
  if (SL_UNLIKELY(heapprof_enabled) && p)
    heapprof_record_free(p);
  void *q = __libc_realloc(p, size);
  if (!q)
    return 0;
  return sampled(q, size, fp);
}

size_t sysheap_usable_size(const void *p) {
  return p && real_usable_size ? real_usable_size((void *)p) : 0;
}
