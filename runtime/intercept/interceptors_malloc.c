/* malloc and friends. Each entry point records its own pc and frame so the
 * allocation stack reads "#0 in malloc, #1 in <caller>"; heap.h sends
 * the call to the checking allocator or the system one. */
#include <errno.h>
#include <stddef.h>

#include "heap.h"
#include "options.h"
#include "report.h"
#include "unwind.h"

static size_t page_size(void) { return 4096; }

/* Bad arguments of the checking heap's entry points (ASan's
 * reallocarray-overflow, pvalloc-overflow, invalid-*-alignment): reported
 * at the caller, unless allocator_may_return_null=1; either way the call
 * then fails as glibc's would. Profile-only mode (glibc's heap) only
 * fails. */
static int report_bad_args(void) {
  return heap_mode() != HEAP_SYSTEM && !sl_opt.allocator_may_return_null;
}

SL_INTERCEPTOR void *malloc(size_t n) {
  return heap_is_system()
             ? sysheap_malloc(n)
             : sl_allocate(n, 16, AT_MALLOC, 0, CALLER_PC_HERE(), FRAME_HERE());
}

SL_INTERCEPTOR void free(void *p) {
  if (heap_is_system())
    sysheap_free(p);
  else
    sl_deallocate(p, AT_MALLOC, 0, 0, CALLER_PC_HERE(), FRAME_HERE());
}

SL_INTERCEPTOR void cfree(void *p) {
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    sysheap_deallocate(p, AT_MALLOC, 0, 0, FRAME_HERE());
  else
    sl_deallocate(p, AT_MALLOC, 0, 0, CALLER_PC_HERE(), FRAME_HERE());
}

SL_INTERCEPTOR void *calloc(size_t n, size_t size) {
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    return sysheap_calloc(n, size, FRAME_HERE());
  return sl_calloc(n, size, CALLER_PC_HERE(), FRAME_HERE());
}

SL_INTERCEPTOR void *realloc(void *p, size_t n) {
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    return sysheap_reallocate(p, n, FRAME_HERE());
  return sl_reallocate(p, n, CALLER_PC_HERE(), FRAME_HERE());
}

SL_INTERCEPTOR void *reallocarray(void *p, size_t n, size_t size) {
  size_t total;
  if (__builtin_mul_overflow(n, size, &total)) {
    if (report_bad_args())
      report_reallocarray_overflow(
          n, size, stack_capture_id(CALLER_PC_HERE(), FRAME_HERE()));
    errno = ENOMEM;
    return 0;
  }
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    return sysheap_reallocate(p, total, FRAME_HERE());
  return sl_reallocate(p, total, CALLER_PC_HERE(), FRAME_HERE());
}

static int valid_alignment(size_t a) { return a && (a & (a - 1)) == 0; }

SL_INTERCEPTOR int posix_memalign(void **out, size_t align, size_t n) {
  if (!valid_alignment(align) || align % sizeof(void *)) {
    if (report_bad_args())
      report_invalid_alignment("posix_memalign", align, n,
                               stack_capture_id(CALLER_PC_HERE(), FRAME_HERE()));
    return EINVAL;
  }
  void *p =
      SL_UNLIKELY(heap_mode() == HEAP_SYSTEM)
          ? sysheap_allocate(n, align, AT_MALLOC, 0, FRAME_HERE())
          : sl_allocate(n, align, AT_MALLOC, 0, CALLER_PC_HERE(), FRAME_HERE());
  if (!p)
    return ENOMEM;
  *out = p;
  return 0;
}

SL_INTERCEPTOR void *aligned_alloc(size_t align, size_t n) {
  if (!valid_alignment(align)) {
    if (report_bad_args())
      report_invalid_alignment("aligned_alloc", align, n,
                               stack_capture_id(CALLER_PC_HERE(), FRAME_HERE()));
    errno = EINVAL;
    return 0;
  }
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    return sysheap_allocate(n, align, AT_MALLOC, 0, FRAME_HERE());
  return sl_allocate(n, align, AT_MALLOC, 0, CALLER_PC_HERE(), FRAME_HERE());
}

/* glibc's memalign takes any alignment: 0 and 1 are malloc's, one that is
 * not a power of two is rounded up to the next; only one above 2^63
 * fails (EINVAL). Programs rely on that, so it is no error here. */
SL_INTERCEPTOR void *memalign(size_t align, size_t n) {
  if (align > ((size_t)1 << 63)) {
    errno = EINVAL;
    return 0;
  }
  if (!valid_alignment(align)) {
    size_t up = 1;
    while (up < align)
      up <<= 1;
    align = up;
  }
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    return sysheap_allocate(n, align, AT_MALLOC, 0, FRAME_HERE());
  return sl_allocate(n, align, AT_MALLOC, 0, CALLER_PC_HERE(), FRAME_HERE());
}

SL_INTERCEPTOR void *valloc(size_t n) {
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    return sysheap_allocate(n, page_size(), AT_MALLOC, 0, FRAME_HERE());
  return sl_allocate(n, page_size(), AT_MALLOC, 0, CALLER_PC_HERE(),
                     FRAME_HERE());
}

SL_INTERCEPTOR void *pvalloc(size_t n) {
  size_t ps = page_size();
  size_t rounded = n ? (n + ps - 1) & ~(ps - 1) : ps;
  if (rounded < n) {
    if (report_bad_args())
      report_pvalloc_overflow(n,
                              stack_capture_id(CALLER_PC_HERE(), FRAME_HERE()));
    errno = ENOMEM;
    return 0;
  }
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    return sysheap_allocate(rounded, ps, AT_MALLOC, 0, FRAME_HERE());
  return sl_allocate(rounded, ps, AT_MALLOC, 0, CALLER_PC_HERE(), FRAME_HERE());
}

SL_INTERCEPTOR size_t malloc_usable_size(void *p) { return heap_usable_size(p); }
