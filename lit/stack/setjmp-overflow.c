// A function that calls setjmp gets stack redzones too, as with ASan: an
// overflow of its local array is a stack-buffer-overflow naming it, at -O0
// and -O2. After a longjmp back to it the frame runs clean (the jump
// unpoisons the stack it leaves, callers' frames included, as ASan's does).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t before 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t before 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O0 %s -o %t && %run %t clean 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: %sleuth_cc -O2 %s -o %t && %run %t clean 2>&1 | FileCheck %s --check-prefix=CLEAN
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

static jmp_buf env;
static volatile int jumps;

__attribute__((noinline)) static void jump_back(void) { longjmp(env, 1); }

int main(int argc, char **argv) {
  char buf[32];
  volatile char *p = buf;
  int clean = !strcmp(argv[1], "clean");
  if (setjmp(env) == 0) {
    if (strcmp(argv[1], "before"))
      jump_back();
  } else if (clean) {
    p[31] = 1;
    printf("clean %d\n", jumps + p[31]);
    return 0;
  }
  p[argc + 30] = 1;
  // CHECK: ERROR: Sleuth: stack-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}setjmp-overflow.c:[[@LINE-3]]
  // CHECK: Address [[ADDR]] is located in stack of thread T0 at offset {{[0-9]+}} in frame
  // CHECK: 'buf' (line 19) <== Memory access at offset {{[0-9]+}} overflows this variable
  // CHECK: SUMMARY: Sleuth: stack-buffer-overflow
  return 0;
}
// CLEAN-NOT: ERROR
// CLEAN: clean 1
