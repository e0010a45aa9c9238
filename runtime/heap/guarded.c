/* Sampled guard pages (GWP-ASan's idea, for the preloaded runtime): code
 * that checks no shadow cannot be caught overflowing a block or using it
 * after free, unless the memory itself faults. With guard_pages=N about
 * one allocation in N (a per-thread countdown drawn uniformly from
 * [1, 2N-1], so no lock on the other allocations) goes to a slot of a
 * fixed pool, mapped once on first use:
 *
 *   [guard][slot 0: GUARD_SLOT_PAGES pages][guard][slot 1 ...][guard] ...
 *
 * Guarded allocations alternate between the two ends of their slot: at
 * the end, the block ends as close to the next guard page as the 16-byte
 * alignment malloc owes allows (up to 15 bytes of slack, where an overflow
 * is not seen), so an overflow faults; at the start, the block begins on
 * the page after a guard, so an underflow faults. A freed slot is made
 * PROT_NONE and joins the tail of a FIFO of free
 * slots, so it is reused as late as possible and a use after free faults
 * until then (its pages stay resident: 2 MiB at most). The SIGSEGV handler asks guard_fault, which reports the
 * access with its stack and the slot's allocation (and free) stacks.
 * Blocks bigger than a slot, or aligned above a page, are never guarded;
 * when every slot is in use the allocation is an ordinary one.
 *
 * The slots' records live here, not in the pool: the page before a block
 * placed at the start of its slot is a guard page. */
#include "guarded.h"

#include <sys/mman.h>

#include "heap.h"
#include "heapprof.h"
#include "sysheap.h"
#include "insn_decode.h"
#include "interception.h"
#include "options.h"
#include "report.h"
#include "shadow.h"
#include "unwind.h"

#define SLOT_BYTES (GUARD_SLOT_PAGES * 4096ul)

typedef struct {
  uptr user_beg;
  size_t size;
  uint32_t alloc_stack, free_stack;
  uint16_t alloc_tid, free_tid;
  uint8_t state; /* CHUNK_AVAILABLE (never used), _ALLOCATED, _QUARANTINED */
  uint8_t type;
  uint8_t sampled; /* also a heap-profile sample */
  uint8_t leak_ignored; /* __lsan_disable'd or __lsan_ignore_object */
} slot_record;

int guard_on;
uptr guard_pool_beg = (uptr)0 - GUARD_POOL_LEN;

static spin_t lock;
static int mapped; /* 1 mapped, -1 could not be */
static slot_record slots[GUARD_SLOTS];
static uint16_t fifo[GUARD_SLOTS]; /* free slots, oldest first */
static uint32_t fifo_head, fifo_count;
static uint32_t placements; /* alternates the end a block is placed at */

void guard_init(void) {
  guard_on = sl_opt.guard_pages > 0;
}

static inline uptr slot_beg(uint32_t i) {
  return guard_pool_beg + 4096 + (uptr)i * GUARD_STRIDE;
}

static uint64_t next_random(sl_thread *t) {
  uint64_t x = t->guard_rng; /* xorshift64*: plenty for sampling */
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  t->guard_rng = x;
  return x * 0x2545f4914f6cdd1dull;
}

int guard_countdown_expired(sl_thread *t) {
  uint64_t n = (uint64_t)sl_opt.guard_pages;
  int first = !t->guard_rng;
  if (first) {
    uint64_t s = sys_monotonic_ns() ^ ((uint64_t)sys_gettid() << 32) ^
                 (uint64_t)(uptr)t ^ __builtin_ia32_rdtsc();
    t->guard_rng = (s * 0x9e3779b97f4a7c15ull) | 1;
  }
  t->guard_countdown = (int64_t)(1 + next_random(t) % (2 * n - 1));
  /* A thread's first allocation starts its countdown (as heapprof.c's
   * does), except when every allocation is to be guarded. */
  return !first || n == 1;
}

static int map_pool_locked(void) {
  if (mapped)
    return mapped > 0;
  long r = (long)sys_mmap(0, GUARD_POOL_LEN, PROT_NONE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (r < 0 && r > -4096) {
    mapped = -1;
    return 0;
  }
  uptr beg = (uptr)r;
  /* Instrumented code reads the shadow of every address it touches. */
  if (!shadow_is_app_mem(beg) || !shadow_is_app_mem(beg + GUARD_POOL_LEN - 1)) {
    sys_munmap((void *)beg, GUARD_POOL_LEN);
    mapped = -1;
    return 0;
  }
  for (uint32_t i = 0; i < GUARD_SLOTS; i++) {
    fifo[i] = (uint16_t)i;
    slots[i].state = CHUNK_AVAILABLE;
  }
  fifo_head = 0;
  fifo_count = GUARD_SLOTS;
  __atomic_store_n(&guard_pool_beg, beg, __ATOMIC_RELEASE);
  mapped = 1;
  return 1;
}

static inline uint16_t tid16(void) {
  uint32_t tid = thread_current()->tid;
  return tid > 0xffff ? 0xffff : (uint16_t)tid;
}

void *guard_allocate(size_t size, size_t align, int type, int zero, uptr pc,
                     uptr fp) {
  if (size > SLOT_BYTES || align > 4096)
    return 0;
  if (align < 16)
    align = 16;
  uint32_t stack = stack_capture_id(pc, fp);
  spin_lock(&lock);
  if (!map_pool_locked() || !fifo_count) {
    spin_unlock(&lock);
    return 0;
  }
  uint32_t i = fifo[fifo_head];
  uptr beg = slot_beg(i);
  if (sys_mprotect((void *)beg, SLOT_BYTES, PROT_READ | PROT_WRITE) != 0) {
    spin_unlock(&lock);
    return 0;
  }
  fifo_head = (fifo_head + 1) % GUARD_SLOTS;
  fifo_count--;
  uptr ub = (placements++ & 1)
                ? beg
                : (beg + SLOT_BYTES - (size ? size : 1)) & ~(uptr)(align - 1);
  slot_record *s = &slots[i];
  s->user_beg = ub;
  s->size = size;
  s->alloc_stack = stack;
  s->free_stack = 0;
  s->alloc_tid = tid16();
  s->free_tid = 0;
  s->type = (uint8_t)(type & ~AT_NEVER_NULL);
  s->sampled = 0;
  sl_thread *t = sl_cur_thread;
  s->leak_ignored = t && t->lsan_disabled > 0;
  __atomic_store_n(&s->state, CHUNK_ALLOCATED, __ATOMIC_RELEASE);
  spin_unlock(&lock);
  /* With the checker, the shadow says what the slot says, so that
   * interceptors and instrumented code see a guarded block's bounds (the
   * slack next to it too) as they see any other block's. */
  if (sleuth_checking) {
    shadow_poison(beg, SLOT_BYTES, SH_HEAP_REDZONE);
    shadow_unpoison(ub, shadow_object_span(size));
  }
  /* A reused slot holds its last block's bytes. */
  if (zero)
    sl_memset((void *)ub, 0, size);
  else if (sleuth_checking) /* profile-only mode keeps glibc's contents */
    heap_fill_new_block(ub, size);
  if (SL_UNLIKELY(heapprof_on)) {
    heapprof_note_alloc(size);
    if (heapprof_sample_due(size)) {
      s->sampled = 1;
      heapprof_record_sample((void *)ub, stack, s->alloc_tid, size);
    }
  }
  return (void *)ub;
}

/* The slot whose data pages hold addr, or -1 for a guard page. */
static int slot_holding(uptr addr) {
  uptr off = addr - guard_pool_beg;
  if (off < 4096 || off >= GUARD_POOL_LEN)
    return -1;
  uptr k = (off - 4096) / GUARD_STRIDE;
  return (off - 4096) % GUARD_STRIDE < SLOT_BYTES ? (int)k : -1;
}

/* The slot a report about addr is about: the one holding it, or, on a
 * guard page, the used neighbour whose block is nearer. -1 if none. */
static int slot_for(uptr addr) {
  uptr off = addr - guard_pool_beg;
  if (off >= GUARD_POOL_LEN)
    return -1;
  int in = slot_holding(addr);
  if (in >= 0)
    return slots[in].state != CHUNK_AVAILABLE ? in : -1;
  long right = off < 4096 ? 0 : (long)((off - 4096) / GUARD_STRIDE) + 1;
  long left = right - 1;
  uptr dl = ~(uptr)0, dr = ~(uptr)0;
  if (left >= 0 && slots[left].state != CHUNK_AVAILABLE)
    dl = addr - (slots[left].user_beg + slots[left].size);
  if (right < (long)GUARD_SLOTS && slots[right].state != CHUNK_AVAILABLE)
    dr = slots[right].user_beg - addr;
  if (dl == ~(uptr)0 && dr == ~(uptr)0)
    return -1;
  return dl <= dr ? (int)left : (int)right;
}

static void fill_info(int i, chunk_info *out) {
  const slot_record *s = &slots[i];
  out->user_beg = s->user_beg;
  out->size = s->size;
  out->state = s->state;
  out->type = s->type;
  out->alloc_stack = s->alloc_stack;
  out->alloc_tid = s->alloc_tid;
  out->free_stack = s->free_stack;
  out->free_tid = s->free_tid;
}

int guard_describe(uptr addr, chunk_info *out) {
  int i = slot_for(addr);
  if (i < 0)
    return 0;
  fill_info(i, out);
  return 1;
}

void guard_free(void *p, uptr pc, uptr fp) {
  uptr a = (uptr)p;
  uint32_t stack = stack_capture_id(pc, fp);
  int i = slot_holding(a);
  spin_lock(&lock);
  if (i < 0 || slots[i].user_beg != a ||
      slots[i].state != CHUNK_ALLOCATED) {
    int twice = i >= 0 && slots[i].user_beg == a &&
                slots[i].state == CHUNK_QUARANTINED;
    spin_unlock(&lock);
    stack = stack_capture_full_id(pc, fp); /* a fatal error's stack */
    if (twice)
      report_double_free(a, stack);
    else
      report_bad_free(a, stack);
    return;
  }
  slot_record *s = &slots[i];
  s->free_stack = stack;
  s->free_tid = tid16();
  __atomic_store_n(&s->state, CHUNK_QUARANTINED, __ATOMIC_RELEASE);
  uptr beg = slot_beg((uint32_t)i);
  if (sleuth_checking)
    shadow_poison(a, s->size ? s->size : 1, SH_FREED);
  /* Only protected: the pool holds at most 256 slots' pages (2 MiB), and
   * giving them back would cost a system call and page faults on reuse on
   * every guarded free. */
  sys_mprotect((void *)beg, SLOT_BYTES, PROT_NONE);
  fifo[(fifo_head + fifo_count) % GUARD_SLOTS] = (uint16_t)i;
  fifo_count++;
  int sampled = s->sampled;
  size_t size = s->size;
  uint32_t alloc_stack = s->alloc_stack, alloc_tid = s->alloc_tid;
  spin_unlock(&lock);
  if (SL_UNLIKELY(heapprof_on)) {
    heapprof_note_free(size);
    if (sampled)
      heapprof_release_sample((void *)a, alloc_stack, alloc_tid, size);
  }
}

int guard_live_size(const void *p, size_t *size) {
  int i = slot_holding((uptr)p);
  if (i < 0 || slots[i].user_beg != (uptr)p ||
      __atomic_load_n(&slots[i].state, __ATOMIC_ACQUIRE) != CHUNK_ALLOCATED)
    return 0;
  if (size)
    *size = slots[i].size;
  return 1;
}

size_t guard_usable_size(const void *p) {
  size_t n = 0;
  guard_live_size(p, &n);
  return n;
}

int guard_fault(uptr addr, int is_write, uptr pc, uptr bp, uptr sp) {
  if (!guard_owns((void *)addr))
    return 0;
  chunk_info ci;
  spin_lock(&lock);
  int i = slot_for(addr);
  /* A live slot's own pages are accessible: a fault there is not ours. */
  int ours = i >= 0 && !(slot_holding(addr) == i &&
                         slots[i].state == CHUNK_ALLOCATED);
  if (ours)
    fill_info(i, &ci);
  spin_unlock(&lock);
  if (!ours)
    return 0;
  unsigned size = insn_access_size(pc);
  report_guard_fault(addr, size, is_write, pc, bp, sp,
                     ci.state == CHUNK_QUARANTINED ? "heap-use-after-free"
                                                   : "heap-buffer-overflow",
                     &ci);
  /* halt_on_error=0: the program goes on, and the access must succeed
   * when the instruction runs again; the page stays open (a freed slot
   * until it is reused, a guard page for good). */
  uptr lo = addr & ~(uptr)4095;
  uptr hi = ((addr + (size ? size : 1) - 1) | 4095) + 1;
  sys_mprotect((void *)lo, hi - lo, PROT_READ | PROT_WRITE);
  return 1;
}

void *guard_reallocate(void *p, size_t size, uptr pc, uptr fp) {
  int i = slot_holding((uptr)p);
  if (i < 0 || slots[i].user_beg != (uptr)p ||
      __atomic_load_n(&slots[i].state, __ATOMIC_ACQUIRE) != CHUNK_ALLOCATED) {
    guard_free(p, pc, fp); /* reports the bad or double free */
    return 0;
  }
  size_t old = slots[i].size;
  void *q = heap_is_system() ? sysheap_allocate(size, 16, AT_MALLOC, 0, fp)
                             : sl_allocate(size, 16, AT_MALLOC, 0, pc, fp);
  if (!q)
    return 0;
  sl_memcpy(q, p, old < size ? old : size);
  guard_free(p, pc, fp);
  return q;
}

size_t guard_live_count(void) {
  size_t n = 0;
  for (uint32_t i = 0; mapped > 0 && i < GUARD_SLOTS; i++)
    n += slots[i].state == CHUNK_ALLOCATED;
  return n;
}

/* Slots are in address order, so the blocks come out sorted. */
size_t guard_live_blocks(leak_block *out, size_t max) {
  size_t n = 0;
  for (uint32_t i = 0; mapped > 0 && i < GUARD_SLOTS && n < max; i++) {
    const slot_record *s = &slots[i];
    if (s->state != CHUNK_ALLOCATED)
      continue;
    out[n].beg = s->user_beg;
    out[n].size = s->size;
    out[n].stack = s->alloc_stack;
    out[n].tag = s->leak_ignored ? LEAK_REACHABLE : LEAK_UNREACHED;
    n++;
  }
  return n;
}

int guard_ignore_for_leaks(const void *p) {
  int i = slot_holding((uptr)p);
  spin_lock(&lock);
  int ok = i >= 0 && slots[i].state == CHUNK_ALLOCATED &&
           slots[i].user_beg == (uptr)p;
  if (ok)
    slots[i].leak_ignored = 1;
  spin_unlock(&lock);
  return ok;
}

void guard_lock(void) { spin_lock(&lock); }
void guard_unlock(void) { spin_unlock(&lock); }
