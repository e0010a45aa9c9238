// protect_shadow_gap=0, as ASan's option: the gap between the two shadows
// is not reserved, so a program (or a GPU driver) can map memory there, and
// that memory is checked like any other: a read of bytes it poisoned is
// use-after-poison, memcpy over it is checked, an access to its unpoisoned
// bytes is fine. With the default the gap stays inaccessible and the same
// mapping fails.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=protect_shadow_gap=0:verbosity=1 not %run %t poison 2>&1 | FileCheck %s --check-prefix=POISON
// RUN: env SLEUTH_OPTIONS=protect_shadow_gap=0 not %run %t memcpy 2>&1 | FileCheck %s --check-prefix=MEMCPY
// RUN: env SLEUTH_OPTIONS=protect_shadow_gap=0 %run %t clean 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: not %run %t clean 2>&1 | FileCheck %s --check-prefix=PROTECTED
#include <sanitizer/asan_interface.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

int main(int argc, char **argv) {
  // 1 TiB: inside the gap [0x8fff7000, 0x2008fff7000) and above the gap's
  // own shadow [0x91ff6e00, 0x4091ff6e00), which takes its lower part.
  char *base = (char *)0x10000000000ULL;
  void *got = mmap(base, 1 << 20, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (got != base) {
    printf("mmap in the gap failed\n");
    // PROTECTED: mmap in the gap failed
    return 1;
  }
  char local[64];
  memset(local, 7, sizeof local);
  memcpy(base, local, sizeof local); // its shadow is mapped and clean
  __asan_poison_memory_region(base + 4096, 4096);
  if (!strcmp(argv[1], "poison")) {
    volatile char *p = base + 4096 + 10;
    return *p;
    // POISON: protect_shadow_gap=0: not protecting the shadow gap
    // POISON: ERROR: Sleuth: use-after-poison on address 0x1000000100a at pc
    // POISON-NEXT: READ of size 1 at 0x1000000100a thread T0
    // POISON-NEXT: #0 0x{{[0-9a-f]+}} in main {{.*}}protect-shadow-gap.c:[[@LINE-4]]
  }
  if (!strcmp(argv[1], "memcpy")) {
    memcpy(base + 4096 - 16, local, 32);
    // MEMCPY: ERROR: Sleuth: use-after-poison on address 0x10000001000 at pc
    // MEMCPY-NEXT: WRITE of size 32 at 0x10000001000 thread T0
    // MEMCPY: in main {{.*}}protect-shadow-gap.c:[[@LINE-3]]
  }
  printf("clean %d\n", base[3] + base[4096 * 2]);
  // CLEAN: clean 7
  return 0;
}
