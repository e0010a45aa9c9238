/* Protected quarantine pages. Once a quarantined block's pages have gone
 * back to the kernel (quarantine.c), making them PROT_NONE costs nothing
 * more in memory, and any access to them then faults: the SIGSEGV handler
 * asks allocator_fault_in_quarantine first and reports a heap-use-after-free
 * with the access's stack and the block's stacks.
 *
 * Hidden blocks (full detection, instrumented or preloaded): a quarantined
 * block whose slot is whole pages (page-aligned, a multiple of 4 KiB, 8 KiB
 * or more; not memalign'ed) gives back all of its pages, its first one
 * too: its header and freed_info (all the runtime reads of it) are copied
 * into the side table first, and the slot is made PROT_NONE. Adjacent
 * hidden slots are one protected run, so a shadow page (32 KiB of heap)
 * that lies wholly over hidden slots holds nothing anybody needs and goes
 * back to the kernel too (it then reads 0, "addressable": instrumented
 * code lets the access through, and it faults on the protected page). The
 * slot's first granule gets shadow 0 even where its shadow page stays, the
 * hint (slot_maybe_hidden) that the slot must not be read. Revealing a
 * block (when it leaves the quarantine, when a report or a free needs it,
 * after a fault) lifts the protection, writes its header and record back
 * and restores its slot's shadow to the freed state, so that nothing else
 * ever sees a difference.
 *
 * Preloaded only, blocks that cannot be hidden keep their first page and
 * have the pages after it protected (their shadow stays).
 *
 * Where the kernel has guard markers (MADV_GUARD_INSTALL, Linux 6.13), a
 * batch's given-back ranges are made to fault with one more vectored
 * madvise, and each range leaving the quarantine is made accessible again
 * likewise: no split of the heap's mapping, and only the address space's
 * read lock (mprotect takes it for writing, so the other threads' page
 * faults wait). Elsewhere, or with quarantine_guard_markers=0, each block
 * is mprotect'ed PROT_NONE and back; each such run splits the heap's
 * mapping, so at most cap blocks (8192, less when vm.max_map_count is
 * low) are protected at a time. Either way, blocks past the cap only give
 * their pages back.
 *
 * The side table, keyed by slot (primary) or user pointer (large), uses
 * linear probing with backward-shift deletion (no tombstones to pile up
 * as blocks come and go). Everything that changes a hidden block's state runs under the
 * table's lock, so a shadow page is given back only while every slot over
 * it is hidden, and restored shadow is never given back. */
#include "allocator_internal.h"

#include <sys/mman.h>
#include <sys/uio.h>

#include "insn_decode.h"
#include "options.h"
#include "redzone_pattern.h"
#include "report.h"
#include "threads.h"

#define PROTECT_MAX 8192u
#define TABLE_SIZE (2 * PROTECT_MAX) /* a power of two, half full at most */
#define SHADOW_PAGE_SPAN ((uptr)4096 << SLEUTH_SHADOW_SCALE)

/* An entry's kind: only protected (preloaded, first page kept); listed
 * for hiding while its batch is released; hidden; being revealed (by the
 * thread that marked it so, without the lock: the others wait for the
 * entry to go away). */
enum { K_PROTECTED, K_PENDING, K_HIDDEN, K_REVEALING, K_REVEALING_HIDDEN };
static inline int revealing(uint8_t k) {
  return k == K_REVEALING || k == K_REVEALING_HIDDEN;
}

typedef struct {
  uptr key; /* slot (primary) or user_beg (large); 0 empty */
  uptr ub;
  /* Hidden blocks only: what lay in the first page. */
  chunk_header hdr;
  freed_info fi;
  uint8_t kind;
} prot_entry;

static spin_t lock;
static prot_entry *table;
static uint32_t count, cap;
int sl_shadow_hidden;
/* Hidden blocks per size class: a range check within a class that has
 * none needs no slot lookup (shadow_may_touch_hidden, shadow_reveal). */
uint32_t sl_hidden_in_class[N_CLASSES];
static inline void count_hidden(uptr slot, int d) {
  unsigned c = (unsigned)((slot - HEAP_BEG) >> REGION_SHIFT);
  __atomic_fetch_add(&sl_shadow_hidden, d, __ATOMIC_RELAXED);
  __atomic_fetch_add(&sl_hidden_in_class[c], (uint32_t)d, __ATOMIC_RELAXED);
}
static size_t shadow_released; /* bytes of shadow given back so far */

static inline uint32_t home_of(uptr key) {
  return (uint32_t)(((key >> 4) * 0x9e3779b97f4a7c15ull) >> 32) &
         (TABLE_SIZE - 1);
}

static uint32_t find_locked(uptr key) {
  if (!table)
    return TABLE_SIZE;
  for (uint32_t i = home_of(key);; i = (i + 1) & (TABLE_SIZE - 1)) {
    if (table[i].key == key)
      return i;
    if (!table[i].key)
      return TABLE_SIZE;
  }
}

static void remove_locked(uint32_t i) {
  if (table[i].kind == K_HIDDEN || table[i].kind == K_REVEALING_HIDDEN)
    count_hidden(table[i].key, -1);
  table[i].key = 0;
  __atomic_store_n(&count, count - 1, __ATOMIC_RELAXED);
  /* Move later entries of the run back into the gap they may probe past. */
  for (uint32_t j = (i + 1) & (TABLE_SIZE - 1); table[j].key;
       j = (j + 1) & (TABLE_SIZE - 1)) {
    uint32_t h = home_of(table[j].key);
    /* j's entry may fill the gap at i unless its home lies in (i, j]. */
    if (((j - h) & (TABLE_SIZE - 1)) >= ((j - i) & (TABLE_SIZE - 1))) {
      table[i] = table[j];
      table[j].key = 0;
      i = j;
    }
  }
}

/* vm.max_map_count: each protected run may split a mapping in three, and
 * the program needs its own mappings too. */
static uint32_t cap_from_map_count(void) {
  char buf[32];
  long n = 0, limit = 65530;
  int fd = sys_open("/proc/sys/vm/max_map_count", 0 /* O_RDONLY */, 0);
  if (fd >= 0) {
    n = sys_read(fd, buf, sizeof buf - 1);
    sys_close(fd);
  }
  if (n > 0) {
    limit = 0;
    for (long i = 0; i < n && buf[i] >= '0' && buf[i] <= '9'; i++)
      limit = limit * 10 + (buf[i] - '0');
  }
  long c = limit / 8;
  return c > (long)PROTECT_MAX ? PROTECT_MAX : c < 0 ? 0 : (uint32_t)c;
}

/* Whether ranges are made inaccessible with guard markers (decided with
 * the table, before any block is protected, so every protected range is
 * undone the way it was done). */
static int guards;

static int guards_work(void) {
  if (!sl_opt.quarantine_guard_markers)
    return 0;
  void *p = sys_map_anon(4096);
  if (!p)
    return 0;
  int ok = sys_madvise(p, 4096, MADV_GUARD_INSTALL) == 0;
  sys_munmap(p, 4096);
  return ok;
}

static int table_ready_locked(void) {
  if (!table) {
    table = ialloc(TABLE_SIZE * sizeof(prot_entry));
    guards = guards_work();
    cap = guards ? PROTECT_MAX : cap_from_map_count();
  }
  return table != 0;
}

int quarantine_hide_guards(void) { return guards; }

/* Makes [lo, hi) fault on access, or accessible again (reading zeros). */
static int protect_range(uptr lo, uptr hi) {
  return guards ? sys_madvise((void *)lo, hi - lo, MADV_GUARD_INSTALL)
                : sys_mprotect((void *)lo, hi - lo, PROT_NONE);
}
static void unprotect_range(uptr lo, uptr hi) {
  if (guards)
    sys_madvise((void *)lo, hi - lo, MADV_GUARD_REMOVE);
  else
    sys_mprotect((void *)lo, hi - lo, PROT_READ | PROT_WRITE);
}

static uint32_t insert_locked(uptr key, uptr ub) {
  uint32_t i = home_of(key);
  while (table[i].key)
    i = (i + 1) & (TABLE_SIZE - 1);
  table[i].key = key;
  table[i].ub = ub;
  table[i].kind = K_PROTECTED;
  __atomic_store_n(&count, count + 1, __ATOMIC_RELAXED);
  return i;
}

static uptr key_of(uptr ub) {
  uint32_t ss;
  uptr slot = chunk_slot(ub, &ss);
  return slot ? slot : ub;
}

int quarantine_hide_enabled(void) {
  return sl_opt.handle_segv && sl_opt.checker;
}

int quarantine_hide_prepare_locked(uptr ub, uptr *lo, uptr *hi) {
  uint32_t ss;
  uptr slot = chunk_slot(ub, &ss);
  if (!slot || (ss & 4095) || ss < RELEASE_MIN_FOOTPRINT)
    return 0;
  chunk_header *h = header_of(ub);
  if ((h->flags & CF_MEMALIGN) || !table_ready_locked() || count >= cap ||
      find_locked(slot) != TABLE_SIZE)
    return 0;
  uint32_t i = insert_locked(slot, ub);
  table[i].hdr = *h;
  table[i].fi = *(freed_info *)ub;
  table[i].kind = K_PENDING; /* not hidden until hide_finish */
  *lo = slot;
  *hi = slot + ss;
  return 1;
}

/* The slot's shadow as a quarantined block's: left redzone, freed bytes,
 * redzone to the slot's end (what sl_allocate and the free left). */
static void restore_shadow(uptr slot, uint32_t ss, uptr ub, size_t size) {
  shadow_poison(slot, ub - slot, SH_HEAP_REDZONE);
  size_t n = size ? size : 1;
  shadow_poison(ub, n, SH_FREED);
  uptr tail = (ub + n + 7) & ~(uptr)7;
  if (tail < slot + ss)
    shadow_poison(tail, slot + ss - tail, SH_HEAP_REDZONE);
}

/* Writes back what a hidden block kept in its first page; its pages must
 * be accessible (they read zeros). */
static void write_back(const prot_entry *e, uint32_t ss) {
  chunk_header *h = header_of(e->ub);
  *h = e->hdr;
  h->state = CHUNK_QUARANTINED;
  *(freed_info *)e->ub = e->fi;
  if (SL_UNLIKELY(rz_pattern_on))
    allocator_refill_freed(e->ub);
  /* The hint (the slot's first granule) last: whoever sees it gone finds
   * the header in place. */
  restore_shadow(e->key, ss, e->ub, e->hdr.user_size);
}

void quarantine_hide_finish_locked(uptr ub, int released, int protected_) {
  uint32_t ss;
  uptr slot = chunk_slot(ub, &ss);
  uint32_t i = find_locked(slot);
  if (i == TABLE_SIZE || table[i].kind != K_PENDING)
    return;
  if (released && protected_) {
    /* The record's copy is the one that counts from now on. */
    table[i].kind = K_HIDDEN;
    count_hidden(slot, 1);
    /* The hint, where the slot's shadow page stays. */
    shadow_unpoison(slot, SHADOW_GRANULE);
    return;
  }
  if (released) /* not protected: the zeroed first page needs its data */
    write_back(&table[i], ss);
  remove_locked(i);
}

/* Whether every byte of [a, b) (within one size class's region) lies in
 * a hidden slot. */
static int all_hidden_locked(uptr a, uptr b) {
  for (uptr x = a; x < b;) {
    uint32_t ss;
    uptr slot = chunk_slot(x, &ss);
    if (!slot)
      return 0;
    uint32_t i = find_locked(slot);
    if (i == TABLE_SIZE || table[i].kind != K_HIDDEN)
      return 0;
    x = slot + ss;
  }
  return 1;
}

void quarantine_hide_shadow_locked(const uptr *lo, const uptr *hi, size_t n) {
  struct iovec iov[64];
  size_t k = 0;
  for (size_t r = 0; r < n; r++) {
    uptr a = lo[r] & ~(SHADOW_PAGE_SPAN - 1);
    for (; a < hi[r]; a += SHADOW_PAGE_SPAN) {
      if (!all_hidden_locked(a, a + SHADOW_PAGE_SPAN))
        continue;
      uptr sp = MEM_TO_SHADOW(a);
      if (k && sp >= (uptr)iov[k - 1].iov_base &&
          sp < (uptr)iov[k - 1].iov_base + iov[k - 1].iov_len)
        continue; /* a span the previous range already ended in */
      if (k && (uptr)iov[k - 1].iov_base + iov[k - 1].iov_len == sp) {
        iov[k - 1].iov_len += 4096;
        continue;
      }
      if (k == 64) {
        for (size_t j = 0; j < k; j++)
          shadow_released += iov[j].iov_len;
        sys_madvise_ranges(iov, k, MADV_DONTNEED, 0);
        k = 0;
      }
      iov[k].iov_base = (void *)sp;
      iov[k++].iov_len = 4096;
    }
  }
  for (size_t j = 0; j < k; j++)
    shadow_released += iov[j].iov_len;
  sys_madvise_ranges(iov, k, MADV_DONTNEED, 0);
}

/* The range an entry's protection covers: a hidden block's whole slot,
 * else the pages chunk_release_range gave back. */
static int entry_range(const prot_entry *e, uptr *lo, uptr *hi) {
  if (e->kind == K_HIDDEN) {
    uint32_t ss;
    *lo = chunk_slot(e->ub, &ss);
    *hi = *lo + ss;
    return 1;
  }
  return chunk_release_range(e->ub, lo, hi);
}

/* Makes an entry's block ordinary again: its pages accessible and, when
 * it was hidden, what its first page held written back. */
static void undo(const prot_entry *e) {
  uptr lo, hi;
  if (entry_range(e, &lo, &hi))
    unprotect_range(lo, hi);
  if (e->kind == K_HIDDEN)
    write_back(e, (uint32_t)(hi - lo));
}

/* With the lock held and entry i found (hidden or protected): marks it
 * being revealed, drops the lock, reveals it and drops the entry. The
 * system call and the writes happen without the lock, so that the threads
 * recycling blocks do not queue behind each other. Returns whether the
 * block was hidden. */
static int reveal_unlock(uint32_t i) {
  prot_entry copy = table[i];
  table[i].kind = copy.kind == K_HIDDEN ? K_REVEALING_HIDDEN : K_REVEALING;
  spin_unlock(&lock);
  undo(&copy);
  spin_lock(&lock);
  uint32_t j = find_locked(copy.key);
  if (j != TABLE_SIZE)
    remove_locked(j);
  spin_unlock(&lock);
  return copy.kind == K_HIDDEN;
}

/* Finds key's entry, locked, once nobody is revealing it; TABLE_SIZE
 * (unlocked) if there is none. */
static uint32_t find_settled_lock(uptr key) {
  for (;;) {
    spin_lock(&lock);
    uint32_t i = find_locked(key);
    if (i == TABLE_SIZE) {
      spin_unlock(&lock);
      return TABLE_SIZE;
    }
    if (!revealing(table[i].kind))
      return i;
    spin_unlock(&lock);
    sys_sched_yield();
  }
}

static int reveal_key(uptr key) {
  if (!__atomic_load_n(&count, __ATOMIC_RELAXED))
    return 0;
  uint32_t i = find_settled_lock(key);
  if (i == TABLE_SIZE)
    return 0;
  if (table[i].kind == K_PENDING) { /* its batch's thread is at it */
    spin_unlock(&lock);
    return 0;
  }
  return reveal_unlock(i);
}

int quarantine_reveal_slot(uptr slot) { return reveal_key(slot); }

/* With the world stopped, any thread may have parked in the middle of a
 * batch's release or a reveal, without the lock: an entry that is pending
 * (its slot may be given back, protected or not yet), hidden, or hidden
 * and being revealed (its header may be half written back) is a
 * quarantined block whose memory must not be read. Only a block that kept
 * its first page (protected, or being revealed from that) has a header to
 * read. A thread parked inside remove_locked may leave the table's probe
 * run broken, so a lookup can miss an entry: the leak scan reads slots
 * under its fault guard for that reason (leak.c, probe_slot). */
int quarantine_slot_unreadable_nolock(uptr slot) {
  if (!__atomic_load_n(&count, __ATOMIC_RELAXED))
    return 0;
  uint32_t i = find_locked(slot);
  return i != TABLE_SIZE && table[i].kind != K_PROTECTED &&
         table[i].kind != K_REVEALING;
}

freed_info *quarantine_hidden_record_lock(uptr ub) {
  uint32_t i = find_settled_lock(key_of(ub));
  if (i == TABLE_SIZE)
    return 0;
  if (table[i].kind == K_HIDDEN)
    return &table[i].fi;
  spin_unlock(&lock);
  return 0;
}

void quarantine_protect_locked(uptr ub, uptr lo, uptr hi) {
  if (!table_ready_locked() || count >= cap ||
      find_locked(key_of(ub)) != TABLE_SIZE)
    return;
  /* Under the lock, so a fault on these pages finds the block listed. */
  if (protect_range(lo, hi) == 0)
    insert_locked(key_of(ub), ub);
}

/* Kept small: this runs on the free path, maybe on a small thread stack. */
#define UNPROTECT_BATCH 16

/* Reveals the protected blocks among ubs[0..n) (at most UNPROTECT_BATCH)
 * with one system call for all where guard markers protect them. */
static void unprotect_some(const uptr *ubs, size_t n) {
  prot_entry e[UNPROTECT_BATCH];
  struct iovec iov[UNPROTECT_BATCH];
  uptr busy[UNPROTECT_BATCH];
  size_t m = 0, nbusy = 0;
  spin_lock(&lock);
  for (size_t k = 0; k < n; k++) {
    uint32_t i = find_locked(key_of(ubs[k]));
    uptr lo, hi;
    if (i == TABLE_SIZE)
      continue;
    if (table[i].kind == K_REVEALING || table[i].kind == K_REVEALING_HIDDEN) {
      busy[nbusy++] = ubs[k]; /* a report or a fault is at it: wait below */
      continue;
    }
    if ((table[i].kind != K_HIDDEN && table[i].kind != K_PROTECTED) ||
        !entry_range(&table[i], &lo, &hi))
      continue;
    e[m] = table[i];
    table[i].kind = e[m].kind == K_HIDDEN ? K_REVEALING_HIDDEN : K_REVEALING;
    iov[m].iov_base = (void *)lo;
    iov[m++].iov_len = hi - lo;
  }
  spin_unlock(&lock);
  for (size_t j = 0; j < nbusy; j++)
    reveal_key(key_of(busy[j])); /* waits until the other thread is done */
  if (!m)
    return;
  /* As reveal_unlock, without the lock: these blocks are ours. */
  if (guards)
    sys_madvise_ranges(iov, m, MADV_GUARD_REMOVE, 0);
  else
    for (size_t j = 0; j < m; j++)
      sys_mprotect(iov[j].iov_base, iov[j].iov_len, PROT_READ | PROT_WRITE);
  for (size_t j = 0; j < m; j++)
    if (e[j].kind == K_HIDDEN)
      write_back(&e[j], (uint32_t)iov[j].iov_len);
  spin_lock(&lock);
  for (size_t j = 0; j < m; j++) {
    uint32_t i = find_locked(e[j].key);
    if (i != TABLE_SIZE)
      remove_locked(i);
  }
  spin_unlock(&lock);
}

void quarantine_unprotect_batch(const uptr *ubs, size_t n) {
  uptr some[UNPROTECT_BATCH];
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (!__atomic_load_n(&count, __ATOMIC_RELAXED))
      return;
    /* Only blocks with a whole page to give back were protected (the
     * footprint comes from the address: a hidden header cannot be read). */
    if (chunk_footprint(ubs[i]) < RELEASE_MIN_FOOTPRINT)
      continue;
    some[k++] = ubs[i];
    if (k == UNPROTECT_BATCH) {
      unprotect_some(some, k);
      k = 0;
    }
  }
  if (k)
    unprotect_some(some, k);
}

void quarantine_hide_stats(size_t *hidden, size_t *protected_blocks,
                           size_t *shadow_bytes, int *guard_markers) {
  spin_lock(&lock);
  *guard_markers = table ? guards : -1; /* -1: nothing protected yet */
  *hidden = (size_t)__atomic_load_n(&sl_shadow_hidden, __ATOMIC_RELAXED);
  *protected_blocks = count;
  *shadow_bytes = shadow_released;
  spin_unlock(&lock);
}

/* In a fork child: the threads that were releasing a batch or revealing
 * a block do not exist here, so their entries would be waited for
 * forever. Their blocks are made ordinary (they are lost to this process's
 * quarantine, which never reaches them: those threads' batches and popped
 * blocks are gone with them). */
void quarantine_protect_after_fork_child(void) {
  if (!table)
    return;
  uptr stale[64];
  uint32_t n;
  do {
    n = 0;
    for (uint32_t i = 0; i < TABLE_SIZE && n < 64; i++)
      if (table[i].key &&
          (table[i].kind == K_PENDING || revealing(table[i].kind)))
        stale[n++] = table[i].key;
    for (uint32_t k = 0; k < n; k++) {
      uint32_t i = find_locked(stale[k]);
      prot_entry e = table[i];
      e.kind = e.kind == K_REVEALING ? K_PROTECTED : K_HIDDEN;
      undo(&e);
      remove_locked(i);
    }
  } while (n == 64);
}

void quarantine_protect_lock(void) { spin_lock(&lock); }
void quarantine_protect_unlock(void) { spin_unlock(&lock); }

/* The instrumented checks let an access to a hidden block through (its
 * shadow may read 0), and so would the libc interceptors' range checks:
 * shadow_range_bad asks here when hidden blocks exist. A hidden block the
 * range touches is revealed (its shadow says freed again), and the caller
 * then reports as for any poisoned range. */
int shadow_reveal(uptr addr, uptr size) {
  if (addr < HEAP_BEG || addr >= HEAP_END)
    return 0;
  uptr last = addr + size - 1;
  /* A range within one class none of whose blocks is hidden now touches
   * no hidden block and needs no slot lookup: every range in a class below
   * HIDE_MIN_CLASS (most copies: strings, small structs), and a copy into
   * a live page-sized buffer while other classes' blocks are hidden. */
  if (last < HEAP_END) {
    unsigned c0 = (unsigned)((addr - HEAP_BEG) >> REGION_SHIFT);
    unsigned c1 = (unsigned)((last - HEAP_BEG) >> REGION_SHIFT);
    if (c0 == c1 && !__atomic_load_n(&sl_hidden_in_class[c0], __ATOMIC_RELAXED))
      return 0;
  }
  int any = 0;
  for (int n = 0; n < 64 && addr <= last; n++) {
    uint32_t ss;
    uptr slot = chunk_slot(addr, &ss);
    if (!slot)
      break;
    unsigned c = (unsigned)((slot - HEAP_BEG) >> REGION_SHIFT);
    if (slot_maybe_hidden(c, slot))
      any |= quarantine_reveal_slot(slot);
    addr = slot + ss;
  }
  return any;
}

int allocator_fault_in_quarantine(uptr addr, int is_write, uptr pc, uptr bp,
                                  uptr sp) {
  if (!__atomic_load_n(&count, __ATOMIC_RELAXED))
    return 0;
  uptr key = 0, lo = 0, hi = 0;
  uint32_t ss;
  uptr slot = chunk_slot(addr, &ss);
  if (slot) {
    key = slot;
  } else {
    large_header *lh = large_containing(addr);
    if (!lh)
      return 0;
    key = lh->user_beg;
  }
  for (;;) {
    spin_lock(&lock);
    uint32_t i = find_locked(key);
    if (i == TABLE_SIZE) {
      spin_unlock(&lock);
      return 0;
    }
    if (table[i].kind == K_PENDING) {
      /* Protected just now by the thread releasing its batch, which
       * lists it as hidden in a moment; unless this thread holds the
       * world stopped, and that one is parked: not ours to wait for (the
       * fault is then no use after free the program made). */
      spin_unlock(&lock);
      if (__atomic_load_n(&sl_world_stopper, __ATOMIC_ACQUIRE) ==
          sys_gettid())
        return 0;
      sys_sched_yield();
      continue;
    }
    if (table[i].kind == K_HIDDEN) {
      lo = slot;
      hi = slot + ss;
    } else if (table[i].kind == K_PROTECTED) {
      if (!chunk_release_range(table[i].ub, &lo, &hi))
        lo = hi = 0;
    } else { /* being revealed by another thread, as it leaves the
              * quarantine: once that is done the access goes through */
      spin_unlock(&lock);
      if (find_settled_lock(key) != TABLE_SIZE)
        spin_unlock(&lock);
      return 1;
    }
    if (addr < lo || addr >= hi) {
      spin_unlock(&lock);
      return 0;
    }
    /* Revealed before the report describes it: the header is back, the
     * shadow says freed (or redzone) where it did, and with
     * halt_on_error=0 the access succeeds when the instruction runs again
     * (it reads zeros). */
    reveal_unlock(i);
    break;
  }
  report_access_fault(addr, insn_access_size(pc), is_write, pc, bp, sp);
  return 1;
}
