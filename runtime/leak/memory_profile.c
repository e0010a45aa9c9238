/* __sanitizer_print_memory_profile: the live heap grouped by allocation
 * stack, largest first, from one leak scan's snapshot (every live block,
 * whatever its leak kind). Printed until top_percent of the live bytes or
 * max_contexts stacks are shown. The selection is a repeated maximum over
 * the blocks (k passes for k stacks): it is a debugging call, not a hot
 * path, and needs no memory beyond the snapshot. */
#include "leak.h"
#include "report.h"
#include "stackdepot.h"
#include "symbolize.h"

typedef struct {
  size_t top_percent, max_contexts;
} profile_args;

static void print_profile(const leak_block *blocks, size_t n, void *arg) {
  profile_args *a = arg;
  uptr total = 0;
  for (size_t i = 0; i < n; i++)
    total += blocks[i].size;
  sbuf_t b;
  if (!sbuf_init_grow(&b, 16 << 10))
    return;
  /* ASan's headline, what was asked for included (scripts match it). */
  sbuf_printf(&b,
              "Live Heap Allocations: %lu bytes in %lu chunks; showing top "
              "%lu%% (at most %lu unique contexts)\n",
              (unsigned long)total, (unsigned long)n,
              (unsigned long)a->top_percent, (unsigned long)a->max_contexts);
  /* Stacks already printed are marked by remembering the last maximum:
   * each pass takes the largest total strictly below (or equal with a
   * larger stack id than) the previous one. */
  uptr shown = 0, prev_bytes = ~(uptr)0;
  uint32_t prev_stack = 0;
  for (size_t k = 0; k < a->max_contexts && n; k++) {
    if (total && shown * 100 >= total * a->top_percent)
      break;
    uptr best_bytes = 0, best_count = 0;
    uint32_t best_stack = 0;
    int found = 0;
    for (size_t i = 0; i < n; i++) {
      uint32_t st = blocks[i].stack;
      /* Sum this stack's blocks once, at its first block. */
      size_t j = 0;
      while (j < i && blocks[j].stack != st)
        j++;
      if (j < i)
        continue;
      uptr bytes = 0, count = 0;
      for (size_t m = i; m < n; m++)
        if (blocks[m].stack == st) {
          bytes += blocks[m].size;
          count++;
        }
      int after_prev =
          bytes < prev_bytes || (bytes == prev_bytes && st > prev_stack);
      int better = bytes > best_bytes ||
                   (bytes == best_bytes && (!found || st < best_stack));
      if (after_prev && better) {
        best_bytes = bytes;
        best_count = count;
        best_stack = st;
        found = 1;
      }
    }
    if (!found)
      break;
    sbuf_printf(&b, "%lu byte(s) (%lu%%) in %lu allocation(s)\n",
                (unsigned long)best_bytes,
                (unsigned long)(total ? best_bytes * 100 / total : 0),
                (unsigned long)best_count);
    uptr few[32];
    int n;
    const uptr *pcs = report_stack_frames(best_stack, few, 32, &n);
    print_stack(&b, pcs, n, 0);
    report_stack_frames_done(pcs);
    sbuf_putc(&b, '\n');
    shown += best_bytes;
    prev_bytes = best_bytes;
    prev_stack = best_stack;
  }
  report_write(b.buf, b.len);
  sbuf_free(&b);
}

SL_INTERFACE SL_NOINLINE void
__sanitizer_print_memory_profile(size_t top_percent, size_t max_contexts) {
  __builtin_unwind_init();
  profile_args a = {top_percent > 100 ? 100 : top_percent, max_contexts};
  leak_scan((uptr)__builtin_frame_address(0), 1, print_profile, &a);
}
