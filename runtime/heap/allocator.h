/* The user-facing heap: redzoned blocks, per-thread caches, and the
 * quarantine that delays reuse so use-after-free lands on poison. */
#ifndef SLEUTH_ALLOCATOR_H
#define SLEUTH_ALLOCATOR_H

#include "options.h"
#include "sys.h"

enum alloc_type { AT_MALLOC = 0, AT_NEW = 1, AT_NEW_ARRAY = 2 };
/* Or'ed into sl_allocate's type by throwing operator new, which must never
 * return NULL (the compiler drops the caller's NULL checks). */
#define AT_NEVER_NULL 0x10

enum chunk_state {
  CHUNK_AVAILABLE = 0x55, /* recycled, not handed out */
  CHUNK_ALLOCATED = 0xa1,
  CHUNK_QUARANTINED = 0xf2, /* freed, held back from reuse */
};

/* What a report needs to know about a block. */
typedef struct {
  uptr user_beg;
  uptr size;
  int state;
  int type;
  uint32_t alloc_stack, free_stack;
  uint32_t alloc_tid, free_tid;
} chunk_info;

/* malloc_fill_byte / max_malloc_fill_size, as ASan: the first bytes of a
 * block that malloc, new, realloc or the memalign family hand out (not
 * calloc's) get a known non-zero byte, so that a read before the first
 * write sees garbage, as it would in glibc's recycled memory, instead of
 * the zeros of a fresh slot that hide the bug. */
static inline void heap_fill_new_block(uptr p, size_t size) {
  size_t n = size < sl_opt.max_malloc_fill_size
                 ? size
                 : (size_t)sl_opt.max_malloc_fill_size;
  /* Most blocks are small: 8 to 32 bytes take two or four overlapping
   * stores here rather than a call (a tree of small nodes allocates
   * little else). */
  if (n >= 8 && n <= 32) {
    uint64_t v = 0x0101010101010101ull * (uint8_t)sl_opt.malloc_fill_byte;
    __builtin_memcpy((void *)p, &v, 8);
    __builtin_memcpy((void *)(p + n - 8), &v, 8);
    if (n > 16) {
      __builtin_memcpy((void *)(p + 8), &v, 8);
      __builtin_memcpy((void *)(p + n - 16), &v, 8);
    }
  } else if (n) {
    __builtin_memset((void *)p, (int)sl_opt.malloc_fill_byte, n);
  }
}

void allocator_init(void);

/* Entry points for the interceptors; pc is inside the interceptor, fp its
 * frame (the start of the allocation/free stack). */
void *sl_allocate(size_t size, size_t align, int type, int zero, uptr pc,
                  uptr fp);
/* has_size: the sized operator delete passed size. */
void sl_deallocate(void *p, int type, int has_size, size_t size, uptr pc,
                   uptr fp);
/* operator delete(void*, [size_t,] align_val_t): also checks the alignment
 * against the one operator new was given (new-delete-type-mismatch). */
void sl_deallocate_aligned(void *p, int type, int has_size, size_t size,
                           size_t align, uptr pc, uptr fp);
void *sl_reallocate(void *p, size_t size, uptr pc, uptr fp);
void *sl_calloc(size_t n, size_t elem, uptr pc, uptr fp);
size_t sl_usable_size(const void *p);

/* The redzone bytes around the block that starts at user_beg: from the
 * slot's start (past a memalign back-link) to the chunk header, and from
 * the block's end to the slot's end. 0 if user_beg is not a block. */
int allocator_block_redzones(uptr user_beg, uptr *left_lo, uptr *left_hi,
                             uptr *right_lo, uptr *right_hi);

/* With redzone patterns on (redzone_pattern.h): the first byte around the
 * live block at user_beg that was overwritten since malloc, or 0. */
uptr allocator_redzone_first_bad(uptr user_beg);

/* The block addr is in or nearest to (for redzone hits). 0 if none. */
int allocator_describe(uptr addr, chunk_info *out);
/* A byte *bad of the left redzone of the block at ub was found
 * overwritten: fills out with the block below that the write ran out of
 * (one whose right redzone is overwritten too, *bad then moved to where
 * that begins; else the block *bad is nearest to) and returns 1, or 0
 * when the byte is ub's own. */
int allocator_overflow_source(uptr *bad, uptr ub, chunk_info *out);

/* ASan's interface on one live block starting at p; 0 if p is none:
 * never report it as a leak (__lsan_ignore_object), or give it a new
 * allocation stack (__asan_update_allocation_context). */
int allocator_ignore_for_leaks(uptr p);
int allocator_set_alloc_stack(uptr p, uint32_t stack);

/* From the SIGSEGV handler: a fault at addr on a protected quarantined
 * block (quarantine_protect.c) is reported as heap-use-after-free with
 * the faulting instruction's stack; 1 if it was (the pages are then made
 * accessible, so that with halt_on_error=0 the access can complete). */
/* In a fork child, after the locks are released (quarantine_protect.c). */
void quarantine_protect_after_fork_child(void);
int allocator_fault_in_quarantine(uptr addr, int is_write, uptr pc, uptr bp,
                                  uptr sp);

/* Thread exit: return cached slots and quarantined blocks. */
void allocator_thread_exit(void *cache);
/* fork() support: take every allocator lock before, release after. */
void allocator_lock_all(void);
void allocator_unlock_all(void);
/* Bytes currently held in quarantine (for tests and statistics). */
size_t allocator_quarantine_bytes(void);

/* ASan's allocator statistics (<sanitizer/allocator_interface.h>), summed
 * over every thread's counters without stopping them, so a snapshot:
 * live_bytes: requested bytes of the blocks allocated and not freed;
 * heap_bytes: carved slots of the size classes plus large mappings;
 * free_bytes: of those, what holds neither a live nor a quarantined block. */
typedef struct {
  size_t live_bytes, heap_bytes, free_bytes;
} allocator_stats;
void allocator_get_stats(allocator_stats *out);
/* 1 if p starts a live block (its requested size in *size if size). */
int allocator_live_size(const void *p, size_t *size);
/* Empties the calling thread's quarantine batch and the global FIFO. */
void allocator_purge(void);
#endif
