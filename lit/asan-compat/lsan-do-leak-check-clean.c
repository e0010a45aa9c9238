// The clean twin of lsan-do-leak-check.c: with nothing leaked the check
// prints nothing and the program goes on; a second call and the exit
// check do nothing, even for a leak made after the first call.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <sanitizer/lsan_interface.h>
#include <stdlib.h>

void *volatile sink;

int main(void) {
  sink = malloc(31);
  __lsan_do_leak_check();
  sink = 0; // leaked after the one check
  __lsan_do_leak_check();
  return 0;
}
