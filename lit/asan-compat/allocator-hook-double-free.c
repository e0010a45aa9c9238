// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <sanitizer/allocator_interface.h>
#include <stdio.h>
#include <stdlib.h>

static const volatile void *watched;

void __sanitizer_free_hook(const volatile void *p) {
  if (p == watched)
    fputs("free hook\n", stderr);
}

int main(void) {
  char *p = malloc(24);
  watched = p;
  free(p);
  // CHECK: free hook
  free(p);
  // CHECK: free hook
  // CHECK: ERROR: Sleuth: double-free: attempting double-free on
  // CHECK: {{#1 0x[0-9a-f]+ in main .*}}allocator-hook-double-free.c:[[@LINE-3]]
  // CHECK: freed by thread T0 here:
  // CHECK: {{#1 0x[0-9a-f]+ in main .*}}allocator-hook-double-free.c:[[@LINE-7]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK: {{#1 0x[0-9a-f]+ in main .*}}allocator-hook-double-free.c:[[@LINE-11]]
  return 0;
}

// The program's free hook runs before every deallocation, as ASan runs it:
// also before the one that is reported as a double free. The clean twin is
// allocator-interface.c.
