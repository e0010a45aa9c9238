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
 * never change once linked), and the node array is reserved once by
 * compare-and-swap too. So depot_put takes no lock: it may be called from a signal handler that interrupted another
 * depot_put (the remembered paths are then left alone: busy), and fork
 * needs no preparation. Two threads adding the same frame at once both
 * make a node; one is linked, the other's id is never handed out.
 *
 * Nothing here is __thread: glibc carves static TLS out of every thread's
 * stack. The remembered paths are mapped on a thread's first capture and
 * hang off its thread record (threads.h). */
#include "stackdepot.h"

#include <sys/mman.h>

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

#define MAX_NODES FOLDED /* a stack id's top bit says folded */
#define SMALL_PAGES (6u << 20) /* the node array's first bytes: see reserve */

typedef struct {
  uptr pc;
  uint32_t parent;
  uint32_t child;  /* root of the search tree of this node's children */
  uint32_t lo, hi; /* siblings whose key_of(pc) is lower / higher */
} node;
_Static_assert(sizeof(node) == 24, "a node is 24 bytes");

/* One reserved array of nodes, touched as it fills: a node's address is
 * arithmetic on its id, with no page table of the depot's own to load on
 * every step of a walk. */
static node *nodes;
static uint32_t node_cap;
static uint32_t next_id = 1; /* node 0 is the root */

/* Remembered paths: per thread, SETS sets of WAYS paths, the set chosen by
 * the hint. A path holds its frames outermost first, each with its node
 * id. Several ways per set because all stacks that are not cut short
 * share their outermost frame (and so their hint): a program alternating
 * between a few families of stacks (a map insert, a vector growing, a
 * string copy) keeps one path for each. */
#define SETS 8
#define WAYS 4
/* Frames a remembered path holds. A deeper stack (malloc_context_size
 * above it, or a fatal error's full stack) is walked from the root and not
 * remembered: 64 frames keep the paths of a thread at 24 KiB. */
#define PATH_FRAMES 64
/* A walk of at most this many frames from the most recently used way is
 * taken without looking at the other ways. */
#define SHORT_WALK 3

typedef struct {
  int n;
  uint32_t used; /* stamp of the last use, for replacement */
  uptr pcs[PATH_FRAMES];
  uint32_t ids[PATH_FRAMES];
} path_t;

typedef struct {
  uint32_t mru; /* the way used last */
  uint32_t clock;
  path_t way[WAYS];
} path_set;

/* Per thread, the children it looked up last, direct-mapped by (parent,
 * pc): a walk from a remembered path's end (a stack that starts where none
 * remembered does, or a long new inner part) mostly asks for children it
 * asked for shortly before, and the tree search reads one to three nodes
 * at random places in the node array (cJSON's parser: child_of 4.7 % of
 * its time). A node's children never change once linked, so an entry
 * stays true. */
#define CHILD_MEMO 512
typedef struct {
  uptr pc;
  uint32_t parent, child; /* child 0: empty */
} child_memo;

struct depot_thread {
  int busy; /* a depot_put of this thread is using the paths */
  uint32_t entry; /* entry_of(entry_pc), the last one looked up */
  uptr entry_pc;
  path_set set[SETS];
  child_memo child[CHILD_MEMO];
};

static inline uint64_t key_of(uptr pc) { return pc * 0x9e3779b97f4a7c15ull; }

/* Reserves the node array (address space only: MAP_NORESERVE, so memory
 * is used as nodes are written). Past its first SMALL_PAGES it is offered
 * to transparent huge pages: a depot that grows that far has millions of
 * nodes, and walks over them would otherwise miss the TLB. A smaller
 * array is taken when the address space is limited (ulimit -v). Two
 * threads may race here: one array is kept, the other unmapped. */
static SL_NOINLINE node *reserve(void) {
  for (uint64_t cap = MAX_NODES; cap >= (1u << 16); cap /= 2) {
    size_t len = (size_t)cap * sizeof(node);
    long r = (long)sys_mmap(0, len, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1,
                            0);
    if (r < 0 && r > -4096)
      continue;
    node *fresh = (node *)r, *cur = 0;
    if (!__atomic_compare_exchange_n(&nodes, &cur, fresh, 0, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE)) {
      sys_munmap(fresh, len);
      return cur;
    }
    /* A capture racing with this one between the two stores finds no
     * room yet and stores nothing (it must not wait: it may be a signal
     * handler that interrupted this very thread). */
    __atomic_store_n(&node_cap, (uint32_t)cap, __ATOMIC_RELEASE);
    if (len > SMALL_PAGES)
      sys_madvise((char *)fresh + SMALL_PAGES, len - SMALL_PAGES,
                  MADV_HUGEPAGE);
    return fresh;
  }
  return 0;
}

/* The node of an id that was linked into the tree. */
static inline node *node_at(uint32_t id) { return &nodes[id]; }

/* A fresh node, not linked yet; 0 when out of ids. Ids are never reused,
 * so a fresh node's links are still the mapping's zeroes. */
static uint32_t node_new(uint32_t parent, uptr pc) {
  uint32_t cap = __atomic_load_n(&node_cap, __ATOMIC_ACQUIRE);
  if (__atomic_load_n(&next_id, __ATOMIC_RELAXED) >= cap)
    return 0;
  uint32_t id = __atomic_fetch_add(&next_id, 1, __ATOMIC_RELAXED);
  if (id >= cap)
    return 0;
  node *nd = &nodes[id];
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

/* child_of, through the thread's memo of children when dt is not NULL. */
static inline uint32_t child_via(struct depot_thread *dt, uint32_t parent,
                                 uptr pc) {
  if (!dt)
    return child_of(parent, pc);
  child_memo *m =
      &dt->child[(uint32_t)(key_of(pc + ((uptr)parent << 24)) >> 55) &
                 (CHILD_MEMO - 1)];
  if (m->child && m->pc == pc && m->parent == parent)
    return m->child;
  uint32_t c = child_of(parent, pc);
  if (c)
    *m = (child_memo){pc, parent, c};
  return c;
}

/* pcs[0..n) (innermost first) from frame `from` (counted from the
 * outer end) on, below node id; remembered in p when p is not NULL. */
static uint32_t walk(struct depot_thread *dt, const uptr *pcs, int n,
                     int from, uint32_t id, path_t *p) {
  for (int i = from; i < n; i++) {
    uptr pc = pcs[n - 1 - i];
    id = child_via(dt, id, pc);
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

/* How many outer frames of pcs[0..n) (innermost first) path p holds. */
static inline int shared_frames(const path_t *p, const uptr *pcs, int n) {
  int k = 0, m = p->n < n ? p->n : n;
  while (k < m && p->pcs[k] == pcs[n - 1 - k])
    k++;
  return k;
}

/* The node of frames pcs[0..n) (innermost first), 0 for none. */
static uint32_t path_node(struct depot_thread *dt, const uptr *pcs, int n,
                          uptr hint) {
  if (!dt || n > PATH_FRAMES)
    return walk(dt, pcs, n, 0, 0, 0);
  path_set *set = &dt->set[(key_of(hint >> 4) >> 61) % SETS];
  uint32_t best = set->mru;
  int k = shared_frames(&set->way[best], pcs, n);
  path_t *into = &set->way[best];
  if (n - k > SHORT_WALK) {
    /* A program alternating between a few families of stacks (an
     * interpreter's object allocations, array growth and collector frees:
     * ~20 frames, the outer ~15 shared) mostly repeats a stack one of the
     * other ways holds whole. Such a way is found by its innermost frames
     * first (one compare, not a walk over the shared outer frames of
     * every way), and then needs no walk at all. */
    for (uint32_t w = 0; w < WAYS; w++) {
      const path_t *pw = &set->way[w];
      if (w == best || pw->n != n || pw->pcs[n - 1] != pcs[0])
        continue;
      if (shared_frames(pw, pcs, n) == n) {
        set->mru = w;
        set->way[w].used = ++set->clock;
        return pw->ids[n - 1];
      }
    }
    /* A long walk: another way may share more. If none shares much,
     * this is another family of stacks: it replaces the way unused
     * longest, so that the family just left keeps its path. */
    uint32_t oldest = best;
    for (uint32_t w = 0; w < WAYS; w++) {
      if (w == best)
        continue;
      int kw = shared_frames(&set->way[w], pcs, n);
      if (kw > k) {
        k = kw;
        best = w;
      }
      if (set->way[w].used < set->way[oldest].used)
        oldest = w;
    }
    into = &set->way[n - k > SHORT_WALK ? oldest : best];
  }
  path_t *from = &set->way[best];
  set->mru = (uint32_t)(into - set->way);
  into->used = ++set->clock;
  if (k == n)
    return from->ids[n - 1];
  if (into != from) {
    __builtin_memcpy(into->pcs, from->pcs, (size_t)k * sizeof(uptr));
    __builtin_memcpy(into->ids, from->ids, (size_t)k * sizeof(uint32_t));
  }
  return walk(dt, pcs, n, k, k ? from->ids[k - 1] : 0, into);
}

uint32_t depot_put_hinted(const uptr *pcs, int n, uptr hint) {
  if (n <= 0)
    return 0;
  if (n > DEPOT_MAX_FRAMES)
    n = DEPOT_MAX_FRAMES;
  if (SL_UNLIKELY(!__atomic_load_n(&node_cap, __ATOMIC_ACQUIRE)) &&
      !reserve())
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
      id = child_via(dt, rest, pcs[0]);
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
    const node *nd = &nodes[id];
    out[n++] = nd->pc;
    id = nd->parent;
  }
  return n;
}

void depot_stats(depot_stats_t *out) {
  out->nodes = __atomic_load_n(&next_id, __ATOMIC_RELAXED) - 1;
  out->bytes = (out->nodes + 1) * sizeof(node);
}
