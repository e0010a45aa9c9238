// alloc-dealloc-mismatch and new-delete-type-mismatch as JSON lines: the
// deallocating frame, and where the block was allocated.
// RUN: %sleuth_cxx -O0 -g %s -o %t
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t mismatch 2> %t.mm
// RUN: %python %S/Inputs/check_json.py %t.mm | FileCheck %s --check-prefix=MM
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t sized 2> %t.sized
// RUN: %python %S/Inputs/check_json.py %t.sized | FileCheck %s --check-prefix=SIZED
// RUN: grep -q '"details":"  object passed to delete has wrong type:\\n  size of the allocated type:   40 bytes;' %t.sized
#include <stdlib.h>
#include <string.h>

struct Base {
  int id;
  ~Base() {}
};
struct Derived : Base {
  long payload[4];
};

int main(int argc, char **argv) {
  (void)argc;
  if (!strcmp(argv[1], "mismatch")) {
    int *p = (int *)malloc(sizeof(int));
    delete p;
    // MM: kind: alloc-dealloc-mismatch
    // MM-NOT: access:
    // MM: stack #1 main {{.*}}mismatch.cpp:[[@LINE-3]]:{{[0-9]+}}
    // MM: location: 0x{{[0-9a-f]+}} is located 0 bytes inside of 4-byte region
    // MM: alloc_stack #0 malloc
    // MM-NEXT: alloc_stack #1 main {{.*}}mismatch.cpp:[[@LINE-7]]:{{[0-9]+}}
    // MM-NOT: free_stack
    // MM: summary: alloc-dealloc-mismatch {{.*}}mismatch.cpp:[[@LINE-8]]:{{[0-9]+}} in main
  } else {
    Base *b = new Derived;
    delete b;
    // SIZED: kind: new-delete-type-mismatch
    // SIZED: stack #1 main {{.*}}mismatch.cpp:[[@LINE-2]]:{{[0-9]+}}
    // SIZED: alloc_stack #1 main {{.*}}mismatch.cpp:[[@LINE-4]]:{{[0-9]+}}
    // SIZED: summary: new-delete-type-mismatch {{.*}}mismatch.cpp:[[@LINE-4]]:{{[0-9]+}} in main
  }
  return 0;
}
