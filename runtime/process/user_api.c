/* The functions behind include/sleuth/sleuth.h. */
#define __SLEUTH__ 1 /* declare the real functions, not the no-op macros */
#include "../../include/sleuth/sleuth.h"

#include "heapprof.h"
#include "shadow.h"

/* __sleuth_poison_memory_region and __sleuth_unpoison_memory_region are in
 * check/user_poison.c. */

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
