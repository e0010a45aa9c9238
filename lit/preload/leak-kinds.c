// A program built without Sleuth and without frame pointers, run under
// sleuth-run: direct, indirect and reachable leaks, each with the
// allocation line of the call to malloc and the callers above it (DWARF
// unwinding). (Possibly lost blocks: lit/leaks/possible-interior.c.)
// RUN: %clang -O2 -g -fomit-frame-pointer %s -o %t
// RUN: env SLEUTH_OPTIONS=show_reachable=1 not %sleuth_run %t 2>&1 | FileCheck %s
#include "Inputs/lost_list.h"

void *volatile reachable;

int main(void) {
  lose_list();
  reachable = malloc(64);
  scrub();
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of 32 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in {{malloc|calloc}}
// CHECK-NEXT: #1 {{.*}} in new_node {{.*}}lost_list.h:15
// CHECK-NEXT: #2 {{.*}} in lose_list {{.*}}lost_list.h:22
// CHECK-NEXT: #3 {{.*}} in main {{.*}}leak-kinds.c:[[@LINE-10]]
// CHECK: Indirect leak of 32 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in {{malloc|calloc}}
// CHECK-NEXT: #1 {{.*}} in new_node {{.*}}lost_list.h:15
// CHECK-NEXT: #2 {{.*}} in lose_list {{.*}}lost_list.h:22
// CHECK: Reachable: 64 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in {{malloc|calloc}}
// CHECK-NEXT: #1 {{.*}} in main {{.*}}leak-kinds.c:[[@LINE-16]]
// CHECK: definitely lost: 32 bytes in 1 blocks
// CHECK: indirectly lost: 32 bytes in 1 blocks
