// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=verbosity=1 not %run %t protect 2>&1 | FileCheck %s
// RUN: %run %t protect 2>/dev/null; test $? = 1
// RUN: %run %t open 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: env SLEUTH_OPTIONS=verbosity=1 not %run %t protect 2>&1 | FileCheck %s
// RUN: %run %t open 2>&1 | count 0
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

// A page of .bss of its own.
static void *table[4096 / sizeof(void *)] __attribute__((aligned(4096)));
void *kept; // a readable global: what it points to stays reachable

int main(int argc, char **argv) {
  (void)argc;
  kept = malloc(100);
  table[7] = malloc(48); // the only pointer to this block
  if (!strcmp(argv[1], "protect"))
    mprotect(table, sizeof table, PROT_NONE);
  return 0;
}
// CHECK-NOT: SEGV
// CHECK: Sleuth: leak scan: [{{0x[0-9a-f]+}}000,{{0x[0-9a-f]+}}000) (a root: module data, TLS or a root region) is not readable (protected by the program)
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of 48 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in main {{.*}}protected-global-page.c:19
// CHECK-NOT: leak of
// CHECK: definitely lost: 48 bytes in 1 blocks
// CHECK: SUMMARY: Sleuth: 48 byte(s) leaked in 1 allocation(s).
// CHECK-NOT: SEGV
//
// A global page the program made PROT_NONE: the scan of module data skips
// it (one verbosity=1 line names the range), reads the rest (the block
// `kept` points to is not reported) and the leak report comes out with
// exit status 1 for the block whose only pointer is on the protected page.
// Before the fault guard, the scan died with a SEGV.
