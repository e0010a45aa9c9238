// Aligned operator delete with another alignment than the aligned operator
// new gave (new with 64, delete with 32) is a new-delete-type-mismatch, with
// ASan's two alignment lines; also through the sized aligned delete.
// Without an argument every delete matches its new (explicit calls and
// new/delete expressions of an over-aligned type): no output.
// RUN: %sleuth_cxx -std=c++17 -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: not %run %t plain 2>&1 | FileCheck %s --check-prefixes=CHECK,PLAIN
// RUN: not %run %t sized 2>&1 | FileCheck %s --check-prefixes=CHECK,SIZED
// RUN: %sleuth_cxx -std=c++17 -O2 %s -o %t && %run %t 2>&1 | count 0
// RUN: not %run %t plain 2>&1 | FileCheck %s --check-prefixes=CHECK,PLAIN
// RUN: env SLEUTH_OPTIONS=new_delete_type_mismatch=0 %run %t plain 2>&1 | count 0
#include <cstring>
#include <new>

struct alignas(64) Line {
  char bytes[64];
};

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  Line *l = new Line;
  memset(l->bytes, 1, sizeof l->bytes);
  delete l;
  Line *ls = new Line[3];
  delete[] ls;
  void *p = operator new(100, std::align_val_t(64));
  // CHECK: ERROR: Sleuth: new-delete-type-mismatch on [[ADDR:0x[0-9a-f]+]] in thread T0:
  // CHECK-NEXT: object passed to delete has wrong type:
  // CHECK-NEXT: alignment of the allocated type:   64 bytes;
  // CHECK-NEXT: alignment of the deallocated type: 32 bytes.
  // PLAIN-NEXT: {{#0 0x[0-9a-f]+ in operator delete\(void\*, std::align_val_t\)}}
  // PLAIN-NEXT: {{#1 0x[0-9a-f]+ in main .*}}new-delete-alignment-mismatch.cpp:[[@LINE+11]]
  // SIZED-NEXT: {{#0 0x[0-9a-f]+ in operator delete\(void\*, unsigned long, std::align_val_t\)}}
  // SIZED-NEXT: {{#1 0x[0-9a-f]+ in main .*}}new-delete-alignment-mismatch.cpp:[[@LINE+11]]
  // CHECK: [[ADDR]] is located 0 bytes inside of 100-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new\(unsigned long, std::align_val_t\)}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}new-delete-alignment-mismatch.cpp:[[@LINE-12]]
  // PLAIN: SUMMARY: Sleuth: new-delete-type-mismatch {{.*}}new-delete-alignment-mismatch.cpp:[[@LINE+4]]:{{[0-9]+}} in main
  // SIZED: SUMMARY: Sleuth: new-delete-type-mismatch {{.*}}new-delete-alignment-mismatch.cpp:[[@LINE+5]]:{{[0-9]+}} in main
  size_t align = *mode ? 32 : 64;
  if (strcmp(mode, "sized"))
    operator delete(p, std::align_val_t(align));
  else
    operator delete(p, 100, std::align_val_t(align));
  return 0;
}
