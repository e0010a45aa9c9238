/* What a heap address is, for reports: the block it lies in or next to,
 * with its state and stacks (allocator_describe), and what a freed block
 * shows of a write after free (preloaded: its free-stack copy and
 * pattern). Cold paths: they read slots through the class layout that
 * allocator.c lends (chunk_slot_class, class_slot_size, chunk_validate). */
#include "allocator_internal.h"

#include "guarded.h"
#include "redzone_pattern.h"
#include "report.h"

/* The block in a slot, found by trying each possible redzone. A reused
 * slot can also hold the stale header of an earlier block with another
 * redzone; that one is AVAILABLE, so a live or freed header wins. */
static chunk_header *block_in_slot(uptr slot, unsigned c, uptr *user_beg) {
  chunk_header *found = 0;
  if (slot_maybe_hidden(c, slot)) /* a report describes it: readable again */
    quarantine_reveal_slot(slot);
  uptr cand = *(uptr *)slot ^ MEMALIGN_MAGIC;
  if (cand > slot && cand < slot + class_slot_size(c) && chunk_validate(cand)) {
    *user_beg = cand;
    found = header_of(cand);
    if (found->state != CHUNK_AVAILABLE)
      return found;
  }
  for (uint32_t l = 0; l < 8; l++) {
    uptr ub = slot + (16u << l);
    if (ub >= slot + class_slot_size(c))
      break;
    chunk_header *h = chunk_validate(ub);
    if (h && (!found || h->state != CHUNK_AVAILABLE)) {
      *user_beg = ub;
      found = h;
      if (h->state != CHUNK_AVAILABLE)
        return h;
    }
  }
  return found;
}

void chunk_fill_info(uptr ub, chunk_header *h, chunk_info *out) {
  out->user_beg = ub;
  out->size = chunk_user_size(h, ub);
  out->state = h->state;
  out->type = h->type;
  out->alloc_stack = h->alloc_stack;
  out->alloc_tid = h->alloc_tid;
  out->free_tid = h->free_tid;
  out->free_stack =
      h->state == CHUNK_ALLOCATED ? 0 : ((freed_info *)ub)->free_stack;
}

uptr allocator_freed_first_bad(uptr ub) {
  size_t size = chunk_user_size(header_of(ub), ub);
  uptr from = ub + sizeof(freed_info);
  if (size >= FREED_BACKUP_END) {
    uint32_t want = ((freed_info *)ub)->free_stack;
    const uint8_t *got = (const uint8_t *)from, *w = (const uint8_t *)&want;
    for (int i = 0; i < 4; i++)
      if (got[i] != w[i])
        return from + i;
    from += sizeof(uint32_t);
  }
  return ub + size > from ? rz_pattern_first_bad(0, 0, from, ub + size) : 0;
}

void allocator_report_freed_write(uptr ub, int record_broken) {
  chunk_header *h = header_of(ub);
  /* A block found when relinking may have left the quarantine since, on
   * another thread: then there is nothing left to describe. */
  if (__atomic_load_n(&h->state, __ATOMIC_ACQUIRE) != CHUNK_QUARANTINED)
    return;
  chunk_info ci;
  chunk_fill_info(ub, h, &ci);
  /* The free stack in the overwritten record is not to be trusted; the
   * copy after it (fill_freed) may have survived the write. */
  if (record_broken)
    ci.free_stack = rz_pattern_on && ci.size >= FREED_BACKUP_END
                        ? *(const uint32_t *)(ub + sizeof(freed_info))
                        : 0;
  report_freed_block_written(record_broken ? ub : allocator_freed_first_bad(ub),
                             &ci, record_broken);
}

int allocator_describe(uptr addr, chunk_info *out) {
  if (SL_UNLIKELY(guard_owns((void *)addr)))
    return guard_describe(addr, out);
  unsigned c;
  uptr slot = chunk_slot_class(addr, &c);
  int uncarved = !slot;
  if (uncarved) {
    large_header *lh = large_containing(addr);
    if (lh) {
      chunk_fill_info(lh->user_beg, header_of(lh->user_beg), out);
      return 1;
    }
    /* The granule poisoned past a class's last carve (refill): the left
     * redzone of a slot not carved yet, which holds no block; the one
     * before it (the last carved) is described below. */
    c = addr >= HEAP_BEG && addr < HEAP_END
            ? (unsigned)((addr - HEAP_BEG) >> REGION_SHIFT)
            : 0;
    uptr carved = 0, beg;
    uint32_t ss;
    if (c)
      allocator_primary_layout(c, &beg, &carved, &ss);
    if (!c || addr < carved || addr >= carved + 16)
      return 0;
    slot = carved;
  }
  uptr ub = 0, pub = 0;
  chunk_header *h = uncarved ? 0 : block_in_slot(slot, c, &ub);
  if (h && h->state == CHUNK_AVAILABLE)
    h = 0;
  if (h && addr >= ub) {
    chunk_fill_info(ub, h, out);
    return 1;
  }
  /* In a left redzone: the block just before may be the closer one. */
  chunk_header *ph = 0;
  uptr region, carved_end;
  uint32_t ss;
  allocator_primary_layout(c, &region, &carved_end, &ss);
  if (slot > region)
    ph = block_in_slot(slot - class_slot_size(c), c, &pub);
  if (ph && ph->state == CHUNK_AVAILABLE)
    ph = 0;
  if (ph && (!h || addr - (pub + chunk_user_size(ph, pub)) < ub - addr)) {
    chunk_fill_info(pub, ph, out);
    return 1;
  }
  if (h) {
    chunk_fill_info(ub, h, out);
    return 1;
  }
  return 0;
}

int allocator_overflow_source(uptr *bad, uptr ub, chunk_info *out) {
  if (*bad >= ub)
    return 0;
  /* The block in the slot below, live, with its own right redzone
   * overwritten too: one write ran from it into ub's left redzone, and
   * where it began is the address to show. */
  unsigned c;
  uptr slot = chunk_slot_class(ub, &c), region, carved_end, pub;
  uint32_t ss;
  if (slot) {
    allocator_primary_layout(c, &region, &carved_end, &ss);
    chunk_header *ph =
        slot > region ? block_in_slot(slot - ss, c, &pub) : 0;
    if (ph && ph->state == CHUNK_ALLOCATED) {
      uptr first = allocator_redzone_first_bad(pub);
      if (first >= pub + chunk_user_size(ph, pub) && first < *bad) {
        chunk_fill_info(pub, ph, out);
        *bad = first;
        return 1;
      }
    }
  }
  /* Otherwise the block the byte is nearest to, if that is not ub. */
  chunk_info near;
  if (!allocator_describe(*bad, &near) || near.user_beg == ub ||
      *bad < near.user_beg + near.size)
    return 0;
  *out = near;
  return 1;
}
