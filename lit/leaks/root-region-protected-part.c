// A root region (__lsan_register_root_region) with PROT_NONE or unmapped
// parts: its readable pages are still roots, wherever the holes lie (here
// the page after the pointer's page is PROT_NONE, and the region's first
// page is unmapped), as LSan scans the readable mappings of a region; the
// scan never faults on the holes. use_root_regions=0 (LSan's option) takes
// the regions out of the roots: the block is then a direct leak, with its
// allocation stack.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=use_stacks=0:use_registers=0 %run %t 2>&1 | count 0
// RUN: env LSAN_OPTIONS=use_stacks=0:use_registers=0:use_root_regions=0 not %run %t 2>&1 | FileCheck %s
#include <sanitizer/lsan_interface.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void) {
  size_t page = (size_t)getpagesize();
  char *area = mmap(0, 4 * page, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (area == MAP_FAILED)
    return 2;
  munmap(area, page);
  mprotect(area + 2 * page, page, PROT_NONE);
  __lsan_register_root_region(area, 4 * page);
  *(void **)(area + page + 64) = malloc(1337);
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of 1337 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}root-region-protected-part.c:25
// CHECK: SUMMARY: Sleuth: 1337 byte(s) leaked in 1 allocation(s).
