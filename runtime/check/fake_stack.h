/* The per-thread fake stack for detect_stack_use_after_return (fake_stack.c;
 * the pass's side is abi.h's __sleuth_stack_malloc/__sleuth_stack_free). */
#ifndef SLEUTH_FAKE_STACK_H
#define SLEUTH_FAKE_STACK_H

#include "sys.h"

struct sl_thread;

/* Publishes the option to instrumented code (after options are parsed). */
void fake_stack_init(void);
/* If addr lies in t's fake stack: the start of the frame slot holding it. */
int fake_stack_frame_of(const struct sl_thread *t, uptr addr, uptr *frame);
/* The same, with the frame slot's bounds [*beg, *end). */
int fake_stack_frame_bounds(const struct sl_thread *t, uptr addr, uptr *beg,
                            uptr *end);
/* The real stack pointer the frame slot at frame was handed out at (the
 * real-stack place of the function that owns it, ASan's "real stack"), or
 * 0 when the slot is not in use. */
uptr fake_stack_frame_real_sp(uptr frame);
/* Calls fn on every frame of t's fake stack that is in use (leak roots). */
void fake_stack_for_each_live(const struct sl_thread *t,
                              void (*fn)(uptr lo, uptr hi));
/* At thread exit: unmaps t's fake stack and clears its shadow; t gets no
 * new one. */
void fake_stack_destroy(struct sl_thread *t);

#endif
