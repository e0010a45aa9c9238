/* Stack walks by the call-frame information (.eh_frame) of each return
 * address, with the rule of each call site cached: stacks of code built
 * without frame pointers at close to the cost of a frame-pointer walk. */
#ifndef SLEUTH_UNWIND_CFI_H
#define SLEUTH_UNWIND_CFI_H

#include "sys.h"

/* A frame's registers as the walk knows them: pc is a return address
 * (the frame is stopped at the call before it). */
typedef struct {
  uptr pc, sp, bp;
} cfi_frame;

/* Collects the return addresses from f.pc up, reading memory only within
 * [lo, hi) (the stack being walked). Stops at max frames, at the
 * outermost frame and after a pc in no module. Returns -1 if a frame's
 * rules are beyond what the walk follows (DWARF expressions, signal
 * frames), or a read would leave [lo, hi): the caller then uses a full
 * unwinder. *outer_sp (if outer_sp is not NULL): the stack pointer of the
 * outermost frame collected, the stack depot's hint (stackdepot.h). */
int unwind_cfi(uptr *pcs, int max, cfi_frame f, uptr lo, uptr hi,
               uptr *outer_sp);

#endif
