// write() of more bytes than the block holds: the kernel would read past
// it, so the range is checked before the call.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int fds[2];
  if (pipe(fds))
    return 2;
  char *msg = (char *)malloc(12);
  memset(msg, 'm', 12);
  ssize_t n = write(fds[1], msg, 12 + argc);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 13 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in write }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}write-overflow-read.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 12-byte region
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in write
  free(msg);
  return (int)n;
}
