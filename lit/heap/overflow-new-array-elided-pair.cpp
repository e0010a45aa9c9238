// A store one past a new[]'ed array whose block is only written and then
// deleted in the same function (a Juliet CWE-122 shape). Without
// -fno-assume-sane-operator-new, -O1 and above delete the new[]/delete[]
// pair and the overflow with it; sleuth-c++ passes the flag, as clang's
// driver does under -fsanitize=address.
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <cstdio>

__attribute__((noinline)) void print_int_line(int v) { std::printf("%d\n", v); }

__attribute__((noinline)) void bad() {
  int *data = new int[10];
  data[10] = 5;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in bad\(\) .*}}overflow-new-array-elided-pair.cpp:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after 40-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new\[\]}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in bad\(\) .*}}overflow-new-array-elided-pair.cpp:[[@LINE-8]]
  print_int_line(data[0]);
  delete[] data;
}

int main() {
  bad();
  return 0;
}
