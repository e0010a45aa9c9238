// With detect_stack_use_after_return=1, address-taken locals live on the
// fake stack: a block whose only pointer is in such a local is not a leak
// while the function runs. After it returns, the block is lost.
// RUN: %sleuth_cc -O0 %s -o %t && env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t 2>&1 | FileCheck %s
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Returns 0 so no register of the caller still holds the pointer.
__attribute__((noinline)) static int stash(char **slot) {
  *slot = malloc(48);
  memset(*slot, 1, 48);
  return 0;
}

__attribute__((noinline)) static int hold_and_check(void) {
  char *slots[4] = {0, 0, 0, 0};
  int r = stash(&slots[2]);
  __asm__ volatile("" : : "r"(slots) : "memory");
  size_t leaked = sleuth_leak_check();
  printf("leaked while held: %zu\n", leaked);
  // CHECK-NOT: Direct leak
  // CHECK: leaked while held: 0
  return r + slots[2][0];
}

int main(void) {
  int v = hold_and_check();
  printf("returned %d\n", v);
  // CHECK: returned 1
  // CHECK: Direct leak of 48 byte(s) in 1 object(s) allocated from:
  // CHECK: {{#1 0x[0-9a-f]+ in stash .*}}fake-stack-roots.c:13
  return 0;
}
