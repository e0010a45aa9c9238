/* Custom memory pools (SLEUTH_POOL_* in include/sleuth/sleuth.h): blocks
 * a program's own allocator hands out, with redzones and stacks like heap
 * blocks, described in reports and scanned as blocks of their own. */
#ifndef SLEUTH_POOLS_H
#define SLEUTH_POOLS_H

#include "allocator.h"
#include "leak.h"

/* The pool block (live or freed) addr is in or next to (its redzones), as
 * a chunk_info for report.c. 0 if none. */
int pools_describe(uptr addr, chunk_info *out);

/* For the leak scan: taken before the world stops, released after. */
void pools_lock(void);
void pools_unlock(void);
/* Live pool blocks now (with the lock held). */
size_t pools_live_count_locked(void);
/* Writes up to max live blocks (beg, size, alloc stack; tag unreached),
 * returns how many. */
size_t pools_live_blocks_locked(leak_block *out, size_t max);
#endif
