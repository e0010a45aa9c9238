/* ASan's own functions (include/sleuth/compat/sanitizer/asan_interface.h)
 * mapped onto Sleuth's machinery. The report-related ones
 * (__asan_get_report_*, the callbacks, __asan_on_error) are in
 * report/report_hooks.c; what each does here is in docs/asan-compat.md. */
#define __SLEUTH__ 1
#include "../../include/sleuth/sleuth.h"

#include "abi.h"
#include "allocator.h"
#include "fake_stack.h"
#include "globals.h"
#include "stats.h"
#include "interception.h"
#include "report.h"
#include "shadow.h"
#include "stackdepot.h"
#include "threads.h"
#include "unwind.h"

SL_INTERFACE void __asan_poison_memory_region(void const volatile *addr,
                                              size_t size) {
  __sleuth_poison_memory_region(addr, size);
}

SL_INTERFACE void __asan_unpoison_memory_region(void const volatile *addr,
                                                size_t size) {
  __sleuth_unpoison_memory_region(addr, size);
}

SL_INTERFACE int __asan_address_is_poisoned(void const volatile *addr) {
  return sleuth_address_is_poisoned(addr);
}

SL_INTERFACE void *__asan_region_is_poisoned(void *beg, size_t size) {
  uptr a = (uptr)beg;
  if (!size)
    return 0;
  /* Memory that is not application memory (the shadow itself, the gap)
   * counts as poisoned from its first byte, as in ASan. */
  if (!shadow_is_app_mem(a))
    return beg;
  if (!shadow_is_app_mem(a + size - 1)) {
    uptr bad = shadow_first_poisoned(a, SHADOW_LOW_MEM_END + 1 - a);
    return (void *)(bad ? bad : SHADOW_LOW_MEM_END + 1);
  }
  if (SL_UNLIKELY(__atomic_load_n(&sl_shadow_hidden, __ATOMIC_RELAXED)))
    shadow_reveal(a, size); /* hidden freed blocks say freed again */
  return (void *)shadow_first_poisoned(a, size);
}

SL_INTERFACE void __asan_describe_address(void *addr) {
  report_describe((uptr)addr);
}

static void copy_name(char *out, size_t cap, const char *name) {
  if (!out || !cap)
    return;
  size_t n = name ? sl_strlen(name) : 0;
  if (n >= cap)
    n = cap - 1;
  if (n)
    sl_memcpy(out, name, n);
  out[n] = '\0';
}

static const char *locate_result(void **region_address, size_t *region_size,
                                 uptr beg, uptr size, const char *kind) {
  if (region_address)
    *region_address = (void *)beg;
  if (region_size)
    *region_size = size;
  return kind;
}

SL_INTERFACE const char *__asan_locate_address(void *addr, char *name,
                                               size_t name_size,
                                               void **region_address,
                                               size_t *region_size) {
  uptr a = (uptr)addr, beg = 0, size = 0;
  const char *kind, *gname = 0, *gloc;
  chunk_info ci;
  sl_thread *t = thread_current();
  if (a >= SLEUTH_SHADOW_OFFSET && a < SLEUTH_SHADOW_OFFSET + 0x10000000ULL) {
    kind = "low shadow";
  } else if (!shadow_is_app_mem(a)) {
    kind = a < 0x2008fff7000ULL ? "shadow gap" : "high shadow";
  } else if (allocator_describe(a, &ci) && a >= ci.user_beg &&
             a < ci.user_beg + (ci.size ? ci.size : 1)) {
    kind = "heap";
    beg = ci.user_beg;
    size = ci.size;
  } else if (t->stack_hi && a >= t->stack_lo && a < t->stack_hi) {
    /* The variable it is in, as ASan finds it from the frame's layout; in
     * a frame's redzone or an uninstrumented frame: no name, no region. */
    kind = "stack";
    if (stack_locate(a, t->stack_lo, t->stack_hi, name, name_size, &beg,
                     &size))
      return locate_result(region_address, region_size, beg, size, kind);
  } else if (stack_locate(a, 0, 0, name, name_size, &beg, &size)) {
    /* A frame moved to the fake stack (detect_stack_use_after_return=1)
     * is still the frame's stack. */
    return locate_result(region_address, region_size, beg, size, "stack");
  } else if (globals_find(a, &beg, &size, &gname, &gloc)) {
    kind = "global";
  } else {
    kind = a <= SHADOW_LOW_MEM_END ? "low memory" : "high memory";
  }
  copy_name(name, name_size, gname);
  return locate_result(region_address, region_size, beg, size, kind);
}

/* The allocation or free stack of the heap block holding addr. */
static size_t block_stack(void *addr, void **trace, size_t size, int *thread_id,
                          int want_free) {
  chunk_info ci;
  if (thread_id)
    *thread_id = -1;
  if (!allocator_describe((uptr)addr, &ci))
    return 0;
  if (want_free && ci.state == CHUNK_ALLOCATED)
    return 0;
  uint32_t id = want_free ? ci.free_stack : ci.alloc_stack;
  uptr pcs[DEPOT_MAX_FRAMES];
  int n = id ? depot_get(id, pcs, DEPOT_MAX_FRAMES) : 0;
  if (n <= 0)
    return 0;
  if (thread_id)
    *thread_id = (int)(want_free ? ci.free_tid : ci.alloc_tid);
  /* Return addresses less one, the calls, as ASan returns them and as the
   * reports print them. */
  size_t k = 0;
  for (; k < size && k < (size_t)n; k++)
    trace[k] = (void *)(pcs[k] ? pcs[k] - 1 : 0);
  return k;
}

SL_INTERFACE size_t __asan_get_alloc_stack(void *addr, void **trace,
                                           size_t size, int *thread_id) {
  return block_stack(addr, trace, size, thread_id, 0);
}

SL_INTERFACE size_t __asan_get_free_stack(void *addr, void **trace, size_t size,
                                          int *thread_id) {
  return block_stack(addr, trace, size, thread_id, 1);
}

SL_INTERFACE void __asan_get_shadow_mapping(size_t *shadow_scale,
                                            size_t *shadow_offset) {
  if (shadow_scale)
    *shadow_scale = SLEUTH_SHADOW_SCALE;
  if (shadow_offset)
    *shadow_offset = SLEUTH_SHADOW_OFFSET;
}

SL_INTERFACE void __asan_report_error(void *pc, void *bp, void *sp, void *addr,
                                      int is_write, size_t access_size) {
  report_access((uptr)addr, access_size, is_write, (uptr)pc, (uptr)bp,
                (uptr)sp);
}

SL_INTERFACE void __asan_print_accumulated_stats(void) { stats_print(); }

SL_INTERFACE void *__asan_get_current_fake_stack(void) {
  return thread_current()->fake_stack;
}

/* As ASan's: for an address in a frame of the fake stack, that frame's
 * place on the real stack (the same for every address of the frame: what
 * a garbage collector scans instead) and the frame's bounds. */
SL_INTERFACE void *__asan_addr_is_in_fake_stack(void *fake_stack, void *addr,
                                                void **beg, void **end) {
  sl_thread *t = thread_current();
  uptr lo, hi, real;
  if (!fake_stack || (void *)t->fake_stack != fake_stack ||
      !fake_stack_frame_bounds(t, (uptr)addr, &lo, &hi) ||
      !(real = fake_stack_frame_real_sp(lo)))
    return 0;
  if (beg)
    *beg = (void *)lo;
  if (end)
    *end = (void *)hi;
  return (void *)real;
}

SL_INTERFACE SL_NOINLINE void __asan_handle_no_return(void) {
  __sleuth_handle_no_return();
}

SL_INTERFACE SL_NOINLINE int __asan_update_allocation_context(void *addr) {
  /* As an allocation's: this entry point, then its callers. */
  return allocator_set_alloc_stack(
      (uptr)addr, stack_capture_id(CALLER_PC_HERE(), FRAME_HERE()));
}
