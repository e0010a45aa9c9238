// Stack and global errors as JSON lines: the location names the variable
// (several lines for a stack frame, kept in one JSON string).
// RUN: %sleuth_cc -O0 -g %s -o %t
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t overflow 2> %t.over
// RUN: %python %S/Inputs/check_json.py %t.over | FileCheck %s --check-prefix=OVER
// RUN: grep -q '"location":"Address 0x[0-9a-f]* is located in stack of thread T0 at offset 64 in frame\\n    #0 0x[0-9a-f]* in main [^"]*<== Memory access at offset 64 overflows this variable\\n' %t.over
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t underflow 2> %t.under
// RUN: %python %S/Inputs/check_json.py %t.under | FileCheck %s --check-prefix=UNDER
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t scope 2> %t.scope
// RUN: %python %S/Inputs/check_json.py %t.scope | FileCheck %s --check-prefix=SCOPE
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t global 2> %t.global
// RUN: %python %S/Inputs/check_json.py %t.global | FileCheck %s --check-prefix=GLOBAL
#include <stdio.h>
#include <string.h>

int table[10];

int main(int argc, char **argv) {
  long vals[4] = {1, 2, 3, 4};
  const char *what = argv[1];
  if (!strcmp(what, "overflow"))
    vals[argc + 2] = 7;
  // OVER: kind: stack-buffer-overflow
  // OVER-NEXT: access: WRITE 8
  // OVER-NEXT: thread: T0
  // OVER-NEXT: stack #0 main {{.*}}stack-and-globals.c:[[@LINE-4]]:{{[0-9]+}}
  // OVER: location: Address 0x{{[0-9a-f]+}} is located in stack of thread T0 at offset 64 in frame
  // OVER-NOT: alloc_stack
  // OVER: summary: stack-buffer-overflow {{.*}}stack-and-globals.c:[[@LINE-7]]:{{[0-9]+}} in main
  if (!strcmp(what, "underflow"))
    vals[argc - 3] = 7;
  // UNDER: kind: stack-buffer-underflow
  // UNDER-NEXT: access: WRITE 8
  // UNDER: stack #0 main {{.*}}stack-and-globals.c:[[@LINE-3]]:{{[0-9]+}}
  // UNDER: summary: stack-buffer-underflow {{.*}}stack-and-globals.c:[[@LINE-4]]:{{[0-9]+}} in main
  if (!strcmp(what, "scope")) {
    int *p;
    {
      int x[4] = {1, 2, 3, 4};
      p = x;
      __asm__ volatile("" : : "r"(p) : "memory");
    }
    printf("%d\n", p[argc]);
    // SCOPE: kind: stack-use-after-scope
    // SCOPE-NEXT: access: READ 4
    // SCOPE: stack #0 main {{.*}}stack-and-globals.c:[[@LINE-3]]:{{[0-9]+}}
    // SCOPE: summary: stack-use-after-scope {{.*}}stack-and-globals.c:[[@LINE-4]]:{{[0-9]+}} in main
  }
  if (!strcmp(what, "global"))
    table[argc + 8] = 1;
  // GLOBAL: kind: global-buffer-overflow
  // GLOBAL-NEXT: access: WRITE 4
  // GLOBAL: stack #0 main {{.*}}stack-and-globals.c:[[@LINE-3]]:{{[0-9]+}}
  // GLOBAL: location: 0x{{[0-9a-f]+}} is located 0 bytes after global variable 'table' defined in '{{.*}}stack-and-globals.c:[[@LINE-38]]:{{[0-9]+}}' (0x{{[0-9a-f]+}}) of size 40
  // GLOBAL: summary: global-buffer-overflow {{.*}}stack-and-globals.c:[[@LINE-5]]:{{[0-9]+}} in main
  printf("%ld\n", vals[0] + vals[3]);
  return 0;
}
