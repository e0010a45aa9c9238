// read() of 16 bytes from a pipe into a 10-byte block: the bytes the kernel
// stored past the block are reported (only the bytes read count).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int fds[2];
  if (pipe(fds))
    return 2;
  if (write(fds[1], "0123456789abcdef", 16) != 16)
    return 2;
  char *buf = (char *)malloc(10);
  ssize_t n = read(fds[0], buf, 100);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 16 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in read }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}read-overflow-write.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 10-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}read-overflow-write.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in read
  free(buf);
  return (int)n;
}
