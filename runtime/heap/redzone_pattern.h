/* Redzone byte patterns, for the preloaded runtime. Uninstrumented code
 * checks no shadow, so an overflow there is only seen afterwards: the
 * redzone bytes next to each block are filled with a known byte at malloc
 * and compared when the block is freed and at exit. Instrumented programs
 * catch the write itself and leave this off (one branch on a global). */
#ifndef SLEUTH_REDZONE_PATTERN_H
#define SLEUTH_REDZONE_PATTERN_H

#include "sys.h"

/* Bytes checked on each side of a block, at most. */
#define RZ_PATTERN_MAX 256

extern int rz_pattern_on;

/* Fills [left_lo, left_hi) and [right_lo, right_hi) (each clipped to
 * RZ_PATTERN_MAX bytes next to the block). */
void rz_pattern_fill(uptr left_lo, uptr left_hi, uptr right_lo, uptr right_hi);
/* The first byte of the same ranges that no longer holds the pattern,
 * nearest the block first (the right side is checked first), or 0. */
uptr rz_pattern_first_bad(uptr left_lo, uptr left_hi, uptr right_lo,
                          uptr right_hi);
/* Checks every live block (at exit, before the leak scan); reports each
 * corrupted one. */
void rz_pattern_check_live_blocks(void);
#endif
