/* Deduplicating store of stack traces: every distinct stack is kept once and
 * named by a 32-bit id, so each heap block pays 4 bytes per stack. */
#ifndef SLEUTH_STACKDEPOT_H
#define SLEUTH_STACKDEPOT_H

#include "sys.h"

#define DEPOT_MAX_FRAMES 64

/* Returns the id of the stack (0 for an empty one). Lock-free on a hit. */
uint32_t depot_put(const uptr *pcs, int n);
/* Returns the number of frames of stack id and points *pcs at them. */
int depot_get(uint32_t id, const uptr **pcs);
/* Bytes the depot has mapped, for statistics. */
size_t depot_bytes(void);
#endif
