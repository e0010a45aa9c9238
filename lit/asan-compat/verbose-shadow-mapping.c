// RUN: %sleuth_cc -O1 %s -o %t
// RUN: env SLEUTH_OPTIONS=verbosity=1 %run %t 2>&1 | FileCheck %s
// RUN: env ASAN_OPTIONS=verbosity=1 %run %t 2>&1 | FileCheck %s
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=QUIET
#include <sanitizer/asan_interface.h>
#include <stdio.h>

int main(void) {
  size_t scale = 0, offset = 0;
  __asan_get_shadow_mapping(&scale, &offset);
  fprintf(stderr, "api: %zu 0x%zx\n", scale, offset);
  return 0;
}
// CHECK: SHADOW_SCALE: [[SCALE:[0-9]+]]
// CHECK: SHADOW_OFFSET: [[OFFSET:0x[0-9a-f]+]]
// CHECK: api: [[SCALE]] [[OFFSET]]
// QUIET-NOT: SHADOW_
// QUIET: api: 3 0x7fff8000

// With verbosity=1 the runtime prints the shadow mapping in ASan's two lines
// (scripts compute shadow addresses from them), and they agree with
// __asan_get_shadow_mapping. Quiet by default.
