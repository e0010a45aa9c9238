// -fsanitize=pointer-subtract, and ASan's spelling of it (-mllvm
// -asan-detect-invalid-pointer-pair): a difference of pointers into two
// objects (heap blocks, globals, stack variables, any mix) is
// invalid-pointer-pair. With halt_on_error=0 each call path into the one
// subtraction is its own error, reported once. -fno-sanitize= after the
// flag takes it back. JSON reports carry the second address too.
// RUN: %sleuth_cxx -O0 -fsanitize=pointer-subtract %s -o %t
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=2:halt_on_error=0 not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O0 -mllvm -asan-detect-invalid-pointer-pair %s -o %t-asan
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=2:halt_on_error=0 not %run %t-asan 2>&1 | FileCheck %s
// RUN: env -u SLEUTH_OPTIONS ASAN_OPTIONS=detect_invalid_pointer_pairs=1 not %run %t-asan 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=1:log_format=json not %run %t 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: %sleuth_cxx -O0 -fsanitize=pointer-subtract -fno-sanitize=pointer-subtract %s -o %t-off
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=2 %run %t-off 2>&1 | count 0
// RUN: %sleuth_cxx -O0 -fsanitize=pointer-compare %s -o %t-cmp
// RUN: env SLEUTH_OPTIONS=detect_invalid_pointer_pairs=2 %run %t-cmp 2>&1 | count 0
#include <stdlib.h>

__attribute__((noinline)) long diff(char *p, char *q) {
  return p - q; // line 20
}

char g1[100], g2[100];

int main() {
  char *h1 = (char *)malloc(42), *h2 = (char *)malloc(42);
  char s1, s2;
  long r = diff(h1 + 41, h1) + diff(g1 + 100, g1); // fine: one object each
  r += diff(h1, h2);
  // CHECK: ERROR: Sleuth: invalid-pointer-pair: [[H1:0x[0-9a-f]+]] [[H2:0x[0-9a-f]+]]
  // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in diff(char*, char*) {{.*}}subtract.cpp:20
  // CHECK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}subtract.cpp:[[@LINE-3]]
  // CHECK: [[H1]] is located 0 bytes inside of 42-byte region
  // CHECK: [[H2]] is located 0 bytes inside of 42-byte region
  // CHECK: SUMMARY: Sleuth: invalid-pointer-pair {{.*}}subtract.cpp:20:{{[0-9]+}} in diff(char*, char*)
  // FIRST: ERROR: Sleuth: invalid-pointer-pair
  // FIRST: #1 0x{{[0-9a-f]+}} in main {{.*}}subtract.cpp:[[@LINE-8]]
  // FIRST-NOT: ERROR: Sleuth
  // JSON: "kind":"invalid-pointer-pair",{{.*}}"location":"0x{{[0-9a-f]+}} is located 0 bytes inside of 42-byte region{{.*}}"second_location":"0x{{[0-9a-f]+}} is located 0 bytes inside of 42-byte region
  r += diff(g1, g2 + 10);
  // CHECK: ERROR: Sleuth: invalid-pointer-pair
  // CHECK: #1 0x{{[0-9a-f]+}} in main {{.*}}subtract.cpp:[[@LINE-2]]
  // CHECK: is located 0 bytes inside of global variable 'g1'
  // CHECK: is located 10 bytes inside of global variable 'g2'
  r += diff(&s1, &s2);
  // CHECK: ERROR: Sleuth: invalid-pointer-pair
  // CHECK: #1 0x{{[0-9a-f]+}} in main {{.*}}subtract.cpp:[[@LINE-2]]
  // CHECK: 's1'
  r += diff(h1, &s1);
  // CHECK: ERROR: Sleuth: invalid-pointer-pair
  // CHECK: #1 0x{{[0-9a-f]+}} in main {{.*}}subtract.cpp:[[@LINE-2]]
  r += diff(&s2, g1);
  // CHECK: ERROR: Sleuth: invalid-pointer-pair
  // CHECK: #1 0x{{[0-9a-f]+}} in main {{.*}}subtract.cpp:[[@LINE-2]]
  r += diff(nullptr, h2);
  // CHECK: ERROR: Sleuth: invalid-pointer-pair: 0x0
  // CHECK: #1 0x{{[0-9a-f]+}} in main {{.*}}subtract.cpp:[[@LINE-2]]
  for (int i = 0; i < 3; i++)
    r += diff(h2, h1); // one site: reported once
  // CHECK: ERROR: Sleuth: invalid-pointer-pair
  // CHECK: #1 0x{{[0-9a-f]+}} in main {{.*}}subtract.cpp:[[@LINE-2]]
  // CHECK-NOT: ERROR: Sleuth
  free(h1);
  free(h2);
  return r == 1;
}
