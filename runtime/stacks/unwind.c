/* Unwinders. The fast one trusts only frame records that lie inside the
 * current thread's stack, are aligned and move strictly upward; Debian's libc
 * has no frame pointers, so a walk that enters it stops instead of reading
 * garbage. */
#include "unwind.h"

#include <dlfcn.h>
#include <link.h>
#include <sys/auxv.h>
#include <stdlib.h> /* exit: the runtime's interceptor of it */
#include <unwind.h>

#include "options.h"
#include "stackdepot.h"
#include "stack_switch.h"
#include "threads.h"
#include "unwind_cfi.h"

SL_NOINLINE uptr sleuth_current_pc(void) {
  return (uptr)__builtin_return_address(0);
}

/* The stack a walk from the calling frame (here) may read: from here up to
 * the top of the thread's stack, or of the coroutine or signal stack it is
 * on. Every live frame is above here: below it, the recorded bounds may
 * cover address space the stack has not grown into (unmapped). hi is 0 when
 * the thread's stack is not known; returns 0 on an unknown other stack,
 * where nothing should be read. */
static int walk_bounds(uptr here, uptr *lo_out, uptr *hi_out) {
  sl_thread *t = thread_current();
  uptr lo = t ? t->stack_lo : 0, hi = t ? t->stack_hi : 0;
  if (SL_UNLIKELY(hi && (here < lo || here >= hi)) &&
      !stack_bounds_other(t, here, 1, &lo, &hi))
    return 0;
  if (here > lo && here < hi)
    lo = here;
  *lo_out = lo;
  *hi_out = hi;
  return 1;
}

/* The frame-pointer walk; *outer: the last frame record read (the
 * outermost frame of the stack returned). */
static inline __attribute__((always_inline)) int
walk_frames(uptr *pcs, int max, uptr fp, uptr *outer) {
  /* A frame pointer from code built without frame pointers is any value:
   * frame records are trusted only inside the stack. */
  uptr lo, hi;
  if (!walk_bounds((uptr)__builtin_frame_address(0), &lo, &hi))
    return 0;
  int n = 0;
  while (n < max) {
    if (fp & 7)
      break;
    if (hi && (fp < lo || fp > hi - 16)) /* no overflow near ~0 */
      break;
    if (!hi && (fp < 4096 || fp >= 0x7ffffffff000ull))
      break;
    uptr *frame = (uptr *)fp;
    uptr ret = frame[1];
    /* Not a user-space code address: a frame pointer register some code
     * without frame pointers (glibc's) used for data. */
    if (ret < 4096 || ret >= 0x800000000000ull)
      break;
    pcs[n++] = ret;
    *outer = fp;
    uptr next = frame[0];
    if (next <= fp || (!hi && next - fp > (1u << 24)))
      break;
    fp = next;
  }
  return n;
}

int unwind_fast(uptr *pcs, int max, uptr fp) {
  uptr outer;
  return walk_frames(pcs, max, fp, &outer);
}

typedef struct {
  uptr *pcs;
  int n, max;
  uptr start_at;
  int started;
} slow_state;

static _Unwind_Reason_Code slow_step(struct _Unwind_Context *ctx, void *arg) {
  slow_state *s = arg;
  uptr pc = (uptr)_Unwind_GetIP(ctx);
  if (!pc)
    return _URC_END_OF_STACK;
  if (!s->started) {
    if (pc != s->start_at)
      return _URC_NO_REASON;
    s->started = 1;
  }
  if (s->n >= s->max)
    return _URC_END_OF_STACK;
  s->pcs[s->n++] = pc;
  return _URC_NO_REASON;
}

SL_NOINLINE int unwind_slow(uptr *pcs, int max, uptr start_at) {
  slow_state s = {pcs, 0, max, start_at, start_at == 0};
  _Unwind_Backtrace(slow_step, &s);
  return s.n;
}

/* libc's text, where exit's caller is when main returned. */
static uptr libc_text_lo, libc_text_hi;
/* Code built without frame pointers (gcc -O2's default) breaks the
 * frame-pointer chain: the walk stops, or wanders, inside the program. The
 * preloaded runtime runs programs built by anyone, so it takes stacks by
 * call-frame information; instrumented code always keeps frame pointers. */
static int dwarf_by_cfi;

void *__libc_malloc(size_t n);

static int find_text(struct dl_phdr_info *info, size_t size, void *arg) {
  (void)size;
  uptr addr = (uptr)arg;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uptr lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
    if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) && addr >= lo &&
        addr < hi) {
      libc_text_lo = lo;
      libc_text_hi = hi;
      return 1;
    }
  }
  return 0;
}

void unwind_assume_no_frame_pointers(void) { dwarf_by_cfi = 1; }

typedef struct {
  uptr exit_fn, exit_cfa, floor;
  uptr wrapper_fn; /* the runtime's exit() interceptor, or 0 */
  int after_exit;
} exit_state;

static _Unwind_Reason_Code exit_step(struct _Unwind_Context *ctx, void *arg) {
  exit_state *s = arg;
  uptr pc = (uptr)_Unwind_GetIP(ctx);
  if (!pc)
    return _URC_END_OF_STACK;
  if (s->after_exit) { /* exit's caller */
    /* The runtime's exit() interceptor (interceptors_exit.c) stands between
     * the program's call and libc's exit: its caller decides. */
    if (s->wrapper_fn &&
        (uptr)_Unwind_FindEnclosingFunction((void *)pc) == s->wrapper_fn) {
      s->exit_cfa = (uptr)_Unwind_GetCFA(ctx);
      s->wrapper_fn = 0;
      return _URC_NO_REASON;
    }
    if (pc >= libc_text_lo && pc < libc_text_hi)
      s->floor = s->exit_cfa;
    return _URC_END_OF_STACK;
  }
  /* The lookup is made at pc - 1 (exit's call to the noreturn handler
   * runner is its last instruction: the return address may be the next
   * function's). */
  if ((uptr)_Unwind_FindEnclosingFunction((void *)pc) == s->exit_fn) {
    s->after_exit = 1;
    s->exit_cfa = (uptr)_Unwind_GetCFA(ctx);
  }
  return _URC_NO_REASON;
}

uptr unwind_live_floor_at_exit(void) {
  if (!libc_text_hi)
    dl_iterate_phdr(find_text, (void *)(uptr)__libc_malloc);
  /* libc's exit, past the runtime's interceptor of it. */
  void *fn = dlsym(RTLD_NEXT, "exit");
  if (!fn)
    fn = dlsym(RTLD_DEFAULT, "exit");
  if (!fn || !libc_text_hi)
    return 0;
  /* + 1: the lookup is made at the address before the one given. */
  exit_state s = {(uptr)_Unwind_FindEnclosingFunction((char *)fn + 1), 0, 0,
                  (uptr)_Unwind_FindEnclosingFunction((char *)exit + 1), 0};
  if (!s.exit_fn)
    return 0;
  if (s.wrapper_fn == s.exit_fn)
    s.wrapper_fn = 0;
  _Unwind_Backtrace(exit_step, &s);
  return s.floor;
}

static int cfi_from_frame(uptr *pcs, int max, uptr fp, uptr *outer_sp) {
  uptr lo, hi;
  if (!walk_bounds((uptr)__builtin_frame_address(0), &lo, &hi) || !hi ||
      fp < lo || fp > hi - 16)
    return -1;
  /* The registers of fp's caller after fp's function returned: its frame
   * record popped, and rbp restored from it. */
  const uptr *frame = (const uptr *)fp;
  cfi_frame f = {frame[1], fp + 16, frame[0]};
  return unwind_cfi(pcs, max, f, lo, hi, outer_sp);
}

int unwind_cfi_from_frame(uptr *pcs, int max, uptr fp) {
  return cfi_from_frame(pcs, max, fp, 0);
}

int unwind_from_bad_call(uptr *pcs, int max, uptr sp, uptr bp) {
  if (max < 1)
    return 0;
  sl_thread *t = thread_current_or_null();
  uptr lo = t ? t->stack_lo : 0, hi = t ? t->stack_hi : 0;
  if (!hi || sp < lo || sp > hi - 8)
    stack_bounds_other(t, sp, 1, &lo, &hi);
  if (!hi || sp < lo || sp > hi - 8 || (sp & 7))
    return 0;
  /* The call pushed its return address and jumped: the caller is stopped
   * at the call, its frame intact below sp + 8. */
  cfi_frame f = {*(const uptr *)sp, sp + 8, bp};
  int n = unwind_cfi(pcs, max, f, sp, hi, 0);
  if (n > 0)
    return n;
  /* A frame the CFI walk cannot follow: frame records from bp, inside
   * [sp, hi) (this runs on the signal stack, so unwind_fast's bounds, taken
   * from where it runs, do not apply). */
  pcs[0] = f.pc;
  n = 1;
  for (uptr fp = bp; n < max && fp >= sp && fp <= hi - 16 && !(fp & 7);) {
    const uptr *frame = (const uptr *)fp;
    if (frame[1] < 4096)
      break;
    pcs[n++] = frame[1];
    if (frame[0] <= fp)
      break;
    fp = frame[0];
  }
  return n;
}

/* The callers of frame fp, for a program that may lack frame pointers:
 * the cached-CFI walk (*outer_sp: its outermost frame's stack pointer),
 * or libgcc's for stacks it cannot follow. */
static int unwind_no_fp(uptr *pcs, int max, uptr fp, uptr *outer_sp) {
  int n = cfi_from_frame(pcs, max, fp, outer_sp);
  if (SL_UNLIKELY(n < 0))
    n = unwind_slow(pcs, max, ((uptr *)fp)[1]);
  return n;
}

/* The dynamic loader's code ([lo, hi) of its executable segment), from
 * its ELF headers in memory (AT_BASE); empty in a static program. */
static uptr loader_lo, loader_hi;
static int loader_looked;
static int pc_in_loader(uptr pc) {
  if (!__atomic_load_n(&loader_looked, __ATOMIC_ACQUIRE)) {
    uptr base = getauxval(AT_BASE), lo = 0, hi = 0;
    const ElfW(Ehdr) *eh = (const ElfW(Ehdr) *)base;
    if (base && sl_strncmp((const char *)eh->e_ident, ELFMAG, SELFMAG) == 0) {
      const ElfW(Phdr) *ph = (const ElfW(Phdr) *)(base + eh->e_phoff);
      for (int i = 0; i < eh->e_phnum; i++)
        if (ph[i].p_type == PT_LOAD && (ph[i].p_flags & PF_X)) {
          lo = base + ph[i].p_vaddr;
          hi = lo + ph[i].p_memsz;
          break;
        }
    }
    loader_lo = lo;
    loader_hi = hi;
    __atomic_store_n(&loader_looked, 1, __ATOMIC_RELEASE);
  }
  return pc >= loader_lo && pc < loader_hi;
}

/* pcs[0] = first_pc, then at most max - 1 callers of frame fp; one_frame
 * keeps only the allocator frame (and a loader caller). The buffer is as
 * deep as asked: 30 frames by default on every malloc, 256 for a fatal
 * error's stack. */
static uint32_t capture(uptr first_pc, uptr fp, int max, int one_frame) {
  uptr pcs[max];
  pcs[0] = first_pc;
  int n;
  /* The depot compares a stack with the last one that started in the same
   * outermost frame (stackdepot.h): its frame record's address. */
  uptr outer = 0;
  if (SL_LIKELY(sl_opt.fast_unwind_on_malloc)) {
    /* Preloaded: always by CFI, since a frame-pointer walk through code
     * without frame pointers can wander and still end in libc. */
    if (SL_UNLIKELY(dwarf_by_cfi))
      n = 1 + unwind_no_fp(pcs + 1, max - 1, fp, &outer);
    else
      n = 1 + walk_frames(pcs + 1, max - 1, fp, &outer);
  } else {
    /* Start at the caller of the allocator entry point (frame fp). */
    n = 1 + unwind_slow(pcs + 1, max - 1, ((uptr *)fp)[1]);
  }
  if (one_frame && n > 1 && !pc_in_loader(pcs[1]))
    n = 1;
  return depot_put_hinted(pcs, n, outer);
}

uint32_t stack_capture_id(uptr first_pc, uptr fp) {
  int max = (int)sl_opt.malloc_context_size;
  /* 0 keeps the allocator's own frame, as ASan does. With that one frame
   * alone, a block the dynamic loader allocated (a thread's DTV, dynamic
   * TLS) would lose what makes the leak scan keep it as a root: its
   * caller in ld.so (leak.c, allocated_by_loader). So the caller is taken
   * too, and kept where it is the loader's. */
  int one_frame = max <= 1;
  if (one_frame)
    max = 2;
  if (max > DEPOT_MAX_FRAMES)
    max = DEPOT_MAX_FRAMES;
  return capture(first_pc, fp, max, one_frame);
}

uint32_t stack_capture_full_id(uptr first_pc, uptr fp) {
  return capture(first_pc, fp, DEPOT_MAX_FRAMES, 0);
}
