// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=handle_sigill=1 not %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=handle_sigill=0 not --crash %run %t 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: not --crash %run %t 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: %sleuth_cc -O2 %s -o %t2 && env SLEUTH_OPTIONS=handle_sigill=1 not %run %t2 2>&1 | FileCheck %s

__attribute__((noinline)) void trap_here(int why) {
  if (why)
    __builtin_trap();
}

int main(int argc, char **argv) {
  trap_here(argc);
  // CHECK: ERROR: Sleuth: ILL on unknown address 0x{{[0-9a-f]+}} (pc
  // CHECK: {{#0 0x[0-9a-f]+ in trap_here .*}}handle-sigill.c:[[@LINE-6]]
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}handle-sigill.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: ILL {{.*}}handle-sigill.c:[[@LINE-8]]:{{[0-9]+}} in trap_here
  // OFF-NOT: Sleuth
  return 0;
}
//
// handle_sigill=1: an illegal instruction gets an ILL report whose frame #0 is
// the function that executed it; by default (0, as ASan) no handler is
// installed and the process dies of SIGILL without a report.
