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
#include "options.h"
#include "report.h"
#include "stackdepot.h"

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
  size_t hidden, prot, shadow_back;
  int guards;
  quarantine_hide_stats(&hidden, &prot, &shadow_back, &guards);
  report_raw("Stats: quarantine: %zu blocks hidden now (%zu protected%s), "
             "%zu KiB of their shadow returned to the kernel so far",
             hidden, prot,
             guards < 0 ? ""
             : guards   ? ", by guard markers"
                        : ", by mprotect",
             kib(shadow_back));
  depot_stats_t d;
  depot_stats(&d);
  report_raw("Stats: stack depot: %zu frame nodes, %zu KiB", d.nodes,
             kib(d.bytes));
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
  depot_stats_t d;
  depot_stats(&d); /* atomic load of the node count: any thread may read */
  out->depot = d.bytes;
  if (__atomic_load_n(&sl_heap_mode, __ATOMIC_RELAXED) != HEAP_CHECKED)
    return;
  allocator_stats s;
  allocator_get_stats(&s);
  out->quarantine = allocator_quarantine_bytes();
  out->shadow = s.heap_bytes >> SLEUTH_SHADOW_SCALE;
}
