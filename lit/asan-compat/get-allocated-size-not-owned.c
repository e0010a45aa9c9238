// __sanitizer_get_allocated_size of a pointer that is not a live block's
// start (a global, a block's interior, a freed block) is ASan's
// bad-__sanitizer_get_allocated_size error: the call's stack and what the
// address is. A live malloc(0) block is owned (size 0, no report), also
// when guarded. With halt_on_error=0 the call then returns 0.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t global 2>&1 | FileCheck %s --check-prefixes=CHECK,GLOBAL
// RUN: not %run %t interior 2>&1 | FileCheck %s --check-prefixes=CHECK,INTERIOR
// RUN: env SLEUTH_OPTIONS=guard_pages=1 not %run %t global 2>&1 | FileCheck %s --check-prefixes=CHECK,GLOBAL
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t freed 2>&1 | FileCheck %s --check-prefixes=CHECK,FREED
#include <sanitizer/allocator_interface.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int g_i = 42;

int main(int argc, char **argv) {
  char *zero = malloc(0), *ten = malloc(10);
  // CHECK: sizes 0 10
  fprintf(stderr, "sizes %zu %zu\n", __sanitizer_get_allocated_size(zero),
          __sanitizer_get_allocated_size(ten));
  const void *p = &g_i;
  if (!strcmp(argv[1], "interior"))
    p = ten + 1;
  if (!strcmp(argv[1], "freed")) {
    free(ten);
    p = ten;
  }
  size_t n = __sanitizer_get_allocated_size(p);
  // CHECK: ERROR: Sleuth: bad-__sanitizer_get_allocated_size: attempting to call __sanitizer_get_allocated_size() for pointer which is not owned: [[ADDR:0x[0-9a-f]+]]
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in __sanitizer_get_allocated_size }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}get-allocated-size-not-owned.c:[[@LINE-3]]
  // GLOBAL: [[ADDR]] is located 0 bytes inside of global variable 'g_i' defined in '{{.*}}get-allocated-size-not-owned.c:16:5' {{.*}} of size 4
  // INTERIOR: [[ADDR]] is located 1 bytes inside of 10-byte region
  // FREED: [[ADDR]] is located 0 bytes inside of 10-byte region
  // FREED: freed by thread T0 here:
  // CHECK: SUMMARY: Sleuth: bad-__sanitizer_get_allocated_size {{.*}}get-allocated-size-not-owned.c:[[@LINE-8]]:{{[0-9]+}} in main
  // FREED: size after the report: 0
  fprintf(stderr, "size after the report: %zu\n", n);
  return 0;
}
