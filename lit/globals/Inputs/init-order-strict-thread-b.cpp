// The later module of init-order-strict-thread.cpp: its initialiser lets
// the other module's thread read that module's global, and waits for it.
// Without the thread it reads that global itself.
#include <unistd.h>

extern int phase;
extern int a_value;

int wait_for_poller() {
#ifdef NO_THREAD
  return a_value + 1;
#else
  __atomic_store_n(&phase, 1, __ATOMIC_RELEASE);
  while (__atomic_load_n(&phase, __ATOMIC_ACQUIRE) != 2)
    usleep(1000);
  return 43;
#endif
}
int b_value = wait_for_poller();
