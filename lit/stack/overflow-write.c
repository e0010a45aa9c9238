// A write one past the end of a local array: stack-buffer-overflow naming
// the variable, its line and the frame.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  (void)argv;
  char buf[10];
  memset(buf, 0, sizeof buf);
  buf[argc + 9] = 1;
  // CHECK: ERROR: Sleuth: stack-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-write.c:[[@LINE-3]]
  // CHECK: Address [[ADDR]] is located in stack of thread T0 at offset 42 in frame
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}overflow-write.c:8
  // CHECK: This frame has 1 object(s):
  // CHECK-NEXT: [32, 42) 'buf' (line 10) <== Memory access at offset 42 overflows this variable
  // CHECK: SUMMARY: Sleuth: stack-buffer-overflow {{.*}}overflow-write.c:[[@LINE-8]]:{{[0-9]+}} in main
  puts(buf);
  return 0;
}
