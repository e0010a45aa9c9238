// malloc_context_size=2 keeps two frames of the allocation stack: the
// allocator and its caller, nothing further.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=malloc_context_size=2 not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>

__attribute__((noinline)) static char *make(int n) {
  return (char *)malloc(n);
}

int main(int argc, char **argv) {
  char *p = make(4);
  p[argc + 3] = 0;
  __asm__ volatile("" : : "r"(p) : "memory");
  free(p);
  return 0;
}
// CHECK: allocated by thread T0 here:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in make .*}}malloc-context-size.c:[[@LINE-12]]
// CHECK-NEXT: {{^$}}
// ASan's range is accepted: 0 keeps the allocator's frame only (as ASan
// prints it), 256 keeps every frame (deep stacks: malloc-context-size-deep.c).
// RUN: env SLEUTH_OPTIONS=malloc_context_size=0 not %run %t 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: env SLEUTH_OPTIONS=malloc_context_size=256 not %run %t 2>&1 | FileCheck %s --check-prefix=DEEP
// ZERO: allocated by thread T0 here:
// ZERO-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// ZERO-EMPTY:
// DEEP: allocated by thread T0 here:
// DEEP-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// DEEP-NEXT: {{#1 0x[0-9a-f]+ in make .*}}malloc-context-size.c:8
// DEEP-NEXT: {{#2 0x[0-9a-f]+ in main .*}}malloc-context-size.c:12
// DEEP-NEXT: {{#3 0x[0-9a-f]+ (in __libc_start_call_main|\(.*/libc\.so\.6\+0x[0-9a-f]+\))}}
// libc's frame is named __libc_start_call_main only where glibc's debug
// symbols (libc6-dbg) are installed; without them it is module+offset.
