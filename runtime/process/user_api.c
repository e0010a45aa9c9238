/* The functions behind include/sleuth/sleuth.h. */
#define __SLEUTH__ 1 /* declare the real functions, not the no-op macros */
#include "../../include/sleuth/sleuth.h"

#include "heapprof.h"
#include "shadow.h"

SL_INTERFACE void __sleuth_poison_memory_region(const volatile void *addr,
                                                size_t size) {
  uptr beg = (uptr)addr, end = beg + size;
  if (!size || !shadow_is_app_mem(beg))
    return;
  /* Granules are all-or-prefix: poison only what a shadow byte can say. */
  uptr gbeg = (beg + 7) & ~(uptr)7, gend = end & ~(uptr)7;
  if (beg & 7) {
    int8_t *s = (int8_t *)MEM_TO_SHADOW(beg);
    if (*s == 0 || *s > (int8_t)(beg & 7))
      *s = (int8_t)(beg & 7) ? (int8_t)(beg & 7) : (int8_t)SH_USER_POISONED;
  }
  if (gend > gbeg)
    shadow_poison(gbeg, gend - gbeg, SH_USER_POISONED);
}

SL_INTERFACE void __sleuth_unpoison_memory_region(const volatile void *addr,
                                                  size_t size) {
  uptr beg = (uptr)addr, end = beg + size;
  if (!size || !shadow_is_app_mem(beg))
    return;
  uptr gbeg = beg & ~(uptr)7;
  shadow_unpoison(gbeg, end - gbeg);
}

SL_INTERFACE int sleuth_address_is_poisoned(const volatile void *addr) {
  uptr a = (uptr)addr;
  if (!shadow_is_app_mem(a))
    return 0;
  if (SL_UNLIKELY(__atomic_load_n(&sl_shadow_hidden, __ATOMIC_RELAXED)))
    shadow_reveal(a, 1); /* a hidden freed block says freed again */
  return shadow_byte_poisoned(a);
}

SL_INTERFACE int sleuth_heap_profile_dump(const char *path_or_null) {
  return heapprof_dump(path_or_null);
}

SL_INTERFACE int sleuth_heap_profile_active(int on) {
  return heapprof_set_active(on);
}
