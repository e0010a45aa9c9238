/* Sleuth's statistics, for print_stats/atexit and
 * __asan_print_accumulated_stats. */
#ifndef SLEUTH_STATS_H
#define SLEUTH_STATS_H
void stats_print(void);
/* atexit=1: "Sleuth exit stats:" and the statistics. */
void stats_print_at_exit(void);
#endif
