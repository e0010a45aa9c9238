// __lsan_do_recoverable_leak_check reports the leaks found so far, returns
// nonzero and the program continues; once the block is reachable again a
// second check returns 0. A block held only in a registered root region
// is reachable, and lost once the region is unregistered.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <sanitizer/lsan_interface.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

void *volatile sink;
uintptr_t hidden; // the block's address, disguised

int main(void) {
  // A mapping the scan does not know; registered, it is a root.
  void **area = mmap(0, 4096, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  __lsan_register_root_region(area, 4096);
  area[5] = malloc(77);
  sink = malloc(42);
  hidden = ~(uintptr_t)sink;
  sink = 0;
  int r = __lsan_do_recoverable_leak_check();
  // CHECK: ERROR: Sleuth: detected memory leaks
  // CHECK: Direct leak of 42 byte(s) in 1 object(s) allocated from:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}lsan-recoverable-check.c:[[@LINE-7]]
  // CHECK-NOT: leak of 77 byte
  // CHECK: still reachable: 77 bytes in 1 blocks
  // CHECK: SUMMARY: Sleuth: 42 byte(s) leaked in 1 allocation(s).
  fprintf(stderr, "first check returned %d\n", r);
  // CHECK: first check returned 1
  sink = (void *)~hidden; // reachable again
  r = __lsan_do_recoverable_leak_check();
  fprintf(stderr, "second check returned %d\n", r);
  // CHECK-NEXT: second check returned 0
  __lsan_unregister_root_region(area, 4096);
  sink = 0;
  // Now both are lost: the exit check reports them.
  // CHECK: ERROR: Sleuth: detected memory leaks
  // CHECK-DAG: Direct leak of 77 byte(s)
  // CHECK-DAG: Direct leak of 42 byte(s)
  return 0;
}
