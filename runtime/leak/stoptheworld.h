/* Stopping every other thread for the leak scan, without ptrace (so it works
 * under gdb and strace and in containers without SYS_PTRACE). */
#ifndef SLEUTH_STOPTHEWORLD_H
#define SLEUTH_STOPTHEWORLD_H

#include "threads.h"

/* The real-time signal that parks a thread: 62 (SIGRTMAX-2 with glibc).
 * Under gdb: `handle SIG62 nostop noprint pass`. */
#define STW_SIGNAL 62

enum stw_state {
  STW_SELF,      /* the scanning thread: scan from its current sp */
  STW_PARKED,    /* stopped; saved_sp and saved_regs are valid */
  STW_TIMED_OUT, /* did not answer (blocks the signal): still running */
  STW_FORKED,    /* a parent's thread in a fork child: stack copied, idle */
};

typedef struct {
  sl_thread *t;
  int state;
} stw_thread;

/* With the thread table locked (threads_lock): signals every other live
 * thread and waits (up to timeout_ms) until each has parked. Fills out[]
 * with the threads whose stacks are roots and returns their number.
 * Threads the kernel no longer knows (exited) are left out. */
int stw_stop(stw_thread *out, int max, int timeout_ms);
/* Releases every parked thread. */
void stw_resume(void);
#endif
