/* Where the primary heap lies: one reserved range of per-size-class
 * regions. Shared by the allocator's files and by the shadow checks' test
 * for hidden blocks (check/shadow.h), which must not call out of line on
 * every range check. */
#ifndef SLEUTH_HEAP_LAYOUT_H
#define SLEUTH_HEAP_LAYOUT_H

#include "sys.h"

#define REGION_SHIFT 36 /* 64 GiB per size class */
#define N_CLASSES 53    /* class 0 unused; 1..52 */
/* The heap's usual place, ASan's (so addresses look familiar). When the
 * range is taken (high-entropy ASLR put the executable there) and a
 * re-execution without randomisation cannot help, allocator_init moves the
 * heap to where the kernel has room; sl_heap_beg is then set once, before
 * the first allocation, and read-only afterwards. */
#define HEAP_DEFAULT_BEG 0x600000000000ULL
extern uptr sl_heap_beg;
#define HEAP_BEG sl_heap_beg
#define HEAP_SIZE ((uptr)N_CLASSES << REGION_SHIFT)
#define HEAP_END (HEAP_BEG + HEAP_SIZE)

#endif
