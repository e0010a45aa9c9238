/* malloc and friends. Each entry point records its own pc and frame so the
 * allocation stack reads "#0 in malloc, #1 in <caller>". */
#include <errno.h>
#include <stddef.h>

#include "allocator.h"
#include "interception.h"

#define ENTRY() ENSURE_INIT()
#define HERE CALLER_PC_HERE(), FRAME_HERE()

static size_t page_size(void) { return 4096; }

SL_INTERFACE void *malloc(size_t n) {
  ENTRY();
  return sl_allocate(n, 16, AT_MALLOC, 0, HERE);
}

SL_INTERFACE void free(void *p) {
  ENTRY();
  sl_deallocate(p, AT_MALLOC, 0, 0, HERE);
}

SL_INTERFACE void cfree(void *p) {
  ENTRY();
  sl_deallocate(p, AT_MALLOC, 0, 0, HERE);
}

SL_INTERFACE void *calloc(size_t n, size_t size) {
  ENTRY();
  return sl_calloc(n, size, HERE);
}

SL_INTERFACE void *realloc(void *p, size_t n) {
  ENTRY();
  return sl_reallocate(p, n, HERE);
}

SL_INTERFACE void *reallocarray(void *p, size_t n, size_t size) {
  ENTRY();
  size_t total;
  if (__builtin_mul_overflow(n, size, &total)) {
    errno = ENOMEM;
    return 0;
  }
  return sl_reallocate(p, total, HERE);
}

static int valid_alignment(size_t a) { return a && (a & (a - 1)) == 0; }

SL_INTERFACE int posix_memalign(void **out, size_t align, size_t n) {
  ENTRY();
  if (!valid_alignment(align) || align % sizeof(void *))
    return EINVAL;
  void *p = sl_allocate(n, align, AT_MALLOC, 0, HERE);
  if (!p)
    return ENOMEM;
  *out = p;
  return 0;
}

SL_INTERFACE void *aligned_alloc(size_t align, size_t n) {
  ENTRY();
  if (!valid_alignment(align)) {
    errno = EINVAL;
    return 0;
  }
  return sl_allocate(n, align, AT_MALLOC, 0, HERE);
}

SL_INTERFACE void *memalign(size_t align, size_t n) {
  ENTRY();
  if (!valid_alignment(align)) {
    errno = EINVAL;
    return 0;
  }
  return sl_allocate(n, align, AT_MALLOC, 0, HERE);
}

SL_INTERFACE void *valloc(size_t n) {
  ENTRY();
  return sl_allocate(n, page_size(), AT_MALLOC, 0, HERE);
}

SL_INTERFACE void *pvalloc(size_t n) {
  ENTRY();
  size_t ps = page_size();
  size_t rounded = n ? (n + ps - 1) & ~(ps - 1) : ps;
  if (rounded < n) {
    errno = ENOMEM;
    return 0;
  }
  return sl_allocate(rounded, ps, AT_MALLOC, 0, HERE);
}

SL_INTERFACE size_t malloc_usable_size(void *p) {
  ENTRY();
  return sl_usable_size(p);
}
