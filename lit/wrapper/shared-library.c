// -shared builds an instrumented library without the runtime in it; the
// executable's runtime serves it (its entry points are exported).
// RUN: %sleuth_cc -O1 -fPIC -shared %S/Inputs/shared/lib.c -o %t.so
// RUN: nm -D --defined-only %t.so | FileCheck %s --check-prefix=SYMS
// RUN: %sleuth_cc -O1 %s %t.so -o %t -Wl,-rpath,%T
// RUN: not %t 2>&1 | FileCheck %s
// SYMS-NOT: {{ (malloc|free|__sleuth_report_load1)$}}
// SYMS: lib_make
// SYMS-NOT: {{ (malloc|free|__sleuth_report_load1)$}}
char *lib_make(int n);
void lib_poke(char *p, int i);

int main(int argc, char **argv) {
  (void)argv;
  char *p = lib_make(10);
  lib_poke(p, 9 + argc);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow
  // CHECK-NEXT: WRITE of size 1
  // CHECK-NEXT: {{#0 .* in lib_poke .*}}lib.c:3
  // CHECK-NEXT: {{#1 .* in main .*}}shared-library.c:[[@LINE-4]]
  // CHECK: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 .* in malloc}}
  // CHECK-NEXT: {{#1 .* in lib_make .*}}lib.c:2
  return 0;
}
