// A block freed 100 calls deep and then read. With malloc_context_size=120
// the free stack keeps all of them down to main (ASan's range goes up to
// 256); with the default 30 it is cut. The stack of the access itself and
// of a fatal error is unwound in full whatever the option says: with
// malloc_context_size=0 a double-free still shows its caller.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=malloc_context_size=120 not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,DEEP
// RUN: not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,CUT
// RUN: env SLEUTH_OPTIONS=malloc_context_size=0 not %run %t twice 2>&1 | FileCheck %s --check-prefix=TWICE
#include <stdlib.h>

__attribute__((noinline)) void free_deep(char *p, int depth) {
  if (depth == 0) {
    free(p);
    return;
  }
  free_deep(p, depth - 1);
  __asm__ volatile("");
}

int main(int argc, char **argv) {
  char *p = malloc(10);
  if (argc > 1) {
    free(p);
    free(p);
    // TWICE: ERROR: Sleuth: double-free: attempting double-free on 0x{{[0-9a-f]+}} in thread T0:
    // TWICE-NEXT: #0 0x{{[0-9a-f]+}} in free
    // TWICE-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}malloc-context-size-deep.c:[[@LINE-3]]
    // TWICE: freed by thread T0 here:
    // TWICE-NEXT: #0 0x{{[0-9a-f]+}} in free
    // TWICE-EMPTY:
    return 0;
  }
  free_deep(p, 100);
  return p[argc];
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]]
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in main {{.*}}malloc-context-size-deep.c:[[@LINE-3]]
  // CHECK: freed by thread T0 here:
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in free
  // CHECK-NEXT: #1 0x{{[0-9a-f]+}} in free_deep {{.*}}malloc-context-size-deep.c:14
  // CHECK-COUNT-28: in free_deep {{.*}}malloc-context-size-deep.c:17
  // DEEP-COUNT-72: in free_deep {{.*}}malloc-context-size-deep.c:17
  // DEEP-NEXT: #102 0x{{[0-9a-f]+}} in main {{.*}}malloc-context-size-deep.c:34
  // CUT-NOT: in main
  // CUT: previously allocated by thread T0 here:
}
