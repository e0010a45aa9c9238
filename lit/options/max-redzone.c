// max_redzone, as ASan's option: blocks of 4032 bytes get a 256-byte left
// redzone by default; capped at 32 bytes, 10000 of them take 10000 * 224
// bytes less of the heap (the slots of a smaller size class, 1 MB less at
// least). An underflow past the smaller redzone is still a
// heap-buffer-overflow, named after the nearest block.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: %run %t > %t.default
// RUN: env SLEUTH_OPTIONS=max_redzone=32 %run %t > %t.capped
// RUN: %python -c "import sys; d = int(open(sys.argv[1]).read()); c = int(open(sys.argv[2]).read()); sys.exit(0 if d - c >= 1000000 else 1)" %t.default %t.capped
// RUN: env SLEUTH_OPTIONS=max_redzone=32 not %run %t underflow 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <sanitizer/allocator_interface.h>

static void *blocks[10000];

int main(int argc, char **argv) {
  size_t before = __sanitizer_get_heap_size();
  for (int i = 0; i < 10000; ++i)
    blocks[i] = malloc(4096 - 64);
  size_t after = __sanitizer_get_heap_size();
  if (argc > 1) {
    volatile char *p = (char *)blocks[5000];
    p[-20] = 1;
    // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[A:0x[0-9a-f]+]] at pc
    // CHECK-NEXT: WRITE of size 1 at [[A]] thread T0
    // CHECK-NEXT: #0 0x{{[0-9a-f]+}} in main {{.*}}max-redzone.c:[[@LINE-3]]
    // CHECK: [[A]] is located 20 bytes before 4032-byte region
  }
  for (int i = 0; i < 10000; ++i)
    free(blocks[i]);
  printf("%zu\n", after - before);
  return 0;
}
