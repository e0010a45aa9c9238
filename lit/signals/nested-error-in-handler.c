// halt_on_error=0: an error in a signal handler that interrupts a report
// of this same thread stops the program with ASan's line, and never waits
// for a lock the interrupted report holds. Here a 1 ms timer's handler
// writes poisoned memory while main reports 64 distinct errors, each
// symbolized in full, so the handler's error lands inside one of main's
// reports: in the look-up of the error's caller, in the report proper, or
// while either holds the symbolizer's lock (where the handler's own look-up
// used to wait for ever: compiler-rt's halt_on_error-signals.c hung so).
// Where it lands is up to the timer: every place must end the same way.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=halt_on_error=0:symbolize_cache=0 not %run %t 2>&1 | FileCheck %s
#define _GNU_SOURCE
#include <sanitizer/asan_interface.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>

static volatile char poisoned[16] __attribute__((aligned(16)));
static volatile int index_;

static void handler(int sig) { poisoned[index_ + (sig & 1)] = 1; }

#define W poisoned[index_] = 1;
#define W8 W W W W W W W W
#define W64 W8 W8 W8 W8 W8 W8 W8 W8

int main(void) {
  __asan_poison_memory_region((void *)poisoned, sizeof poisoned);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sa.sa_flags = SA_NODEFER | SA_RESTART;
  sigaction(SIGALRM, &sa, 0);
  struct itimerval every_ms = {{0, 1000}, {0, 1000}};
  setitimer(ITIMER_REAL, &every_ms, 0);
  for (;;) {
    W64
  }
}
// CHECK: Sleuth: nested bug in the same thread, aborting
