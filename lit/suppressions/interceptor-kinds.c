// ASan's interceptor_name:, interceptor_via_fun: and interceptor_via_lib:
// rules silence an error found inside a libc interceptor (here strcpy),
// matched as ASan matches them (checked against clang -fsanitize=address
// with the same rules): the intercepted function's name, a function of
// the stack, a module of the stack; substring, `*`, `^`, `$`.
// RUN: %sleuth_cc -O0 %s -o %t.ik-bin
// RUN: printf 'interceptor_name:strcpy\n' > %t.1
// RUN: env SLEUTH_OPTIONS=suppressions=%t.1 %run %t.ik-bin 2>&1 | FileCheck %s --check-prefix=SUPP
// RUN: printf 'interceptor_name:^strcpy$\n' > %t.2
// RUN: env SLEUTH_OPTIONS=suppressions=%t.2 %run %t.ik-bin 2>&1 | FileCheck %s --check-prefix=SUPP
// RUN: printf 'interceptor_via_fun:^copy_in$\n' > %t.3
// RUN: env SLEUTH_OPTIONS=suppressions=%t.3 %run %t.ik-bin 2>&1 | FileCheck %s --check-prefix=SUPP
// RUN: printf 'interceptor_via_fun:cop*in\n' > %t.4
// RUN: env SLEUTH_OPTIONS=suppressions=%t.4 %run %t.ik-bin 2>&1 | FileCheck %s --check-prefix=SUPP
// RUN: printf 'interceptor_via_lib:ik-bin\n' > %t.5
// RUN: env SLEUTH_OPTIONS=suppressions=%t.5 %run %t.ik-bin 2>&1 | FileCheck %s --check-prefix=SUPP
// Rules that match nothing: `$` after a prefix, `^` before a suffix, and
// an interceptor_name: naming a function of the stack, not the interceptor.
// RUN: printf 'interceptor_name:strcp$\ninterceptor_via_fun:^opy\ninterceptor_name:copy_in\n' > %t.6
// RUN: not env SLEUTH_OPTIONS=suppressions=%t.6 %run %t.ik-bin 2>&1 | FileCheck %s
// The clean twin prints nothing with every rule loaded.
// RUN: %sleuth_cc -O0 -DCLEAN %s -o %t.clean
// RUN: cat %t.1 %t.3 %t.5 %t.6 > %t.all
// RUN: env SLEUTH_OPTIONS=suppressions=%t.all %run %t.clean 2>&1 | count 0
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) void copy_in(char *d, const char *s) {
  strcpy(d, s);
}

int main(int argc, char **argv) {
  char *d = malloc(4);
#ifdef CLEAN
  copy_in(d, "abc");
#else
  copy_in(d, argc > 5 ? "" : "toolong");
#endif
  free(d);
  return 0;
}
// SUPP-NOT: ERROR
// SUPP: Sleuth: suppressed: 1 error report(s)
// SUPP-NOT: ERROR

// CHECK: ERROR: Sleuth: heap-buffer-overflow on address
// CHECK-NEXT: WRITE of size 8 at
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in strcpy}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in copy_in .*}}interceptor-kinds.c:29
// CHECK: allocated by thread T0 here:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}interceptor-kinds.c:33
