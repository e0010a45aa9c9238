/* Packed call-frame rules (eh_frame.h) by return address, so a walk needs
 * .eh_frame only the first time it meets a call site. */
#ifndef SLEUTH_CFI_CACHE_H
#define SLEUTH_CFI_CACHE_H

#include "sys.h"

/* The table (cfi_cache.c says how readers and writers share it); inline
 * here because a walk looks up every frame. */
#define CFI_CACHE_BITS 15 /* 32 Ki slots, 512 KiB */
#define CFI_CACHE_SLOTS (1u << CFI_CACHE_BITS)
#define CFI_CACHE_PROBES 8
#define CFI_KEY_EMPTY 0
#define CFI_KEY_BUSY 1 /* never a return address */

typedef struct {
  uptr key;
  uint64_t rule;
} cfi_slot;

extern cfi_slot *cfi_cache_table
    __attribute__((visibility("hidden"))); /* NULL until the first put */

static inline uint32_t cfi_cache_home(uptr pc) {
  return (uint32_t)((pc * 0x9e3779b97f4a7c15ull) >> (64 - CFI_CACHE_BITS));
}

/* The packed rule cached for pc, or 0 (CFI_EMPTY) if none. Lock-free. */
static inline uint64_t cfi_cache_get(uptr pc) {
  cfi_slot *t = __atomic_load_n(&cfi_cache_table, __ATOMIC_ACQUIRE);
  if (!t)
    return 0;
  uint32_t i = cfi_cache_home(pc);
  for (int n = 0; n < CFI_CACHE_PROBES;
       n++, i = (i + 1) & (CFI_CACHE_SLOTS - 1)) {
    uptr k = __atomic_load_n(&t[i].key, __ATOMIC_ACQUIRE);
    if (k == CFI_KEY_EMPTY)
      return 0;
    if (k != pc)
      continue;
    uint64_t rule = __atomic_load_n(&t[i].rule, __ATOMIC_RELAXED);
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    /* Changed in between: being replaced; look it up the slow way. */
    return __atomic_load_n(&t[i].key, __ATOMIC_RELAXED) == pc ? rule : 0;
  }
  return 0;
}
/* Caches a packed rule (never 0); dropped if the table cannot be made. */
void cfi_cache_put(uptr pc, uint64_t rule);
/* Forgets every rule: a library was unloaded, and another one may be
 * mapped where it was. */
void cfi_cache_clear(void);

#endif
