/* The rule cache: a fixed open-addressed table of (pc, packed rule)
 * slots, mapped on first use (never libc's malloc: it runs inside malloc).
 * Readers take no lock, so any thread, a signal handler or a forked child
 * may look up at any time. A writer claims a slot by swapping its key to
 * BUSY, writes the rule, then publishes the key with release; a reader
 * loads the key, the rule, and the key again, and trusts the rule only if
 * the key did not change in between. A rule is one word, so it is never
 * seen half-written. When the probe window is full, the writer takes the
 * home slot over: the table keeps the most recent call sites. */
#include "cfi_cache.h"

#define CACHE_BITS 15 /* 32 Ki slots, 512 KiB */
#define CACHE_SLOTS (1u << CACHE_BITS)
#define PROBES 8
#define KEY_EMPTY 0
#define KEY_BUSY 1 /* never a return address */

typedef struct {
  uptr key;
  uint64_t rule;
} slot;

static slot *table;

static slot *table_get(int create) {
  slot *t = __atomic_load_n(&table, __ATOMIC_ACQUIRE);
  if (t || !create)
    return t;
  slot *fresh = sys_map_anon(CACHE_SLOTS * sizeof(slot));
  if (!fresh)
    return 0;
  slot *expected = 0;
  if (__atomic_compare_exchange_n(&table, &expected, fresh, 0,
                                  __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return fresh;
  sys_munmap(fresh, CACHE_SLOTS * sizeof(slot)); /* another thread won */
  return expected;
}

static uint32_t home(uptr pc) {
  return (uint32_t)((pc * 0x9e3779b97f4a7c15ull) >> (64 - CACHE_BITS));
}

uint64_t cfi_cache_get(uptr pc) {
  slot *t = table_get(0);
  if (!t)
    return 0;
  uint32_t i = home(pc);
  for (int n = 0; n < PROBES; n++, i = (i + 1) & (CACHE_SLOTS - 1)) {
    uptr k = __atomic_load_n(&t[i].key, __ATOMIC_ACQUIRE);
    if (k == KEY_EMPTY)
      return 0;
    if (k != pc)
      continue;
    uint64_t rule = __atomic_load_n(&t[i].rule, __ATOMIC_ACQUIRE);
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    if (__atomic_load_n(&t[i].key, __ATOMIC_RELAXED) == pc)
      return rule;
    return 0; /* being replaced: look it up again the slow way */
  }
  return 0;
}

static int claim(slot *s, uptr from) {
  return __atomic_compare_exchange_n(&s->key, &from, KEY_BUSY, 0,
                                     __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

void cfi_cache_put(uptr pc, uint64_t rule) {
  slot *t = table_get(1);
  if (!t || pc <= KEY_BUSY)
    return;
  uint32_t i = home(pc);
  slot *s = 0;
  for (int n = 0; n < PROBES && !s; n++, i = (i + 1) & (CACHE_SLOTS - 1)) {
    uptr k = __atomic_load_n(&t[i].key, __ATOMIC_RELAXED);
    if (k == pc)
      return; /* another thread was first */
    if (k == KEY_EMPTY && claim(&t[i], KEY_EMPTY))
      s = &t[i];
  }
  if (!s) {
    s = &t[home(pc)];
    uptr k = __atomic_load_n(&s->key, __ATOMIC_RELAXED);
    if (k == KEY_BUSY || !claim(s, k))
      return; /* contended: leave it uncached */
  }
  __atomic_store_n(&s->rule, rule, __ATOMIC_RELAXED);
  __atomic_store_n(&s->key, pc, __ATOMIC_RELEASE);
}

void cfi_cache_clear(void) {
  slot *t = table_get(0);
  if (!t)
    return;
  for (uint32_t i = 0; i < CACHE_SLOTS; i++)
    __atomic_store_n(&t[i].key, KEY_EMPTY, __ATOMIC_RELEASE);
}
