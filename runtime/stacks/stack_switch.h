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

/* Every known other stack (makecontext and fiber stacks), with the sp a
 * fiber switch left it at (0 if unknown, STACK_RUNNING if a fiber switch
 * entered it last): for the leak scan, with the world stopped. */
#define STACK_RUNNING (~(uptr)0)
void stack_for_each_other(void (*fn)(uptr lo, uptr hi, uptr saved_sp));

#endif
