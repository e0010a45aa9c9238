/* The sanitizers' allocator interface
 * (include/sleuth/compat/sanitizer/allocator_interface.h) on Sleuth's
 * checking allocator: ownership and sizes of live blocks, the heap
 * statistics, the hooks (heap/malloc_hooks.c) and the quarantine purge.
 * In profile-only mode (checker=0, glibc's heap) the allocator owns nothing
 * and its statistics are all 0. */
#include "heap.h"
#include "interception.h"
#include "malloc_hooks.h"
#include "report.h"
#include "unwind.h"

static int checking(void) { return heap_mode() == HEAP_CHECKED; }

static allocator_stats stats_now(void) {
  allocator_stats s = {0, 0, 0};
  if (checking())
    allocator_get_stats(&s);
  return s;
}

/* Redzones and size-class rounding are not the program's to use, so a
 * request is granted exactly what it asked for. */
SL_INTERFACE size_t __sanitizer_get_estimated_allocated_size(size_t size) {
  return size;
}

SL_INTERFACE int __sanitizer_get_ownership(const volatile void *p) {
  return checking() && allocator_live_size((const void *)p, 0);
}

/* A pointer that is not a live block's start is the caller's bug (a
 * global, a stack address, an interior or freed pointer): reported as
 * ASan's bad-__sanitizer_get_allocated_size, then 0 if the program goes on
 * (halt_on_error=0). A live malloc(0) block is owned and has size 0. */
SL_INTERFACE SL_NOINLINE size_t
__sanitizer_get_allocated_size(const volatile void *p) {
  size_t size = 0;
  if (p && checking() && !allocator_live_size((const void *)p, &size))
    report_get_allocated_size_not_owned(
        (uptr)p, stack_capture_full_id(CALLER_PC_HERE(), FRAME_HERE()));
  return size;
}

SL_INTERFACE size_t __sanitizer_get_current_allocated_bytes(void) {
  return stats_now().live_bytes;
}

SL_INTERFACE size_t __sanitizer_get_heap_size(void) {
  return stats_now().heap_bytes;
}

SL_INTERFACE size_t __sanitizer_get_free_bytes(void) {
  return stats_now().free_bytes;
}

/* Free slots stay mapped and large blocks leave the heap when unmapped, so
 * nothing counted in the heap size is ever released. */
SL_INTERFACE size_t __sanitizer_get_unmapped_bytes(void) { return 0; }

SL_INTERFACE int __sanitizer_install_malloc_and_free_hooks(
    void (*malloc_hook)(const volatile void *, size_t),
    void (*free_hook)(const volatile void *)) {
  return malloc_hooks_install(malloc_hook, free_hook);
}

SL_INTERFACE void __sanitizer_purge_allocator(void) {
  if (checking())
    allocator_purge();
}
