/* See fault_guard.h. */
#include "fault_guard.h"

#include <signal.h>

static fault_guard *active;

void fault_guard_arm(fault_guard *g) {
  g->live = 0;
  g->tid = sys_gettid();
  __atomic_store_n(&active, g, __ATOMIC_RELEASE);
}

void fault_guard_disarm(fault_guard *g) {
  g->live = 0;
  __atomic_store_n(&active, (fault_guard *)0, __ATOMIC_RELEASE);
}

void fault_guard_recover(const void *siginfo) {
  fault_guard *g = __atomic_load_n(&active, __ATOMIC_ACQUIRE);
  if (!g || !g->live || g->tid != sys_gettid())
    return;
  g->live = 0;
  g->fault_addr = (uptr)((const siginfo_t *)siginfo)->si_addr;
  __builtin_longjmp(g->jb, 1);
}
