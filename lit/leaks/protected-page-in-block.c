// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=verbosity=1 not %run %t protect 2>&1 | FileCheck %s
// RUN: %run %t protect 2>/dev/null; test $? = 1
// RUN: %run %t open 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: env SLEUTH_OPTIONS=verbosity=1 not %run %t protect 2>&1 | FileCheck %s
// RUN: %run %t open 2>&1 | count 0
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

char *holder; // keeps the big block reachable

int main(int argc, char **argv) {
  (void)argc;
  holder = malloc(3 * 4096);
  char *page = (char *)(((uintptr_t)holder + 4095) & ~(uintptr_t)4095);
  *(void *volatile *)page = malloc(24); // the only pointer to this block
  if (!strcmp(argv[1], "protect"))
    mprotect(page, 4096, PROT_NONE);
  return 0;
}
// CHECK-NOT: SEGV
// CHECK: Sleuth: leak scan: [{{0x[0-9a-f]+}}000,{{0x[0-9a-f]+}}000) inside the live 12288-byte block at {{0x[0-9a-f]+}} is not readable (protected by the program); pointers kept there were not seen, so blocks only they reach are reported as leaks
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of 24 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in main {{.*}}protected-page-in-block.c:19
// CHECK-NOT: leak of
// CHECK: definitely lost: 24 bytes in 1 blocks
// CHECK: SUMMARY: Sleuth: 24 byte(s) leaked in 1 allocation(s).
// CHECK-NOT: SEGV
//
// A page inside a live heap block made PROT_NONE by the program (guard
// pages of a debugging allocator sit there): the leak scan reads blocks
// under a fault guard, skips the page and says so with verbosity=1, and
// the report still comes out with the right exit status. The block whose
// only pointer lies on the protected page cannot be seen to be reachable,
// so it is reported as a direct leak (the verbosity line says why). The
// twin without mprotect is silent. Before the guard, the scan died with a
// SEGV in scan_words.
