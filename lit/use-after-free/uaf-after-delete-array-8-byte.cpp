// An 8-byte read of data[0] after delete[] of an array of a type without
// a destructor (no array cookie). At -O2 the read has the same address as
// the one handed to operator delete[], which once made it pass for
// delete[]'s own cookie load and go unchecked (a Juliet CWE-416 shape,
// with int64_t and long).
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O3 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 -DUSE_LONG %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <cstdint>
#include <cstdio>

#ifdef USE_LONG
typedef long element;
#else
typedef int64_t element;
#endif

__attribute__((noinline)) void print_line(element v) {
  std::printf("%ld\n", (long)v);
}

__attribute__((noinline)) void bad() {
  element *data = new element[100];
  for (int i = 0; i < 100; i++)
    data[i] = 5;
  delete[] data;
  print_line(data[0]);
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 8 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in bad\(\) .*}}uaf-after-delete-array-8-byte.cpp:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes inside of 800-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator delete\[\]}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in bad\(\) .*}}uaf-after-delete-array-8-byte.cpp:[[@LINE-8]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new\[\]}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in bad\(\) .*}}uaf-after-delete-array-8-byte.cpp:[[@LINE-14]]
  // CHECK: SUMMARY: Sleuth: heap-use-after-free {{.*}}uaf-after-delete-array-8-byte.cpp:[[@LINE-11]]:{{[0-9]+}} in bad()
}

int main() {
  bad();
  return 0;
}
