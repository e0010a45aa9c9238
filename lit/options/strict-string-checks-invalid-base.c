// strtol and its siblings with an invalid base (not 0 and not 2..36) fail
// with EINVAL before reading a byte, so by default nothing is checked; with
// strict_string_checks=1 the argument must still be a string inside its
// block, as ASan checks it: a poisoned one is a use-after-poison READ of
// its length plus one, one past its block a heap-buffer-overflow.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: %run %t poisoned 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: %run %t outside 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t poisoned 2>&1 | FileCheck %s --check-prefix=POISONED
// RUN: env ASAN_OPTIONS=strict_string_checks=1 not %run %t outside 2>&1 | FileCheck %s --check-prefix=OUTSIDE
#include <sanitizer/asan_interface.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *block = malloc(11);
  memset(block, 0, 11);
  long long r;
  if (!strcmp(argv[1], "poisoned")) {
    __asan_poison_memory_region(block, 8);
    r = strtoll(block + 1, NULL, -1);
    // POISONED: ERROR: Sleuth: use-after-poison on address [[ADDR:0x[0-9a-f]+]] at pc
    // POISONED-NEXT: READ of size 1 at [[ADDR]] thread T0
    // POISONED: {{#[0-9] 0x[0-9a-f]+ in main .*}}strict-string-checks-invalid-base.c:[[@LINE-3]]
    // POISONED: [[ADDR]] is located 1 bytes inside of 11-byte region
  } else {
    r = strtoul(block + 11, NULL, 1);
    // OUTSIDE: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
    // OUTSIDE-NEXT: READ of size 1 at [[ADDR]] thread T0
    // OUTSIDE: {{#[0-9] 0x[0-9a-f]+ in main .*}}strict-string-checks-invalid-base.c:[[@LINE-3]]
    // OUTSIDE: [[ADDR]] is located 0 bytes after 11-byte region
  }
  printf("result %lld\n", r);
  // CLEAN: result 0
  // CLEAN-NOT: ERROR
  free(block);
  return 0;
}
