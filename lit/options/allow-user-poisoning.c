// allow_user_poisoning=0 makes the program's poison and unpoison calls do
// nothing, as ASan's option: the access to the poisoned bytes is reported
// by default and passes with the option, through SLEUTH_OPTIONS or
// ASAN_OPTIONS; the allocator's own poison stays (the overflow past the
// block is still reported).
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=allow_user_poisoning=0 %run %t 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env ASAN_OPTIONS=allow_user_poisoning=0 %run %t 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env SLEUTH_OPTIONS=allow_user_poisoning=0 not %run %t overflow 2>&1 | FileCheck %s --check-prefix=OVERFLOW
#include <sanitizer/asan_interface.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  char *x = malloc(16);
  x[10] = 0;
  __asan_poison_memory_region(x, 16);
  volatile char *v = x;
  volatile int ten = 10;
  int res = v[ten];
  // CHECK: ERROR: Sleuth: use-after-poison on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}allow-user-poisoning.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 10 bytes inside of 16-byte region
  __asan_unpoison_memory_region(x, 8);
  printf("poisoned: %d\n", __asan_address_is_poisoned(x + 12));
  // OFF: poisoned: 0
  // OFF-NOT: ERROR
  if (argc > 1)
    res += v[16];
  // OVERFLOW: ERROR: Sleuth: heap-buffer-overflow on address
  // OVERFLOW-NEXT: READ of size 1 at {{.*}} thread T0
  // OVERFLOW-NEXT: {{#0 0x[0-9a-f]+ in main .*}}allow-user-poisoning.c:[[@LINE-3]]
  free(x);
  return res;
}
