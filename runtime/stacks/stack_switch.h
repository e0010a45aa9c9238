/* Stacks other than a thread's own (stack_switch.c): makecontext stacks
 * and the signal stack. */
#ifndef SLEUTH_STACK_SWITCH_H
#define SLEUTH_STACK_SWITCH_H

#include "sys.h"

struct sl_thread;

/* Bounds [*lo, *hi) of the other stack that sp is on: a makecontext stack,
 * or (self: t is the calling thread) its signal stack. 0 if unknown. */
int stack_bounds_other(struct sl_thread *t, uptr sp, int self, uptr *lo,
                       uptr *hi);

#endif
