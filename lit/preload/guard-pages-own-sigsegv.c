// A program's own SIGSEGV handler still gets the program's own faults with
// guard pages on (Sleuth's handler stays in front, for guard pages only),
// in the checker and in profile-only mode; and Sleuth's faults stay
// Sleuth's. In profile-only mode a fault nobody handles is the default
// action, as without Sleuth.
// RUN: %clang -O1 -g %s -o %t
// RUN: env SLEUTH_OPTIONS=guard_pages=1 %sleuth_run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=guard_pages=1 %sleuth_run --profile %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run %t guard 2>&1 | FileCheck %s --check-prefix=GUARD
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run --profile %t guard 2>&1 | FileCheck %s --check-prefix=GUARD
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not --crash %sleuth_run --profile %t unhandled 2>&1 | FileCheck %s --check-prefix=UNHANDLED
// CHECK-NOT: Sleuth
// CHECK: own handler ran 3 times
// CHECK-NOT: Sleuth
// GUARD: ERROR: Sleuth: heap-buffer-overflow
// GUARD: detected by a guard page
// GUARD-NOT: own handler ran
// UNHANDLED-NOT: Sleuth
// UNHANDLED: about to fault
// UNHANDLED-NOT: Sleuth
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static sigjmp_buf back;
static volatile int handled;

static void on_segv(int sig, siginfo_t *info, void *ctx) {
  (void)sig, (void)info, (void)ctx;
  handled++;
  siglongjmp(back, 1);
}

int main(int argc, char **argv) {
  char *page = mmap(0, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (argc > 1 && !strcmp(argv[1], "unhandled")) {
    fprintf(stderr, "about to fault\n");
    return ((volatile char *)page)[0];
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, 0);
  if (argc > 1 && !strcmp(argv[1], "guard")) {
    for (int i = 0; i < 2; i++) { // one of the two ends at a guard page
      char *p = malloc(32);
      ((volatile char *)p)[32] = 1;
    }
    fprintf(stderr, "own handler ran %d times\n", handled);
    return 0;
  }
  for (int i = 0; i < 3; i++)
    if (!sigsetjmp(back, 1))
      ((volatile char *)page)[i] = 1; // the program's own fault
  char *p = malloc(32); // guarded blocks around do not change that
  p[0] = 1;
  free(p);
  fprintf(stderr, "own handler ran %d times\n", handled);
  return 0;
}
