// __lsan_ignore_object and __lsan_disable/__lsan_enable (and the
// ScopedDisabler's C equivalent) hide a block from the leak report; the
// blocks they point to are reachable through them. The one leak that is
// not hidden is still reported, with its allocation stack.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <sanitizer/lsan_interface.h>
#include <stdlib.h>

void *volatile sink;

int main(void) {
  void **ignored = malloc(24);
  ignored[0] = malloc(100); // reachable from an ignored block
  __lsan_ignore_object(ignored);
  __lsan_disable();
  sink = malloc(200);
  __lsan_enable();
  sink = malloc(13);
  // CHECK: ERROR: Sleuth: detected memory leaks
  // CHECK: Direct leak of 13 byte(s) in 1 object(s) allocated from:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}lsan-ignore-object.c:[[@LINE-4]]
  // CHECK-NOT: leak of {{24|100|200}} byte
  // CHECK: SUMMARY: Sleuth: 13 byte(s) leaked in 1 allocation(s).
  sink = 0;
  ignored = 0;
  return 0;
}
