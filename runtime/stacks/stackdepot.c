/* Stack depot as a tree of frames (a trie keyed from the outermost frame).
 * A stack is the path from its outermost frame (a child of the root, node
 * 0) down to its innermost one, and its id is the id of that innermost
 * node, so stacks that share their outer frames share their nodes and a
 * stack's frames are read back by following parent links.
 *
 * Why a walk and no whole-stack hash: stacks of recursive builders (tree
 * builders, parsers) are nearly all distinct, millions of them, and each
 * differs from the one captured just before it only near the leaf. A
 * whole-stack hash index costs one cache and TLB miss per capture into a
 * table of millions of entries (62 % of binary_trees' time once), plus
 * 16-48 bytes a stack. Here each thread remembers the last paths it
 * walked, with the node id of every frame on them: a new stack is
 * compared with the remembered path, frame by frame from the outer end,
 * and only its new inner frames are looked up. Remembered paths are kept
 * per hint (the caller passes the address of the outermost frame it
 * walked): stacks cut to the innermost malloc_context_size frames of a
 * deep recursion start at different depths, and only stacks that start
 * in the same frame share a path.
 *
 * A node's children are a binary search tree of its siblings, ordered by
 * a multiplicative hash of the pc (raw pcs of one function arrive in
 * increasing order and would make a list). The search starts in the
 * parent, which the walk has just read, and nodes are numbered in the
 * order they are first reached, which for recursive code is the order in
 * which later walks reach them again: the walk reads memory mostly in
 * sequence, not at random. Every node is 24 bytes; nothing else is stored
 * per stack, and the allocator's entry frame costs no node (folded stacks,
 * below).
 *
 * Lock-free throughout, for readers and writers: a node is filled before
 * one compare-and-swap links it into its parent's tree (a node's fields
 * never change once linked), and node pages are installed by compare-and-swap too. So depot_put takes no
 * lock: it may be called from a signal handler that interrupted another
 * depot_put (the remembered paths are then left alone: busy), and fork
 * needs no preparation. Two threads adding the same frame at once both
 * make a node; one is linked, the other's id is never handed out.
 *
 * Nothing here is __thread: glibc carves static TLS out of every thread's
 * stack. The remembered paths are mapped on a thread's first capture and
 * hang off its thread record (threads.h). */
#include "stackdepot.h"

#include "threads.h"

/* Folded stacks. Nearly every stack starts (innermost) in one of a few
 * dozen frames: the allocator's entry points. Those pcs get a number in
 * entries[], and a stack starting in one is named without a node of its
 * own: FOLDED | entry << FOLD_SHIFT | the node of the rest of the stack
 * (when that node's id fits in FOLD_SHIFT bits; past it, and for other
 * first frames, the id is the plain id of the innermost node). Whether a
 * stack is folded depends only on its first pc and the rest's node, both
 * fixed once seen, so a stack keeps one id. A third fewer nodes on
 * allocation-heavy programs, and one look-up fewer per capture. */
#define FOLDED 0x80000000u
#define FOLD_SHIFT 25
#define ENTRIES 64 /* 0 is no entry */
static uptr entries[ENTRIES];

#define NODES_PER_PAGE (1u << 18) /* 6 MiB: three 2 MiB huge pages */
#define MAX_NODES FOLDED          /* a stack id's top bit says folded */
#define NODE_PAGES (MAX_NODES / NODES_PER_PAGE)

typedef struct {
  uptr pc;
  uint32_t parent;
  uint32_t child;  /* root of the search tree of this node's children */
  uint32_t lo, hi; /* siblings whose key_of(pc) is lower / higher */
} node;
_Static_assert(sizeof(node) == 24, "a node is 24 bytes");

static node *pages[NODE_PAGES];
static uint32_t next_id = 1; /* node 0 is the root */
static size_t mapped;


/* Remembered paths: PATHS per thread, chosen by the hint. A path holds its
 * frames outermost first, each with its node id. */
#define PATHS 16

typedef struct {
  int n;
  uptr pcs[DEPOT_MAX_FRAMES];
  uint32_t ids[DEPOT_MAX_FRAMES];
} path_t;

struct depot_thread {
  int busy; /* a depot_put of this thread is using the paths */
  uint32_t entry; /* entry_of(entry_pc), the last one looked up */
  uptr entry_pc;
  path_t path[PATHS];
};

static inline uint64_t key_of(uptr pc) { return pc * 0x9e3779b97f4a7c15ull; }

#define HUGE_PAGE (2ul << 20)

/* Node pages past the first are offered to transparent huge pages, on
 * 2 MiB boundaries: a depot that grows past one page has millions of
 * nodes, and walks over them would otherwise miss the TLB. */
static void *map_zeroed(size_t len, int huge_ok) {
  if (!huge_ok)
    return sys_map_anon(len);
  char *raw = sys_map_anon(len + HUGE_PAGE);
  if (!raw)
    return 0;
  char *p = (char *)(((uptr)raw + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1));
  if (p > raw)
    sys_munmap(raw, (size_t)(p - raw));
  if (raw + HUGE_PAGE > p)
    sys_munmap(p + len, (size_t)(raw + HUGE_PAGE - p));
  sys_madvise(p, len, 14 /* MADV_HUGEPAGE */);
  return p;
}

static node *page_get(uint32_t pg) {
  node *p = __atomic_load_n(&pages[pg], __ATOMIC_ACQUIRE);
  if (SL_LIKELY(p))
    return p;
  size_t len = NODES_PER_PAGE * sizeof(node);
  node *fresh = map_zeroed(len, pg > 0);
  if (!fresh)
    return 0;
  if (!__atomic_compare_exchange_n(&pages[pg], &p, fresh, 0, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE)) {
    sys_munmap(fresh, len); /* another thread installed one: p */
    return p;
  }
  __atomic_fetch_add(&mapped, len, __ATOMIC_RELAXED);
  return fresh;
}

/* The node of an id that was linked into the tree (so its page exists). */
static inline node *node_at(uint32_t id) {
  return &__atomic_load_n(&pages[id / NODES_PER_PAGE],
                          __ATOMIC_ACQUIRE)[id % NODES_PER_PAGE];
}

/* A fresh node, not linked yet; 0 when out of ids or memory. Ids are
 * never reused, so a fresh node's links are still the mapping's zeroes. */
static uint32_t node_new(uint32_t parent, uptr pc) {
  if (__atomic_load_n(&next_id, __ATOMIC_RELAXED) >= MAX_NODES)
    return 0;
  uint32_t id = __atomic_fetch_add(&next_id, 1, __ATOMIC_RELAXED);
  if (id >= MAX_NODES)
    return 0;
  node *page = page_get(id / NODES_PER_PAGE);
  if (!page)
    return 0;
  node *nd = &page[id % NODES_PER_PAGE];
  nd->pc = pc;
  nd->parent = parent;
  return id;
}

/* The child of parent for frame pc, added if missing; 0 when the depot is
 * full. */
static uint32_t child_of(uint32_t parent, uptr pc) {
  uint64_t key = key_of(pc);
  uint32_t *link = &node_at(parent)->child;
  uint32_t fresh = 0;
  for (;;) {
    uint32_t c = __atomic_load_n(link, __ATOMIC_ACQUIRE);
    if (!c) {
      if (!fresh && !(fresh = node_new(parent, pc)))
        return 0;
      /* Release: the node's fields are visible before its id is. */
      if (__atomic_compare_exchange_n(link, &c, fresh, 0, __ATOMIC_RELEASE,
                                      __ATOMIC_ACQUIRE))
        return fresh;
      /* Another thread linked node c here first: go on from it. */
    }
    const node *nd = node_at(c);
    if (nd->pc == pc)
      return c; /* a fresh node of ours, if any, stays unlinked */
    link = key < key_of(nd->pc) ? (uint32_t *)&nd->lo : (uint32_t *)&nd->hi;
  }
}

/* The entry number of first frame pc, claimed on first sight; 0 once all
 * are taken by other pcs. */
static unsigned entry_of(uptr pc) {
  unsigned h = (unsigned)(key_of(pc) >> 58);
  for (unsigned i = 0; i < ENTRIES - 1; i++) {
    unsigned e = 1 + (h + i) % (ENTRIES - 1);
    uptr cur = __atomic_load_n(&entries[e], __ATOMIC_ACQUIRE);
    if (!cur && __atomic_compare_exchange_n(&entries[e], &cur, pc, 0,
                                            __ATOMIC_ACQ_REL,
                                            __ATOMIC_ACQUIRE))
      return e;
    if (cur == pc)
      return e;
  }
  return 0;
}

/* The calling thread's remembered paths, mapped on first use (its own
 * mapping: no lock, so this is safe in a signal handler). NULL, and every
 * stack is walked from the root, on a thread without a record yet or
 * after its exit hook released them (a later TLS destructor that mallocs
 * must not leak a new mapping). */
static SL_NOINLINE struct depot_thread *thread_paths_make(sl_thread *t) {
  if (!t || !__atomic_load_n(&t->live, __ATOMIC_ACQUIRE))
    return 0;
  struct depot_thread *dt = sys_map_anon(sizeof(struct depot_thread));
  t->depot_cache = dt;
  return dt;
}

void depot_thread_exit(sl_thread *t) {
  void *dt = t->depot_cache;
  t->depot_cache = 0;
  if (dt)
    sys_munmap(dt, sizeof(struct depot_thread));
}

/* pcs[0..n) (innermost first) from frame `from` (counted from the
 * outer end) on, below node id; remembered in p when p is not NULL. */
static uint32_t walk(const uptr *pcs, int n, int from, uint32_t id,
                     path_t *p) {
  for (int i = from; i < n; i++) {
    uptr pc = pcs[n - 1 - i];
    id = child_of(id, pc);
    if (SL_UNLIKELY(!id)) {
      if (p)
        p->n = i; /* what is remembered stays a real path */
      return 0;
    }
    if (p) {
      p->pcs[i] = pc;
      p->ids[i] = id;
    }
  }
  if (p)
    p->n = n;
  return id;
}

/* The node of frames pcs[0..n) (innermost first), 0 for none. */
static uint32_t path_node(struct depot_thread *dt, const uptr *pcs, int n,
                          uptr hint) {
  if (!dt)
    return walk(pcs, n, 0, 0, 0);
  path_t *p = &dt->path[(key_of(hint >> 4) >> 60) % PATHS];
  /* Outer frames shared with the path remembered for this hint. */
  int k = 0, m = p->n < n ? p->n : n;
  while (k < m && p->pcs[k] == pcs[n - 1 - k])
    k++;
  if (k == n)
    return n ? p->ids[n - 1] : 0;
  return walk(pcs, n, k, k ? p->ids[k - 1] : 0, p);
}

uint32_t depot_put_hinted(const uptr *pcs, int n, uptr hint) {
  if (n <= 0)
    return 0;
  if (n > DEPOT_MAX_FRAMES)
    n = DEPOT_MAX_FRAMES;
  if (SL_UNLIKELY(!__atomic_load_n(&pages[0], __ATOMIC_ACQUIRE)) &&
      !page_get(0))
    return 0;
  sl_thread *self = sl_cur_thread;
  struct depot_thread *dt = self ? self->depot_cache : 0;
  if (SL_UNLIKELY(!dt))
    dt = thread_paths_make(self);
  /* A signal handler that interrupted this thread's depot_put leaves the
   * paths to it. */
  int mine = dt && !dt->busy;
  if (mine) {
    dt->busy = 1;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
  } else {
    dt = 0;
  }
  unsigned e;
  if (SL_UNLIKELY(!pcs[0])) {
    e = 0;
  } else if (dt && dt->entry_pc == pcs[0]) {
    e = dt->entry;
  } else {
    e = entry_of(pcs[0]);
    if (dt) {
      dt->entry_pc = pcs[0];
      dt->entry = e;
    }
  }
  uint32_t id = 0;
  if (e) {
    uint32_t rest = n > 1 ? path_node(dt, pcs + 1, n - 1, hint) : 0;
    if (rest < (1u << FOLD_SHIFT) && (n == 1 || rest))
      id = FOLDED | e << FOLD_SHIFT | rest;
    else if (rest)
      id = child_of(rest, pcs[0]);
  } else {
    id = path_node(dt, pcs, n, hint);
  }
  if (mine) {
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    dt->busy = 0;
  }
  return id;
}

uint32_t depot_put(const uptr *pcs, int n) {
  return depot_put_hinted(pcs, n, 0);
}

int depot_get(uint32_t id, uptr *out, int max) {
  int n = 0;
  if (id & FOLDED) {
    uptr pc = __atomic_load_n(&entries[(id >> FOLD_SHIFT) & (ENTRIES - 1)],
                              __ATOMIC_ACQUIRE);
    if (!pc || max < 1)
      return 0;
    out[n++] = pc;
    id &= (1u << FOLD_SHIFT) - 1;
  }
  while (id && n < max) {
    if (id >= __atomic_load_n(&next_id, __ATOMIC_ACQUIRE))
      return 0;
    node *page = __atomic_load_n(&pages[id / NODES_PER_PAGE], __ATOMIC_ACQUIRE);
    if (!page)
      return 0;
    const node *nd = &page[id % NODES_PER_PAGE];
    out[n++] = nd->pc;
    id = nd->parent;
  }
  return n;
}

void depot_stats(depot_stats_t *out) {
  out->nodes = __atomic_load_n(&next_id, __ATOMIC_RELAXED) - 1;
  out->bytes = __atomic_load_n(&mapped, __ATOMIC_RELAXED);
}
