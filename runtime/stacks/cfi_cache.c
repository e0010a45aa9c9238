/* The rule cache: a fixed open-addressed table of (pc, packed rule)
 * cfi_slots, mapped on first use (never libc's malloc: it runs inside malloc).
 * Readers take no lock, so any thread, a signal handler or a forked child
 * may look up at any time. A writer claims a cfi_slot by swapping its key to
 * BUSY, writes the rule, then publishes the key with release; a reader
 * loads the key, the rule, and the key again, and trusts the rule only if
 * the key did not change in between. A rule is one word, so it is never
 * seen half-written. When the probe window is full, the writer takes the
 * home cfi_slot over: the table keeps the most recent call sites. */
#include "cfi_cache.h"

cfi_slot *cfi_cache_table;

static cfi_slot *table_get(int create) {
  cfi_slot *t = __atomic_load_n(&cfi_cache_table, __ATOMIC_ACQUIRE);
  if (t || !create)
    return t;
  cfi_slot *fresh = sys_map_anon(CFI_CACHE_SLOTS * sizeof(cfi_slot));
  if (!fresh)
    return 0;
  cfi_slot *expected = 0;
  if (__atomic_compare_exchange_n(&cfi_cache_table, &expected, fresh, 0,
                                  __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return fresh;
  sys_munmap(fresh,
             CFI_CACHE_SLOTS * sizeof(cfi_slot)); /* another thread won */
  return expected;
}

static int claim(cfi_slot *s, uptr from) {
  return __atomic_compare_exchange_n(&s->key, &from, CFI_KEY_BUSY, 0,
                                     __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

void cfi_cache_put(uptr pc, uint64_t rule) {
  cfi_slot *t = table_get(1);
  if (!t || pc <= CFI_KEY_BUSY)
    return;
  uint32_t i = cfi_cache_home(pc);
  cfi_slot *s = 0;
  for (int n = 0; n < CFI_CACHE_PROBES && !s;
       n++, i = (i + 1) & (CFI_CACHE_SLOTS - 1)) {
    uptr k = __atomic_load_n(&t[i].key, __ATOMIC_RELAXED);
    if (k == pc)
      return; /* another thread was first */
    if (k == CFI_KEY_EMPTY && claim(&t[i], CFI_KEY_EMPTY))
      s = &t[i];
  }
  if (!s) {
    s = &t[cfi_cache_home(pc)];
    uptr k = __atomic_load_n(&s->key, __ATOMIC_RELAXED);
    if (k == CFI_KEY_BUSY || !claim(s, k))
      return; /* contended: leave it uncached */
  }
  __atomic_store_n(&s->rule, rule, __ATOMIC_RELAXED);
  __atomic_store_n(&s->key, pc, __ATOMIC_RELEASE);
}

void cfi_cache_clear(void) {
  cfi_slot *t = table_get(0);
  if (!t)
    return;
  for (uint32_t i = 0; i < CFI_CACHE_SLOTS; i++)
    __atomic_store_n(&t[i].key, CFI_KEY_EMPTY, __ATOMIC_RELEASE);
}
