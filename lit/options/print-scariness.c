// print_scariness=1 (ASan's option, also read from ASAN_OPTIONS) prints
// ASan's score of each error as "SCARINESS: N (description)" between the
// access line and the stack: size and direction of an access, its kind,
// far-from-bounds when the shadow on both sides is poisoned; fixed scores
// for double-free, bad-free, param-overlap and deadly signals. Off by
// default; with log_format=json it is the report's "scariness" object.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 1 2>&1 | FileCheck %s --check-prefix=HBO1
// RUN: env ASAN_OPTIONS=print_scariness=1 not %run %t 2 2>&1 | FileCheck %s --check-prefix=FAR
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 3 2>&1 | FileCheck %s --check-prefix=UAFW
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 4 2>&1 | FileCheck %s --check-prefix=UAFR
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 5 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 6 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 7 2>&1 | FileCheck %s --check-prefix=POISON
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 8 2>&1 | FileCheck %s --check-prefix=DFREE
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 9 2>&1 | FileCheck %s --check-prefix=BADFREE
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 10 2>&1 | FileCheck %s --check-prefix=OVERLAP
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 11 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 12 2>&1 | FileCheck %s --check-prefix=WILDW
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 13 2>&1 | FileCheck %s --check-prefix=JUMP
// RUN: not %run %t 1 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env SLEUTH_OPTIONS=print_scariness=1:log_format=json not %run %t 1 2>&1 | FileCheck %s --check-prefix=JSON
#include <sanitizer/asan_interface.h>
#include <stdlib.h>
#include <string.h>

volatile int sink;
char global[10];

int main(int argc, char **argv) {
  int which = atoi(argv[1]);
  volatile int ten = 10;
  char *c = malloc(10);
  long *l = malloc(80);
  int *i = malloc(40);
  char stack[10];
  int poisoned[8];
  free(i);
  switch (which) {
  case 1:
    sink = c[ten];
    // HBO1: ERROR: Sleuth: heap-buffer-overflow on address
    // HBO1-NEXT: READ of size 1 at
    // HBO1-NEXT: SCARINESS: 12 (1-byte-read-heap-buffer-overflow)
    // HBO1-NEXT: {{#0 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-4]]
    // OFF: READ of size 1 at
    // OFF-NOT: SCARINESS
    // OFF: {{#0 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-7]]
    // OFF-NOT: SCARINESS
    // JSON: "kind":"heap-buffer-overflow"
    // JSON-SAME: "access":{"type":"READ","size":1,
    // JSON-SAME: "scariness":{"score":12,"description":"1-byte-read-heap-buffer-overflow"}
    // JSON-SAME: "line":[[@LINE-12]]
    break;
  case 2:
    l[ten + 2] = 1; /* 16 bytes past the end: redzone on both sides */
    // FAR: ERROR: Sleuth: heap-buffer-overflow on address
    // FAR-NEXT: WRITE of size 8 at
    // FAR-NEXT: SCARINESS: 52 (8-byte-write-heap-buffer-overflow-far-from-bounds)
    // FAR-NEXT: {{#0 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-4]]
    break;
  case 3:
    i[1] = 1;
    // UAFW: ERROR: Sleuth: heap-use-after-free on address
    // UAFW-NEXT: WRITE of size 4 at
    // UAFW-NEXT: SCARINESS: 46 (4-byte-write-heap-use-after-free)
    // UAFW-NEXT: {{#0 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-4]]
    break;
  case 4:
    sink = ((char *)i)[1];
    // UAFR: READ of size 1 at
    // UAFR-NEXT: SCARINESS: 40 (1-byte-read-heap-use-after-free)
    // UAFR-NEXT: {{#0 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-3]]
    break;
  case 5:
    stack[ten] = 1;
    // STACK: ERROR: Sleuth: stack-buffer-overflow on address
    // STACK-NEXT: WRITE of size 1 at
    // STACK-NEXT: SCARINESS: 46 (1-byte-write-stack-buffer-overflow)
    // STACK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-4]]
    break;
  case 6:
    global[ten] = 1;
    // GLOBAL: WRITE of size 1 at
    // GLOBAL-NEXT: SCARINESS: 31 (1-byte-write-global-buffer-overflow)
    // GLOBAL-NEXT: {{#0 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-3]]
    break;
  case 7:
    __asan_poison_memory_region(poisoned, sizeof poisoned);
    sink = poisoned[ten - 8];
    // POISON: ERROR: Sleuth: use-after-poison on address
    // POISON-NEXT: READ of size 4 at
    // POISON-NEXT: SCARINESS: 27 (4-byte-read-use-after-poison)
    // POISON-NEXT: {{#0 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-4]]
    break;
  case 8:
    free(c);
    free(c);
    // DFREE: ERROR: Sleuth: double-free: attempting double-free on
    // DFREE-NEXT: SCARINESS: 42 (double-free)
    // DFREE-NEXT: {{#0 0x[0-9a-f]+ in free}}
    // DFREE-NEXT: {{#1 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-4]]
    break;
  case 9:
    free(c + 5);
    // BADFREE: ERROR: Sleuth: bad-free: attempting free on address which was not malloc()-ed
    // BADFREE-NEXT: SCARINESS: 40 (bad-free)
    // BADFREE-NEXT: {{#0 0x[0-9a-f]+ in free}}
    // BADFREE-NEXT: {{#1 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-4]]
    break;
  case 10:
    memcpy(c, c + 2, ten - 5);
    // OVERLAP: ERROR: Sleuth: memcpy-param-overlap: memory ranges
    // OVERLAP-NEXT: SCARINESS: 10 (memcpy-param-overlap)
    // OVERLAP-NEXT: {{#0 0x[0-9a-f]+ in __sleuth_memcpy}}
    // OVERLAP-NEXT: {{#1 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-4]]
    break;
  case 11:
    sink = *(volatile int *)(long)(ten - 10);
    // NULL: ERROR: Sleuth: SEGV on unknown address 0x000000000000
    // NULL: Hint: address points to the zero page.
    // NULL-NEXT: SCARINESS: 10 (null-deref)
    // NULL-NEXT: {{#0 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-4]]
    break;
  case 12:
    *(volatile int *)(long)(ten << 24) = 1;
    // WILDW: ERROR: Sleuth: SEGV on unknown address 0x00000a000000
    // WILDW: The signal is caused by a WRITE memory access.
    // WILDW-NEXT: SCARINESS: 30 (wild-addr-write)
    // WILDW-NEXT: {{#0 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-4]]
    break;
  case 13:
    ((void (*)(void))(long)(ten << 24))();
    // JUMP: ERROR: Sleuth: SEGV on unknown address 0x00000a000000
    // JUMP: SCARINESS: 60 (wild-jump)
    // JUMP-NEXT: #0 0xa000000
    // JUMP-NEXT: {{#1 0x[0-9a-f]+ in main .*}}print-scariness.c:[[@LINE-4]]
    break;
  }
  return 0;
}
