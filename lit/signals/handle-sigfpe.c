// handle_sigfpe=1 (the default, as ASan's): an integer division by zero
// gets an FPE report whose frame #0 is the function that divided; with 0
// the process dies of SIGFPE without a report. A program's own SIGFPE
// handler keeps working (the handler is called, no report).
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=handle_sigfpe=0 not --crash %run %t 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: %run %t own 2>&1 | FileCheck %s --check-prefix=OWN
// RUN: %sleuth_cc -O2 %s -o %t2 && not %run %t2 2>&1 | FileCheck %s
#include <signal.h>
#include <string.h>
#include <unistd.h>

volatile int zero;

__attribute__((noinline)) int divide(int x) { return x / zero; }

static void on_fpe(int sig) {
  (void)sig;
  static const char msg[] = "own handler\n";
  write(1, msg, sizeof msg - 1);
  _exit(0);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "own"))
    signal(SIGFPE, on_fpe);
  return divide(argc);
}
// CHECK: ERROR: Sleuth: FPE on unknown address 0x{{[0-9a-f]+}} (pc
// CHECK: #0 {{.*}} in divide {{.*}}handle-sigfpe.c:[[@LINE-15]]
// CHECK-NEXT: #1 {{.*}} in main {{.*}}handle-sigfpe.c:[[@LINE-4]]
// CHECK: SUMMARY: Sleuth: FPE {{.*}}handle-sigfpe.c:[[@LINE-17]]:{{[0-9]+}} in divide
// OFF-NOT: Sleuth
// OWN-NOT: Sleuth
// OWN: own handler
