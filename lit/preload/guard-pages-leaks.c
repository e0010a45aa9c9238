// Guarded blocks take part in the leak scan as heap blocks: under
// guard_pages=1 (every allocation that fits a slot is guarded) a lost list
// is one direct and one indirect leak at their allocation lines, a block
// reachable from a global is not reported, and blocks allocated under
// __lsan_disable or passed to __lsan_ignore_object are not leaks.
// RUN: %clang -O1 -g -fno-omit-frame-pointer %s -o %t
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g -fomit-frame-pointer %s -o %t.nofp
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %sleuth_run %t.nofp 2>&1 | FileCheck %s
#include "Inputs/lost_list.h"

void __lsan_disable(void) __attribute__((weak));
void __lsan_enable(void) __attribute__((weak));
void __lsan_ignore_object(const void *) __attribute__((weak));

void *volatile reachable;

__attribute__((noinline)) static void lose_ignored(void) {
  __lsan_disable();
  char *volatile p = malloc(100);
  __lsan_enable();
  p = malloc(200);
  __lsan_ignore_object(p);
  p = 0;
}

int main(void) {
  lose_list();
  lose_ignored();
  reachable = malloc(64);
  scrub();
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of 32 byte(s) in 1 object(s) allocated from:
// CHECK:   #{{[0-9]+}} {{.*}} in new_node {{.*}}lost_list.h:15
// CHECK:   #{{[0-9]+}} {{.*}} in lose_list {{.*}}lost_list.h:22
// CHECK: Indirect leak of 32 byte(s) in 1 object(s) allocated from:
// CHECK:   #{{[0-9]+}} {{.*}} in new_node {{.*}}lost_list.h:15
// CHECK: SUMMARY: Sleuth: 64 byte(s) leaked in 2 allocation(s).
// CHECK-NOT: 100 byte
// CHECK-NOT: 200 byte
