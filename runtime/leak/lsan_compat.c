/* LeakSanitizer's public interface (lsan_interface.h) on Sleuth's leak
 * checker: ignored objects, per-thread disabling and root regions. The
 * checks themselves (__lsan_do_leak_check, __lsan_do_recoverable_leak_check)
 * are in leak.c, next to sleuth_leak_check. */
#include "allocator.h"
#include "options.h"
#include "leak.h"
#include "report.h"
#include "threads.h"

SL_INTERFACE void __lsan_ignore_object(const void *p) {
  if (p && !allocator_ignore_for_leaks((uptr)p) && sl_opt.verbosity)
    report_raw("Sleuth: __lsan_ignore_object(%p): not the start of a live "
               "heap block; ignored",
               p);
}

SL_INTERFACE void __lsan_disable(void) { thread_current()->lsan_disabled++; }

SL_INTERFACE void __lsan_enable(void) {
  sl_thread *t = thread_current();
  if (t->lsan_disabled > 0)
    t->lsan_disabled--;
  else
    report_raw("WARNING: Sleuth: __lsan_enable called more often than "
               "__lsan_disable; ignored");
}

/* A program may define it to return 1: no leak check at exit. */
SL_INTERFACE __attribute__((weak)) int __lsan_is_turned_off(void) { return 0; }

/* Root regions: a fixed table written under a lock and read without one by
 * the scan (whose world is stopped: a parked writer may hold the lock). An
 * entry is published by its hi, cleared first on removal. */
#define MAX_ROOT_REGIONS 256
static struct { uptr lo, hi; } roots[MAX_ROOT_REGIONS];
static spin_t roots_lock;

SL_INTERFACE void __lsan_register_root_region(const void *p, size_t size) {
  uptr lo = (uptr)p;
  if (!size || lo + size < lo)
    return;
  spin_lock(&roots_lock);
  int i = 0;
  while (i < MAX_ROOT_REGIONS &&
         __atomic_load_n(&roots[i].hi, __ATOMIC_RELAXED))
    i++;
  if (i < MAX_ROOT_REGIONS) {
    roots[i].lo = lo;
    __atomic_store_n(&roots[i].hi, lo + size, __ATOMIC_RELEASE);
  }
  spin_unlock(&roots_lock);
  if (i == MAX_ROOT_REGIONS)
    report_raw("WARNING: Sleuth: more than %d root regions; [%p,%p) is not "
               "scanned",
               MAX_ROOT_REGIONS, p, (void *)(lo + size));
}

SL_INTERFACE void __lsan_unregister_root_region(const void *p, size_t size) {
  uptr lo = (uptr)p;
  int found = 0;
  spin_lock(&roots_lock);
  for (int i = 0; i < MAX_ROOT_REGIONS && !found; i++)
    if (roots[i].lo == lo && roots[i].hi == lo + size && size) {
      __atomic_store_n(&roots[i].hi, 0, __ATOMIC_RELEASE);
      found = 1;
    }
  spin_unlock(&roots_lock);
  if (!found)
    report_raw("WARNING: Sleuth: __lsan_unregister_root_region(%p, %zu): "
               "no such root region",
               p, size);
}

void leak_for_each_root_region(void (*fn)(uptr lo, uptr hi)) {
  for (int i = 0; i < MAX_ROOT_REGIONS; i++) {
    uptr hi = __atomic_load_n(&roots[i].hi, __ATOMIC_ACQUIRE);
    if (hi)
      fn(roots[i].lo, hi);
  }
}
