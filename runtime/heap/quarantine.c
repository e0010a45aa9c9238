/* Quarantine: freed blocks wait in a FIFO before reuse, so a dangling
 * pointer keeps hitting poison. Each thread gathers frees in a local batch
 * (no lock per free); full batches join the global FIFO, which evicts its
 * oldest blocks once it holds more than quarantine_size_mb. Blocks are
 * linked through their own (dead) memory, and the limit counts what they
 * occupy: slot sizes, redzones included (the use-after-free window).
 *
 * What they keep resident is less: a quarantined block's contents are dead
 * (its shadow says freed, and stays so), and everything the runtime reads
 * of it (header, record, preloaded pattern) sits in its first page. So
 * when a batch joins the FIFO, the whole pages after that of each block of
 * RELEASE_MIN_FOOTPRINT or more go back to the kernel (MADV_DONTNEED); they
 * read as zeros from then on, also after the slot is reused (malloc
 * promises nothing of a new block's contents; calloc clears it anyway).
 * Blocks whose slot is whole pages go further: hidden, they give back
 * every page and the shadow over them (quarantine_protect.c), and their
 * record lives in the side table meanwhile (record_get). */
#include "allocator_internal.h"

#include <sys/mman.h>
#include <sys/uio.h>

#include "options.h"
#include "redzone_pattern.h"

/* A thread's frees join the global FIFO a batch of
 * thread_local_quarantine_size_kb (default 1 MiB, as ASan's) at a time.
 * The blocks of a batch give their pages back in a few system calls, each
 * of which flushes the TLBs of every CPU the process runs on (dear on a
 * VM): 1 MiB batches of 8-64 KiB buffers make a quarter of the flushes of
 * 256 KiB ones and held request_server's peak RSS (each thread keeps at
 * most a batch and one block unreleased). 0 pushes each free at once. */
static spin_t lock;
static quarantine_batch global;
static size_t released_bytes, released_blocks;

static size_t limit(void) { return (size_t)sl_opt.quarantine_size_mb << 20; }
static size_t thread_batch_bytes(void) {
  return (size_t)sl_opt.thread_local_quarantine_size_kb << 10;
}

/* Gives back the pending blocks' dead pages, then makes the blocks to hide
 * fault: with guard markers in one more call, else mprotect'ed one by one
 * (a block whose guard markers failed, e.g. in a mapping the program
 * mlock'ed, is not hidden). Each block is still in this thread's batch,
 * so nothing can recycle it meanwhile. */
static void release_pending(quarantine_batch *b) {
  struct iovec iov[RELEASE_PENDING_MAX], sub[RELEASE_PENDING_MAX];
  uptr owner[RELEASE_PENDING_MAX], hid_lo[RELEASE_PENDING_MAX],
      hid_hi[RELEASE_PENDING_MAX];
  uint8_t hidden[RELEASE_PENDING_MAX], ok[RELEASE_PENDING_MAX],
      state[RELEASE_PENDING_MAX], at[RELEASE_PENDING_MAX];
  size_t n = 0, bytes = 0, blocks, n_hidden = 0;
  /* Hiding (quarantine_protect.c) and the old protection: the blocks are
   * listed, then released without the lock, then protected under it, so
   * that a fault or a reveal never finds a block half hidden. */
  int hide = quarantine_hide_enabled(), locked = hide || rz_pattern_on;
  if (locked)
    quarantine_protect_lock();
  for (uint32_t i = 0; i < b->n_pending; i++) {
    uptr lo, hi;
    int h = hide && quarantine_hide_prepare_locked(b->pending[i], &lo, &hi);
    if (h || chunk_release_range(b->pending[i], &lo, &hi)) {
      iov[n].iov_base = (void *)lo;
      iov[n].iov_len = hi - lo;
      hidden[n] = (uint8_t)h;
      owner[n++] = b->pending[i];
      bytes += hi - lo;
    }
  }
  b->n_pending = 0;
  b->tail_released = 1;
  int guards = hide && quarantine_hide_guards();
  /* The release itself without the lock (it is the slow part): the
   * prepared blocks are listed but not hidden yet, and only this thread
   * reaches them until the batch joins the FIFO. */
  if (locked)
    quarantine_protect_unlock();
  if (!n)
    return;
  blocks = n;
  /* state: 0 kept, 1 released, 3 released and protected. All pages go
   * first, in one call: the kernel flushes the TLBs once for it, where a
   * guard marker's install zaps (and flushes) range by range. */
  sys_madvise_ranges(iov, n, MADV_DONTNEED, state);
  if (guards) {
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
      if (hidden[i] && state[i]) {
        sub[m] = iov[i];
        at[m++] = (uint8_t)i;
      }
    sys_madvise_ranges(sub, m, MADV_GUARD_INSTALL, ok);
    for (size_t k = 0; k < m; k++)
      if (ok[k])
        state[at[k]] = 3;
  }
  for (size_t i = 0; i < n; i++) {
    if (!state[i]) {
      bytes -= iov[i].iov_len;
      blocks--;
    }
    /* Protected before it is listed as hidden (a fault on it meanwhile
     * waits for the listing, quarantine_protect.c). */
    if (!guards && state[i] == 1 && hidden[i] &&
        sys_mprotect(iov[i].iov_base, iov[i].iov_len, PROT_NONE) == 0)
      state[i] = 3;
  }
  if (locked)
    quarantine_protect_lock();
  for (size_t i = 0; i < n; i++) {
    size_t len = iov[i].iov_len;
    if (hidden[i]) {
      quarantine_hide_finish_locked(owner[i], state[i] != 0, state[i] == 3);
      hid_lo[n_hidden] = (uptr)iov[i].iov_base;
      hid_hi[n_hidden++] = (uptr)iov[i].iov_base + len;
    } else if (state[i] && SL_UNLIKELY(rz_pattern_on)) { /* uninstrumented */
      quarantine_protect_locked(owner[i], (uptr)iov[i].iov_base,
                                (uptr)iov[i].iov_base + len);
    }
  }
  if (n_hidden)
    quarantine_hide_shadow_locked(hid_lo, hid_hi, n_hidden);
  if (locked)
    quarantine_protect_unlock();
  __atomic_fetch_add(&released_bytes, bytes, __ATOMIC_RELAXED);
  __atomic_fetch_add(&released_blocks, blocks, __ATOMIC_RELAXED);
}

/* freed_info's check word: a hash of the block's address and its other
 * two fields. A mismatch means the program wrote into the freed block. */
static inline uint32_t check_of(uptr ub, const freed_info *fi) {
  uint64_t x = (ub ^ (fi->next << 17 | fi->next >> 47) ^
                ((uint64_t)fi->free_stack << 16)) *
               0x9e3779b97f4a7c15ull;
  return (uint32_t)(x >> 32) ^ 0x51e07f4du;
}
/* A block's record: in its first bytes, or for a hidden block in the
 * side table, under its lock (taken after the quarantine's). maybe_hidden
 * 0: the caller knows the block was never released (just freed, or the
 * tail of a batch not released since), so no table look-up (and no lock
 * that the releasing threads hold across system calls). */
static inline freed_info *record_get(uptr ub, int maybe_hidden) {
  if (maybe_hidden &&
      SL_UNLIKELY(__atomic_load_n(&sl_shadow_hidden, __ATOMIC_RELAXED)) &&
      ub >= HEAP_BEG && ub < HEAP_END &&
      ((ub - HEAP_BEG) >> REGION_SHIFT) >= HIDE_MIN_CLASS) {
    /* Not the hint (slot_maybe_hidden): a read of a given-back shadow page
     * maps the zero page there, and the write that restores it when the
     * block is revealed would then cost a TLB flush on every CPU. Blocks
     * of these classes are mostly hidden: ask the table. */
    uint32_t ss;
    uptr slot = chunk_slot(ub, &ss);
    if (slot && !(ss & 4095)) {
      freed_info *fi = quarantine_hidden_record_lock(ub);
      if (fi)
        return fi;
    }
  }
  return (freed_info *)ub;
}
static inline void record_put(uptr ub, freed_info *fi) {
  if ((uptr)fi != ub)
    quarantine_protect_unlock();
}
static inline void set_next(freed_info *fi, uptr ub, uptr next) {
  fi->next = next;
  fi->check = check_of(ub, fi);
}

#define EVICT_BATCH 256

/* Recycles the oldest blocks until the FIFO is within its limit. A block
 * whose record was overwritten has no trustworthy link: it is reported
 * and kept out of use, and the blocks queued after it are abandoned
 * (they stay poisoned and never return to use; double frees of them are
 * still caught) rather than followed. */
static void evict_to(void *cache, size_t max) {
  for (;;) {
    uptr out[EVICT_BATCH], broken = 0;
    int n = 0;
    spin_lock(&lock);
    while (global.bytes > max && global.head && n < EVICT_BATCH) {
      uptr ub = global.head;
      freed_info *fi = record_get(ub, 1); /* one look-up for both fields */
      int ok = fi->check == check_of(ub, fi);
      uptr next = fi->next;
      record_put(ub, fi);
      if (SL_UNLIKELY(!ok)) {
        broken = ub;
        global.head = global.tail = 0;
        global.bytes = 0;
        break;
      }
      global.head = next;
      if (!global.head)
        global.tail = 0;
      global.bytes -= chunk_footprint(ub);
      out[n++] = ub;
    }
    spin_unlock(&lock);
    if (SL_UNLIKELY(broken))
      allocator_report_freed_write(broken, 1);
    /* Recycle outside the lock, the hidden ones made readable first (their
     * headers, and the fill pattern checked below, live in those pages). */
    quarantine_unprotect_batch(out, (size_t)n);
    for (int i = 0; i < n; i++) {
      if (SL_UNLIKELY(rz_pattern_on)) {
        if (allocator_freed_first_bad(out[i]))
          allocator_report_freed_write(out[i], 0);
      }
      chunk_recycle(out[i], cache);
    }
    if (!n)
      return;
  }
}

/* Links tail to next. A tail written since it was queued is reported
 * first; relinking then repairs it, so nothing is lost. */
static int link_after(uptr tail, uptr next, int maybe_hidden) {
  freed_info *fi = record_get(tail, maybe_hidden);
  int ok = fi->check == check_of(tail, fi);
  set_next(fi, tail, next);
  record_put(tail, fi);
  return ok;
}

static void push_batch(quarantine_batch *b) {
  if (!b->head)
    return;
  if (b->n_pending)
    release_pending(b);
  uptr written = 0;
  spin_lock(&lock);
  if (global.tail) {
    if (SL_UNLIKELY(!link_after(global.tail, b->head, 1)))
      written = global.tail;
  } else {
    global.head = b->head;
  }
  global.tail = b->tail;
  global.bytes += b->bytes;
  spin_unlock(&lock);
  b->head = b->tail = 0;
  b->bytes = 0;
  if (SL_UNLIKELY(written))
    allocator_report_freed_write(written, 1);
}

void quarantine_put(void *cache, quarantine_batch *b, uptr ub, size_t bytes) {
  set_next((freed_info *)ub, ub, 0); /* just freed: not hidden */
  if (b->tail) {
    if (SL_UNLIKELY(!link_after(b->tail, ub, b->tail_released)))
      allocator_report_freed_write(b->tail, 1);
  } else {
    b->head = ub;
  }
  b->tail = ub;
  b->tail_released = 0;
  b->bytes += bytes;
  size_t max = limit();
  if (bytes >= RELEASE_MIN_FOOTPRINT && max >= RELEASE_MIN_LIMIT) {
    if (b->n_pending == RELEASE_PENDING_MAX)
      release_pending(b);
    b->pending[b->n_pending++] = ub;
  }
  if (b->bytes >= thread_batch_bytes() || b->bytes > max) {
    push_batch(b);
    if (__atomic_load_n(&global.bytes, __ATOMIC_RELAXED) > max)
      evict_to(cache, max);
  }
}

void quarantine_flush_thread(quarantine_batch *b) { push_batch(b); }
void quarantine_drain(void *cache) { evict_to(cache, 0); }

size_t quarantine_bytes(void) {
  return __atomic_load_n(&global.bytes, __ATOMIC_RELAXED);
}
void quarantine_release_stats(size_t *bytes, size_t *blocks) {
  *bytes = __atomic_load_n(&released_bytes, __ATOMIC_RELAXED);
  *blocks = __atomic_load_n(&released_blocks, __ATOMIC_RELAXED);
}
void quarantine_lock(void) {
  spin_lock(&lock);
  quarantine_protect_lock();
}
void quarantine_unlock(void) {
  quarantine_protect_unlock();
  spin_unlock(&lock);
}
