/* Stack depot as a tree of frames. A stack is the path from its outermost
 * frame (a child of the root) down to its innermost one, and its id is the
 * id of that innermost node, so stacks that share their outer frames share
 * their nodes. Recursive code makes this matter: building a binary tree
 * yields one distinct stack per tree path, and a flat depot stores each of
 * them whole (ASan's reached ~185 MB on such a kernel, FACTS.md); here a new
 * path costs one 16-byte node per frame that differs.
 *
 * Looking a stack up does not walk the tree: a 64-bit hash of the whole
 * stack is checked first in a small per-thread cache, then in a global open
 * addressing index of (hash, id) pairs. Only a stack seen for the first time
 * is interned, under one lock, and only then is the tree walked. (Two
 * distinct stacks with one 64-bit hash would share an id: with ten million
 * stacks the odds are about 1 in 300 million.)
 *
 * Interning a node looks up (parent, pc) in a chained hash table that
 * doubles when it averages two nodes a bucket. Readers never lock (a node's
 * pc and parent never change; a reader that misses during a resize falls
 * through to the locked path); writers take one of 256 striped locks, and a
 * resize takes all of them. Consecutive captures usually share most of
 * their outer frames, so the depot remembers the last stack it interned
 * and the node ids along it and interns only the frames that changed.
 *
 * Nothing here is __thread: glibc carves static TLS out of every thread's
 * stack, and a 48 KiB cache there made small-stack threads fail to start.
 * The per-thread cache is mapped on a thread's first capture and hangs off
 * its thread record (threads.h). */
#include "stackdepot.h"

#include "threads.h"

#define INITIAL_BITS 14
#define N_STRIPES 256
#define NODES_PER_PAGE (1u << 18) /* 4 MiB: see map_zeroed */
#define NODE_PAGES (1u << 14)     /* up to 2^32 nodes */

typedef struct {
  uptr pc;
  uint32_t parent;
  uint32_t next; /* bucket chain */
} node;

typedef struct {
  uint32_t bits;
  uint32_t heads[];
} table_t;

static table_t *table;
static spin_t stripes[N_STRIPES];
static spin_t map_lock;
static node *pages[NODE_PAGES];
static uint32_t next_id = 1;
static size_t mapped;

/* The stack interned last, with its node ids. Only intern_path uses it,
 * always under index_lock, so one copy serves every thread (a path's ids
 * are the same whichever thread interned it). */
static struct {
  int n;
  uptr pcs[DEPOT_MAX_FRAMES];
  uint32_t ids[DEPOT_MAX_FRAMES];
} last;

static inline node *node_of(uint32_t id) {
  node *page = __atomic_load_n(&pages[id / NODES_PER_PAGE], __ATOMIC_ACQUIRE);
  return page ? &page[id % NODES_PER_PAGE] : 0;
}

static inline uint64_t hash_of(uint32_t parent, uptr pc) {
  uint64_t h = (pc ^ ((uint64_t)parent << 32) ^ parent) * 0x9e3779b97f4a7c15ull;
  return h ^ (h >> 29);
}

static inline uint32_t bucket_of(const table_t *t, uint64_t h) {
  return (uint32_t)(h >> (64 - t->bits));
}

#define HUGE_PAGE (2ul << 20)

/* Large depot tables are walked at random, one cache line per lookup; on
 * 4 KiB pages nearly every lookup is also a TLB miss. Tables of 4 MiB and
 * more (past the first node page) are therefore placed on 2 MiB boundaries
 * and offered to transparent huge pages; small programs never get there. */
static void *map_zeroed(size_t len, int huge_ok) {
  if (!huge_ok || len < 2 * HUGE_PAGE) {
    void *p = sys_map_anon(len);
    if (p)
      __atomic_fetch_add(&mapped, len, __ATOMIC_RELAXED);
    return p;
  }
  len = (len + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
  char *raw = sys_map_anon(len + HUGE_PAGE);
  if (!raw)
    return 0;
  char *p = (char *)(((uptr)raw + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1));
  if (p > raw)
    sys_munmap(raw, (size_t)(p - raw));
  if (raw + HUGE_PAGE > p)
    sys_munmap(p + len, (size_t)(raw + HUGE_PAGE - p));
  sys_madvise(p, len, 14 /* MADV_HUGEPAGE */);
  __atomic_fetch_add(&mapped, len, __ATOMIC_RELAXED);
  return p;
}

static table_t *new_table(uint32_t bits) {
  return map_zeroed(sizeof(table_t) + ((size_t)sizeof(uint32_t) << bits), 1);
}

static table_t *current_table(void) {
  table_t *t = __atomic_load_n(&table, __ATOMIC_ACQUIRE);
  if (SL_LIKELY(t))
    return t;
  spin_lock(&map_lock);
  if (!table) {
    t = new_table(INITIAL_BITS);
    if (t)
      t->bits = INITIAL_BITS;
    __atomic_store_n(&table, t, __ATOMIC_RELEASE);
  }
  spin_unlock(&map_lock);
  return table;
}

/* Doubles the table, relinking every node. The old table stays mapped (a
 * lock-free reader may still be walking it; its chains stay finite). */
static void grow(void) {
  spin_lock(&map_lock);
  for (int i = 0; i < N_STRIPES; i++)
    spin_lock(&stripes[i]);
  table_t *old = table;
  uint32_t count = next_id - 1;
  if (old && count > (2u << old->bits) && old->bits < 31) {
    table_t *t = new_table(old->bits + 1);
    if (t) {
      t->bits = old->bits + 1;
      for (uint32_t id = 1; id <= count; id++) {
        node *nd = node_of(id);
        uint32_t b = bucket_of(t, hash_of(nd->parent, nd->pc));
        nd->next = t->heads[b];
        t->heads[b] = id;
      }
      __atomic_store_n(&table, t, __ATOMIC_RELEASE);
    }
  }
  for (int i = N_STRIPES - 1; i >= 0; i--)
    spin_unlock(&stripes[i]);
  spin_unlock(&map_lock);
}

static uint32_t find(uint32_t head, uint32_t parent, uptr pc) {
  for (uint32_t id = head; id;) {
    node *nd = node_of(id);
    if (nd->pc == pc && nd->parent == parent)
      return id;
    id = nd->next;
  }
  return 0;
}

static uint32_t intern(uint32_t parent, uptr pc) {
  table_t *t = current_table();
  if (!t)
    return 0;
  uint64_t h = hash_of(parent, pc);
  uint32_t id =
      find(__atomic_load_n(&t->heads[bucket_of(t, h)], __ATOMIC_ACQUIRE),
           parent, pc);
  if (SL_LIKELY(id))
    return id;
  spin_t *stripe = &stripes[h % N_STRIPES];
  spin_lock(stripe);
  t = table; /* no resize runs while a stripe is held */
  uint32_t b = bucket_of(t, h);
  id = find(t->heads[b], parent, pc);
  int need_grow = 0;
  if (!id) {
    id = __atomic_fetch_add(&next_id, 1, __ATOMIC_RELAXED);
    uint32_t pg = id / NODES_PER_PAGE;
    if (pg >= NODE_PAGES) {
      spin_unlock(stripe);
      return 0;
    }
    if (!__atomic_load_n(&pages[pg], __ATOMIC_ACQUIRE)) {
      spin_lock(&map_lock);
      if (!pages[pg])
        __atomic_store_n(&pages[pg],
                         map_zeroed(NODES_PER_PAGE * sizeof(node), pg > 0),
                         __ATOMIC_RELEASE);
      spin_unlock(&map_lock);
    }
    node *nd = node_of(id);
    if (!nd) {
      spin_unlock(stripe);
      return 0;
    }
    nd->pc = pc;
    nd->parent = parent;
    nd->next = t->heads[b];
    __atomic_store_n(&t->heads[b], id, __ATOMIC_RELEASE);
    need_grow = id > (2u << t->bits);
  }
  spin_unlock(stripe);
  if (SL_UNLIKELY(need_grow))
    grow();
  return id;
}

/* Interns the path of pcs[0..n) into the tree; returns the innermost id. */
static uint32_t intern_path(const uptr *pcs, int n) {
  /* Outer frames shared with this thread's previous stack. */
  int k = 0, ln = last.n;
  while (k < n && k < ln && pcs[n - 1 - k] == last.pcs[ln - 1 - k])
    k++;
  uint32_t ids[DEPOT_MAX_FRAMES];
  uint32_t id = k ? last.ids[ln - k] : 0;
  for (int i = 0; i < k; i++)
    ids[n - 1 - i] = last.ids[ln - 1 - i];
  for (int i = n - 1 - k; i >= 0; i--) {
    id = intern(id, pcs[i]);
    if (!id) {
      last.n = 0;
      return 0;
    }
    ids[i] = id;
  }
  for (int i = 0; i < n; i++) {
    last.pcs[i] = pcs[i];
    last.ids[i] = ids[i];
  }
  last.n = n;
  return id;
}

/* ---- the whole-stack index ---- */

#define INDEX_INITIAL_BITS 12
#define TCACHE_BITS 12

typedef struct {
  uint64_t hash; /* 0 = empty; stored last, with release */
  uint32_t id;
  uint32_t pad;
} islot;

typedef struct {
  uint32_t bits;
  uint32_t count;
  islot slots[];
} index_t;

static index_t *index_tbl;
static spin_t index_lock;

struct depot_tcache {
  uint64_t hash[1u << TCACHE_BITS];
  uint32_t id[1u << TCACHE_BITS];
};

/* The calling thread's cache, mapped on first use (ialloc's large blocks
 * are their own mapping, so this takes no lock and is safe in a signal
 * handler). NULL, and the lookup goes to the shared index, on a thread
 * without a record yet or after its exit hook released the cache (a later
 * TLS destructor that mallocs must not leak a new one). */
static SL_NOINLINE struct depot_tcache *tcache_make(sl_thread *t) {
  if (!t || !__atomic_load_n(&t->live, __ATOMIC_ACQUIRE))
    return 0;
  t->depot_cache = ialloc(sizeof(struct depot_tcache));
  return t->depot_cache;
}

void depot_thread_exit(sl_thread *t) {
  void *c = t->depot_cache;
  t->depot_cache = 0;
  ifree(c);
}

/* Four independent lanes: a single multiply chain over 30 frames is a
 * long serial dependency, and this runs on every malloc and free. */
static inline uint64_t stack_hash(const uptr *pcs, int n) {
  const uint64_t k = 0x9e3779b97f4a7c15ull;
  uint64_t a = 0x2545f4914f6cdd1dull ^ (uint64_t)n, b = ~a, c = a * k, d = ~c;
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    a = (a ^ pcs[i]) * k;
    b = (b ^ pcs[i + 1]) * k;
    c = (c ^ pcs[i + 2]) * k;
    d = (d ^ pcs[i + 3]) * k;
  }
  for (; i < n; i++)
    a = (a ^ pcs[i]) * k;
  uint64_t h =
      a ^ (b >> 17) ^ (b << 47) ^ (c >> 31) ^ (c << 33) ^ (d >> 47) ^ (d << 17);
  h = (h ^ (h >> 29)) * k;
  h ^= h >> 32;
  return h ? h : 1;
}

static inline uint32_t index_lookup(const index_t *t, uint64_t h) {
  uint64_t mask = ((uint64_t)1 << t->bits) - 1;
  for (uint64_t i = h >> (64 - t->bits);; i = (i + 1) & mask) {
    uint64_t e = __atomic_load_n(&t->slots[i].hash, __ATOMIC_ACQUIRE);
    if (!e)
      return 0;
    if (e == h)
      return t->slots[i].id;
  }
}

/* Needs index_lock. */
static void index_insert_locked(index_t *t, uint64_t h, uint32_t id) {
  uint64_t mask = ((uint64_t)1 << t->bits) - 1;
  uint64_t i = h >> (64 - t->bits);
  while (t->slots[i].hash)
    i = (i + 1) & mask;
  t->slots[i].id = id;
  __atomic_store_n(&t->slots[i].hash, h, __ATOMIC_RELEASE);
  t->count++;
}

static index_t *index_new(uint32_t bits) {
  index_t *t = map_zeroed(sizeof(index_t) + (sizeof(islot) << bits), 1);
  if (t)
    t->bits = bits;
  return t;
}

/* Rebuilds the index at twice the size. The old one is unmapped only after
 * a grace period would be needed, so it is left mapped: a lock-free reader
 * may still probe it, and a miss there sends it to the lock. */
static void index_grow_locked(void) {
  index_t *old = index_tbl, *t = index_new(old->bits + 1);
  if (!t)
    return;
  for (uint64_t i = 0; i < ((uint64_t)1 << old->bits); i++)
    if (old->slots[i].hash)
      index_insert_locked(t, old->slots[i].hash, old->slots[i].id);
  __atomic_store_n(&index_tbl, t, __ATOMIC_RELEASE);
}

uint32_t depot_put(const uptr *pcs, int n) {
  if (n <= 0)
    return 0;
  if (n > DEPOT_MAX_FRAMES)
    n = DEPOT_MAX_FRAMES;
  uint64_t h = stack_hash(pcs, n);
  uint32_t slot = (uint32_t)(h >> (64 - TCACHE_BITS));
  sl_thread *self = sl_cur_thread;
  struct depot_tcache *tc = self ? self->depot_cache : 0;
  if (SL_UNLIKELY(!tc))
    tc = tcache_make(self);
  if (tc && tc->hash[slot] == h)
    return tc->id[slot];
  index_t *t = __atomic_load_n(&index_tbl, __ATOMIC_ACQUIRE);
  uint32_t id = t ? index_lookup(t, h) : 0;
  if (!id) {
    spin_lock(&index_lock);
    if (!index_tbl)
      index_tbl = index_new(INDEX_INITIAL_BITS);
    t = index_tbl;
    id = t ? index_lookup(t, h) : 0;
    if (!id && t) {
      id = intern_path(pcs, n);
      if (id) {
        index_insert_locked(t, h, id);
        if (t->count * 3 > (2u << t->bits))
          index_grow_locked();
      }
    }
    spin_unlock(&index_lock);
    if (!id)
      return 0;
  }
  if (tc) {
    tc->hash[slot] = h;
    tc->id[slot] = id;
  }
  return id;
}

int depot_get(uint32_t id, uptr *out, int max) {
  int n = 0;
  while (id && n < max) {
    if (id >= __atomic_load_n(&next_id, __ATOMIC_ACQUIRE))
      return 0;
    node *nd = node_of(id);
    if (!nd)
      return 0;
    out[n++] = nd->pc;
    id = nd->parent;
  }
  return n;
}

/* Atomic: the timeline's sampler (the service thread) reads it while
 * another thread maps. */
size_t depot_bytes(void) { return __atomic_load_n(&mapped, __ATOMIC_RELAXED); }

void depot_lock_all(void) {
  spin_lock(&index_lock);
  spin_lock(&map_lock);
  for (int i = 0; i < N_STRIPES; i++)
    spin_lock(&stripes[i]);
}

void depot_unlock_all(void) {
  for (int i = N_STRIPES - 1; i >= 0; i--)
    spin_unlock(&stripes[i]);
  spin_unlock(&map_lock);
  spin_unlock(&index_lock);
}
