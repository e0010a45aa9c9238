/* The leak checker (leak.c: the scan; leak_report.c: the report). */
#ifndef SLEUTH_LEAK_H
#define SLEUTH_LEAK_H

#include "sys.h"

enum leak_tag {
  LEAK_UNREACHED, /* during the scan only */
  LEAK_POSSIBLE,
  LEAK_REACHABLE,
  LEAK_INDIRECT,
  LEAK_DIRECT,
  LEAK_SKIP, /* a malloc'd superblock holding pool blocks: not reported */
};

/* One live block as the scan saw it. */
typedef struct {
  uptr beg, size;
  uint32_t stack;
  uint32_t tag;
} leak_block;

/* Exit-time scan (when detect_leaks=1): reports, and returns 1 if a kind
 * listed in leak_kinds_fail was found. */
int leak_check_at_exit(void);

/* Groups the classified blocks by allocation stack and kind and prints the
 * report (DESIGN.md §4); nothing if there is nothing to show. only_new:
 * only records that are new or grew since the previous report. Sets *fail
 * if a kind in leak_kinds_fail is present. Returns the bytes definitely,
 * indirectly or possibly lost (in the printed records when only_new). */
size_t leak_report(const leak_block *blocks, size_t n, int only_new,
                   int *fail);
#endif
