// The clean twin of lsan-ignore-object.c: only ignored and disabled
// blocks are left at exit, so nothing is printed and the exit status is 0.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <sanitizer/lsan_interface.h>
#include <stdlib.h>

void *volatile sink;

int main(void) {
  void **ignored = malloc(24);
  ignored[0] = malloc(100);
  __lsan_ignore_object(ignored);
  __lsan_disable();
  __lsan_disable(); // nested
  sink = malloc(200);
  __lsan_enable();
  sink = malloc(300);
  __lsan_enable();
  sink = 0;
  ignored = 0;
  return 0;
}
