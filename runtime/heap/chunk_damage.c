/* Chunk headers found overwritten, and the walk over every slot for the
 * leak scan and the preloaded runtime's exit check: the allocator's cold
 * paths that read a block from its slot and shadow rather than trust its
 * header. A header fails its check word (allocator_internal.h) when an
 * overflow of the block before it ran into it; the block is then known
 * from the shadow, reported as the heap-buffer-overflow it is, and its
 * header rebuilt. A header the allocator itself is still writing (a
 * thread stopped, or running, between a block's header and its shadow)
 * is not an overwritten one (header_in_flight). */
#include "allocator_internal.h"

#include "report.h"
#include "shadow.h"

/* ---- headers that were overwritten ----------------------------------- */

/* Whether p is the start of a live block whose header fails validate:
 * its slot and the shadow say so without the header. The shadow, which
 * the program cannot write, marks the header's two granules as redzone
 * and the block's first granule as addressable, and it holds the block's
 * exact size. A large block is known from its registry instead. */
/* A header the allocator itself is writing: a thread parked (or still
 * running, at exit) between a block's header and its shadow. allocate
 * writes the whole header, state AVAILABLE, before it unpoisons the block
 * and makes it ALLOCATED last; deallocate makes it QUARANTINED before it
 * poisons the block as freed; a large block's header is all zeros but
 * its flags and place until then. Such a header passes the slot's own
 * consistency checks (validate), which an overwritten one fails. */
static int header_in_flight(uptr p, uptr slot, unsigned c,
                            const large_header *lh) {
  const chunk_header *h = header_of(p);
  uint8_t st = __atomic_load_n(&h->state, __ATOMIC_ACQUIRE);
  if (lh)
    return (st == 0 || st == CHUNK_AVAILABLE || st == CHUNK_QUARANTINED) &&
           (h->flags & CF_LARGE) &&
           h->user_size == (uint32_t)((p - (uptr)lh) >> 12);
  if (st != CHUNK_AVAILABLE && st != CHUNK_QUARANTINED)
    return 0;
  if (h->flags & CF_LARGE || p + h->user_size > slot + class_slot_size(c))
    return 0;
  if (h->flags & CF_MEMALIGN)
    return *(uptr *)slot == (p ^ MEMALIGN_MAGIC);
  return h->rz_log == chunk_rz_log_for(h->user_size) &&
         p == slot + (16u << h->rz_log) &&
         (st == CHUNK_AVAILABLE || header_intact(p, h));
}

static int damaged_block(uptr p, size_t *size) {
  if (p & 15)
    return 0;
  unsigned c;
  uptr slot = chunk_slot_class(p, &c);
  large_header *lh = slot ? 0 : large_find(p);
  if (slot ? p < slot + 16 : !lh)
    return 0;
  const int8_t *sh = (const int8_t *)MEM_TO_SHADOW(p);
  if (sh[-2] != (int8_t)SH_HEAP_REDZONE || sh[-1] != (int8_t)SH_HEAP_REDZONE ||
      sh[0] < 0 || sh[0] > 7)
    return 0; /* not a block start, or not live (freed) */
  if (header_in_flight(p, slot, c, lh))
    return 0;
  if (lh) {
    *size = lh->user_size;
    return !header_intact(p, header_of(p));
  }
  uptr end = slot + class_slot_size(c);
  size_t n = 0;
  for (uptr a = p; a < end && sh[0] == 0; a += 8, sh++)
    n += 8;
  if (p + n < end && sh[0] > 0 && sh[0] < 8)
    n += (size_t)sh[0];
  *size = n;
  return n != 0;
}

/* The header of a damaged block made again from what is known: its place
 * and size. How it was allocated, by whom and where is lost: AT_LOST
 * (no mismatch reports), no allocation stack. */
static void rebuild_header(uptr p, size_t size) {
  chunk_header *h = header_of(p);
  unsigned c;
  uptr slot = chunk_slot_class(p, &c);
  uint8_t flags = 0, rz = 0;
  uint32_t us = (uint32_t)size;
  if (!slot) {
    flags = CF_LARGE;
    us = (uint32_t)((p - (uptr)large_find(p)) >> 12);
  } else {
    rz = (uint8_t)chunk_rz_log_for(size);
    if (p != slot + (16u << rz)) {
      flags = CF_MEMALIGN;
      *(uptr *)slot = p ^ MEMALIGN_MAGIC;
    }
  }
  h->flags = flags;
  h->type = AT_LOST;
  h->rz_log = rz;
  h->alloc_stack = 0;
  h->user_size = us;
  h->alloc_tid = 0;
  h->free_tid = LIVE_FREE_TID;
  header_seal(p, h);
  __atomic_store_n(&h->state, CHUNK_ALLOCATED, __ATOMIC_RELEASE);
}

/* free, realloc or malloc_usable_size of a block whose header was
 * overwritten: reported as the heap-buffer-overflow it is (DESIGN.md §3),
 * then the header is rebuilt so the call goes on with the right size. 0
 * if p is no such block (then it is a bad free). */
int chunk_repair_damaged(uptr p, uint32_t stack, const char *verb) {
  size_t size;
  if (!damaged_block(p, &size))
    return 0;
  report_header_overwritten(p, size, stack, verb);
  rebuild_header(p, size);
  return 1;
}

/* ---- for the leak scanner (leak.c), with the world stopped ------------ */

int allocator_live_block_in_slot(unsigned c, uptr slot, uptr *user_beg,
                                 size_t *size, uint32_t *stack) {
  /* A slot may keep stale headers of earlier blocks (AVAILABLE) in the
   * left redzone of the current one, so look for the allocated header,
   * nearest the slot start first (farther candidates are user data). */
  uptr end = slot + class_slot_size(c), cand[9];
  int n = 0;
  /* A hidden block is quarantined, and its pages must not be read; nor
   * those of one a parked thread was hiding or revealing (no hint yet, or
   * no longer: ask the table for every slot of a hideable class). */
  if (c >= HIDE_MIN_CLASS && quarantine_slot_unreadable_nolock(slot))
    return 0;
  uptr ma = *(uptr *)slot ^ MEMALIGN_MAGIC;
  if (ma > slot && ma < end)
    cand[n++] = ma;
  for (uint32_t l = 0; l < 8 && slot + (16u << l) < end; l++)
    cand[n++] = slot + (16u << l);
  /* Most slots at exit hold no live block (quarantined, recycled or never
   * used since): each candidate is first screened by one byte, its
   * header's state, before the full check (validate looks the slot up
   * again and checks the header's word); the same for a damaged block by
   * its shadow (its left redzone, and an addressable first granule). */
  for (int i = 0; i < n; i++) {
    if (__atomic_load_n(&header_of(cand[i])->state, __ATOMIC_RELAXED) !=
        CHUNK_ALLOCATED)
      continue;
    chunk_header *h = chunk_validate(cand[i]);
    if (h && __atomic_load_n(&h->state, __ATOMIC_ACQUIRE) == CHUNK_ALLOCATED) {
      *user_beg = cand[i];
      *size = h->user_size;
      *stack = h->alloc_stack;
      return 1;
    }
  }
  /* No valid live header: a live block whose header was overwritten? */
  for (int i = 0; i < n; i++) {
    const int8_t *sh = (const int8_t *)MEM_TO_SHADOW(cand[i]);
    if (sh[-1] != (int8_t)SH_HEAP_REDZONE || sh[0] < 0 || sh[0] > 7)
      continue;
    if (damaged_block(cand[i], size)) {
      *user_beg = cand[i];
      *stack = 0;
      return 2;
    }
  }
  return 0;
}

void allocator_report_damaged_live(uptr ub, size_t size) {
  report_header_overwritten(ub, size, 0, 0);
}
