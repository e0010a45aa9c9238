/* Sleuth's statistics, for print_stats/atexit and
 * __asan_print_accumulated_stats. */
#ifndef SLEUTH_STATS_H
#define SLEUTH_STATS_H
void stats_print(void);
/* atexit=1: "Sleuth exit stats:" and the statistics. */
void stats_print_at_exit(void);

#include <stdint.h>
/* What Sleuth itself holds, for the heap timeline: bytes in quarantine,
 * the heap's shadow (the allocator's mapped bytes / 8: the shadow those
 * mappings can have touched; stacks' and globals' shadow is not counted)
 * and the stack depot's mappings. Zeros without the checker (profile-only
 * mode has no quarantine or shadow). Cheap: a thread-table walk and a few
 * atomic loads, no system call. */
typedef struct {
  uint64_t quarantine, shadow, depot;
} stats_overhead;
void stats_get_overhead(stats_overhead *out);
#endif
