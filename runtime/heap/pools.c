/* Pool annotations (Valgrind's mempool requests, DESIGN.md §4's pools).
 * A program allocator registers a pool (any address naming it) and tells
 * which pieces of its memory are blocks: each live block is recorded with
 * its allocation stack and gets `redzone` poisoned bytes on each side
 * (SH_POOL_REDZONE, reported as heap-buffer-overflow); a freed block is
 * poisoned SH_FREED and keeps its free stack until its address is handed
 * out again or the pool is destroyed. The pool's own memory is left as
 * the pool made it: destroying a pool unpoisons nothing.
 *
 * Blocks live in an open-addressing table keyed by start address, under
 * one spin lock (pool operations are rare next to malloc). The leak scan
 * takes the lock before stopping the world and reads the live blocks. */
#define __SLEUTH__ 1
#include "../../include/sleuth/sleuth.h"

#include "pools.h"

#include "interception.h"
#include "report.h"
#include "shadow.h"
#include "threads.h"
#include "unwind.h"

typedef struct {
  uptr beg, size, redzone;
  uptr pool; /* 0: empty slot; 1: deleted */
  uint32_t alloc_stack, free_stack, alloc_tid, free_tid;
  int live;
} pblock;

typedef struct {
  uptr pool;
  uptr redzone;
} pool_t;

static spin_t lock;
static pblock *tab;
static size_t cap, used, nlive, nfreed; /* used: occupied + deleted */
static pool_t *pools;
static int npools, pools_cap;

#define TOMB 1
#define MAX_FREED 65536

static size_t hash(uptr a) {
  return (size_t)(((uint64_t)a * 0x9e3779b97f4a7c15ull) >> 17);
}

static pblock *find(uptr beg) {
  if (!cap)
    return 0;
  for (size_t i = hash(beg) & (cap - 1);; i = (i + 1) & (cap - 1)) {
    if (!tab[i].pool)
      return 0;
    if (tab[i].pool != TOMB && tab[i].beg == beg)
      return &tab[i];
  }
}

static void drop(pblock *b) {
  if (b->live)
    nlive--;
  else
    nfreed--;
  b->pool = TOMB;
}

static void rehash(size_t newcap) {
  pblock *old = tab;
  size_t oldcap = cap;
  tab = ialloc(newcap * sizeof(pblock));
  cap = newcap;
  used = 0;
  for (size_t i = 0; i < oldcap; i++) {
    if (old[i].pool <= TOMB)
      continue;
    size_t j = hash(old[i].beg) & (cap - 1);
    while (tab[j].pool)
      j = (j + 1) & (cap - 1);
    tab[j] = old[i];
    used++;
  }
  ifree(old);
}

static pblock *insert(uptr beg) {
  pblock *b = find(beg);
  if (b) {
    drop(b); /* the address is handed out again: forget the old block */
  }
  if ((used + 1) * 2 > cap)
    rehash(cap ? ((nlive + nfreed + 1) * 4 > cap ? cap * 2 : cap) : 1024);
  size_t i = hash(beg) & (cap - 1);
  while (tab[i].pool > TOMB)
    i = (i + 1) & (cap - 1);
  if (!tab[i].pool)
    used++;
  return &tab[i];
}

static pool_t *find_pool(uptr pool) {
  for (int i = 0; i < npools; i++)
    if (pools[i].pool == pool)
      return &pools[i];
  return 0;
}

static void warn(const char *what, const volatile void *pool) {
  report_raw("WARNING: Sleuth: %s: %p is not a pool (no SLEUTH_POOL_CREATE); "
             "ignored",
             what, (const void *)pool);
}

/* Whole granules of [lo, hi) only: a redzone must never poison a neighbour's
 * bytes. */
static void poison_inside(uptr lo, uptr hi, uint8_t v) {
  lo = (lo + 7) & ~(uptr)7;
  hi &= ~(uptr)7;
  if (hi > lo && shadow_is_app_mem(lo))
    shadow_poison(lo, hi - lo, v);
}

SL_INTERFACE void sleuth_pool_create(const volatile void *pool,
                                     size_t redzone_bytes) {
  ENSURE_INIT();
  spin_lock(&lock);
  pool_t *p = find_pool((uptr)pool);
  if (!p) {
    if (npools == pools_cap) {
      pools_cap = pools_cap ? pools_cap * 2 : 16;
      pools = irealloc(pools, (size_t)pools_cap * sizeof(pool_t));
    }
    p = &pools[npools++];
  }
  p->pool = (uptr)pool;
  p->redzone = redzone_bytes;
  spin_unlock(&lock);
}

SL_INTERFACE SL_NOINLINE void sleuth_pool_alloc(const volatile void *pool,
                                                const volatile void *addr,
                                                size_t size) {
  ENSURE_INIT();
  uint32_t stack =
      stack_capture_id(CALLER_PC_HERE(), (uptr)__builtin_frame_address(0));
  uint32_t tid = thread_current()->tid;
  uptr beg = (uptr)addr;
  spin_lock(&lock);
  pool_t *p = find_pool((uptr)pool);
  if (!p) {
    spin_unlock(&lock);
    warn("SLEUTH_POOL_ALLOC", pool);
    return;
  }
  uptr rz = p->redzone;
  pblock *b = insert(beg);
  *b = (pblock){beg, size, rz, (uptr)pool, stack, 0, tid, 0, 1};
  nlive++;
  spin_unlock(&lock);
  if (!shadow_is_app_mem(beg))
    return;
  if (size)
    shadow_unpoison(beg & ~(uptr)7, beg + size - (beg & ~(uptr)7));
  if (rz) {
    poison_inside(beg - rz, beg, SH_POOL_REDZONE);
    /* The right redzone starts at the first whole granule after the block
     * (a partial last granule already says how many bytes are valid). */
    poison_inside(beg + size, beg + size + rz, SH_POOL_REDZONE);
  }
}

SL_INTERFACE SL_NOINLINE void sleuth_pool_free(const volatile void *pool,
                                               const volatile void *addr) {
  ENSURE_INIT();
  uint32_t stack =
      stack_capture_id(CALLER_PC_HERE(), (uptr)__builtin_frame_address(0));
  uint32_t tid = thread_current()->tid;
  uptr beg = (uptr)addr;
  spin_lock(&lock);
  if (!find_pool((uptr)pool)) {
    spin_unlock(&lock);
    warn("SLEUTH_POOL_FREE", pool);
    return;
  }
  pblock *b = find(beg);
  if (!b || b->pool != (uptr)pool || !b->live) {
    int twice = b && b->pool == (uptr)pool;
    spin_unlock(&lock);
    if (twice)
      report_double_free(beg, stack);
    else
      report_bad_free(beg, stack);
    return;
  }
  b->live = 0;
  b->free_stack = stack;
  b->free_tid = tid;
  nlive--;
  nfreed++;
  uptr size = b->size, rz = b->redzone;
  if (nfreed > MAX_FREED) {
    /* Bound the memory kept for freed blocks' stacks. */
    for (size_t i = 0; i < cap; i++)
      if (tab[i].pool > TOMB && !tab[i].live && &tab[i] != b)
        drop(&tab[i]);
  }
  spin_unlock(&lock);
  if (!size || !shadow_is_app_mem(beg))
    return;
  /* Round the end up into the redzone when there is one to cover it. */
  uptr end = beg + size, up = (end + 7) & ~(uptr)7;
  poison_inside(beg & ~(uptr)7, up - end <= rz ? up : end, SH_FREED);
}

SL_INTERFACE void sleuth_pool_destroy(const volatile void *pool) {
  ENSURE_INIT();
  spin_lock(&lock);
  for (int i = 0; i < npools; i++)
    if (pools[i].pool == (uptr)pool) {
      pools[i] = pools[--npools];
      break;
    }
  for (size_t i = 0; i < cap; i++)
    if (tab[i].pool == (uptr)pool)
      drop(&tab[i]);
  spin_unlock(&lock);
}

int pools_describe(uptr addr, chunk_info *out) {
  if (!__atomic_load_n(&npools, __ATOMIC_RELAXED) && !nlive && !nfreed)
    return 0;
  spin_lock(&lock);
  const pblock *inside_live = 0, *inside_freed = 0, *near = 0;
  uptr near_dist = ~(uptr)0;
  for (size_t i = 0; i < cap; i++) {
    const pblock *b = &tab[i];
    if (b->pool <= TOMB)
      continue;
    uptr end = b->beg + b->size;
    if (addr >= b->beg && addr < end) {
      if (b->live)
        inside_live = b;
      else if (!inside_freed)
        inside_freed = b;
    } else if (b->live && addr + b->redzone >= b->beg &&
               addr < end + b->redzone) {
      uptr d = addr < b->beg ? b->beg - addr : addr - end;
      if (d < near_dist) {
        near_dist = d;
        near = b;
      }
    }
  }
  const pblock *b = inside_live    ? inside_live
                    : inside_freed ? inside_freed
                                   : near;
  if (b) {
    out->user_beg = b->beg;
    out->size = b->size;
    out->state = b->live ? CHUNK_ALLOCATED : CHUNK_QUARANTINED;
    out->type = AT_MALLOC;
    out->alloc_stack = b->alloc_stack;
    out->free_stack = b->free_stack;
    out->alloc_tid = b->alloc_tid;
    out->free_tid = b->free_tid;
  }
  spin_unlock(&lock);
  return b != 0;
}

void pools_lock(void) { spin_lock(&lock); }
void pools_unlock(void) { spin_unlock(&lock); }

size_t pools_live_count_locked(void) { return nlive; }

size_t pools_live_blocks_locked(leak_block *out, size_t max) {
  size_t n = 0;
  for (size_t i = 0; i < cap && n < max; i++) {
    const pblock *b = &tab[i];
    if (b->pool <= TOMB || !b->live)
      continue;
    out[n].beg = b->beg;
    out[n].size = b->size;
    out[n].stack = b->alloc_stack;
    out[n].tag = LEAK_UNREACHED;
    n++;
  }
  return n;
}
