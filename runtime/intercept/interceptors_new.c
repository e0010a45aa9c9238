/* C++ operator new and delete, every variant, under their Itanium-mangled
 * names (the runtime is C). Allocation failure is reported (a C runtime
 * cannot throw std::bad_alloc); nothrow variants return NULL when
 * allocator_may_return_null=1. */
#include <stddef.h>

#include "heap.h"

typedef struct nothrow_t nothrow_t;

SL_INTERCEPTOR void *_Znwm(size_t n) {
  return heap_is_system() ? sysheap_new(n)
                          : sl_allocate(n, 16, AT_NEW | AT_NEVER_NULL, 0,
                                        CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void *_Znam(size_t n) {
  return heap_is_system() ? sysheap_new_array(n)
                          : sl_allocate(n, 16, AT_NEW_ARRAY | AT_NEVER_NULL, 0,
                                        CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void *_ZnwmRKSt9nothrow_t(size_t n, const nothrow_t *nt) {
  (void)nt;
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    return sysheap_allocate(n, 16, AT_NEW, 0, FRAME_HERE());
  return sl_allocate(n, 16, AT_NEW, 0, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void *_ZnamRKSt9nothrow_t(size_t n, const nothrow_t *nt) {
  (void)nt;
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    return sysheap_allocate(n, 16, AT_NEW_ARRAY, 0, FRAME_HERE());
  return sl_allocate(n, 16, AT_NEW_ARRAY, 0, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void *_ZnwmSt11align_val_t(size_t n, size_t al) {
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    return sysheap_allocate(n, al, AT_NEW | AT_NEVER_NULL, 0, FRAME_HERE());
  return sl_allocate(n, al, AT_NEW | AT_NEVER_NULL, 0, CALLER_PC_HERE(),
                     FRAME_HERE());
}
SL_INTERCEPTOR void *_ZnamSt11align_val_t(size_t n, size_t al) {
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    return sysheap_allocate(n, al, AT_NEW_ARRAY | AT_NEVER_NULL, 0,
                            FRAME_HERE());
  return sl_allocate(n, al, AT_NEW_ARRAY | AT_NEVER_NULL, 0, CALLER_PC_HERE(),
                     FRAME_HERE());
}
SL_INTERCEPTOR void *_ZnwmSt11align_val_tRKSt9nothrow_t(size_t n, size_t al,
                                                      const nothrow_t *nt) {
  (void)nt;
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    return sysheap_allocate(n, al, AT_NEW, 0, FRAME_HERE());
  return sl_allocate(n, al, AT_NEW, 0, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void *_ZnamSt11align_val_tRKSt9nothrow_t(size_t n, size_t al,
                                                      const nothrow_t *nt) {
  (void)nt;
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    return sysheap_allocate(n, al, AT_NEW_ARRAY, 0, FRAME_HERE());
  return sl_allocate(n, al, AT_NEW_ARRAY, 0, CALLER_PC_HERE(), FRAME_HERE());
}

SL_INTERCEPTOR void _ZdlPv(void *p) {
  if (heap_is_system())
    sysheap_free(p);
  else
    sl_deallocate(p, AT_NEW, 0, 0, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void _ZdaPv(void *p) {
  if (heap_is_system())
    sysheap_free(p);
  else
    sl_deallocate(p, AT_NEW_ARRAY, 0, 0, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void _ZdlPvRKSt9nothrow_t(void *p, const nothrow_t *nt) {
  (void)nt;
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    sysheap_deallocate(p, AT_NEW, 0, 0, FRAME_HERE());
  else
    sl_deallocate(p, AT_NEW, 0, 0, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void _ZdaPvRKSt9nothrow_t(void *p, const nothrow_t *nt) {
  (void)nt;
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    sysheap_deallocate(p, AT_NEW_ARRAY, 0, 0, FRAME_HERE());
  else
    sl_deallocate(p, AT_NEW_ARRAY, 0, 0, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void _ZdlPvm(void *p, size_t n) {
  if (heap_is_system())
    sysheap_free(p);
  else
    sl_deallocate(p, AT_NEW, 1, n, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void _ZdaPvm(void *p, size_t n) {
  if (heap_is_system())
    sysheap_free(p);
  else
    sl_deallocate(p, AT_NEW_ARRAY, 1, n, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void _ZdlPvSt11align_val_t(void *p, size_t al) {
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    sysheap_deallocate(p, AT_NEW, 0, 0, FRAME_HERE());
  else
    sl_deallocate_aligned(p, AT_NEW, 0, 0, al, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void _ZdaPvSt11align_val_t(void *p, size_t al) {
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    sysheap_deallocate(p, AT_NEW_ARRAY, 0, 0, FRAME_HERE());
  else
    sl_deallocate_aligned(p, AT_NEW_ARRAY, 0, 0, al, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void _ZdlPvmSt11align_val_t(void *p, size_t n, size_t al) {
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    sysheap_deallocate(p, AT_NEW, 1, n, FRAME_HERE());
  else
    sl_deallocate_aligned(p, AT_NEW, 1, n, al, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void _ZdaPvmSt11align_val_t(void *p, size_t n, size_t al) {
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    sysheap_deallocate(p, AT_NEW_ARRAY, 1, n, FRAME_HERE());
  else
    sl_deallocate_aligned(p, AT_NEW_ARRAY, 1, n, al, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void _ZdlPvSt11align_val_tRKSt9nothrow_t(void *p, size_t al,
                                                      const nothrow_t *nt) {
  (void)nt;
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    sysheap_deallocate(p, AT_NEW, 0, 0, FRAME_HERE());
  else
    sl_deallocate_aligned(p, AT_NEW, 0, 0, al, CALLER_PC_HERE(), FRAME_HERE());
}
SL_INTERCEPTOR void _ZdaPvSt11align_val_tRKSt9nothrow_t(void *p, size_t al,
                                                      const nothrow_t *nt) {
  (void)nt;
  if (SL_UNLIKELY(heap_mode() == HEAP_SYSTEM))
    sysheap_deallocate(p, AT_NEW_ARRAY, 0, 0, FRAME_HERE());
  else
    sl_deallocate_aligned(p, AT_NEW_ARRAY, 0, 0, al, CALLER_PC_HERE(), FRAME_HERE());
}
