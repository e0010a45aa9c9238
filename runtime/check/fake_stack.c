/* The fake stack behind detect_stack_use_after_return=1 (abi.h). Each
 * thread gets, on its first request, one mapping of FS_CLASSES regions of
 * FS_REGION bytes (2^20 by default, as ASan's stack_size_log; 2^16 to 2^24
 * with min_uar_stack_size_log/max_uar_stack_size_log, the same for every
 * thread); region c holds frames of 64 << c bytes and a byte flag per
 * frame (1 = in use). Frames are taken round-robin from a per-class
 * cursor, so a frame that was just freed (poisoned f5) is reused as late
 * as possible and a dangling pointer into it keeps hitting f5.
 *
 * Frames whose function was left by longjmp or an exception are never
 * freed by it. When a class runs out, frames whose owner is provably gone
 * are collected: each frame records the stack pointer of its allocation
 * (word 3 of the left redzone; words 0..2 are the pass's frame header), and
 * an owner that is still running sits above the current frame on the same
 * stack. Frames taken on another stack (signal or coroutine stack) are
 * never collected that way.
 *
 * Live frames are leak-scan roots (fake_stack_for_each_live): the locals
 * they hold are the program's. A thread's mapping is unmapped, and its
 * shadow cleared, when the thread exits. */
#include "fake_stack.h"

#include <sys/mman.h>

#include "options.h"
#include "report.h"
#include "shadow.h"
#include "threads.h"

#define FS_MIN_LOG 6  /* 64-byte frames in class 0 */
#define FS_CLASSES 11 /* ... up to 64 KiB = SLEUTH_FAKE_FRAME_MAX */
#define FS_MAX_LOG 24
/* Set once at start-up (fake_stack_init), before any thread asks. */
static unsigned fs_log = 20;
static uptr fs_align = (uptr)16 << 20;
#define FS_REGION ((uptr)1 << fs_log)
/* Flags for the largest regions (sum of frames, rounded); the header's
 * pages past those a smaller region needs are never touched. */
#define FS_FLAGS (((uptr)1 << FS_MAX_LOG) >> (FS_MIN_LOG - 1))
#define FS_NO_SP (~(uptr)0) /* word 3 while a frame is being handed out */

_Static_assert((64u << (FS_CLASSES - 1)) == SLEUTH_FAKE_FRAME_MAX,
               "the largest class is the pass's limit");

SL_INTERFACE int __sleuth_detect_stack_use_after_return;

typedef struct fake_stack {
  uint32_t cursor[FS_CLASSES];
  uint8_t flags[FS_FLAGS];
} fake_stack;

#define FS_HEADER (((uptr)sizeof(fake_stack) + 4095) & ~(uptr)4095)
#define FS_SIZE (FS_HEADER + FS_CLASSES * FS_REGION)
/* Mappings are aligned to this (the power of two above FS_SIZE), so a
 * frame finds its fake stack by masking (it may be freed on another
 * thread, by a coroutine that moved). */
#define FS_ALIGN fs_align

static uptr frames_in(int c) { return FS_REGION >> (FS_MIN_LOG + c); }
static uptr flags_at(int c) { /* frames of the classes before c */
  return 2 * frames_in(0) - 2 * frames_in(c);
}
static uptr region(fake_stack *fs, int c) {
  return (uptr)fs + FS_HEADER + (uptr)c * FS_REGION;
}

void fake_stack_init(void) {
  unsigned lo = (unsigned)sl_opt.min_uar_stack_size_log,
           hi = (unsigned)sl_opt.max_uar_stack_size_log;
  /* ASan clamps each thread's stack size to [min, max]; here one size
   * serves every thread: its default 2^20, clamped the same way. */
  fs_log = 20 < lo ? lo : 20 > hi ? hi : 20;
  if (fs_log < lo)
    fs_log = lo;
  fs_align = (uptr)1 << 20;
  while (fs_align < FS_SIZE)
    fs_align <<= 1;
  __sleuth_detect_stack_use_after_return = sl_opt.detect_stack_use_after_return;
}

static fake_stack *get_or_create(sl_thread *t) {
  fake_stack *fs = __atomic_load_n(&t->fake_stack, __ATOMIC_ACQUIRE);
  if (SL_LIKELY(fs) || __atomic_load_n(&t->fake_stack_gone, __ATOMIC_SEQ_CST))
    return fs;
  uptr m = (uptr)sys_mmap(0, 2 * FS_ALIGN, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m > (uptr)-4096)
    return 0;
  uptr a = (m + FS_ALIGN - 1) & ~(FS_ALIGN - 1);
  if (a > m)
    sys_munmap((void *)m, a - m);
  sys_munmap((void *)(a + FS_SIZE), m + 2 * FS_ALIGN - (a + FS_SIZE));
  fs = (fake_stack *)a;
  fake_stack *none = 0;
  /* A signal handler may have installed one meanwhile. */
  if (!__atomic_compare_exchange_n(&t->fake_stack, &none, fs, 0,
                                   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    sys_munmap(fs, FS_SIZE);
    fs = none;
  } else if (sl_opt.verbosity) {
    report_raw("T%u: FakeStack created: %p -- %p stack_size_log: %u; "
               "mmapped %luK, noreserve=1",
               t->tid, (void *)fs, (void *)((uptr)fs + FS_SIZE), fs_log,
               (unsigned long)(FS_SIZE >> 10));
  }
  return fs;
}

/* Frees class c's frames whose owner returned past sp without freeing
 * them (longjmp, exceptions); only on the thread's own stack. */
static void collect(fake_stack *fs, int c, sl_thread *t, uptr sp) {
  if (!t->stack_hi || sp < t->stack_lo || sp >= t->stack_hi)
    return;
  uint8_t *flags = fs->flags + flags_at(c);
  uptr size = (uptr)64 << c, base = region(fs, c);
  for (uptr i = 0; i < frames_in(c); i++) {
    if (!__atomic_load_n(&flags[i], __ATOMIC_ACQUIRE))
      continue;
    uptr *frame = (uptr *)(base + i * size);
    uptr owner_sp = __atomic_load_n(&frame[3], __ATOMIC_ACQUIRE);
    if (owner_sp >= t->stack_lo && owner_sp < sp) {
      shadow_poison((uptr)frame, size, SH_STACK_AFTER_RETURN);
      __atomic_store_n(&frame[3], FS_NO_SP, __ATOMIC_RELEASE);
      __atomic_store_n(&flags[i], 0, __ATOMIC_RELEASE);
    }
  }
}

static uptr take(fake_stack *fs, int c, uptr sp) {
  uint8_t *flags = fs->flags + flags_at(c);
  uptr n = frames_in(c);
  for (uptr tries = 0; tries < n; tries++) {
    uptr i = __atomic_fetch_add(&fs->cursor[c], 1, __ATOMIC_RELAXED) & (n - 1);
    if (__atomic_load_n(&flags[i], __ATOMIC_RELAXED) ||
        __atomic_exchange_n(&flags[i], 1, __ATOMIC_ACQ_REL))
      continue;
    uptr *frame = (uptr *)(region(fs, c) + i * ((uptr)64 << c));
    __atomic_store_n(&frame[3], sp, __ATOMIC_RELEASE);
    return (uptr)frame;
  }
  return 0;
}

SL_INTERFACE uintptr_t __sleuth_stack_malloc(uintptr_t size) {
  sl_thread *t = thread_current_or_null();
  if (SL_UNLIKELY(!t || size > SLEUTH_FAKE_FRAME_MAX))
    return 0;
  fake_stack *fs = get_or_create(t);
  if (!fs)
    return 0;
  int c = 0;
  while (((uptr)64 << c) < size)
    c++;
  uptr sp = (uptr)__builtin_frame_address(0);
  uptr frame = take(fs, c, sp);
  if (!frame) {
    collect(fs, c, t, sp);
    frame = take(fs, c, sp);
  }
  if (frame)
    sl_memset((void *)MEM_TO_SHADOW(frame), 0, (size + 7) / 8);
  return frame;
}

SL_INTERFACE void __sleuth_stack_free(uintptr_t frame, uintptr_t size) {
  fake_stack *fs = (fake_stack *)(frame & ~(FS_ALIGN - 1));
  shadow_poison(frame, size, SH_STACK_AFTER_RETURN);
  uptr off = frame - region(fs, 0);
  int c = (int)(off / FS_REGION);
  uptr i = (off % FS_REGION) >> (FS_MIN_LOG + c);
  __atomic_store_n(&((uptr *)frame)[3], FS_NO_SP, __ATOMIC_RELAXED);
  __atomic_store_n(&fs->flags[flags_at(c) + i], 0, __ATOMIC_RELEASE);
}

int fake_stack_frame_of(const sl_thread *t, uptr addr, uptr *frame) {
  fake_stack *fs = t->fake_stack;
  if (!fs || addr < region(fs, 0) || addr >= region(fs, FS_CLASSES))
    return 0;
  uptr off = addr - region(fs, 0);
  int c = (int)(off / FS_REGION);
  /* Frames are aligned to their size from the region's start, which is
   * only page-aligned (FS_HEADER): masking the address itself finds the
   * wrong frame for classes above 4 KiB. */
  uptr in_region = off % FS_REGION;
  *frame = region(fs, c) + (in_region & ~(((uptr)64 << c) - 1));
  return 1;
}

int fake_stack_frame_bounds(const sl_thread *t, uptr addr, uptr *beg,
                            uptr *end) {
  uptr frame;
  if (!fake_stack_frame_of(t, addr, &frame))
    return 0;
  int c = (int)((addr - region(t->fake_stack, 0)) / FS_REGION);
  *beg = frame;
  *end = frame + ((uptr)64 << c);
  return 1;
}

uptr fake_stack_frame_real_sp(uptr frame) {
  uptr sp = __atomic_load_n(&((uptr *)frame)[3], __ATOMIC_RELAXED);
  return sp == FS_NO_SP ? 0 : sp;
}

void fake_stack_for_each_live(const sl_thread *t,
                              void (*fn)(uptr lo, uptr hi)) {
  fake_stack *fs = t->fake_stack;
  if (!fs)
    return;
  for (int c = 0; c < FS_CLASSES; c++) {
    uint8_t *flags = fs->flags + flags_at(c);
    uptr size = (uptr)64 << c, base = region(fs, c);
    for (uptr i = 0; i < frames_in(c); i++)
      if (__atomic_load_n(&flags[i], __ATOMIC_ACQUIRE))
        fn(base + i * size, base + (i + 1) * size);
  }
}

void fake_stack_destroy(sl_thread *t) {
  __atomic_store_n(&t->fake_stack_gone, 1, __ATOMIC_SEQ_CST);
  fake_stack *fs = __atomic_exchange_n(&t->fake_stack, 0, __ATOMIC_ACQ_REL);
  if (!fs)
    return;
  shadow_clear_release((uptr)fs, FS_SIZE);
  sys_munmap(fs, FS_SIZE);
}
