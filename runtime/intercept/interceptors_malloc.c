/* malloc and friends. Each entry point records its own pc and frame so the
 * allocation stack reads "#0 in malloc, #1 in <caller>"; HEAP (heap.h)
 * sends the call to the checking allocator or the system one. */
#include <errno.h>
#include <stddef.h>

#include "heap.h"

static size_t page_size(void) { return 4096; }

SL_INTERFACE void *malloc(size_t n) {
  return HEAP_HOT(sysheap_malloc(n), allocate, n, 16, AT_MALLOC, 0);
}

SL_INTERFACE void free(void *p) {
  HEAP_HOT_VOID(sysheap_free(p), deallocate, p, AT_MALLOC, 0, 0);
}

SL_INTERFACE void cfree(void *p) { HEAP(deallocate, p, AT_MALLOC, 0, 0); }

SL_INTERFACE void *calloc(size_t n, size_t size) {
  return HEAP(calloc, n, size);
}

SL_INTERFACE void *realloc(void *p, size_t n) { return HEAP(reallocate, p, n); }

SL_INTERFACE void *reallocarray(void *p, size_t n, size_t size) {
  size_t total;
  if (__builtin_mul_overflow(n, size, &total)) {
    errno = ENOMEM;
    return 0;
  }
  return HEAP(reallocate, p, total);
}

static int valid_alignment(size_t a) { return a && (a & (a - 1)) == 0; }

SL_INTERFACE int posix_memalign(void **out, size_t align, size_t n) {
  if (!valid_alignment(align) || align % sizeof(void *))
    return EINVAL;
  void *p = HEAP(allocate, n, align, AT_MALLOC, 0);
  if (!p)
    return ENOMEM;
  *out = p;
  return 0;
}

SL_INTERFACE void *aligned_alloc(size_t align, size_t n) {
  if (!valid_alignment(align)) {
    errno = EINVAL;
    return 0;
  }
  return HEAP(allocate, n, align, AT_MALLOC, 0);
}

SL_INTERFACE void *memalign(size_t align, size_t n) {
  if (!valid_alignment(align)) {
    errno = EINVAL;
    return 0;
  }
  return HEAP(allocate, n, align, AT_MALLOC, 0);
}

SL_INTERFACE void *valloc(size_t n) {
  return HEAP(allocate, n, page_size(), AT_MALLOC, 0);
}

SL_INTERFACE void *pvalloc(size_t n) {
  size_t ps = page_size();
  size_t rounded = n ? (n + ps - 1) & ~(ps - 1) : ps;
  if (rounded < n) {
    errno = ENOMEM;
    return 0;
  }
  return HEAP(allocate, rounded, ps, AT_MALLOC, 0);
}

SL_INTERFACE size_t malloc_usable_size(void *p) { return heap_usable_size(p); }
