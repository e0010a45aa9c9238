/* Large blocks (slots over 128 KiB): one mapping each, a header page before
 * the block and at least a page of redzone after it. A registry of their
 * user pointers lets free() validate a pointer before reading its header
 * and lets reports find the block an address falls in. */
#include "allocator_internal.h"
#include "mmap_limit.h"

#include <sys/mman.h>

#include "options.h"
#include "shadow.h"

#define PAGE 4096ul
#define LARGE_MAGIC 0x51e0b16b10c4ull

static spin_t lock;
static uptr *table; /* open addressing on user_beg; 0 empty, 1 deleted */
static size_t cap, used, live;
static size_t mapped; /* bytes of all registered mappings */

static size_t hash_ptr(uptr p) {
  return (size_t)((p >> 12) * 0x9e3779b97f4a7c15ull);
}

static void put_locked(uptr ub);

/* 0 if the bigger table could not be mapped (the old one stays). */
static int grow_locked(void) {
  size_t new_cap = cap ? cap * 2 : 1024;
  uptr *bigger = ialloc(new_cap * sizeof(uptr));
  if (!bigger)
    return 0;
  uptr *old = table;
  size_t old_cap = cap;
  table = bigger;
  cap = new_cap;
  used = live = 0;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i] > 1)
      put_locked(old[i]);
  ifree(old);
  return 1;
}

/* 0 if the table is full and could not grow. */
static int insert_locked(uptr ub) {
  if ((used + 1) * 2 > cap && !grow_locked() && used + 1 >= cap)
    return 0;
  put_locked(ub);
  return 1;
}

static void put_locked(uptr ub) {
  size_t i = hash_ptr(ub) & (cap - 1);
  while (table[i] > 1)
    i = (i + 1) & (cap - 1);
  if (table[i] == 0)
    used++;
  table[i] = ub;
  live++;
}

static size_t find_locked(uptr ub) {
  if (!cap)
    return (size_t)-1;
  size_t i = hash_ptr(ub) & (cap - 1);
  while (table[i]) {
    if (table[i] == ub)
      return i;
    i = (i + 1) & (cap - 1);
  }
  return (size_t)-1;
}

/* Blocks of this size or more start on a huge-page boundary and are
 * advised MADV_HUGEPAGE (large_huge_pages): every large block is fresh
 * memory (a quarantined one's pages go back, and it is unmapped when it
 * leaves), so a program that allocates and fills big buffers over and over
 * takes a page fault per 4 KiB of them, 12 us each on a VM (byte_codec:
 * 47 k faults, a fifth of its time). A huge page is one fault per 2 MiB,
 * and fewer TLB misses. Only whole huge pages inside the block are huge:
 * its ends, header and redzone stay small. Not for calloc: a zeroed table
 * is often touched here and there (a hash table, a bitmap), and each touch
 * would make a whole 2 MiB resident; malloc'd memory is written before it
 * is read, mostly all of it. */
#define HUGE_PAGE (2ul << 20)

/* Maps len bytes whose offset PAGE (where the block starts) is aligned to
 * align (a power of two, at least PAGE): over-maps by the slack and gives
 * back what lies before and after. 0 on failure. */
static uptr map_block(size_t len, size_t align) {
  size_t slack = align - PAGE;
  if (len + slack < len)
    return 0;
  uptr map = (uptr)sys_map_anon(len + slack);
  if (!map || !slack)
    return map;
  uptr beg = ((map + PAGE + align - 1) & ~(uptr)(align - 1)) - PAGE;
  if (beg > map)
    sys_munmap((void *)map, beg - map);
  if (map + slack > beg)
    sys_munmap((void *)(beg + len), map + slack - beg);
  return beg;
}

void *large_allocate(size_t size, size_t align, int huge_ok,
                     chunk_header **hdr, const char **what) {
  if (align < PAGE)
    align = PAGE;
  size_t body = (size + PAGE - 1) & ~(PAGE - 1);
  int huge = huge_ok && sl_opt.large_huge_pages && body >= HUGE_PAGE;
  if (huge && align < HUGE_PAGE)
    align = HUGE_PAGE;
  size_t len = PAGE + body + PAGE;
  if (len < size || !mmap_limit_charge(len))
    return 0;
  uptr map = map_block(len, align);
  if (!map) {
    mmap_limit_uncharge(len);
    *what = "a large block (its own mapping)";
    return 0;
  }
  uptr ub = map + PAGE;
  /* The whole mapping, so that the advice does not split it in three. */
  if (huge)
    sys_madvise((void *)map, len, MADV_HUGEPAGE);
  large_header *lh = (large_header *)map;
  lh->magic = LARGE_MAGIC;
  lh->map_len = len;
  lh->user_beg = ub;
  lh->user_size = size;
  chunk_header *h = header_of(ub);
  h->flags = CF_LARGE;
  h->user_size = (uint32_t)((ub - map) >> 12);
  /* The shadow may hold poison from an earlier mapping at this address. */
  shadow_poison(map, ub - map, SH_HEAP_REDZONE);
  shadow_clear_release(ub, size & ~(uptr)7);
  shadow_unpoison(ub + (size & ~(uptr)7), shadow_object_span(size & 7));
  uptr tail = (ub + size + 7) & ~(uptr)7;
  shadow_poison(tail, map + len - tail, SH_HEAP_REDZONE);
  spin_lock(&lock);
  int listed = insert_locked(ub);
  if (listed)
    mapped += len;
  spin_unlock(&lock);
  if (!listed) {
    sys_munmap((void *)map, len);
    mmap_limit_uncharge(len);
    *what = "the table of large blocks";
    return 0;
  }
  *hdr = h;
  return (void *)ub;
}

large_header *large_find(uptr ub) {
  spin_lock(&lock);
  size_t i = find_locked(ub);
  spin_unlock(&lock);
  if (i == (size_t)-1)
    return 0;
  return large_of(ub, header_of(ub));
}

large_header *large_containing(uptr addr) {
  large_header *found = 0;
  spin_lock(&lock);
  for (size_t i = 0; i < cap && !found; i++) {
    if (table[i] <= 1)
      continue;
    large_header *lh = large_of(table[i], header_of(table[i]));
    if (addr >= (uptr)lh && addr < (uptr)lh + lh->map_len)
      found = lh;
  }
  spin_unlock(&lock);
  return found;
}

void large_release(uptr ub) {
  large_header *lh = large_of(ub, header_of(ub));
  uptr map = (uptr)lh;
  size_t len = lh->map_len;
  spin_lock(&lock);
  size_t i = find_locked(ub);
  if (i != (size_t)-1) {
    table[i] = 1;
    live--;
    mapped -= len;
  }
  spin_unlock(&lock);
  /* Leave no poison behind: the kernel may reuse the range for anything. */
  shadow_clear_release(map, len);
  sys_munmap((void *)map, len);
  mmap_limit_uncharge(len);
}

void large_lock(void) { spin_lock(&lock); }
void large_unlock(void) { spin_unlock(&lock); }

size_t large_live_blocks_locked(uptr *out, size_t max) {
  size_t n = 0;
  for (size_t i = 0; i < cap && n < max; i++)
    if (table[i] > 1 && header_of(table[i])->state == CHUNK_ALLOCATED)
      out[n++] = table[i];
  return n;
}

size_t large_count_locked(void) { return live; }

size_t large_mapped_bytes(void) {
  return __atomic_load_n(&mapped, __ATOMIC_RELAXED);
}
