/* Stack depot: an open hash of immutable nodes. Readers walk bucket chains
 * without locks (nodes are published with release stores and never freed);
 * writers take one of 256 striped locks, re-check and append. Nodes come
 * from a bump arena of 1 MiB mappings, which keeps them compact. */
#include "stackdepot.h"

#define BUCKET_BITS 18
#define N_BUCKETS (1u << BUCKET_BITS)
#define N_STRIPES 256
#define ARENA_CHUNK (1u << 20)
#define IDS_PER_PAGE 65536u
#define ID_PAGES 4096u

typedef struct node {
  struct node *next;
  uint32_t hash;
  uint32_t id;
  uint32_t n;
  uint32_t pad;
  uptr pcs[];
} node;

static node **buckets;
static spin_t stripes[N_STRIPES];
static spin_t arena_lock;
static char *arena_cur, *arena_end;
static size_t mapped;
static uint32_t next_id = 1;
static node **id_pages[ID_PAGES];

static uint32_t hash_stack(const uptr *pcs, int n) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)n;
  for (int i = 0; i < n; i++) {
    h ^= pcs[i];
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
  }
  return (uint32_t)(h ^ (h >> 32));
}

static void *arena_alloc(size_t size) {
  size = (size + 15) & ~(size_t)15;
  spin_lock(&arena_lock);
  if (arena_cur + size > arena_end) {
    size_t len = size > ARENA_CHUNK ? size : ARENA_CHUNK;
    char *p = sys_map_anon(len);
    if (!p) {
      spin_unlock(&arena_lock);
      return 0;
    }
    mapped += len;
    arena_cur = p;
    arena_end = p + len;
  }
  void *r = arena_cur;
  arena_cur += size;
  spin_unlock(&arena_lock);
  return r;
}

static int same(const node *nd, uint32_t h, const uptr *pcs, int n) {
  if (nd->hash != h || nd->n != (uint32_t)n)
    return 0;
  for (int i = 0; i < n; i++)
    if (nd->pcs[i] != pcs[i])
      return 0;
  return 1;
}

static node **bucket_table(void) {
  node **b = __atomic_load_n(&buckets, __ATOMIC_ACQUIRE);
  if (SL_LIKELY(b))
    return b;
  spin_lock(&arena_lock);
  if (!buckets) {
    b = sys_map_anon(N_BUCKETS * sizeof(node *));
    mapped += N_BUCKETS * sizeof(node *);
    __atomic_store_n(&buckets, b, __ATOMIC_RELEASE);
  }
  spin_unlock(&arena_lock);
  return buckets;
}

uint32_t depot_put(const uptr *pcs, int n) {
  if (n <= 0)
    return 0;
  if (n > DEPOT_MAX_FRAMES)
    n = DEPOT_MAX_FRAMES;
  uint32_t h = hash_stack(pcs, n);
  node **slot = &bucket_table()[h & (N_BUCKETS - 1)];
  for (node *nd = __atomic_load_n(slot, __ATOMIC_ACQUIRE); nd; nd = nd->next)
    if (same(nd, h, pcs, n))
      return nd->id;
  spin_t *stripe = &stripes[h % N_STRIPES];
  spin_lock(stripe);
  node *head = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  for (node *nd = head; nd; nd = nd->next)
    if (same(nd, h, pcs, n)) {
      spin_unlock(stripe);
      return nd->id;
    }
  node *nd = arena_alloc(sizeof(node) + (size_t)n * sizeof(uptr));
  if (!nd) {
    spin_unlock(stripe);
    return 0;
  }
  nd->hash = h;
  nd->n = (uint32_t)n;
  for (int i = 0; i < n; i++)
    nd->pcs[i] = pcs[i];
  uint32_t id = __atomic_fetch_add(&next_id, 1, __ATOMIC_RELAXED);
  nd->id = id;
  uint32_t page = id / IDS_PER_PAGE;
  if (page < ID_PAGES) {
    node **ids = __atomic_load_n(&id_pages[page], __ATOMIC_ACQUIRE);
    if (!ids) {
      spin_lock(&arena_lock);
      ids = id_pages[page];
      if (!ids) {
        ids = sys_map_anon(IDS_PER_PAGE * sizeof(node *));
        mapped += IDS_PER_PAGE * sizeof(node *);
        __atomic_store_n(&id_pages[page], ids, __ATOMIC_RELEASE);
      }
      spin_unlock(&arena_lock);
    }
    if (ids)
      __atomic_store_n(&ids[id % IDS_PER_PAGE], nd, __ATOMIC_RELEASE);
  }
  nd->next = head;
  __atomic_store_n(slot, nd, __ATOMIC_RELEASE);
  spin_unlock(stripe);
  return id;
}

int depot_get(uint32_t id, const uptr **pcs) {
  uint32_t page = id / IDS_PER_PAGE;
  if (!id || page >= ID_PAGES)
    return 0;
  node **ids = __atomic_load_n(&id_pages[page], __ATOMIC_ACQUIRE);
  node *nd = ids ? __atomic_load_n(&ids[id % IDS_PER_PAGE], __ATOMIC_ACQUIRE) : 0;
  if (!nd)
    return 0;
  *pcs = nd->pcs;
  return (int)nd->n;
}

size_t depot_bytes(void) { return mapped; }
