// An over-aligned new (alignas(128): operator new with align_val_t) freed by
// a delete without alignment (the nothrow one, a sized one), and a plain
// new freed by an aligned delete: new-delete-type-mismatch with ASan's
// alignment lines, "default-aligned" for the side without one. When the
// size differs too (a sized delete through a pointer to a smaller type),
// one report says both.
// RUN: %sleuth_cxx -std=c++17 -O0 %s -o %t
// RUN: not %run %t nothrow 2>&1 | FileCheck %s --check-prefixes=CHECK,NOTHROW
// RUN: not %run %t sized 2>&1 | FileCheck %s --check-prefixes=CHECK,SIZED
// RUN: not %run %t plain 2>&1 | FileCheck %s --check-prefixes=CHECK,PLAIN
// RUN: not %run %t both 2>&1 | FileCheck %s --check-prefixes=CHECK,BOTH
// RUN: env SLEUTH_OPTIONS=new_delete_type_mismatch=0 %run %t nothrow 2>&1 | count 0
#include <cstring>
#include <new>

struct Small {
  int a, b, c;
};
struct alignas(128) Wide {
  int a, b, c;
};

template <typename T> T *opaque(T *p) {
  __asm__ volatile("" : : "r"(p) : "memory");
  return p;
}

int main(int argc, char **argv) {
  const char *mode = argv[argc - 1];
  if (!strcmp(mode, "nothrow"))
    operator delete(opaque(new Wide), std::nothrow);
  if (!strcmp(mode, "sized"))
    operator delete(opaque(new Wide), sizeof(Wide));
  if (!strcmp(mode, "plain"))
    operator delete(opaque(new Small), std::align_val_t(128));
  if (!strcmp(mode, "both"))
    delete opaque(reinterpret_cast<Small *>(new Wide));
  return 0;
}
// CHECK: ERROR: Sleuth: new-delete-type-mismatch on 0x{{[0-9a-f]+}} in thread T0:
// CHECK-NEXT: object passed to delete has wrong type:
// BOTH-NEXT: size of the allocated type:   128 bytes;
// BOTH-NEXT: size of the deallocated type: 12 bytes.
// NOTHROW-NEXT: alignment of the allocated type:   128 bytes;
// NOTHROW-NEXT: alignment of the deallocated type: default-aligned.
// SIZED-NEXT: alignment of the allocated type:   128 bytes;
// SIZED-NEXT: alignment of the deallocated type: default-aligned.
// BOTH-NEXT: alignment of the allocated type:   128 bytes;
// BOTH-NEXT: alignment of the deallocated type: default-aligned.
// PLAIN-NEXT: alignment of the allocated type:   default-aligned;
// PLAIN-NEXT: alignment of the deallocated type: 128 bytes.
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in operator delete
// NOTHROW-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}new-delete-default-alignment.cpp:31
// SIZED-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}new-delete-default-alignment.cpp:33
// PLAIN-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}new-delete-default-alignment.cpp:35
// BOTH-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}new-delete-default-alignment.cpp:37
// CHECK: allocated by thread T0 here:
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in operator new
// CHECK: SUMMARY: Sleuth: new-delete-type-mismatch
