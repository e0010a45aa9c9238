// SEGV as a JSON line: the access type and address from the signal, the
// exact faulting frame, and the signal's notes as details.
// RUN: %sleuth_cc -O0 -g %s -o %t
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t 2> %t.json
// RUN: %python %S/Inputs/check_json.py %t.json | FileCheck %s
// RUN: grep -q '"access":{"type":"READ","address":"0x8"}' %t.json
// RUN: grep -q '"details":"The signal is caused by a READ memory access.\\nHint: address points to the zero page."' %t.json
#include <stdio.h>

int *volatile ptr;

int main(int argc, char **argv) {
  (void)argv;
  int v = ptr[argc + 1];
  // CHECK: kind: SEGV
  // CHECK-NEXT: access: READ ?
  // CHECK-NEXT: thread: T0
  // CHECK-NEXT: stack #0 main {{.*}}segv.c:[[@LINE-4]]:{{[0-9]+}}
  // CHECK-NOT: location:
  // CHECK: summary: SEGV {{.*}}segv.c:[[@LINE-6]]:{{[0-9]+}} in main
  printf("%d\n", v);
  return 0;
}
