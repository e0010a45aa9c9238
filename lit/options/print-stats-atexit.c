// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=atexit=1:detect_leaks=0 %run %t 2>&1 | FileCheck %s --check-prefix=EXIT
// RUN: env SLEUTH_OPTIONS=print_stats=1:detect_leaks=0 not %run %t overflow 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: env SLEUTH_OPTIONS=detect_leaks=0 %run %t 2>&1 | FileCheck %s --check-prefix=NONE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *small = malloc(900), *mid = malloc(90000), *big = malloc(9000000);
  if (argc > 1 && !strcmp(argv[1], "overflow"))
    small[900] = 1;
  printf("main done %d\n", small[0] + mid[0] + big[0] > 1000);
  return 0;
}
// EXIT: main done
// EXIT: Sleuth exit stats:
// EXIT-NEXT: Sleuth: stats: 0 error report(s)
// EXIT-NEXT: Stats: heap: {{[0-9]+}} KiB mapped ({{8[0-9][0-9][0-9]}} KiB of it large blocks), {{[0-9]+}} KiB live, {{[0-9]+}} KiB free
// EXIT: Stats: class {{.*}}-byte slots): mapped: {{[0-9]+}} KiB, slots: {{[0-9]+}}
// ERR: ERROR: Sleuth: heap-buffer-overflow
// ERR: SUMMARY: Sleuth: heap-buffer-overflow
// ERR: Sleuth: stats: 1 error report(s)
// ERR-NEXT: Stats: heap:
// ERR-NOT: exit stats
// NONE-NOT: Stats
// NONE: main done
// NONE-NOT: Stats
//
// atexit=1 prints "Sleuth exit stats:" and the statistics at exit: the heap's
// mapped/live/free KiB and the size classes in use (here the 900-byte and
// the 90000-byte blocks, live at exit; the 9 MB one is a large block).
// print_stats=1 prints the statistics after an error report. By default
// neither appears.
