/* Chunk layout shared by allocator.c, allocator_large.c and quarantine.c.
 *
 *   slot: [ left redzone ... | header (16 B) ][ user bytes | right redzone ]
 *
 * The header sits right before the user pointer, inside the left redzone.
 * A freed block keeps its header (for reports) and stores its free stack
 * and its quarantine link in its first 16 user bytes (every block has at
 * least 16); the header page holds both, so the rest of a quarantined
 * block's pages can go back to the kernel (quarantine.c), or all of them
 * once both are copied into a side table (hidden blocks,
 * quarantine_protect.c). Primary blocks live in per-size-class regions of one fixed
 * reserved range, so any pointer can be checked (class, slot, header)
 * before a header is trusted; large blocks are separate mappings listed in
 * a registry. */
#ifndef SLEUTH_ALLOCATOR_INTERNAL_H
#define SLEUTH_ALLOCATOR_INTERNAL_H

#include "allocator.h"
#include "heap_layout.h"
#include "shadow.h"

#define MAX_PRIMARY_SLOT (128u << 10)
#define MEMALIGN_MAGIC 0x5c0ffee5a11b10c5ULL

/* Slot index arithmetic without a divide instruction (a 64-bit div costs
 * tens of cycles on every free): q = off / d as (off * magic) >> 64 with
 * magic = ceil(2^64 / d). The error off * (magic - 2^64/d) / 2^64 is below
 * 2^-28 for off < 2^36 (a region), smaller than the 1/d >= 2^-17 gap
 * between off/d and the next integer for d <= MAX_PRIMARY_SLOT, so the
 * floor is exact. */
static inline uint64_t slot_div_magic(uint32_t d) { return UINT64_MAX / d + 1; }
static inline uptr slot_div(uptr off, uint64_t magic) {
  return (uptr)(((unsigned __int128)off * magic) >> 64);
}

/* CF_SAMPLED: the heap profiler sampled the block (heapprof.h).
 * CF_LEAK_IGNORED: never a leak (__lsan_ignore_object, __lsan_disable).
 * The top four bits hold log2 of the alignment the caller asked for,
 * capped at 15 (operator new(size, align_val_t) is checked against its
 * aligned delete; alignments of 32 KiB and more compare as equal). */
enum { CF_MEMALIGN = 1, CF_LARGE = 2, CF_SAMPLED = 4, CF_LEAK_IGNORED = 8 };
#define CF_ALIGN_SHIFT 4
#define CF_ALIGN_LOG_MAX 15u
static inline unsigned chunk_align_log(uint8_t flags) {
  return flags >> CF_ALIGN_SHIFT;
}
static inline unsigned align_log_capped(size_t align) {
  unsigned lg = align ? (unsigned)__builtin_ctzl(align) : 0;
  return lg > CF_ALIGN_LOG_MAX ? CF_ALIGN_LOG_MAX : lg;
}

/* The header. An overflow of the block before it runs into state first,
 * then the rest: check (header_check) is a hash of every field but state,
 * CF_LEAK_IGNORED and free_tid, kept in two bytes (check_lo, check_hi)
 * where packing left room. A header that fails it is not trusted: the
 * block is found from the shadow instead (allocator.c, damaged_block) and
 * reported as overwritten, never as another error. free_tid stays out of
 * it so that the last two bytes before the block remain the preloaded
 * runtime's pattern (fill_redzones). */
typedef struct {
  uint8_t state;
  uint8_t flags;
  uint8_t type : 4;   /* enum alloc_type, or AT_LOST */
  uint8_t rz_log : 4; /* left redzone = 16 << rz_log */
  uint8_t check_lo;
  uint32_t alloc_stack;
  uint32_t user_size : 24; /* large blocks: see large_of() */
  uint32_t check_hi : 8;
  uint16_t alloc_tid;
  uint16_t free_tid;
} chunk_header;
_Static_assert(sizeof(chunk_header) == 16, "the header is the smallest redzone");

/* The type of a block whose header was rebuilt after it was overwritten:
 * how it was allocated is not known, so no mismatch is reported. */
#define AT_LOST 15

static inline uint16_t header_check(uptr ub, const chunk_header *h) {
  /* Field by field, each load the size of its store: the check is made
   * right after the fields are written, and a wider load would wait for
   * the narrow stores to reach the cache. Out: state, CF_LEAK_IGNORED,
   * the check itself and free_tid. */
  const uint8_t *b = (const uint8_t *)h;
  uint64_t w0 = (uint64_t)h->alloc_stack << 32 |
                (uint64_t)b[2] << 16 | (uint64_t)(h->flags & 0xf7) << 8;
  uint64_t w1 = (uint64_t)h->alloc_tid << 32 | h->user_size;
  /* One multiply: the top bits of the product depend on every bit of the
   * fields and the address (enough to tell damage, not a secure hash). */
  uint64_t x = (w0 ^ (w1 << 13 | w1 >> 51) ^ ub) * 0x9e3779b97f4a7c15ull;
  return (uint16_t)(x >> 48);
}
static inline void header_seal(uptr ub, chunk_header *h) {
  uint16_t c = header_check(ub, h);
  h->check_lo = (uint8_t)c;
  h->check_hi = (uint8_t)(c >> 8);
}
static inline int header_intact(uptr ub, const chunk_header *h) {
  return (uint16_t)(h->check_lo | h->check_hi << 8) == header_check(ub, h);
}

/* First 16 user bytes of a freed block. Code that checks no shadow
 * (uninstrumented, under LD_PRELOAD) can still write there after free:
 * check (quarantine.c) covers the other two fields, so such a write shows
 * up as a mismatch, never as a wild quarantine link. */
typedef struct {
  uint32_t free_stack;
  uint32_t check;
  uptr next; /* quarantine FIFO link (user_beg of the next block) */
} freed_info;

/* The header's last field, free_tid, is only meaningful once the block is
 * freed; until then it holds the redzone pattern (redzone_pattern.h) too,
 * so that a write of a byte or two just before the block (into the
 * header) is seen as well. */
#define LIVE_FREE_TID 0xa5a5

static inline chunk_header *header_of(uptr user_beg) {
  return (chunk_header *)(user_beg - sizeof(chunk_header));
}

/* Large blocks: a header at the start of the mapping. */
typedef struct {
  uint64_t magic;
  uptr map_len;
  uptr user_beg;
  uptr user_size;
} large_header;

/* huge_ok: the block may get transparent huge pages (allocator_large.c).
 * NULL when it cannot be had: *what names the mapping that failed, or
 * stays NULL when mmap_limit_mb refused it. */
void *large_allocate(size_t size, size_t align, int huge_ok,
                     chunk_header **hdr, const char **what);
large_header *large_find(uptr user_beg);
/* The large block whose mapping contains addr, or NULL. */
large_header *large_containing(uptr addr);
void large_release(uptr user_beg);
void large_lock(void);
void large_unlock(void);
/* With large_lock held: the user pointers of the live (allocated) large
 * blocks, and the number of registered large blocks (an upper bound). */
size_t large_live_blocks_locked(uptr *out, size_t max);
size_t large_count_locked(void);
/* Bytes mapped for large blocks now (the heap size's large part). */
size_t large_mapped_bytes(void);

/* The class layout and header checks of allocator.c, for chunk_damage.c:
 * the slot holding addr and its class (0: not a carved slot), a class's
 * slot size, the left redzone (log2 of 16-byte units) for a size, and the
 * header of the block starting at p if it is one (hidden blocks revealed
 * first). */
uptr chunk_slot_class(uptr addr, unsigned *cls);
uint32_t class_slot_size(unsigned c);
uint32_t chunk_rz_log_for(size_t n);
chunk_header *chunk_validate(uptr p);
/* A block's chunk_info, from its header (chunk_describe.c). */
void chunk_fill_info(uptr user_beg, chunk_header *h, chunk_info *out);
/* free, realloc or malloc_usable_size of a block whose header was
 * overwritten (chunk_damage.c): reported as a heap-buffer-overflow (verb:
 * "freed", ...), the header rebuilt; 0 if p is no such block. */
int chunk_repair_damaged(uptr p, uint32_t stack, const char *verb);

/* For the leak scanner, with the world stopped: the carved part of size
 * class c's region and its slot size, and the live block in a slot. */
void allocator_primary_layout(unsigned c, uptr *beg, uptr *carved_end,
                              uint32_t *slot_size);
/* 1: a live block; 2: a live block whose header was overwritten (size
 * from the shadow, stack 0: scan it, report nothing of it); 0: none. */
int allocator_live_block_in_slot(unsigned c, uptr slot, uptr *user_beg,
                                 size_t *size, uint32_t *stack);
/* The preloaded runtime's exit check found a live block whose header was
 * overwritten (allocator_live_block_in_slot returned 2). */
void allocator_report_damaged_live(uptr user_beg, size_t size);

/* A quarantined block written after free (quarantine.c found it): the
 * first changed byte, or ub itself when the block's freed_info no longer
 * matches. Reported as heap-use-after-free with its stacks. */
void allocator_report_freed_write(uptr ub, int record_broken);
/* Preloaded (rz_pattern_on): what the freed block's bytes after its
 * freed_info hold while it is quarantined (a copy of the free stack in a
 * block of at least FREED_BACKUP_END bytes, then a pattern), filled at
 * free and compared when it leaves the quarantine; the first changed byte,
 * or 0. */
#define FREED_BACKUP_END (sizeof(freed_info) + sizeof(uint32_t))
uptr allocator_freed_first_bad(uptr ub);

/* Size of the slot (or mapping) a block occupies, as quarantine counts it. */
size_t chunk_footprint(uptr user_beg);
/* The whole pages of a quarantined block that hold nothing the runtime
 * still reads: past its freed_info (and, preloaded, the free stack's copy
 * and the fill pattern) up to the end of its slot or mapping. The header,
 * the left redzone and those first bytes share the block's first page,
 * which stays. 0 if there is no whole page. */
int chunk_release_range(uptr user_beg, uptr *lo, uptr *hi);
/* Slots this big or bigger may have a whole page to give back. */
#define RELEASE_MIN_FOOTPRINT (8u << 10)
/* No page goes back with a quarantine below this limit: what it holds
 * resident is at most that much (an eighth of ASan's whole quarantine),
 * and giving pages back costs a program that frees many blocks of 8 KiB
 * or more dearly: every reused slot's pages come back fresh, a page fault
 * each (on a VM also the host's first-touch cost). A free-heavy loop of
 * 7 and 32 KiB blocks took 12 s with a 16 MiB quarantine given back and
 * 0.23 s with it kept; a user who lowers quarantine_size_mb for speed
 * gets it up to here. */
#define RELEASE_MIN_LIMIT (32u << 20)
/* Returns a quarantined block to its free list (or unmaps a large one);
 * its protection was lifted (quarantine_unprotect_batch). */
void chunk_recycle(uptr user_beg, void *cache);

/* The slot of a primary-heap address and its size, or 0 (not a carved
 * slot). Reads nothing at the address. */
uptr chunk_slot(uptr addr, uint32_t *slot_size);
/* Preloaded: refills a quarantined block's free-stack copy and pattern
 * (fill_freed) after its pages came back zeroed (quarantine_protect.c). */
void allocator_refill_freed(uptr user_beg);

/* Hidden blocks (quarantine_protect.c): a quarantined block whose slot is
 * whole pages (slot sizes of 8 KiB and more that are a multiple of 4 KiB,
 * so the slot starts on a page) has all of its pages given back and made
 * PROT_NONE, its header and freed_info kept in a side table, and the
 * shadow pages that lie wholly over such slots given back too (they read
 * 0). The first granule of a hidden slot has shadow 0 (a slot's first
 * granule is otherwise always left redzone): the hint that its memory
 * must not be read. sl_shadow_hidden (shadow.h) counts hidden blocks. */
#define HIDE_MIN_CLASS 36 /* class_size(36) == 8192 */
static inline int slot_maybe_hidden(unsigned c, uptr slot) {
  return SL_UNLIKELY(c >= HIDE_MIN_CLASS) &&
         SL_UNLIKELY(__atomic_load_n(&sl_shadow_hidden, __ATOMIC_RELAXED)) &&
         *(const uint8_t *)MEM_TO_SHADOW(slot) == 0;
}
/* Makes the hidden block in slot ordinary again (pages accessible, header
 * and record written back, shadow restored as freed); 0 if it was not
 * hidden. */
int quarantine_reveal_slot(uptr slot);
/* With the world stopped (leak scan, exit checks): whether slot holds a
 * quarantined block whose memory must not be read (hidden, or parked in
 * the middle of being hidden or revealed). */
int quarantine_slot_unreadable_nolock(uptr slot);
/* The record of a hidden block (in the side table), returned with
 * quarantine_protect_lock held; or NULL, unlocked (the block is not
 * hidden, or no longer: its record is in its first bytes). */
freed_info *quarantine_hidden_record_lock(uptr user_beg);
/* With quarantine_protect_lock held, for a batch being released: records
 * the block in the side table if it can be hidden and gives its range
 * (the whole slot); 0 if not (then chunk_release_range applies). */
int quarantine_hide_prepare_locked(uptr user_beg, uptr *lo, uptr *hi);
/* After the range went back to the kernel (released says whether it
 * did) and was made PROT_NONE (protected_ says whether it was), both done
 * without the lock: lists the block as hidden, or undoes the prepare. */
void quarantine_hide_finish_locked(uptr user_beg, int released,
                                   int protected_);
/* After a batch's hide_finish calls: gives back the shadow pages that lie
 * wholly over hidden slots, for the ranges [lo[i], hi[i]). */
void quarantine_hide_shadow_locked(const uptr *lo, const uptr *hi, size_t n);
/* Whether hiding is on (full detection, Sleuth's SIGSEGV handler in place). */
int quarantine_hide_enabled(void);
/* Whether hidden blocks are made to fault with guard markers
 * (MADV_GUARD_INSTALL gives their pages back too) rather than released
 * and then mprotect'ed; known once a block has been prepared. */
int quarantine_hide_guards(void);
/* The old protection for blocks that are not hidden (preloaded only). */
void quarantine_protect_locked(uptr user_beg, uptr lo, uptr hi);

/* quarantine.c; cache is the thread's allocator cache (for recycling). */
#define RELEASE_PENDING_MAX 32
typedef struct {
  uptr head, tail;
  size_t bytes;
  /* Blocks of the batch with pages to give back, done when the batch
   * joins the global FIFO (before any of them can be evicted) or when 32
   * are pending, whichever comes first: one pass of madvise calls for
   * them all. */
  uint32_t n_pending;
  /* Whether the tail may have been released (and so hidden) since it was
   * queued; while not, its record is read in place without asking the
   * hidden blocks' table (and taking its lock). */
  uint8_t tail_released;
  uptr pending[RELEASE_PENDING_MAX];
} quarantine_batch;

void quarantine_put(void *cache, quarantine_batch *b, uptr user_beg,
                    size_t bytes);
void quarantine_flush_thread(quarantine_batch *b);
/* Recycles every block of the global FIFO (__sanitizer_purge_allocator). */
void quarantine_drain(void *cache);
size_t quarantine_bytes(void);
/* Bytes of quarantined blocks' pages given back to the kernel so far, and
 * the number of blocks they were in (statistics). */
void quarantine_release_stats(size_t *bytes, size_t *blocks);
/* Blocks hidden now, blocks protected now (hidden included), bytes of
 * shadow given back so far, and whether guard markers protect them (-1:
 * no block was ever protected) (quarantine_protect.c). */
void quarantine_hide_stats(size_t *hidden, size_t *protected_blocks,
                           size_t *shadow_bytes, int *guard_markers);
void quarantine_lock(void);
void quarantine_unlock(void);
/* quarantine_protect.c: the protection of blocks leaving the quarantine
 * together (hidden or only protected) lifted before they are recycled, with
 * one system call for all where guard markers protect them; on return none
 * of them is protected, or being revealed by another thread (a no-op for a
 * block that was never protected). */
void quarantine_unprotect_batch(const uptr *user_beg, size_t n);
void quarantine_protect_lock(void);
void quarantine_protect_unlock(void);

/* For large blocks, user_size holds the page offset of the user pointer
 * from the start of the mapping, where the large_header lives. */
static inline large_header *large_of(uptr user_beg, const chunk_header *h) {
  return (large_header *)(user_beg - ((uptr)h->user_size << 12));
}

static inline size_t chunk_user_size(const chunk_header *h, uptr user_beg) {
  return SL_UNLIKELY(h->flags & CF_LARGE) ? large_of(user_beg, h)->user_size
                                          : h->user_size;
}
#endif
