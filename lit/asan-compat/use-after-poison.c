// ASAN_POISON_MEMORY_REGION makes an access use-after-poison, as in ASan,
// with the heap block's allocation stack; code that guards the macro with
// __SANITIZE_ADDRESS__ gets the real call under sleuth-cc.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <sanitizer/asan_interface.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  char *arena = malloc(64);
#if defined(__SANITIZE_ADDRESS__)
  ASAN_POISON_MEMORY_REGION(arena + 32, 32);
#endif
  volatile char *v = arena;
  v[argc + 39] = 1;
  // CHECK: ERROR: Sleuth: use-after-poison on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}use-after-poison.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 40 bytes inside of 64-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}use-after-poison.c:[[@LINE-12]]
  // CHECK: SUMMARY: Sleuth: use-after-poison {{.*}}use-after-poison.c:[[@LINE-8]]:{{[0-9]+}} in main
  free(arena);
  return 0;
}
