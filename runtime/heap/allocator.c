/* The primary allocator: size classes carved from fixed per-class regions,
 * per-thread slot caches in front of per-class central free lists (a lock
 * only on refill), and the checks every free needs before a header is
 * trusted. Large blocks: allocator_large.c; delayed reuse: quarantine.c. */
#include "allocator_internal.h"

#include <errno.h>
#include <sys/mman.h>

#include "aslr_reexec.h"
#include "guarded.h"
#include "heapprof.h"
#include "malloc_hooks.h"
#include "mmap_limit.h"
#include "rss_limit.h"
#include "options.h"
#include "redzone_pattern.h"
#include "report.h"
#include "shadow.h"
#include "threads.h"
#include "unwind.h"

/* A thread caches up to 32 KiB of free slots per class, at least 32 and at
 * most TC_MAX of them: small blocks come and go by the hundred between two
 * of the quarantine's eviction rounds (256 blocks each), and a cache of 32
 * sent most of them through the central list and back, a lock and a cold
 * link per slot each way. */
#define TC_MAX 256
#define TC_BYTES (32u << 10)
#define CARVE_BYTES (64u << 10)

typedef struct {
  uint32_t count;
  uptr slots[TC_MAX];
} tc_class;

typedef struct {
  tc_class cls[N_CLASSES];
  quarantine_batch q;
} alloc_cache;

/* Free slots on their way between thread caches: a full cache gives half
 * of itself to the central class as one batch, and an empty one takes a
 * batch back, one lock and no read of the slots' cold memory either way
 * (the intrusive list below reads a link in each slot it hands out). */
#define XFER_SLOTS (TC_MAX / 2)
#define XFER_MAX_FULL 64 /* batches per class; beyond, the intrusive list */
typedef struct xfer_batch {
  struct xfer_batch *next;
  uint32_t n;
  uptr slots[XFER_SLOTS];
} xfer_batch;

typedef struct {
  spin_t lock;
  uptr free_head; /* intrusive list, link at slot + 8 */
  xfer_batch *full, *spare;
  uint32_t n_full;
  uptr carved_end;
  uptr populated_end; /* prefault_claim: faulted in up to here */
  uint32_t slot_size;
  uint64_t slot_magic; /* slot_div_magic(slot_size) */
  uint32_t tc_cap;     /* slots a thread's cache holds of this class */
} central_class;

static central_class central[N_CLASSES];
static size_t max_user_size;
static uint32_t min_rz_log, max_rz_log = 7;

static inline uptr region_beg(unsigned c) {
  return HEAP_BEG + ((uptr)c << REGION_SHIFT);
}
static inline uptr region_end(unsigned c) { return region_beg(c + 1); }

/* Slot sizes: 16-byte steps up to 256, then four per power of two. Those
 * between 1 KiB and 8 KiB get one cache line more, an odd number of lines
 * in all: at a multiple of 1 KiB, the same column of many blocks (matrix
 * rows, records of one size) would fall into one L1 set in 16 and thrash
 * it (a 520-row matrix product through row pointers took 0.40 s instead of
 * 0.25 s). From 8 KiB on slots stay whole pages, as hiding them needs
 * (quarantine_protect.c). */
static uint32_t class_size(unsigned c) {
  if (c <= 16)
    return c * 16;
  unsigned l = 8 + (c - 17) / 4, sub = (c - 17) % 4;
  uint32_t size = (1u << l) + (sub + 1) * (1u << (l - 2));
  if (size > 1024 && size < RELEASE_MIN_FOOTPRINT)
    size += 64;
  return size;
}

static inline unsigned class_for(size_t need) {
  if (need <= 256)
    return (unsigned)((need + 15) >> 4);
  unsigned l = 63 - (unsigned)__builtin_clzll(need - 1);
  unsigned sub = (unsigned)((need - 1) >> (l - 2)) & 3;
  return 17 + (l - 8) * 4 + sub;
}

/* Left redzone grows with the block (ASan's table, FACTS.md). */
static inline uint32_t rz_log_for(size_t n) {
  uint32_t l = n <= 48      ? 0
               : n <= 96    ? 1
               : n <= 448   ? 2
               : n <= 3968  ? 3
               : n <= 16128 ? 4
               : n <= 32256 ? 5
               : n <= 64512 ? 6
                            : 7;
  l = l < max_rz_log ? l : max_rz_log;
  return l > min_rz_log ? l : min_rz_log;
}

uptr sl_heap_beg = HEAP_DEFAULT_BEG;

static long reserve_heap(uptr at, uptr len) {
  return (long)sys_mmap((void *)at, len, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
                            (at ? 0x100000 /* MAP_FIXED_NOREPLACE */ : 0),
                        -1, 0);
}

/* The fallback that needs no privilege: a range the kernel picks (it has
 * room for terabytes above the executable), trimmed to a region-aligned
 * HEAP_SIZE so region arithmetic stays shifts. The shadow is mapped by
 * now, so the kernel cannot pick shadow; the check is for the record. */
static uptr reserve_heap_anywhere(void) {
  uptr align = (uptr)1 << REGION_SHIFT, len = HEAP_SIZE + align;
  long r = reserve_heap(0, len);
  if (r < 0 && r > -4096)
    return 0;
  uptr got = (uptr)r, beg = (got + align - 1) & ~(align - 1);
  if (beg > got)
    sys_munmap((void *)got, beg - got);
  if (got + len > beg + HEAP_SIZE)
    sys_munmap((void *)(beg + HEAP_SIZE), got + len - (beg + HEAP_SIZE));
  if (!shadow_is_app_mem(beg) || !shadow_is_app_mem(beg + HEAP_SIZE - 1)) {
    sys_munmap((void *)beg, HEAP_SIZE);
    return 0;
  }
  return beg;
}

/* What a new block needs beyond the usual when the preloaded runtime's
 * redzone pattern is on, or with poison_partial=0 (its last granule
 * addressable whole): one flag for both, so the defaults cost malloc no
 * more than they did. */
static int alloc_extras_on;

/* Whether fill_freed has anything to do: preloaded, or max_free_fill_size
 * set (one flag, so the default costs free no more than it did). */
static int freed_fill_on;

void allocator_init(void) {
  if (reserve_heap(HEAP_DEFAULT_BEG, HEAP_SIZE) != (long)HEAP_DEFAULT_BEG) {
    char what[80];
    sl_snprintf(what, sizeof what, "the heap range [%p, %p)",
                (void *)HEAP_DEFAULT_BEG,
                (void *)(HEAP_DEFAULT_BEG + HEAP_SIZE));
    aslr_reexec_or_return(what); /* returns if it cannot help */
    uptr beg = reserve_heap_anywhere();
    if (!beg) {
      report_raw("ERROR: Sleuth: cannot reserve the heap: %p is in use and "
                 "no other %zu GiB range is free (is 'ulimit -v' set?)",
                 (void *)HEAP_DEFAULT_BEG, (size_t)(HEAP_SIZE >> 30));
      sys_exit_group(1);
    }
    sl_heap_beg = beg;
    if (sl_opt.verbosity)
      report_raw("Sleuth: %s is in use; the heap is at %p instead", what,
                 (void *)beg);
  }
  for (unsigned c = 1; c < N_CLASSES; c++) {
    central[c].slot_size = class_size(c);
    central[c].slot_magic = slot_div_magic(central[c].slot_size);
    uint32_t cap = TC_BYTES / central[c].slot_size;
    central[c].tc_cap = cap < 32 ? 32 : cap > TC_MAX ? TC_MAX : cap;
    central[c].carved_end = region_beg(c);
    central[c].populated_end = region_beg(c);
  }
  unsigned long long rz = sl_opt.redzone;
  min_rz_log = 0;
  while ((16ull << min_rz_log) < rz && min_rz_log < 7)
    min_rz_log++;
  /* max_redzone caps what larger blocks get (ASan's option); redzone,
   * the minimum, wins where the two disagree. */
  max_rz_log = 0;
  while ((16ull << max_rz_log) < sl_opt.max_redzone && max_rz_log < 7)
    max_rz_log++;
  max_user_size = sl_opt.max_allocation_size_mb
                      ? (size_t)sl_opt.max_allocation_size_mb << 20
                      : (size_t)1 << 40;
  freed_fill_on = rz_pattern_on || sl_opt.max_free_fill_size;
  alloc_extras_on = rz_pattern_on || !sl_opt.poison_partial;
  malloc_hooks_init();
}

/* NULL when no cache could be mapped (memory or mappings exhausted). */
static alloc_cache *cache_get(void) {
  sl_thread *t = thread_current();
  if (SL_UNLIKELY(!t->alloc_cache))
    t->alloc_cache = ialloc(sizeof(alloc_cache));
  return t->alloc_cache;
}

/* Fresh memory of a busy class is faulted in ahead of the carving, by
 * madvise(MADV_POPULATE_WRITE): one system call per window instead of a
 * page fault per page, for the slots and for their shadow. Until a quarantine
 * of 256 MiB is full nothing is reused, so an allocation-heavy program
 * touches hundreds of MB of fresh pages, and on a VM a fault costs several
 * microseconds (12 us measured here, 5.5 us a page by populate; speedtest1
 * spent 18 % of its time in page faults, nearly all on fresh slots). Only
 * classes below RELEASE_MIN_FOOTPRINT (dense: many slots a page, handed out
 * low addresses first, never given back by the quarantine) and only once
 * a class has carved PREFAULT_MIN_CARVED: a class the program barely uses
 * gets no resident memory it does not touch. The window ahead is an
 * eighth of what the class has carved, at most PREFAULT_MAX_WINDOW. */
#define PREFAULT_MIN_CARVED (256u << 10)
#define PREFAULT_MAX_WINDOW (256u << 10)
#define MADV_POPULATE_WRITE_ 23 /* Linux 5.14 */
static int prefault_unsupported;

static inline uptr page_down(uptr a) { return a & ~(uptr)4095; }
static inline uptr page_up(uptr a) { return (a + 4095) & ~(uptr)4095; }

/* Called with cc->lock held, after carving up to cc->carved_end: the
 * range to fault in (*lo < *hi), claimed for this caller; 0 for none. */
static int prefault_claim(central_class *cc, unsigned c, uptr *lo,
                          uptr *hi) {
  uptr base = region_beg(c), end = cc->carved_end;
  if (cc->slot_size >= RELEASE_MIN_FOOTPRINT || prefault_unsupported ||
      end - base < PREFAULT_MIN_CARVED)
    return 0;
  uptr window = (end - base) / 8;
  if (window > PREFAULT_MAX_WINDOW)
    window = PREFAULT_MAX_WINDOW;
  /* Half a window left ahead: claim the next one (batches of at least
   * half a window per call). */
  if (cc->populated_end > end + window / 2)
    return 0;
  uptr from = cc->populated_end > end ? cc->populated_end : page_down(end);
  uptr to = page_up(end + window);
  if (to > region_end(c))
    to = region_end(c);
  if (to <= from)
    return 0;
  cc->populated_end = to;
  *lo = from;
  *hi = to;
  return 1;
}

/* Faults in the pages of [lo, hi) at once. */
static void populate(uptr lo, uptr hi) {
  lo = page_down(lo);
  hi = page_up(hi);
  if (sys_madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE_) == -EINVAL)
    prefault_unsupported = 1; /* an older kernel */
}

/* Without the class lock: slots being faulted in may already be handed
 * out and written (the kernel serialises the two on each page). */
static SL_NOINLINE void prefault(uptr lo, uptr hi) {
  populate(lo, hi);
  populate(MEM_TO_SHADOW(lo), MEM_TO_SHADOW(hi));
}

/* A large block (its own fresh mapping) is faulted in before realloc
 * copies 16 KiB or more into it: what is copied is resident afterwards
 * anyway. Large blocks the program fills itself are left to fault as it
 * goes: it may never touch most of a big mapping. (A block that size is
 * never a guarded one, which has no chunk header.) */
static inline void prefault_copy(uptr q, size_t n) {
  if (n >= (16u << 10) && !prefault_unsupported &&
      (header_of(q)->flags & CF_LARGE))
    populate(q, q + n);
}

/* A block in a slot of RELEASE_MIN_FOOTPRINT or more, while the
 * quarantine gives such slots' pages back (quarantine.c): its pages are
 * not resident (given back, or a fresh slot), and each would be a fault as
 * the program writes it (request_server: 276 k faults for 24 k buffers of
 * 8-64 KiB, a third of its CPU time on this VM). They are faulted in at
 * once instead, as resident as a reused block of any allocator that keeps
 * freed memory (glibc's, ASan's): the cost falls on a program that never
 * touches most of a live block of 8-128 KiB. */
static inline void prefault_released(uptr p, size_t n) {
  if (!prefault_unsupported &&
      sl_opt.quarantine_size_mb >= (RELEASE_MIN_LIMIT >> 20))
    populate(p, p + n);
}

/* Fills the thread cache of class c from the central class: a batch,
 * else the intrusive free list, else fresh slots (poisoned as redzone). */
static SL_NOINLINE int refill(alloc_cache *ac, unsigned c) {
  central_class *cc = &central[c];
  tc_class *tc = &ac->cls[c];
  uint32_t want = cc->tc_cap / 2;
  uptr pre_lo, pre_hi;
  int pre = 0;
  spin_lock(&cc->lock);
  xfer_batch *b = cc->full;
  if (b && tc->count + b->n <= TC_MAX) {
    cc->full = b->next;
    cc->n_full--;
    __builtin_memcpy(&tc->slots[tc->count], b->slots, b->n * sizeof(uptr));
    tc->count += b->n;
    b->next = cc->spare;
    cc->spare = b;
    spin_unlock(&cc->lock);
    return 1;
  }
  while (tc->count < want && cc->free_head) {
    uptr s = cc->free_head;
    cc->free_head = *(uptr *)(s + 8);
    tc->slots[tc->count++] = s;
  }
  if (tc->count < want) {
    uptr beg = cc->carved_end;
    uint32_t n = want - tc->count;
    if (n * cc->slot_size < CARVE_BYTES)
      n = CARVE_BYTES / cc->slot_size;
    if (n > want - tc->count)
      n = want - tc->count;
    if (n == 0)
      n = 1;
    uptr end = beg + (uptr)n * cc->slot_size;
    if (end > region_end(c) ||
        !mmap_limit_charge(end - beg)) {
      spin_unlock(&cc->lock);
      return tc->count > 0;
    }
    /* The shadow is written whole right here: fault it in at once when it
     * spans two pages or more (64 KiB of slots: big slots, whose memory
     * is not prefaulted). */
    if (end - beg >= (64u << 10) && !prefault_unsupported)
      populate(MEM_TO_SHADOW(beg), MEM_TO_SHADOW(end));
    /* And the first granule past the carve, the next slot's left redzone
     * whenever it is carved: uncarved memory's shadow reads 0, and a write
     * just past the last carved slot's block must not pass for one into
     * addressable memory. */
    shadow_poison(beg, (end < region_end(c) ? end + 16 : end) - beg,
                  SH_HEAP_REDZONE);
    /* Published after the shadow: a reader of every slot (the leak scan,
     * the exit check) that stops this thread in between would otherwise
     * see new slots whose shadow is still 0 behind the redzone granule
     * the last carve left, a live block with an overwritten header. */
    __atomic_store_n(&cc->carved_end, end, __ATOMIC_RELEASE);
    for (uptr s = end; s > beg;) /* hand out low addresses first */
      tc->slots[tc->count++] = (s -= cc->slot_size);
    pre = prefault_claim(cc, c, &pre_lo, &pre_hi);
  }
  spin_unlock(&cc->lock);
  if (pre)
    prefault(pre_lo, pre_hi);
  return tc->count > 0;
}

/* what: the runtime's mapping that failed, or NULL (the heap is full, or
 * too_big). */
static SL_NOINLINE void *fail_alloc(size_t size, size_t align, int type,
                                    uptr pc, uptr fp, int too_big,
                                    const char *what) {
  if (sl_opt.allocator_may_return_null && !(type & AT_NEVER_NULL)) {
    errno = ENOMEM;
    return 0;
  }
  uint32_t stack = stack_capture_id(pc, fp);
  size_t total;
  if (too_big)
    report_allocation_size_too_big(
        size,
        ((size + 15) & ~(size_t)15) + (align > 16 ? align : 0) +
            ((size_t)16 << rz_log_for(size)),
        max_user_size, stack);
  else if (rss_limit_take_refusal())
    report_rss_limit_exceeded((size_t)sl_opt.soft_rss_limit_mb, stack);
  else if (mmap_limit_take_refusal(&total))
    report_mmap_limit(size, total, (size_t)sl_opt.mmap_limit_mb, stack);
  else
    report_out_of_memory(size, stack, what);
  if (type & AT_NEVER_NULL) /* reported; returning would be worse */
    sys_exit_group((int)sl_opt.exitcode);
  errno = ENOMEM;
  return 0;
}

static uptr slot_of(uptr addr, unsigned *cls);

/* The statistics behind allocator_get_stats: plain stores, since only the
 * owning thread writes its counters (no lock prefix on the hot path). */
static inline void count_heap(sl_thread *t, int64_t live, int64_t held) {
  __atomic_store_n(&t->heap_live_bytes, t->heap_live_bytes + live,
                   __ATOMIC_RELAXED);
  __atomic_store_n(&t->heap_held_bytes, t->heap_held_bytes + held,
                   __ATOMIC_RELAXED);
}

int allocator_block_redzones(uptr ub, uptr *left_lo, uptr *left_hi,
                             uptr *right_lo, uptr *right_hi) {
  chunk_header *h = header_of(ub);
  *left_hi = (uptr)h;
  *right_lo = ub + chunk_user_size(h, ub);
  if (h->flags & CF_LARGE) {
    large_header *lh = large_of(ub, h);
    *left_lo = (uptr)(lh + 1);
    *right_hi = (uptr)lh + lh->map_len;
    return 1;
  }
  unsigned c;
  uptr slot = slot_of(ub, &c);
  if (!slot)
    return 0;
  *left_lo = slot + ((h->flags & CF_MEMALIGN) ? sizeof(uptr) : 0);
  *right_hi = slot + central[c].slot_size;
  return 1;
}


static SL_NOINLINE void fill_redzones(chunk_header *h) {
  uptr ub = (uptr)(h + 1), ll, lh, rl, rh;
  h->free_tid = LIVE_FREE_TID;
  if (allocator_block_redzones(ub, &ll, &lh, &rl, &rh))
    rz_pattern_fill(ll, lh, rl, rh);
}

/* (alloc_extras_on, above.) */
static SL_NOINLINE void alloc_extras(chunk_header *h, uptr ub, size_t size) {
  if (!sl_opt.poison_partial && (size & 7))
    shadow_unpoison(ub + (size & ~(uptr)7), SHADOW_GRANULE);
  if (rz_pattern_on)
    fill_redzones(h);
}

uptr allocator_redzone_first_bad(uptr ub) {
  chunk_header *h = header_of(ub);
  uptr ll, lh, rl, rh;
  if (!allocator_block_redzones(ub, &ll, &lh, &rl, &rh))
    return 0;
  uptr bad = rz_pattern_first_bad(ll, lh, rl, rh);
  if (bad >= rl || h->free_tid == LIVE_FREE_TID)
    return bad;
  /* The header field next to the block: name its last changed byte. */
  return (h->free_tid >> 8) != (LIVE_FREE_TID >> 8) ? ub - 1 : ub - 2;
}


/* At free: redzone bytes overwritten since malloc mean an overflow that no
 * check saw (uninstrumented code). */
static SL_NOINLINE void check_redzones(uptr ub, chunk_header *h,
                                       uint32_t free_stack) {
  uptr bad = allocator_redzone_first_bad(ub);
  if (!bad)
    return;
  chunk_info ci;
  if (allocator_overflow_source(&bad, ub, &ci)) {
    report_redzone_corrupted(bad, &ci, free_stack, ub);
    return;
  }
  chunk_fill_info(ub, h, &ci);
  ci.state = CHUNK_ALLOCATED; /* describe it as it was until now */
  report_redzone_corrupted(bad, &ci, free_stack, 0);
}

/* Preloaded: what a freed block holds while quarantined, after its
 * record: a copy of its free stack (a use-after-free write most often hits
 * a struct's first fields, the record, and would take the free stack with
 * it), then the pattern, both compared when it leaves the quarantine.
 * Otherwise free_fill_byte over up to max_free_fill_size bytes after the
 * record, as ASan (which keeps its own record there too). */
static void fill_freed(uptr p, size_t size, uint32_t free_stack) {
  uptr from = p + sizeof(freed_info);
  if (!rz_pattern_on) {
    size_t n = p + size > from ? p + size - from : 0;
    if (n > sl_opt.max_free_fill_size)
      n = (size_t)sl_opt.max_free_fill_size;
    if (n)
      __builtin_memset((void *)from, (int)sl_opt.free_fill_byte, n);
    return;
  }
  if (size >= FREED_BACKUP_END) {
    *(uint32_t *)from = free_stack;
    from += sizeof(uint32_t);
  }
  if (p + size > from)
    rz_pattern_fill(0, 0, from, p + size);
}

void allocator_refill_freed(uptr ub) {
  fill_freed(ub, chunk_user_size(header_of(ub), ub),
             ((freed_info *)ub)->free_stack);
}

/* stack: the allocation stack's id when the caller has it (realloc takes
 * one stack for the new block and the old one's free, as ASan does), 0 to
 * capture it here. */
static inline __attribute__((always_inline)) void *
allocate(size_t size, size_t align, int type, int zero, uptr pc, uptr fp,
         uint32_t stack) {
  /* Alignment counts: a huge one is as impossible as a huge size. */
  if (SL_UNLIKELY(size > max_user_size || align > max_user_size - size))
    return fail_alloc(size, align, type, pc, fp, 1, 0);
  if (SL_UNLIKELY(guard_sample_due())) {
    void *g = guard_allocate(size, align, type, zero, pc, fp);
    if (g) {
      if (SL_UNLIKELY(malloc_hooks_on))
        malloc_hooks_after_alloc(g, size);
      return g;
    }
  }
  uint8_t align_bits =
      (uint8_t)(align_log_capped(align) << CF_ALIGN_SHIFT);
  if (align < 16)
    align = 16;
  uint32_t rz_log = rz_log_for(size);
  size_t rz = (size_t)16 << rz_log;
  size_t need = rz + ((size + 15) & ~(size_t)15) + (size ? 0 : 16) +
                (align > 16 ? align - 16 : 0);
  /* Preloaded, an overflow is only seen in the pattern after the block: a
   * size that fills its last granule gets one more, or the first byte past
   * it would be the next slot's header (and blamed on that block). */
  if (SL_UNLIKELY(rz_pattern_on) && !(size & 15))
    need += 16;
  chunk_header *h;
  uptr user_beg;
  size_t held;
  if (SL_UNLIKELY(need > MAX_PRIMARY_SLOT || align > 4096)) {
    const char *what = 0;
    user_beg = (uptr)large_allocate(size, align, !zero, &h, &what);
    if (!user_beg)
      return fail_alloc(size, align, type, pc, fp, 0, what);
    h->rz_log = 0;
    held = large_of(user_beg, h)->map_len;
    /* A fresh mapping reads zeros: calloc needs nothing more. */
    if (!zero)
      heap_fill_new_block(user_beg, size);
  } else {
    unsigned c = class_for(need);
    alloc_cache *ac = cache_get();
    if (SL_UNLIKELY(!ac))
      return fail_alloc(size, align, type, pc, fp, 0,
                        "the thread's allocation cache");
    tc_class *tc = &ac->cls[c];
    if (SL_UNLIKELY(tc->count == 0) && !refill(ac, c))
      return fail_alloc(size, align, type, pc, fp, 0, 0);
    uptr slot = tc->slots[--tc->count];
    user_beg = slot + rz;
    uint8_t flags = 0;
    if (SL_UNLIKELY(align > 16)) {
      uptr aligned = (user_beg + align - 1) & ~(uptr)(align - 1);
      if (aligned != user_beg) {
        flags = CF_MEMALIGN;
        user_beg = aligned;
        *(uptr *)slot = user_beg ^ MEMALIGN_MAGIC;
      }
    }
    held = central[c].slot_size;
    uptr slot_end = slot + held;
    h = header_of(user_beg);
    /* One store of the whole header, no read first: the page under it may
     * have gone back to the kernel (a fresh or released slot), and a read
     * there (a bit-field's read-modify-write) would map the zero page, so
     * the write after it would need a copy and a TLB flush on every CPU. */
    *h = (chunk_header){.state = CHUNK_AVAILABLE,
                        .flags = flags,
                        .rz_log = (uint8_t)rz_log,
                        .user_size = (uint32_t)size};
    /* The header before the shadow says live, for a thread that stops
     * this one in between (chunk_damage.c: header_in_flight). */
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    /* Left redzone, then the block, then everything to the slot's end. */
    shadow_poison(slot, user_beg - slot, SH_HEAP_REDZONE);
    shadow_unpoison(user_beg, size);
    uptr tail = (user_beg + size + 7) & ~(uptr)7;
    shadow_poison(tail, slot_end - tail, SH_HEAP_REDZONE);
    if (held >= RELEASE_MIN_FOOTPRINT)
      prefault_released(user_beg, size);
    if (zero)
      __builtin_memset((void *)user_beg, 0, size);
    else
      heap_fill_new_block(user_beg, size);
  }
  h->flags |= align_bits;
  h->type = (uint8_t)(type & ~AT_NEVER_NULL);
  sl_thread *t = thread_current();
  h->alloc_tid = t->tid > 0xffff ? 0xffff : (uint16_t)t->tid;
  h->alloc_stack = stack ? stack : stack_capture_id(pc, fp);
  count_heap(t, (int64_t)size, (int64_t)held);
  if (SL_UNLIKELY(t->lsan_disabled))
    h->flags |= CF_LEAK_IGNORED;
  if (SL_UNLIKELY(alloc_extras_on))
    alloc_extras(h, user_beg, size);
  if (SL_UNLIKELY(heapprof_on)) {
    if (heapprof_sample_due(size)) {
      h->flags |= CF_SAMPLED;
      heapprof_record_sample((void *)user_beg, h->alloc_stack, h->alloc_tid, size);
    }
    /* After the sample: a growth dump this count triggers must show it. */
    heapprof_note_alloc(size);
  }
  header_seal(user_beg, h);
  __atomic_store_n(&h->state, CHUNK_ALLOCATED, __ATOMIC_RELEASE);
  if (SL_UNLIKELY(malloc_hooks_on))
    malloc_hooks_after_alloc((void *)user_beg, size);
  return (void *)user_beg;
}

void *sl_allocate(size_t size, size_t align, int type, int zero, uptr pc,
                  uptr fp) {
  return allocate(size, align, type, zero, pc, fp, 0);
}

/* Slot of a primary-heap address, or 0 if addr is not in a carved slot. */
static uptr slot_of(uptr addr, unsigned *cls) {
  if (addr < HEAP_BEG || addr >= HEAP_END)
    return 0;
  unsigned c = (unsigned)((addr - HEAP_BEG) >> REGION_SHIFT);
  if (c == 0)
    return 0;
  uptr rb = region_beg(c);
  if (addr >= __atomic_load_n(&central[c].carved_end, __ATOMIC_ACQUIRE))
    return 0;
  *cls = c;
  return rb + slot_div(addr - rb, central[c].slot_magic) * central[c].slot_size;
}

uptr chunk_slot(uptr addr, uint32_t *slot_size) {
  unsigned c;
  uptr slot = slot_of(addr, &c);
  if (slot)
    *slot_size = central[c].slot_size;
  return slot;
}

/* The header of the block that starts at p, validated without trusting
 * anything p points at until p is known to be a block start. */
static chunk_header *validate(uptr p) {
  if (p & 15)
    return 0;
  unsigned c;
  uptr slot = slot_of(p, &c);
  chunk_header *h = header_of(p);
  uint8_t st;
  if (!slot) {
    if (!large_find(p))
      return 0;
    st = __atomic_load_n(&h->state, __ATOMIC_ACQUIRE);
  } else {
    /* A hidden quarantined block (quarantine_protect.c) has no readable
     * page: make it ordinary first (a double free of it, a report). */
    if (slot_maybe_hidden(c, slot))
      quarantine_reveal_slot(slot);
    /* A block starts 16 << rz_log bytes into its slot, or where the
     * slot's memalign back-link says: elsewhere there is no header to
     * read (and there may be no page: quarantine_protect.c). */
    uptr off = p - slot;
    if ((off < 16 || off > 2048 || (off & (off - 1))) &&
        *(uptr *)slot != (p ^ MEMALIGN_MAGIC))
      return 0;
    st = __atomic_load_n(&h->state, __ATOMIC_ACQUIRE);
    if (st != CHUNK_ALLOCATED && st != CHUNK_QUARANTINED &&
        st != CHUNK_AVAILABLE)
      return 0;
    if (h->flags & CF_LARGE)
      return 0;
    if (p + h->user_size > slot + central[c].slot_size)
      return 0;
    if (h->flags & CF_MEMALIGN) {
      if (*(uptr *)slot != (p ^ MEMALIGN_MAGIC))
        return 0;
    } else if (h->rz_log != rz_log_for(h->user_size) ||
               p != slot + (16u << h->rz_log)) {
      return 0;
    }
  }
  /* A recycled slot's header is partly overwritten by its free-list link:
   * only live and quarantined headers carry a valid check. */
  if (st != CHUNK_AVAILABLE && !header_intact(p, h))
    return 0;
  return h;
}

/* For chunk_damage.c: its cold paths reach the class layout through
 * these (the hot paths here keep the inline forms). */
uptr chunk_slot_class(uptr addr, unsigned *cls) { return slot_of(addr, cls); }
uint32_t class_slot_size(unsigned c) { return central[c].slot_size; }
uint32_t chunk_rz_log_for(size_t n) { return rz_log_for(n); }
chunk_header *chunk_validate(uptr p) { return validate(p); }

/* The header of the live block starting at p, or NULL. */
static chunk_header *live_block(uptr p) {
  chunk_header *h = validate(p);
  return h && __atomic_load_n(&h->state, __ATOMIC_ACQUIRE) == CHUNK_ALLOCATED
             ? h
             : 0;
}

int allocator_ignore_for_leaks(uptr p) {
  if (SL_UNLIKELY(guard_owns((void *)p)))
    return guard_ignore_for_leaks((void *)p);
  chunk_header *h = live_block(p);
  if (h)
    __atomic_fetch_or(&h->flags, CF_LEAK_IGNORED, __ATOMIC_RELAXED);
  return h != 0;
}

int allocator_set_alloc_stack(uptr p, uint32_t stack) {
  chunk_header *h = live_block(p);
  if (h) {
    __atomic_store_n(&h->alloc_stack, stack, __ATOMIC_RELAXED);
    header_seal(p, h);
  }
  return h != 0;
}

/* stack: the free stack's id when the caller has it (realloc), 0 to
 * capture it here. */
static inline __attribute__((always_inline)) void
deallocate(void *ptr, int type, int has_size, size_t size, size_t align,
           uptr pc, uptr fp, uint32_t stack) {
  if (!ptr)
    return;
  if (SL_UNLIKELY(malloc_hooks_on))
    malloc_hooks_before_free(ptr);
  if (SL_UNLIKELY(guard_owns(ptr))) {
    guard_free(ptr, pc, fp);
    return;
  }
  uptr p = (uptr)ptr;
  chunk_header *h = validate(p);
  if (SL_UNLIKELY(!h)) {
    uint32_t stack = stack_capture_id(pc, fp);
    if (!chunk_repair_damaged(p, stack, "freed")) {
      report_bad_free(p, stack_capture_full_id(pc, fp));
      return;
    }
    h = header_of(p);
  }
  uint8_t expected = CHUNK_ALLOCATED;
  if (SL_UNLIKELY(!__atomic_compare_exchange_n(
          &h->state, &expected, CHUNK_QUARANTINED, 0, __ATOMIC_ACQ_REL,
          __ATOMIC_ACQUIRE))) {
    report_double_free(p, stack_capture_full_id(pc, fp));
    return;
  }
  uint32_t free_stack = stack ? stack : stack_capture_id(pc, fp);
  size_t user_size = chunk_user_size(h, p);
  /* A rebuilt header (AT_LOST) knows nothing to compare the call with. */
  if (SL_UNLIKELY(rz_pattern_on) && h->type != AT_LOST)
    check_redzones(p, h, free_stack);
  if (SL_UNLIKELY(h->type != type) && h->type != AT_LOST &&
      sl_opt.alloc_dealloc_mismatch)
    report_alloc_dealloc_mismatch(p, h->type, type,
                                  stack_capture_full_id(pc, fp));
  /* Sized delete with another size; an over-aligned new (alignment above
   * 16, the default) deleted without its alignment, or a plain new with
   * one, as ASan checks them: one report with whichever disagree (an
   * alignment of 0 is "default-aligned"). */
  unsigned alloc_log = chunk_align_log(h->flags);
  if (SL_UNLIKELY((has_size && size != user_size) || align || alloc_log > 4) &&
      h->type != AT_LOST && sl_opt.new_delete_type_mismatch) {
    int size_bad = has_size && size != user_size;
    unsigned dealloc_log = align_log_capped(align);
    int align_bad = (h->type == AT_NEW || h->type == AT_NEW_ARRAY) &&
                    (type == AT_NEW || type == AT_NEW_ARRAY) &&
                    (alloc_log > 4 || dealloc_log > 4) &&
                    alloc_log != dealloc_log;
    if (size_bad || align_bad)
      report_new_delete_type_mismatch(
          p, size_bad ? user_size : 0, size_bad ? size : 0,
          align_bad ? (alloc_log > 4 ? (size_t)1 << alloc_log : 0) : 0,
          align_bad ? (dealloc_log > 4 ? align : 0) : 0, align_bad,
          stack_capture_full_id(pc, fp));
  }
  if (SL_UNLIKELY(heapprof_on)) {
    heapprof_note_free(user_size);
    if (h->flags & CF_SAMPLED)
      heapprof_release_sample((void *)p, h->alloc_stack, h->alloc_tid, user_size);
  }
  sl_thread *t = thread_current();
  h->free_tid = t->tid > 0xffff ? 0xffff : (uint16_t)t->tid;
  count_heap(t, -(int64_t)user_size, 0);
  freed_info *fi = (freed_info *)p;
  fi->free_stack = free_stack;
  if (SL_UNLIKELY(freed_fill_on))
    fill_freed(p, user_size, free_stack);
  shadow_poison(p, user_size ? user_size : 1, SH_FREED);
  alloc_cache *ac = cache_get();
  /* No cache could be mapped for this thread: the block stays quarantined
   * for good (poisoned as freed, never reused) rather than fail a free. */
  if (SL_LIKELY(ac))
    quarantine_put(ac, &ac->q, p, chunk_footprint(p));
}

void sl_deallocate_aligned(void *ptr, int type, int has_size, size_t size,
                           size_t align, uptr pc, uptr fp) {
  deallocate(ptr, type, has_size, size, align, pc, fp, 0);
}

void sl_deallocate(void *ptr, int type, int has_size, size_t size, uptr pc,
                   uptr fp) {
  sl_deallocate_aligned(ptr, type, has_size, size, 0, pc, fp);
}

size_t chunk_footprint(uptr user_beg) {
  /* From the address alone: a hidden block's header cannot be read. */
  if (user_beg >= HEAP_BEG && user_beg < HEAP_END)
    return central[(user_beg - HEAP_BEG) >> REGION_SHIFT].slot_size;
  chunk_header *h = header_of(user_beg);
  return large_of(user_beg, h)->map_len;
}

int chunk_release_range(uptr ub, uptr *lo, uptr *hi) {
  chunk_header *h = header_of(ub);
  size_t keep = SL_UNLIKELY(rz_pattern_on)
                    ? FREED_BACKUP_END + RZ_PATTERN_MAX /* fill_freed */
                    : sizeof(freed_info);
  uptr end;
  if (h->flags & CF_LARGE) {
    large_header *lh = large_of(ub, h);
    end = (uptr)lh + lh->map_len;
  } else {
    unsigned c;
    uptr slot = slot_of(ub, &c);
    if (!slot)
      return 0;
    end = slot + central[c].slot_size;
    /* A memalign back-link left by an earlier block of the slot names a
     * header that block_in_slot reads: keep its page too. */
    uptr stale = *(uptr *)slot ^ MEMALIGN_MAGIC;
    if (stale > ub && stale < end && stale - ub > keep)
      keep = stale - ub;
  }
  *lo = page_up(ub + keep);
  *hi = page_down(end);
  return *hi > *lo;
}

/* Moves the newer half of a full thread cache to the central class as a
 * batch; 0 if the class holds enough batches already (or no memory). */
static SL_NOINLINE int give_batch(tc_class *tc, unsigned c) {
  central_class *cc = &central[c];
  uint32_t n = tc->count / 2;
  if (n > XFER_SLOTS)
    n = XFER_SLOTS;
  spin_lock(&cc->lock);
  xfer_batch *b = cc->n_full < XFER_MAX_FULL ? cc->spare : 0;
  if (b)
    cc->spare = b->next;
  else if (cc->n_full < XFER_MAX_FULL)
    /* Made only when no spare exists, so every batch is full then: at most
     * XFER_MAX_FULL per class, ever. */
    b = ialloc(sizeof *b);
  if (!b) {
    spin_unlock(&cc->lock);
    return 0;
  }
  tc->count -= n;
  __builtin_memcpy(b->slots, &tc->slots[tc->count], n * sizeof(uptr));
  b->n = n;
  b->next = cc->full;
  cc->full = b;
  cc->n_full++;
  spin_unlock(&cc->lock);
  return 1;
}

void chunk_recycle(uptr user_beg, void *cache) {
  chunk_header *h = header_of(user_beg);
  size_t footprint = chunk_footprint(user_beg);
  count_heap(thread_current(), 0, -(int64_t)footprint);
  if (h->flags & CF_LARGE) {
    large_release(user_beg);
    return;
  }
  unsigned c;
  uptr slot = slot_of(user_beg, &c);
  __atomic_store_n(&h->state, CHUNK_AVAILABLE, __ATOMIC_RELEASE);
  alloc_cache *ac = cache;
  if (ac) {
    tc_class *tc = &ac->cls[c];
    if (tc->count >= central[c].tc_cap)
      give_batch(tc, c);
    if (tc->count < central[c].tc_cap) {
      tc->slots[tc->count++] = slot;
      return;
    }
  }
  central_class *cc = &central[c];
  spin_lock(&cc->lock);
  *(uptr *)(slot + 8) = cc->free_head;
  cc->free_head = slot;
  spin_unlock(&cc->lock);
}

void *sl_calloc(size_t n, size_t elem, uptr pc, uptr fp) {
  size_t total;
  if (SL_UNLIKELY(__builtin_mul_overflow(n, elem, &total))) {
    if (sl_opt.allocator_may_return_null) {
      errno = ENOMEM;
      return 0;
    }
    report_calloc_overflow(n, elem, stack_capture_id(pc, fp));
    errno = ENOMEM;
    return 0;
  }
  return sl_allocate(total, 16, AT_MALLOC, 1, pc, fp);
}

void *sl_reallocate(void *ptr, size_t size, uptr pc, uptr fp) {
  if (!ptr)
    return sl_allocate(size, 16, AT_MALLOC, 0, pc, fp);
  if (size == 0 && sl_opt.allocator_frees_and_returns_null_on_realloc_zero) {
    sl_deallocate(ptr, AT_MALLOC, 0, 0, pc, fp);
    return 0;
  }
  if (SL_UNLIKELY(guard_owns(ptr)))
    return guard_reallocate(ptr, size, pc, fp);
  uptr p = (uptr)ptr;
  chunk_header *h = validate(p);
  if (SL_UNLIKELY(!h)) {
    uint32_t stack = stack_capture_id(pc, fp);
    if (!chunk_repair_damaged(p, stack, "reallocated")) {
      report_bad_free(p, stack_capture_full_id(pc, fp));
      return 0;
    }
    h = header_of(p);
  }
  if (SL_UNLIKELY(__atomic_load_n(&h->state, __ATOMIC_ACQUIRE) !=
                  CHUNK_ALLOCATED)) {
    report_double_free(p, stack_capture_full_id(pc, fp));
    return 0;
  }
  /* One stack for both halves: the new block's allocation and the old
   * one's free are the same call (the frames walked are the same). */
  uint32_t stack = stack_capture_id(pc, fp);
  void *q = allocate(size, 16, AT_MALLOC, 0, pc, fp, stack);
  if (!q)
    return 0;
  size_t old = chunk_user_size(h, p), copied = old < size ? old : size;
  prefault_copy((uptr)q, copied);
  __builtin_memcpy(q, ptr, copied);
  deallocate(ptr, AT_MALLOC, 0, 0, 0, pc, fp, stack);
  return q;
}

static SL_NOINLINE chunk_header *usable_size_damaged(uptr p) {
  uint32_t stack = stack_capture_id((uptr)__builtin_return_address(0),
                                    (uptr)__builtin_frame_address(0));
  return chunk_repair_damaged(p, stack, "measured (malloc_usable_size)")
             ? header_of(p)
             : 0;
}

size_t sl_usable_size(const void *ptr) {
  if (!ptr)
    return 0;
  if (SL_UNLIKELY(guard_owns(ptr)))
    return guard_usable_size(ptr);
  chunk_header *h = validate((uptr)ptr);
  if (SL_UNLIKELY(!h))
    h = usable_size_damaged((uptr)ptr);
  if (!h || h->state != CHUNK_ALLOCATED)
    return 0;
  return chunk_user_size(h, (uptr)ptr);
}

void allocator_thread_exit(void *cache) {
  alloc_cache *ac = cache;
  if (!ac)
    return;
  quarantine_flush_thread(&ac->q);
  for (unsigned c = 1; c < N_CLASSES; c++) {
    central_class *cc = &central[c];
    tc_class *tc = &ac->cls[c];
    if (!tc->count)
      continue;
    spin_lock(&cc->lock);
    while (tc->count) {
      uptr s = tc->slots[--tc->count];
      *(uptr *)(s + 8) = cc->free_head;
      cc->free_head = s;
    }
    spin_unlock(&cc->lock);
  }
}

void allocator_lock_all(void) {
  quarantine_lock();
  large_lock();
  for (unsigned c = 1; c < N_CLASSES; c++)
    spin_lock(&central[c].lock);
}

void allocator_unlock_all(void) {
  for (unsigned c = 1; c < N_CLASSES; c++)
    spin_unlock(&central[c].lock);
  large_unlock();
  quarantine_unlock();
}

size_t allocator_quarantine_bytes(void) { return quarantine_bytes(); }

void allocator_get_stats(allocator_stats *out) {
  int64_t live = 0, held = 0;
  uint32_t cap;
  threads_lock();
  sl_thread **tab = threads_table_locked(&cap);
  for (uint32_t i = 0; i < cap; i++)
    if (tab[i]) {
      live += __atomic_load_n(&tab[i]->heap_live_bytes, __ATOMIC_RELAXED);
      held += __atomic_load_n(&tab[i]->heap_held_bytes, __ATOMIC_RELAXED);
    }
  threads_unlock();
  size_t mapped = large_mapped_bytes();
  for (unsigned c = 1; c < N_CLASSES; c++)
    mapped += __atomic_load_n(&central[c].carved_end, __ATOMIC_ACQUIRE) -
              region_beg(c);
  out->live_bytes = live > 0 ? (size_t)live : 0;
  out->heap_bytes = mapped;
  out->free_bytes = held <= 0                ? mapped
                    : (size_t)held < mapped ? mapped - (size_t)held
                                            : 0;
}

int allocator_live_size(const void *p, size_t *size) {
  if (SL_UNLIKELY(guard_owns(p)))
    return guard_live_size(p, size);
  chunk_header *h = live_block((uptr)p);
  if (h && size)
    *size = chunk_user_size(h, (uptr)p);
  return h != 0;
}

void allocator_purge(void) {
  alloc_cache *ac = cache_get();
  if (!ac)
    return;
  quarantine_flush_thread(&ac->q);
  quarantine_drain(ac);
}

/* ---- for the leak scanner (leak.c), with the world stopped ------------ */

void allocator_primary_layout(unsigned c, uptr *beg, uptr *carved_end,
                              uint32_t *slot_size) {
  *beg = region_beg(c);
  *carved_end = __atomic_load_n(&central[c].carved_end, __ATOMIC_ACQUIRE);
  *slot_size = central[c].slot_size;
}
