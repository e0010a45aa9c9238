/* The leak checker (DESIGN.md §4): at exit and on sleuth_leak_check().
 *
 * What the kinds mean. A block is a live (allocated, not freed) heap block.
 * A *start pointer* is an aligned word whose value is the block's first
 * byte; an *interior pointer* points anywhere else inside it. A *root* is
 * memory the program can reach without going through the heap.
 *   - still reachable: a chain of start pointers leads from a root to it;
 *   - possibly lost:   reachable from a root, but every chain includes at
 *                      least one interior pointer (the program may have
 *                      lost it, or may be keeping a pointer into the middle
 *                      on purpose, as string tables and custom headers do);
 *   - definitely lost: no root reaches it at all (a "direct" leak): the
 *                      program can never free it;
 *   - indirectly lost: no root reaches it, but a definitely lost block
 *                      does (the rest of a list whose head was lost).
 * Fixing the direct leaks usually fixes the indirect ones.
 *
 * The algorithm (Valgrind's, with LeakSanitizer's roots):
 *  1. Stop the world (stoptheworld.c): every other thread parks in a signal
 *     handler with its registers saved, so nothing moves under the scan.
 *     The loader's lock is held all along (the scan runs inside a
 *     dl_iterate_phdr callback), so no module is unmapped meanwhile, and so
 *     is the large-block registry's lock. The scan itself never takes a
 *     lock another thread could hold when it parked: its tables are fresh
 *     mappings, not ialloc memory.
 *  2. Snapshot the heap: one 24-byte record per live block, and per size
 *     class an array from slot number to record, so a candidate pointer is
 *     resolved with a subtraction, a division and two loads (large blocks:
 *     a binary search over the few of them).
 *  3. Mark from the roots: the writable PT_LOAD segments (data, bss) of
 *     every module except the runtime's own data; every thread's stack from
 *     its saved stack pointer (minus the 128-byte red zone) to its top, and
 *     its saved registers; static TLS (for threads other than the main one
 *     it lies at the top of their stack block; the main thread's is found
 *     from its TCB and the loader's static TLS size); and the blocks the
 *     dynamic loader allocated (frame #1 of the allocation stack in ld.so:
 *     dynamic TLS blocks, the DTV, and the thread vector it calloc()s for
 *     each thread, which after a join only glibc's stack cache references).
 *     A start pointer seen from a root or from a reachable block makes the
 *     target reachable (so does an interior pointer of a layout that
 *     Valgrind's heuristics accept: see start_like); any other pointer
 *     makes an unreached target possibly lost. Marked blocks go on an
 *     explicit stack and are scanned in turn (no recursion).
 *  4. Every block still unreached is lost. Walking them in address order,
 *     each one still unreached leads a clique: it is definitely lost, and
 *     everything unreached that it reaches (start or interior pointer) is
 *     indirectly lost. A block that led an earlier clique and is reached
 *     from a later one becomes indirect (it was only the first of its
 *     group that the walk met).
 *  5. Resume the world, then group blocks by allocation stack and kind and
 *     report (leak_report.c does the printing), or, for a growth check,
 *     sum the still-reachable bytes per stack (leak_growth.c).
 *
 * Conservative details: words are 8-byte aligned loads; words in poisoned
 * memory (redzones, user-poisoned ranges such as a pool's free space) are
 * skipped in data segments and heap blocks, not in stacks (stale stack
 * poison after a longjmp must not hide a live pointer); quarantined blocks
 * are neither roots nor targets. A thread that does not park within a
 * second (it blocks all signals) keeps running; its whole stack is read
 * (through process_vm_readv, so an unmapped page cannot fault) and one
 * warning names it. In a fork child the parent's other threads are gone
 * but their stacks were copied: those are read whole too. */
#include "leak.h"
#include "unwind.h"

#include <dlfcn.h>
#include <link.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#include "allocator_internal.h"
#include "guarded.h"
#include "fake_stack.h"
#include "fault_guard.h"
#include "stack_switch.h"
#include "options.h"
#include "pools.h"
#include "report.h"
#include "report_hooks.h"
#include "shadow.h"
#include "stackdepot.h"
#include "stoptheworld.h"
#include "threads.h"

/* report/signals.c: a SIGSEGV/SIGBUS handler for the guarded reads also
 * when handle_segv=0. */
void signals_guard_begin(void);
void signals_guard_end(void);

#define STOP_TIMEOUT_MS 1000
#define MAX_RANGES 4096
#define RED_ZONE 128
#define FIBER_SWITCH_SLACK 256 /* see scan_other_stack */
#define PAGE 4096ul

typedef struct {
  uptr lo, hi;
} range;

/* Everything one scan builds, in fresh mappings (see step 1). */
static struct {
  leak_block *blocks;
  size_t nblocks, blocks_len;
  uint32_t *slot_idx[N_CLASSES]; /* record index + 1, 0 = no live block */
  size_t slot_idx_len[N_CLASSES];
  uptr cls_beg[N_CLASSES], cls_end[N_CLASSES];
  uint32_t cls_size[N_CLASSES];
  uint32_t *large; /* record indices of large blocks, by address */
  size_t nlarge, large_len;
  uptr large_lo, large_hi;
  /* pool blocks: records [first, first+n), by address */
  size_t pool_first, npool;
  uptr pool_lo, pool_hi;
  uint32_t *mark;
  size_t nmark, mark_cap;
  range *globals;
  int nglobals;
  range ldso[8];
  int nldso;
  range *rodata; /* read-only data of every module (vtables live there) */
  int nrodata;
  stw_thread *threads;
  int nthreads;
  size_t threads_len;
  uptr self_sp;
  unsigned char *page_buf;
} S;

static spin_t scan_lock;

static void *scratch(size_t len) { return sys_map_anon(len); }
static void unscratch(void *p, size_t len) {
  if (p)
    sys_munmap(p, len);
}

/* ---- the heap snapshot ------------------------------------------------- */

/* __lsan_ignore_object, or allocated under __lsan_disable: such a block
 * starts out reachable (classify marks from it), so it and what it points
 * to are never reported. */
static int ignored(uptr ub) { return header_of(ub)->flags & CF_LEAK_IGNORED; }

/* In a fork child, the parent's other threads are gone (forked_away), and
 * with them their registers at the fork: a block one of them had just
 * allocated and held only in a register looks lost here, though nothing
 * leaked. Blocks those threads allocated are the parent's to report; the
 * child starts from them as reachable. forked_tids: whether any thread of
 * the table is such a thread (looked up once per scan, table locked). */
static int forked_tids;

static int allocated_by_forked_away(uptr ub) {
  uint32_t cap;
  sl_thread **tab = threads_table_locked(&cap);
  uint32_t tid = header_of(ub)->alloc_tid;
  return tid < cap && tab[tid] && tab[tid]->forked_away;
}

static void note_forked_tids(void) {
  uint32_t cap;
  sl_thread **tab = threads_table_locked(&cap);
  forked_tids = 0;
  for (uint32_t i = 0; i < cap && !forked_tids; i++)
    forked_tids = tab[i] && tab[i]->forked_away;
}

static fault_guard guard;

/* One slot's live block, read under the fault guard: with the world
 * stopped, a thread may have parked halfway through hiding or revealing a
 * quarantined block, and the side table a parked thread was changing can
 * miss its entry (quarantine_slot_unreadable_nolock). A slot that faults
 * holds no live block: a live block's pages are never protected by the
 * runtime, and the program's own protection of a block's first page
 * would hide its header from the allocator too. */
static int probe_slot(unsigned c, uptr slot, uptr *ub, size_t *size,
                      uint32_t *stack) {
  if (FAULT_GUARD_SET(&guard)) {
    guard.live = 0;
    return 0;
  }
  guard.live = 1;
  int found = allocator_live_block_in_slot(c, slot, ub, size, stack);
  if (found == 1 && (ignored(*ub) || (SL_UNLIKELY(forked_tids) &&
                                      allocated_by_forked_away(*ub))))
    found = 3;
  guard.live = 0;
  return found;
}

static void snapshot_heap(void) {
  size_t total = 0;
  note_forked_tids();
  for (unsigned c = 1; c < N_CLASSES; c++) {
    allocator_primary_layout(c, &S.cls_beg[c], &S.cls_end[c], &S.cls_size[c]);
    total += (S.cls_end[c] - S.cls_beg[c]) / S.cls_size[c];
  }
  size_t nl = large_count_locked();
  size_t np = pools_live_count_locked() + guard_live_count();
  S.blocks_len = (total + nl + np + 1) * sizeof(leak_block);
  S.blocks = scratch(S.blocks_len);
  S.nblocks = 0;
  if (!S.blocks)
    return;
  for (unsigned c = 1; c < N_CLASSES; c++) {
    size_t nslots = (S.cls_end[c] - S.cls_beg[c]) / S.cls_size[c];
    S.slot_idx[c] = 0;
    S.slot_idx_len[c] = nslots * sizeof(uint32_t);
    if (!nslots || !(S.slot_idx[c] = scratch(S.slot_idx_len[c]))) {
      S.cls_end[c] = S.cls_beg[c]; /* nothing to find here */
      continue;
    }
    for (size_t s = 0; s < nslots; s++) {
      uptr ub;
      size_t size;
      uint32_t stack;
      int found = probe_slot(c, S.cls_beg[c] + s * S.cls_size[c], &ub,
                             &size, &stack);
      if (!found)
        continue;
      leak_block *b = &S.blocks[S.nblocks++];
      b->beg = ub;
      b->size = size;
      b->stack = stack;
      /* A block whose header was overwritten has no stack to report: it
       * is scanned as reachable, so what it points to is not lost; so is
       * an ignored one, or a forked-away thread's in a fork child (3). */
      b->tag = found >= 2 ? LEAK_REACHABLE : LEAK_UNREACHED;
      S.slot_idx[c][s] = (uint32_t)S.nblocks;
    }
  }
  S.large_len = (nl + 1) * sizeof(uptr);
  uptr *ubs = scratch(S.large_len);
  S.large = (uint32_t *)ubs; /* indices overwrite the pointers in place */
  S.nlarge = ubs ? large_live_blocks_locked(ubs, nl) : 0;
  /* Sort by address (insertion sort: large blocks are few). */
  for (size_t i = 1; i < S.nlarge; i++)
    for (size_t j = i; j > 0 && ubs[j - 1] > ubs[j]; j--) {
      uptr t = ubs[j];
      ubs[j] = ubs[j - 1];
      ubs[j - 1] = t;
    }
  for (size_t i = 0; i < S.nlarge; i++) {
    uptr ub = ubs[i];
    chunk_header *h = header_of(ub);
    leak_block *b = &S.blocks[S.nblocks++];
    b->beg = ub;
    b->size = chunk_user_size(h, ub);
    b->stack = h->alloc_stack;
    b->tag = ignored(ub) || (forked_tids && allocated_by_forked_away(ub))
                 ? LEAK_REACHABLE
                 : LEAK_UNREACHED;
    S.large[i] = (uint32_t)(S.nblocks - 1);
  }
  S.large_lo = S.nlarge ? S.blocks[S.large[0]].beg : 0;
  S.large_hi = S.nlarge ? S.blocks[S.large[S.nlarge - 1]].beg +
                              S.blocks[S.large[S.nlarge - 1]].size + 1
                        : 0;
}

static inline long heap_lookup(uptr v, int *start);

/* Heapsort of the pool blocks by address (there may be many). */
static void sift(leak_block *a, size_t i, size_t n) {
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= n)
      return;
    if (c + 1 < n && a[c + 1].beg > a[c].beg)
      c++;
    if (a[i].beg >= a[c].beg)
      return;
    leak_block t = a[i];
    a[i] = a[c];
    a[c] = t;
    i = c;
  }
}

/* Pool blocks (pools.c) are records of their own, after the heap's. A heap
 * block that holds one is a pool's superblock: it is tagged LEAK_SKIP, so
 * it is neither reported nor scanned, and a pointer into it resolves to
 * the pool block there (or to nothing: its free space keeps nothing
 * alive). */
static void snapshot_pools(void) {
  leak_block *a = S.blocks + S.nblocks;
  size_t n = pools_live_blocks_locked(a, pools_live_count_locked());
  /* Guarded blocks (guarded.c) live outside the heap's classes, in their
   * own pool of slots: they join the pools' sorted table, so a leaked one
   * is reported and what it points to is marked from it like any block's
   * contents. */
  n += guard_live_blocks(a + n, guard_live_count());
  for (size_t i = n / 2; i-- > 0;)
    sift(a, i, n);
  for (size_t k = n; k-- > 1;) {
    leak_block t = a[0];
    a[0] = a[k];
    a[k] = t;
    sift(a, 0, k);
  }
  for (size_t i = 0; i < n; i++) {
    int start;
    long sb = heap_lookup(a[i].beg, &start);
    if (sb >= 0)
      S.blocks[sb].tag = LEAK_SKIP;
  }
  S.pool_first = S.nblocks;
  S.npool = n;
  S.nblocks += n;
  S.pool_lo = n ? a[0].beg : 0;
  S.pool_hi = n ? a[n - 1].beg + a[n - 1].size + 1 : 0;
}

static long pool_lookup(uptr v, int *start) {
  if (!S.npool || v < S.pool_lo || v >= S.pool_hi)
    return -1;
  const leak_block *a = S.blocks + S.pool_first;
  size_t lo = 0, hi = S.npool;
  if (a[0].beg > v)
    return -1;
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    if (a[mid].beg <= v)
      lo = mid;
    else
      hi = mid;
  }
  *start = v == a[lo].beg;
  if (*start || v < a[lo].beg + a[lo].size)
    return (long)(S.pool_first + lo);
  return -1;
}

/* The record of the block v points into, or -1; *start: v is its start. */
static inline long lookup(uptr v, int *start) {
  long idx = heap_lookup(v, start);
  if (SL_LIKELY(!S.npool))
    return idx;
  if (idx < 0 || S.blocks[idx].tag == LEAK_SKIP)
    return pool_lookup(v, start);
  return idx;
}

/* A block new[] allocated for zero elements: its 8 or 16 bytes are the
 * cookie, whose last word is the count, 0. */
static int cookie_only_array(long idx, const leak_block *b) {
  return (size_t)idx < S.pool_first && (b->size == 8 || b->size == 16) &&
         !(b->beg & 7) && header_of(b->beg)->type == AT_NEW_ARRAY &&
         *(const uptr *)(b->beg + b->size - 8) == 0;
}

static inline long heap_lookup(uptr v, int *start) {
  long idx = -1;
  if (v >= HEAP_BEG && v < HEAP_END) {
    unsigned c = (unsigned)((v - HEAP_BEG) >> REGION_SHIFT);
    if (v >= S.cls_end[c] || v < S.cls_beg[c])
      return -1;
    uint32_t e = S.slot_idx[c][(v - S.cls_beg[c]) / S.cls_size[c]];
    if (!e)
      return -1;
    idx = (long)e - 1;
  } else if (v >= S.large_lo && v < S.large_hi) {
    size_t lo = 0, hi = S.nlarge;
    while (hi - lo > 1) {
      size_t mid = (lo + hi) / 2;
      if (S.blocks[S.large[mid]].beg <= v)
        lo = mid;
      else
        hi = mid;
    }
    idx = S.large[lo];
  } else {
    return -1;
  }
  const leak_block *b = &S.blocks[idx];
  if (v == b->beg) {
    *start = 1;
    return idx;
  }
  *start = 0;
  if (v > b->beg && v < b->beg + b->size)
    return idx;
  /* new T[0] of a type with a destructor: the block is only the array
   * cookie (a count of 0) and the program holds a pointer just past it,
   * at the block's end. LSan counts that pointer too. */
  if (SL_UNLIKELY(v == b->beg + b->size) && cookie_only_array(idx, b)) {
    *start = 1;
    return idx;
  }
  return -1;
}

/* ---- interior pointers that count as start pointers --------------------
 *
 * Some programs keep only a pointer into a block on purpose; Valgrind's
 * heuristics (--leak-check-heuristics) recognise the common layouts. Ours
 * test the same layouts, more strictly where the runtime knows more:
 *   - new[] cookie: operator new[] allocated the block (its header says
 *     so) and the pointer is the first element, just past the element
 *     count: 8 bytes in, or 16 for 16-byte aligned element types; the
 *     count divides the bytes after the cookie.
 *   - multiple inheritance: the pointer is a secondary base of a C++
 *     object. Both the block's first word and the word at the pointer are
 *     vtable pointers (into a module's read-only data), and their vtables
 *     say so themselves: offset-to-top is 0 for the primary one and minus
 *     the pointer's offset for the secondary one, and both name the same
 *     type_info (Itanium C++ ABI).
 *   - length64: 8 bytes in, and the first word is the length of the rest.
 *   - stdstring: 24 bytes in, in a block laid out as libstdc++'s
 *     copy-on-write string (_GLIBCXX_USE_CXX11_ABI=0): length, capacity,
 *     reference count, then capacity + 1 chars, which fill the block.
 *   - lowbits: 1 to 7 bytes in (blocks are 8-byte aligned, so those bits
 *     are free for tags: glibc's tsearch colours its tree this way), and
 *     found inside another heap block, where such tagged links live (a
 *     tree node's child). The same pointer in a global or on a stack is a
 *     cursor a few bytes into a buffer (a parser's position), not a tag:
 *     possibly lost, as Valgrind says. */

static int rodata_word(uptr w) {
  if ((w & 7) || (w >= HEAP_BEG && w < HEAP_END))
    return 0;
  for (int i = 0; i < S.nrodata; i++)
    if (w >= S.rodata[i].lo + 16 && w + 8 <= S.rodata[i].hi)
      return 1;
  return 0;
}

static int secondary_base(const leak_block *b, uptr v) {
  uptr off = v - b->beg;
  if ((v & 7) || off + 8 > b->size)
    return 0;
  const intptr_t *primary = *(intptr_t *const *)b->beg;
  const intptr_t *secondary = *(intptr_t *const *)v;
  return rodata_word((uptr)primary) && rodata_word((uptr)secondary) &&
         primary[-2] == 0 && secondary[-2] == -(intptr_t)off &&
         primary[-1] == secondary[-1];
}

static int new_array_cookie(const leak_block *b, long idx, uptr v) {
  uptr cookie = v - b->beg;
  if ((size_t)idx >= S.pool_first || (cookie != 8 && cookie != 16) ||
      b->size <= cookie || header_of(b->beg)->type != AT_NEW_ARRAY)
    return 0;
  uptr count = *(const uptr *)(v - 8);
  return count && (b->size - cookie) % count == 0;
}

/* Which of them leak_check_heuristics enables (read once per scan). */
enum {
  H_NEWARRAY = 1,
  H_MULTIPLE_INHERITANCE = 2,
  H_LENGTH64 = 4,
  H_STDSTRING = 8,
  H_LOWBITS = 16,
};
static unsigned heuristics;
/* drain is scanning a heap block (not a root): where lowbits applies. */
static int scanning_block;

static unsigned heuristics_enabled(void) {
  const char *l = sl_opt.leak_check_heuristics;
  return (option_list_has(l, "newarray") ? H_NEWARRAY : 0) |
         (option_list_has(l, "multipleinheritance") ? H_MULTIPLE_INHERITANCE
                                                    : 0) |
         (option_list_has(l, "length64") ? H_LENGTH64 : 0) |
         (option_list_has(l, "stdstring") ? H_STDSTRING : 0) |
         (option_list_has(l, "lowbits") ? H_LOWBITS : 0);
}

static int start_like(const leak_block *b, long idx, uptr v) {
  if (!heuristics || b->beg & 7)
    return 0;
  /* lowbits: a start pointer with flags in its low 3 bits (glibc's
   * tsearch keeps a node's colour in the low bit of a child pointer). */
  if ((heuristics & H_LOWBITS) && v - b->beg < 8 && scanning_block)
    return 1;
  if (b->size < 16)
    return 0;
  const uptr *w = (const uptr *)b->beg;
  uptr off = v - b->beg;
  if ((heuristics & H_LENGTH64) && off == 8 && w[0] == b->size - 8)
    return 1;
  if ((heuristics & H_STDSTRING) && off == 24 && b->size > 24 && w[0] <= w[1] &&
      w[1] + 25 == b->size)
    return 1;
  return ((heuristics & H_NEWARRAY) && new_array_cookie(b, idx, v)) ||
         ((heuristics & H_MULTIPLE_INHERITANCE) && secondary_base(b, v));
}

/* ---- marking ------------------------------------------------------------ */

static void push(uint32_t idx) {
  if (S.nmark == S.mark_cap) {
    size_t cap = S.mark_cap ? S.mark_cap * 2 : 65536;
    uint32_t *m = scratch(cap * sizeof(uint32_t));
    if (!m)
      return; /* out of memory: the block stays marked but unscanned */
    if (S.mark) {
      sl_memcpy(m, S.mark, S.nmark * sizeof(uint32_t));
      unscratch(S.mark, S.mark_cap * sizeof(uint32_t));
    }
    S.mark = m;
    S.mark_cap = cap;
  }
  S.mark[S.nmark++] = idx;
}

enum { FROM_DEFINITE, FROM_POSSIBLE, FROM_CLIQUE };

/* What a pointer found in memory scanned in `mode` does to its target
 * (see the top of the file); leader: the clique being flooded. */
static inline void reach(long idx, uptr v, int start, int mode, long leader) {
  leak_block *b = &S.blocks[idx];
  switch (mode) {
  case FROM_DEFINITE:
    if (!start && b->tag != LEAK_REACHABLE && start_like(b, idx, v))
      start = 1;
    if (start && b->tag != LEAK_REACHABLE) {
      b->tag = LEAK_REACHABLE;
      push((uint32_t)idx);
    } else if (!start && b->tag == LEAK_UNREACHED) {
      b->tag = LEAK_POSSIBLE;
      push((uint32_t)idx);
    }
    break;
  case FROM_POSSIBLE:
    if (b->tag == LEAK_UNREACHED) {
      b->tag = LEAK_POSSIBLE;
      push((uint32_t)idx);
    }
    break;
  default:
    if (b->tag == LEAK_UNREACHED) {
      b->tag = LEAK_INDIRECT;
      push((uint32_t)idx);
    } else if (b->tag == LEAK_DIRECT && idx != leader) {
      b->tag = LEAK_INDIRECT; /* its own clique was already flooded */
    }
  }
}

/* ---- reading memory the program protected -----------------------------
 *
 * A page inside a live block, a global or a root region may be PROT_NONE
 * (guard pages of a debugging allocator, a protected table). Checking
 * each range first would cost a system call per block, so the scan reads
 * directly under a fault guard (fault_guard.h): a fault jumps back into
 * scan_words, which notes the page and goes on after it. Pointers kept on
 * such a page are not seen, so a block only they reach is reported as
 * lost; verbosity=1 names each unreadable range after the scan. */
#define MAX_UNREADABLE 16
static struct {
  range r[MAX_UNREADABLE];
  int n;
  size_t pages; /* all of them, also past MAX_UNREADABLE ranges */
  uptr pos;     /* the word being resolved (a fault may come from there) */
} unreadable;

static void note_unreadable(uptr page) {
  unreadable.pages++;
  int n = unreadable.n;
  if (n && unreadable.r[n - 1].hi == page) {
    unreadable.r[n - 1].hi = page + PAGE;
    return;
  }
  for (int i = 0; i < n; i++)
    if (page >= unreadable.r[i].lo && page < unreadable.r[i].hi)
      return;
  if (n < MAX_UNREADABLE)
    unreadable.r[unreadable.n++] = (range){page, page + PAGE};
}

static void scan_words_direct(uptr lo, uptr hi, const unsigned char *copy,
                              int check_shadow, int mode, long leader);

/* Scans the aligned words of [lo, hi) (a copy may be passed in `copy`, read
 * instead of lo). check_shadow: skip words in poisoned granules. A page
 * that faults is skipped (see above); so is a word whose target faulted
 * when the interior-pointer heuristics read it. */
static void scan_words(uptr lo, uptr hi, const unsigned char *copy,
                       int check_shadow, int mode, long leader) {
  if (sl_opt.use_unaligned == 0)
    lo = (lo + 7) & ~(uptr)7;
  volatile uptr from = lo;
  if (FAULT_GUARD_SET(&guard)) {
    uptr bad = guard.fault_addr & ~(PAGE - 1);
    note_unreadable(bad);
    if (!copy && bad + PAGE > from && bad < hi)
      from = bad + PAGE; /* the range itself: go on after the page */
    else
      from = unreadable.pos + (sl_opt.use_unaligned ? 1 : 8);
    if (from >= hi)
      return;
  }
  guard.live = 1;
  scan_words_direct(from, hi, copy ? copy + (from - lo) : 0, check_shadow,
                    mode, leader);
  guard.live = 0;
}

static void scan_words_direct(uptr lo, uptr hi, const unsigned char *copy,
                              int check_shadow, int mode, long leader) {
  /* use_unaligned=1: a pointer may start at any byte (packed structs). */
  uptr step = sl_opt.use_unaligned ? 1 : 8;
  for (uptr p = lo; p + 8 <= hi; p += step) {
    if (check_shadow && *(const int8_t *)MEM_TO_SHADOW(p))
      continue;
    const unsigned char *at = copy ? copy + (p - lo) : (const unsigned char *)p;
    uptr v;
    if (SL_LIKELY(step == 8))
      v = *(const uptr *)at;
    else
      sl_memcpy(&v, at, sizeof v);
    if (v < HEAP_BEG && (v < S.large_lo || v >= S.large_hi) &&
        (v < S.pool_lo || v >= S.pool_hi))
      continue;
    int start;
    unreadable.pos = p;
    long idx = lookup(v, &start);
    if (idx >= 0)
      reach(idx, v, start, mode, leader);
  }
}

static void scan_range(uptr lo, uptr hi, int check_shadow) {
  if (check_shadow && !(shadow_is_app_mem(lo) && shadow_is_app_mem(hi - 1)))
    check_shadow = 0;
  scan_words(lo, hi, 0, check_shadow, FROM_DEFINITE, -1);
}

/* Copies the page at p into S.page_buf with plain loads under the fault
 * guard; 0 if it faulted. */
static int copy_page_guarded(uptr p) {
  if (FAULT_GUARD_SET(&guard))
    return 0;
  guard.live = 1;
  sl_memcpy(S.page_buf, (const void *)p, PAGE);
  guard.live = 0;
  return 1;
}

/* Copies the page at p into S.page_buf through process_vm_readv, which
 * fails cleanly on unmapped and unreadable pages; whether it could. */
static int read_page(int pid, uptr p) {
  struct iovec local = {S.page_buf, PAGE}, remote = {(void *)p, PAGE};
  long n = sys_call6(SYS_process_vm_readv, pid, (long)&local, 1,
                     (long)&remote, 1, 0);
  /* The kernel refuses pages without PROT_READ that the CPU still
   * reads (x86 has no write-only pages): try the guarded load. */
  return n == (long)PAGE || copy_page_guarded(p);
}

/* Scans the words of [lo, hi) that lie in the page at p, now in
 * S.page_buf. Whole pages are read, but only the words of [lo, hi)
 * scanned: below a suspended fiber's sp lie dead frames. */
static void scan_page_buf(uptr p, uptr lo, uptr hi) {
  uptr from = p < lo ? (lo + 7) & ~(uptr)7 : p;
  uptr to = p + PAGE > hi ? hi : p + PAGE;
  scan_words(from, to, S.page_buf + (from - p), 0, FROM_DEFINITE, -1);
}

/* Reads [lo, hi) a page at a time: for stacks of threads that did not
 * stop. Walks down from hi and stops at the first unreadable page (a
 * stack is mapped from its top down). */
static void scan_range_safely(uptr lo, uptr hi) {
  if (!S.page_buf)
    return;
  int pid = sys_getpid();
  for (uptr p = (hi + PAGE - 1) & ~(PAGE - 1); p > lo;) {
    p -= PAGE;
    if (!read_page(pid, p))
      break;
    scan_page_buf(p, lo, hi);
  }
}

/* Reads every readable page of [lo, hi) and skips the others: for the
 * program's root regions (__lsan_register_root_region), which may have
 * PROT_NONE or unmapped parts anywhere, as LSan scans only their readable
 * mappings. */
static void scan_range_readable(uptr lo, uptr hi) {
  if (!S.page_buf)
    return;
  int pid = sys_getpid();
  for (uptr p = lo & ~(PAGE - 1); p < hi; p += PAGE)
    if (read_page(pid, p))
      scan_page_buf(p, lo, hi);
}

static void drain(int clique, long leader) {
  while (S.nmark) {
    leak_block *b = &S.blocks[S.mark[--S.nmark]];
    int mode = clique                     ? FROM_CLIQUE
               : b->tag == LEAK_REACHABLE ? FROM_DEFINITE
                                          : FROM_POSSIBLE;
    scanning_block = 1;
    scan_words(b->beg, b->beg + b->size, 0, 1, mode, leader);
    scanning_block = 0;
  }
}

/* ---- roots ------------------------------------------------------------- */

/* The runtime's own globals (rt_data_begin.c, rt_data_end.c) are not
 * roots. The markers are trusted only if a global of this file lies
 * between them, i.e. the linker kept the runtime's objects together. */
extern char sleuth_rt_data_begin[], sleuth_rt_data_end[];
extern char sleuth_rt_bss_begin[], sleuth_rt_bss_end[];
static range runtime_data[2];

static void find_runtime_data(void) {
  runtime_data[0] =
      (range){(uptr)sleuth_rt_data_begin, (uptr)sleuth_rt_data_end + 8};
  runtime_data[1] =
      (range){(uptr)sleuth_rt_bss_begin, (uptr)sleuth_rt_bss_end + 8};
  uptr known = (uptr)&scan_lock; /* zero-initialised: .bss */
  if (!(known >= runtime_data[1].lo && known < runtime_data[1].hi))
    runtime_data[1].lo = runtime_data[1].hi = 0;
  if (runtime_data[0].lo >= runtime_data[0].hi)
    runtime_data[0].lo = runtime_data[0].hi = 0;
}

static void add_global(uptr lo, uptr hi) {
  for (int i = 0; i < 2; i++) {
    uptr ex_lo = runtime_data[i].lo, ex_hi = runtime_data[i].hi;
    if (ex_lo < ex_hi && ex_lo < hi && ex_hi > lo) {
      if (lo < ex_lo)
        add_global(lo, ex_lo);
      if (ex_hi < hi)
        add_global(ex_hi, hi);
      return;
    }
  }
  if (S.nglobals < MAX_RANGES && lo < hi)
    S.globals[S.nglobals++] = (range){lo, hi};
}

static int collect_module(struct dl_phdr_info *info, size_t size, void *arg) {
  (void)size, (void)arg;
  int is_ldso = info->dlpi_addr && info->dlpi_addr == getauxval(AT_BASE);
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uptr lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
    /* Vtables: .data.rel.ro (inside PT_GNU_RELRO) or .rodata. */
    if (((ph->p_type == PT_LOAD && !(ph->p_flags & PF_W)) ||
         ph->p_type == PT_GNU_RELRO) &&
        S.nrodata < MAX_RANGES)
      S.rodata[S.nrodata++] = (range){lo, hi};
    if (ph->p_type != PT_LOAD)
      continue;
    if (ph->p_flags & PF_W)
      add_global(lo, hi);
    if (is_ldso && (ph->p_flags & PF_X) && S.nldso < 8)
      S.ldso[S.nldso++] = (range){lo, hi};
  }
  return 0;
}

static int allocated_by_loader(uint32_t stack) {
  uptr pcs[2];
  if (depot_get(stack, pcs, 2) < 2)
    return 0;
  for (int i = 0; i < S.nldso; i++)
    if (pcs[1] > S.ldso[i].lo && pcs[1] <= S.ldso[i].hi)
      return 1;
  return 0;
}

/* Static TLS of a thread: [tp + tcb - static_size, tp + tcb) on x86_64
 * glibc, where tp is the thread pointer (pthread_self) and the sizes come
 * from the loader (_dl_get_tls_static_info) and libthread_db's record of
 * sizeof(struct pthread). Resolved once, before any stop. */
static size_t tls_static_size, tcb_size;
static void resolve_tls_info(void) {
  static int done;
  if (done)
    return;
  done = 1;
  void (*get)(size_t *, size_t *) = (void (*)(size_t *, size_t *))dlsym(
      RTLD_DEFAULT, "_dl_get_tls_static_info");
  const uint32_t *tcb = dlsym(RTLD_DEFAULT, "_thread_db_sizeof_pthread");
  size_t align = 0;
  if (get && tcb) {
    get(&tls_static_size, &align);
    tcb_size = *tcb;
  }
}

static void scan_fake_frame(uptr lo, uptr hi) { scan_range(lo, hi, 1); }

/* Copies n bytes at a into out through process_vm_readv (no fault on an
 * unmapped address); whether all of them could be read. */
static int read_remote(uptr a, void *out, size_t n) {
  struct iovec local = {out, n}, remote = {(void *)a, n};
  return sys_call6(SYS_process_vm_readv, sys_getpid(), (long)&local, 1,
                   (long)&remote, 1, 0) == (long)n;
}

/* Dynamic TLS (the thread-local variables of dlopen'ed modules): glibc
 * mallocs a block per module and thread on first use and keeps it only in
 * the thread's DTV, which for the main thread the loader allocated itself,
 * before the program's malloc was in place (not a heap block, so nothing
 * leads the scan to it). With use_tls they are roots as static TLS is:
 * the DTV's entries are read as a root range, so each block they point to
 * (the entry keeps its start, to_free, next to the aligned val) is
 * reachable and scanned. x86_64 glibc: the DTV pointer is the second word
 * of the TCB at tp; dtv[-1] holds the entry count, entries are 16 bytes
 * from dtv[1] on. */
#define DTV_PTR_OFFSET 8u
#define DTV_ENTRY 16u
#define DTV_MAX_ENTRIES 65536u /* far above any loader's module count */
static void scan_dynamic_tls(uptr tp) {
  uptr dtv, count;
  if (!read_remote(tp + DTV_PTR_OFFSET, &dtv, sizeof dtv) || dtv < DTV_ENTRY ||
      !read_remote(dtv - DTV_ENTRY, &count, sizeof count))
    return;
  if (count > DTV_MAX_ENTRIES)
    count = DTV_MAX_ENTRIES;
  scan_range_readable(dtv + DTV_ENTRY, dtv + DTV_ENTRY + count * DTV_ENTRY);
}

static void scan_thread(const stw_thread *st) {
  sl_thread *t = st->t;
  uptr lo = t->stack_lo, hi = t->stack_hi;
  if (st->state == STW_PARKED || st->state == STW_SELF) {
    uptr sp = st->state == STW_SELF ? S.self_sp : t->saved_sp;
    if (st->state == STW_PARKED && sl_opt.use_registers)
      scan_words((uptr)t->saved_regs,
                 (uptr)t->saved_regs + sizeof t->saved_regs, 0, 0,
                 FROM_DEFINITE, -1);
    /* A parked thread may keep live data in the red zone below its sp;
     * below the scanning thread's sp are only the scanner's own frames. */
    uptr below = st->state == STW_SELF ? 0 : RED_ZONE;
    uptr olo, ohi;
    if (!sl_opt.use_stacks) {
      /* use_stacks=0: no stack is a root (only registers and TLS). */
    } else if (sp >= lo + below && sp < hi) {
      scan_range(sp - below, hi, 0);
    } else {
      if (lo < hi) /* on an alternate stack: read the thread's own whole */
        scan_range_safely(lo, hi);
      /* and the coroutine or signal stack it runs on, from sp up */
      if (stack_bounds_other(t, sp, st->state == STW_SELF, &olo, &ohi))
        scan_range_safely(sp > olo + below ? sp - below : olo, ohi);
    }
  } else if (lo < hi && sl_opt.use_stacks) {
    scan_range_safely(lo, hi);
  }
  /* Locals moved to the fake stack (detect_stack_use_after_return). */
  if (sl_opt.use_stacks)
    fake_stack_for_each_live(t, scan_fake_frame);
  /* Static TLS; glibc carves it out of a thread's stack, which was read
   * above only if use_stacks is on. */
  if (sl_opt.use_tls && t->tp && tls_static_size > tcb_size && tcb_size) {
    uptr end = t->tp + tcb_size, beg = end - tls_static_size;
    if (!(beg >= lo && end <= hi) || !sl_opt.use_stacks)
      scan_range(beg, end, 0);
  }
  if (sl_opt.use_tls && t->tp && tcb_size)
    scan_dynamic_tls(t->tp);
}

/* A coroutine or fiber stack no thread is running on: its suspended
 * frames hold live pointers. Read from where the fiber switch left it, or
 * whole when that is unknown (makecontext stacks: stale frames there can
 * only hide leaks, never invent one). Running stacks were read with their
 * thread; reading them again changes nothing. */
static void scan_other_stack(uptr lo, uptr hi, uptr saved_sp) {
  if (saved_sp == STACK_RUNNING)
    return;
  /* saved_sp is __sanitizer_start_switch_fiber's frame; the switch code
   * called next pushes the fiber's callee-saved registers just below it
   * (48 to 200 bytes in the switchers we know). Below that lie only dead
   * frames. */
  uptr from = saved_sp > lo + FIBER_SWITCH_SLACK && saved_sp < hi
                  ? saved_sp - FIBER_SWITCH_SLACK
                  : lo;
  scan_range_safely(from, hi);
}

/* __lsan_register_root_region: may be partly unmapped or PROT_NONE. */
static void scan_root_region(uptr lo, uptr hi) { scan_range_readable(lo, hi); }

/* ---- the scan ------------------------------------------------------------ */

static void scan_start_arg(uptr lo, uptr hi) { scan_range(lo, hi, 0); }

static void classify(void) {
  for (size_t i = 0; i < S.nblocks; i++)
    if (S.blocks[i].tag == LEAK_REACHABLE) /* ignored (snapshot_heap) */
      push((uint32_t)i);
  for (size_t i = 0; i < S.nblocks; i++)
    if (sl_opt.use_ld_allocations && S.blocks[i].tag == LEAK_UNREACHED &&
        allocated_by_loader(S.blocks[i].stack)) {
      S.blocks[i].tag = LEAK_REACHABLE;
      push((uint32_t)i);
    }
  for (int i = 0; sl_opt.use_globals && i < S.nglobals; i++)
    scan_range(S.globals[i].lo, S.globals[i].hi, 1);
  for (int i = 0; i < S.nthreads; i++)
    scan_thread(&S.threads[i]);
  /* Threads created but not started: their start argument. */
  threads_scan_pending_args_locked(scan_start_arg);
  stack_for_each_other(scan_other_stack);
  if (sl_opt.use_root_regions)
    leak_for_each_root_region(scan_root_region);
  drain(0, -1);
  for (size_t i = 0; i < S.nblocks; i++) {
    if (S.blocks[i].tag != LEAK_UNREACHED)
      continue;
    S.blocks[i].tag = LEAK_DIRECT;
    push((uint32_t)i);
    drain(1, (long)i);
  }
}

static int scan_with_loader_locked(struct dl_phdr_info *info, size_t size,
                                   void *arg) {
  (void)info, (void)size, (void)arg;
  /* dl_iterate_phdr's lock is recursive: collect every module now. */
  dl_iterate_phdr(collect_module, 0);
  large_lock();
  threads_lock();
  pools_lock();
  uint32_t cap;
  threads_table_locked(&cap);
  S.threads_len = (cap + 1) * sizeof(stw_thread);
  S.threads = scratch(S.threads_len);
  S.nthreads = S.threads ? stw_stop(S.threads, (int)cap, STOP_TIMEOUT_MS) : 0;
  S.npool = 0;
  S.pool_lo = S.pool_hi = 0;
  signals_guard_begin();
  fault_guard_arm(&guard);
  snapshot_heap();
  if (S.blocks)
    snapshot_pools();
  if (S.blocks)
    classify();
  fault_guard_disarm(&guard);
  signals_guard_end();
  stw_resume();
  pools_unlock();
  threads_unlock();
  large_unlock();
  return 1;
}

/* Runs one scan; on return S.blocks holds the classified blocks. */
static void run_scan(uptr self_sp, int registered) {
  resolve_tls_info();
  find_runtime_data();
  if (registered)
    thread_current(); /* creates the record now, not under the table lock */
  S.self_sp = self_sp;
  S.nglobals = 0;
  S.nldso = 0;
  S.nrodata = 0;
  heuristics = heuristics_enabled();
  S.globals = scratch(MAX_RANGES * sizeof(range));
  S.rodata = scratch(MAX_RANGES * sizeof(range));
  S.page_buf = scratch(PAGE);
  S.nmark = 0;
  if (S.globals && S.rodata)
    dl_iterate_phdr(scan_with_loader_locked, 0);
}

static void release_scan(void) {
  unscratch(S.blocks, S.blocks_len);
  S.blocks = 0;
  for (unsigned c = 1; c < N_CLASSES; c++) {
    unscratch(S.slot_idx[c], S.slot_idx_len[c]);
    S.slot_idx[c] = 0;
  }
  unscratch(S.large, S.large_len);
  S.large = 0;
  unscratch(S.mark, S.mark_cap * sizeof(uint32_t));
  S.mark = 0;
  S.mark_cap = S.nmark = 0;
  unscratch(S.globals, MAX_RANGES * sizeof(range));
  unscratch(S.rodata, MAX_RANGES * sizeof(range));
  S.globals = S.rodata = 0;
  unscratch(S.page_buf, PAGE);
  unscratch(S.threads, S.threads_len);
  S.threads = 0;
}

static void warn_unstopped(void) {
  for (int i = 0; i < S.nthreads; i++)
    if (S.threads[i].state == STW_TIMED_OUT)
      report_raw("WARNING: Sleuth: thread T%u did not stop for the leak "
                 "scan within %d ms (it blocks signal %d); its whole stack "
                 "was scanned",
                 S.threads[i].t->tid, STOP_TIMEOUT_MS, STW_SIGNAL);
}

/* verbosity=1: the ranges the scan could not read (see scan_words). */
static void tell_unreadable(void) {
  if (!sl_opt.verbosity)
    return;
  for (int i = 0; i < unreadable.n; i++) {
    range r = unreadable.r[i];
    int start;
    long idx = S.blocks ? lookup(r.lo, &start) : -1;
    if (idx < 0 && S.blocks)
      idx = lookup(r.hi - 1, &start);
    if (idx >= 0)
      report_raw("Sleuth: leak scan: [%p,%p) inside the live %zu-byte block "
                 "at %p is not readable (protected by the program); "
                 "pointers kept there were not seen, so blocks only they "
                 "reach are reported as leaks",
                 (void *)r.lo, (void *)r.hi, (size_t)S.blocks[idx].size,
                 (void *)S.blocks[idx].beg);
    else
      report_raw("Sleuth: leak scan: [%p,%p) (a root: module data, TLS or a "
                 "root region) is not readable (protected by the program); "
                 "pointers kept there were not seen, so blocks only they "
                 "reach are reported as leaks",
                 (void *)r.lo, (void *)r.hi);
  }
  size_t listed = 0;
  for (int i = 0; i < unreadable.n; i++)
    listed += (unreadable.r[i].hi - unreadable.r[i].lo) / PAGE;
  if (unreadable.pages > listed)
    report_raw("Sleuth: leak scan: %zu more unreadable page(s)",
               unreadable.pages - listed);
}

void leak_scan(uptr self_sp, int registered, leak_consumer consume, void *arg) {
  spin_lock(&scan_lock);
  uint64_t t0 = sys_monotonic_ns();
  unreadable.n = 0;
  unreadable.pages = 0;
  run_scan(self_sp, registered);
  uint64_t t1 = sys_monotonic_ns();
  if (!S.blocks)
    /* Its tables are fresh mappings: with memory or mappings exhausted
     * there is no scan, and that must not read as "no leaks". */
    report_raw("WARNING: Sleuth: leak scan skipped: could not map its "
               "tables (memory or vm.max_map_count exhausted); leaks are "
               "not reported");
  warn_unstopped();
  tell_unreadable();
  consume(S.blocks, S.blocks ? S.nblocks : 0, arg);
  if (sl_opt.verbosity)
    report_raw("Sleuth: leak scan of %zu blocks took %lu ms",
               S.blocks ? S.nblocks : 0, (unsigned long)((t1 - t0) / 1000000));
  release_scan();
  spin_unlock(&scan_lock);
}

void leak_scan_lock(void) { spin_lock(&scan_lock); }
void leak_scan_unlock(void) { spin_unlock(&scan_lock); }

/* ---- other readers of every block, with the world stopped ------------- */

int leak_guarded_read(int (*read)(void *), void *arg, int on_fault) {
  if (FAULT_GUARD_SET(&guard)) {
    guard.live = 0;
    return on_fault;
  }
  guard.live = 1;
  int r = read(arg);
  guard.live = 0;
  return r;
}

void leak_with_world_stopped(void (*fn)(void *), void *arg) {
  spin_lock(&scan_lock);
  large_lock();
  threads_lock();
  uint32_t cap;
  threads_table_locked(&cap);
  size_t len = (cap + 1) * sizeof(stw_thread);
  stw_thread *threads = scratch(len);
  if (threads)
    stw_stop(threads, (int)cap, STOP_TIMEOUT_MS);
  signals_guard_begin();
  fault_guard_arm(&guard);
  fn(arg);
  fault_guard_disarm(&guard);
  signals_guard_end();
  if (threads)
    stw_resume();
  threads_unlock();
  large_unlock();
  unscratch(threads, len);
  spin_unlock(&scan_lock);
}

typedef struct {
  int only_new, fail;
  size_t leaked;
} report_args;

static void report_blocks(const leak_block *blocks, size_t n, void *arg) {
  report_args *a = arg;
  a->leaked = leak_report(blocks, n, a->only_new, &a->fail);
}

static size_t check(int only_new, int *fail, uptr self_sp) {
  report_args a = {only_new, 0, 0};
  leak_scan(self_sp, 1, report_blocks, &a);
  *fail = a.fail;
  return a.leaked;
}

/* The entry points spill the callee-saved registers into their own frame
 * and scan the calling thread's stack from there up, so the caller's
 * pointers held in registers count and the scanner's own frames do not. */
#define CURRENT_SP(sp) __asm__ volatile("mov %%rsp, %0" : "=r"(sp))

SL_INTERFACE SL_NOINLINE size_t sleuth_leak_check(void) {
  __builtin_unwind_init();
  uptr sp;
  CURRENT_SP(sp);
  int fail;
  return check(0, &fail, sp);
}

SL_INTERFACE SL_NOINLINE size_t sleuth_leak_check_new(void) {
  __builtin_unwind_init();
  uptr sp;
  CURRENT_SP(sp);
  int fail;
  return check(1, &fail, sp);
}

SL_INTERFACE SL_NOINLINE size_t sleuth_leak_growth_check(void) {
  __builtin_unwind_init();
  uptr sp;
  CURRENT_SP(sp);
  return leak_growth_check_from(sp, 1);
}

/* __lsan_do_leak_check: the exit check, now, once: later calls and the
 * check at exit do nothing. Leaks of a kind in leak_kinds_fail end the
 * process with exitcode, as at exit. */
static int final_check_done;
int leak_final_check_done(void) {
  return __atomic_load_n(&final_check_done, __ATOMIC_ACQUIRE);
}

SL_INTERFACE SL_NOINLINE void __lsan_do_leak_check(void) {
  if (!sl_opt.detect_leaks ||
      __atomic_exchange_n(&final_check_done, 1, __ATOMIC_ACQ_REL))
    return;
  __builtin_unwind_init();
  uptr sp;
  CURRENT_SP(sp);
  int fail = 0;
  check(0, &fail, sp);
  if (fail) {
    report_hooks_death();
    sys_exit_group((int)sl_opt.exitcode);
  }
}

/* __lsan_do_recoverable_leak_check: a full report each time; 1 if it
 * found leaks of a kind in leak_kinds_fail. */
SL_INTERFACE SL_NOINLINE int __lsan_do_recoverable_leak_check(void) {
  if (!sl_opt.detect_leaks)
    return 0;
  __builtin_unwind_init();
  uptr sp;
  CURRENT_SP(sp);
  int fail = 0;
  check(0, &fail, sp);
  return fail;
}

/* The service thread has no thread record (it is not a program thread):
 * its stack is not a root, and it must not get a record now. */
SL_NOINLINE void leak_growth_check(void) {
  __builtin_unwind_init();
  uptr sp;
  CURRENT_SP(sp);
  leak_growth_check_from(sp, thread_current_or_null() != 0);
}

static uptr leak_exit_floor; /* see leak_note_exit_floor */

void leak_note_exit_floor(void) {
  if (sl_opt.detect_leaks)
    __atomic_store_n(&leak_exit_floor, unwind_live_floor_at_exit(),
                     __ATOMIC_RELAXED);
}

SL_NOINLINE int leak_check_at_exit(void) {
  int growth_fail = leak_growth_at_exit();
  if (!sl_opt.detect_leaks || leak_final_check_done() || __lsan_is_turned_off())
    return growth_fail;
  __builtin_unwind_init();
  uptr sp;
  CURRENT_SP(sp);
  /* After main returned, only exit's caller and up are live on this stack:
   * the rest held main's frames, and their stale pointers would hide the
   * leaks of a program that simply forgot to free before returning. */
  uptr floor = __atomic_load_n(&leak_exit_floor, __ATOMIC_RELAXED);
  if (floor > sp)
    sp = floor;
  int fail = 0;
  check(0, &fail, sp);
  return fail || growth_fail;
}
