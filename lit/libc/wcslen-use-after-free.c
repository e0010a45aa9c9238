// wcslen of a freed wide string: a read of freed memory, reported with
// the free and allocation stacks (the size read depends on what the
// freed block holds now).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <wchar.h>

int main(int argc, char **argv) {
  wchar_t *s = wcsdup(L"wide");
  free(s);
  size_t n = wcslen(s);
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size {{[0-9]+}} at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in wcslen }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}wcslen-use-after-free.c:[[@LINE-4]]
  // CHECK: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}wcslen-use-after-free.c:[[@LINE-8]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in wcsdup}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}wcslen-use-after-free.c:[[@LINE-12]]
  return (int)n;
}
