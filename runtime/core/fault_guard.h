/* Reads that may fault, made safe without a system call per read: memory
 * the program protected (mprotect PROT_NONE guard pages inside heap
 * blocks, protected globals) is only found by touching it. A thread arms a
 * guard, sets a resume point with FAULT_GUARD_SET in the function that
 * reads, and marks the reads live; a SIGSEGV or SIGBUS on that thread
 * while live jumps back to the resume point (FAULT_GUARD_SET then returns
 * nonzero) with the faulting address in fault_addr, instead of being
 * reported. The SIGSEGV/SIGBUS handler (report/signals.c) asks
 * fault_guard_recover first, before the program's handler or a report.
 *
 * __builtin_setjmp saves only the frame, stack pointer and resume label,
 * so setting a resume point costs a few stores; the handler is installed
 * with SA_NODEFER, so the signal is not left blocked after the jump. */
#ifndef SLEUTH_FAULT_GUARD_H
#define SLEUTH_FAULT_GUARD_H

#include "sys.h"

typedef struct {
  void *jb[5];          /* __builtin_setjmp's buffer */
  volatile int live;    /* reads under way: a fault jumps to jb */
  int tid;              /* the guarded thread */
  volatile uptr fault_addr;
} fault_guard;

/* Must be expanded in the function that reads (the resume point is its
 * frame); 0 when set, nonzero when a fault came back to it. */
#define FAULT_GUARD_SET(g) __builtin_setjmp((g)->jb)

/* Makes g the guard of the calling thread (one at a time per process;
 * the leak scan holds its lock). */
void fault_guard_arm(fault_guard *g);
void fault_guard_disarm(fault_guard *g);

/* From the SIGSEGV/SIGBUS handler: jumps to the armed guard's resume point
 * if the fault is the guarded thread's while live; returns otherwise. */
void fault_guard_recover(const void *siginfo);
#endif
