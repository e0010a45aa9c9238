/* The statistics that print_stats=1 (after each error report), atexit=1 (at
 * exit) and __asan_print_accumulated_stats print: what Sleuth knows without
 * extra hot-path counters, i.e. the allocator's mapped, live and free bytes,
 * the quarantine (what it holds, and what of it went back to the kernel),
 * the error count and the mapped part of each size class.
 * ASan's per-call malloc counters are not kept, so they are not printed. */
#include "stats.h"

#include "abi.h"
#include "allocator.h"
#include "allocator_internal.h"
#include "heap.h"
#include "stackdepot.h"
#include "options.h"
#include "report.h"

static size_t kib(size_t bytes) { return (bytes + 1023) >> 10; }

void stats_print(void) {
  report_raw("Sleuth: stats: %d error report(s); %zu bytes in quarantine",
             report_error_count(), allocator_quarantine_bytes());
  allocator_stats s;
  allocator_get_stats(&s);
  report_raw("Stats: heap: %zu KiB mapped (%zu KiB of it large blocks), "
             "%zu KiB live, %zu KiB free",
             kib(s.heap_bytes), kib(large_mapped_bytes()), kib(s.live_bytes),
             kib(s.free_bytes));
  /* Cumulative: a returned page comes back when its slot is reused. */
  size_t released, blocks;
  quarantine_release_stats(&released, &blocks);
  report_raw("Stats: quarantine: %zu KiB of quarantined blocks' pages "
             "returned to the kernel so far (%zu blocks)",
             kib(released), blocks);
  for (unsigned c = 1; c < N_CLASSES; c++) {
    uptr beg, end;
    uint32_t slot;
    allocator_primary_layout(c, &beg, &end, &slot);
    if (end > beg)
      report_raw("Stats: class %2u (%7u-byte slots): mapped: %zu KiB, "
                 "slots: %zu",
                 c, slot, kib(end - beg), (size_t)((end - beg) / slot));
  }
}

void stats_print_at_exit(void) {
  if (!sl_opt.atexit)
    return;
  report_raw("Sleuth exit stats:");
  stats_print();
}

void stats_get_overhead(stats_overhead *out) {
  out->quarantine = out->shadow = 0;
  out->depot = depot_bytes();
  if (__atomic_load_n(&sl_heap_mode, __ATOMIC_RELAXED) != HEAP_CHECKED)
    return;
  allocator_stats s;
  allocator_get_stats(&s);
  out->quarantine = allocator_quarantine_bytes();
  out->shadow = s.heap_bytes >> SLEUTH_SHADOW_SCALE;
}
