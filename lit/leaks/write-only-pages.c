// RUN: %sleuth_cc -O0 %s -o %t
// RUN: %run %t 2>&1 | count 0
// RUN: not %run %t leak 2>&1 | FileCheck %s
// RUN: %run %t leak 2>/dev/null; test $? = 1
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: %run %t 2>&1 | count 0
// RUN: not %run %t leak 2>&1 | FileCheck %s
#include <sanitizer/lsan_interface.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static void *global_page[4096 / sizeof(void *)] __attribute__((aligned(4096)));
char *holder;
static void *volatile sink;

int main(int argc, char **argv) {
  // In a heap block.
  holder = malloc(3 * 4096);
  void **in_block = (void **)(((uintptr_t)holder + 4095) & ~(uintptr_t)4095);
  in_block[0] = malloc(24);
  mprotect(in_block, 4096, PROT_WRITE);
  // A global page.
  global_page[3] = malloc(40);
  mprotect(global_page, sizeof global_page, PROT_WRITE);
  // A registered root region.
  void **area = mmap(0, 4096, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  __lsan_register_root_region(area, 4096);
  area[5] = malloc(56);
  mprotect(area, 4096, PROT_WRITE);
  if (argc > 1 && !strcmp(argv[1], "leak"))
    sink = malloc(72);
  sink = 0;
  return 0;
}
// CHECK-NOT: SEGV
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of 72 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in main {{.*}}write-only-pages.c:34
// CHECK-NOT: leak of
// CHECK: definitely lost: 72 bytes in 1 blocks
// CHECK: SUMMARY: Sleuth: 72 byte(s) leaked in 1 allocation(s).
//
// Pages the program made write-only (PROT_WRITE without PROT_READ) in a
// heap block, in .bss and in a root region (__lsan_register_root_region),
// each holding the only pointer to a block. x86 has no write-only pages:
// the CPU still reads them, so the scan does too and none of the three
// blocks is a leak; only the real leak is reported, with exit status 1.
// Root regions are read through process_vm_readv, which refuses pages
// without PROT_READ: before the guarded fallback, the root region's block
// was reported as a direct leak.
