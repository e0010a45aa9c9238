/* Code running on a stack other than its thread's own: makecontext
 * coroutines, fibers announced with __sanitizer_start_switch_fiber /
 * __sanitizer_finish_switch_fiber (hand-written stack switchers such as
 * boost.context, QEMU's coroutines) and sigaltstack signal handlers; and
 * vfork children, which run on the parent's stack.
 *
 * The unwinder, __sleuth_handle_no_return and the leak scan need the
 * bounds of the stack a frame is on. The thread's own stack is in its
 * record; the stacks given to makecontext are remembered here (a ring of
 * the newest, whose shadow is cleared when they are handed out, as any
 * poison there is left from an earlier use of that memory); the signal
 * stack is asked of the kernel. A thread caches the last other stack it was
 * found on.
 *
 * vfork is replaced by fork: a vfork child shares the parent's memory, so
 * its instrumented frames, its __sleuth_handle_no_return (before _exit) and
 * any runtime call it made would poison or unpoison the parent's stack and
 * change the runtime's state behind the parent's back. */
#include "stack_switch.h"

#include <signal.h>
#include <stdarg.h>
#include <ucontext.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "interception.h"
#include "shadow.h"
#include "threads.h"

#define RING 1024

/* saved_sp: where the stack's code stopped when a fiber switch left it
 * (the leak scan reads a suspended stack from there up); 0: unknown, the
 * whole stack is read; STACK_RUNNING: a thread runs on it (its scan reads
 * it). */
static struct { uptr lo, hi, saved_sp; } ring[RING];
static uint32_t ring_next;
/* Bumped at every change: thread caches check it. */
static uint32_t ring_gen = 1;
static spin_t ring_lock;

static void remember_stack(uptr lo, uptr hi) {
  spin_lock(&ring_lock);
  /* A stack handed out again (a pool of coroutine stacks) keeps its slot:
   * the scan then reads it once. */
  uint32_t n = ring_next < RING ? ring_next : RING;
  for (uint32_t k = 0; k < n; k++)
    if (ring[k].lo == lo && ring[k].hi == hi) {
      __atomic_store_n(&ring[k].saved_sp, 0, __ATOMIC_RELAXED);
      spin_unlock(&ring_lock);
      return;
    }
  uint32_t i = ring_next % RING;
  __atomic_store_n(&ring[i].hi, 0, __ATOMIC_RELAXED); /* empty while set */
  __atomic_store_n(&ring[i].lo, lo, __ATOMIC_RELAXED);
  __atomic_store_n(&ring[i].saved_sp, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&ring[i].hi, hi, __ATOMIC_RELAXED);
  __atomic_store_n(&ring_next, ring_next + 1, __ATOMIC_RELEASE);
  __atomic_fetch_add(&ring_gen, 1, __ATOMIC_RELEASE);
  spin_unlock(&ring_lock);
}

/* Lock-free: it runs from the unwinder, maybe in a signal handler that
 * interrupted remember_stack. */
static int ring_lookup(uptr sp, uptr *lo, uptr *hi) {
  uint32_t next = __atomic_load_n(&ring_next, __ATOMIC_ACQUIRE);
  uint32_t n = next < RING ? next : RING;
  for (uint32_t k = 1; k <= n; k++) { /* newest first */
    uint32_t i = (next - k) % RING;
    uptr l = __atomic_load_n(&ring[i].lo, __ATOMIC_RELAXED);
    uptr h = __atomic_load_n(&ring[i].hi, __ATOMIC_RELAXED);
    if (sp >= l && sp < h) {
      *lo = l;
      *hi = h;
      return 1;
    }
  }
  return 0;
}

int stack_bounds_other(sl_thread *t, uptr sp, int self, uptr *lo, uptr *hi) {
  uint32_t gen = __atomic_load_n(&ring_gen, __ATOMIC_ACQUIRE);
  if (self && t->other_gen == gen && sp >= t->other_lo && sp < t->other_hi) {
    *lo = t->other_lo;
    *hi = t->other_hi;
    return 1;
  }
  int found = ring_lookup(sp, lo, hi);
  if (!found && self) {
    stack_t ss;
    if (sys_call6(SYS_sigaltstack, 0, (long)&ss, 0, 0, 0, 0) == 0 &&
        !(ss.ss_flags & SS_DISABLE) && sp >= (uptr)ss.ss_sp &&
        sp < (uptr)ss.ss_sp + ss.ss_size) {
      *lo = (uptr)ss.ss_sp;
      *hi = (uptr)ss.ss_sp + ss.ss_size;
      found = 1;
    }
  }
  if (found && self) {
    t->other_lo = *lo;
    t->other_hi = *hi;
    t->other_gen = gen;
  }
  return found;
}

void stack_for_each_other(void (*fn)(uptr lo, uptr hi, uptr saved_sp)) {
  uint32_t next = __atomic_load_n(&ring_next, __ATOMIC_ACQUIRE);
  uint32_t n = next < RING ? next : RING;
  for (uint32_t i = 0; i < n; i++) {
    uptr lo = __atomic_load_n(&ring[i].lo, __ATOMIC_RELAXED);
    uptr hi = __atomic_load_n(&ring[i].hi, __ATOMIC_RELAXED);
    if (lo < hi)
      fn(lo, hi, __atomic_load_n(&ring[i].saved_sp, __ATOMIC_RELAXED));
  }
}

static void note_saved_sp(uptr lo, uptr hi, uptr sp) {
  uint32_t n = ring_next < RING ? ring_next : RING;
  for (uint32_t k = 0; k < n; k++)
    if (ring[k].lo == lo && ring[k].hi == hi)
      __atomic_store_n(&ring[k].saved_sp, sp, __ATOMIC_RELAXED);
}

/* The bounds of the stack sp is on for the calling thread t: its own, or a
 * known other one; 0 if unknown. */
static int current_stack(sl_thread *t, uptr sp, uptr *lo, uptr *hi) {
  if (t->stack_hi && sp >= t->stack_lo && sp < t->stack_hi) {
    *lo = t->stack_lo;
    *hi = t->stack_hi;
    return 1;
  }
  return stack_bounds_other(t, sp, 1, lo, hi);
}

/* ASan's fiber annotations (common_interface_defs.h). The stack being
 * entered is remembered like a makecontext stack, so the unwinder,
 * __sleuth_handle_no_return and the leak scan know its bounds; the stack
 * being left records where it stopped, so while suspended it stays a leak
 * root from there up. Use-after-return frames stay in the thread's one
 * fake stack: *fake_stack_save gets NULL. */
SL_INTERFACE SL_NOINLINE void
__sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom,
                               size_t size) {
  ENSURE_INIT();
  if (fake_stack_save)
    *fake_stack_save = 0;
  sl_thread *t = thread_current();
  uptr sp = (uptr)__builtin_frame_address(0), lo = 0, hi = 0;
  if (current_stack(t, sp, &lo, &hi)) {
    spin_lock(&ring_lock);
    note_saved_sp(lo, hi, sp);
    spin_unlock(&ring_lock);
  }
  t->fiber_from_lo = lo;
  t->fiber_from_hi = hi;
  uptr nlo = (uptr)bottom;
  /* The thread's own stack is known already; a new one is remembered. */
  if (nlo && size && nlo + size > nlo && nlo != t->stack_lo &&
      shadow_is_app_mem(nlo) && shadow_is_app_mem(nlo + size - 1))
    remember_stack(nlo, nlo + size);
}

SL_INTERFACE void __sanitizer_finish_switch_fiber(void *fake_stack_save,
                                                  const void **bottom_old,
                                                  size_t *size_old) {
  (void)fake_stack_save;
  ENSURE_INIT();
  sl_thread *t = thread_current();
  uptr sp = (uptr)__builtin_frame_address(0), lo, hi;
  /* Running here again: this stack is no longer suspended. */
  if (current_stack(t, sp, &lo, &hi)) {
    spin_lock(&ring_lock);
    note_saved_sp(lo, hi, STACK_RUNNING);
    spin_unlock(&ring_lock);
  }
  if (bottom_old)
    *bottom_old = (const void *)t->fiber_from_lo;
  if (size_old)
    *size_old = t->fiber_from_hi - t->fiber_from_lo;
}

/* makecontext is variadic: its int arguments (glibc reads each as a
 * 64-bit word) are handed on, up to MAX_CTX_ARGS. */
#define MAX_CTX_ARGS 12
DECLARE_REAL(void, makecontext, ucontext_t *, void (*)(void), int, ...)
SL_INTERFACE void makecontext(ucontext_t *ucp, void (*fn)(void), int argc,
                              ...) {
  ENSURE_INIT();
  RESOLVE(makecontext);
  uptr a[MAX_CTX_ARGS] = {0};
  va_list ap;
  va_start(ap, argc);
  for (int i = 0; i < argc && i < MAX_CTX_ARGS; i++)
    a[i] = va_arg(ap, uptr);
  va_end(ap);
  uptr lo = (uptr)ucp->uc_stack.ss_sp, size = ucp->uc_stack.ss_size;
  if (lo && size && lo + size > lo && shadow_is_app_mem(lo) &&
      shadow_is_app_mem(lo + size - 1)) {
    uptr glo = (lo + 7) & ~(uptr)7;
    shadow_clear_release(glo, ((lo + size) & ~(uptr)7) - glo);
    remember_stack(lo, lo + size);
  }
  /* clang-format off */
  REAL(makecontext)(ucp, fn, argc > MAX_CTX_ARGS ? MAX_CTX_ARGS : argc, a[0],
                    a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9],
                    a[10], a[11]);
  /* clang-format on */
}

DECLARE_REAL(pid_t, fork, void)
SL_INTERFACE pid_t vfork(void) {
  RESOLVE(fork);
  return REAL(fork)();
}
