/* What the timeline's heap in use measures, when it is not the default
 * (requested bytes under the checker, glibc's chunk bytes in profile-only
 * mode): set once at start-up by the heap back end that knows
 * (heap/sysheap_allocator.c: another allocator's usable sizes, or nothing
 * it can measure), read by the timeline's header and the in-use watch,
 * which must not fire triggers or alerts from a figure that is not the
 * program's heap. */
#include "heapprof.h"

#include "heapprof_internal.h"

static char source[160];
static int unmeasured, unsampled;

void heapprof_set_heap_source(const char *desc, int measured, int sampled) {
  sl_snprintf(source, sizeof source, "%s", desc);
  unmeasured = !measured;
  unsampled = !sampled;
}

const char *heapprof_heap_source(void) { return source; }

int heapprof_heap_measured(void) { return !unmeasured; }

int heapprof_heap_sampled(void) { return !unsampled; }
