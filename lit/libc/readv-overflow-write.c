// readv() of 12 bytes into two buffers, the second a 4-byte block offered
// as 8 bytes: the bytes the kernel stored past that block are reported
// (only the 8 bytes that reach the second buffer count, not its iov_len).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <sys/uio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int fds[2];
  if (pipe(fds))
    return 2;
  if (write(fds[1], "0123456789ab", 12) != 12)
    return 2;
  char head[4];
  char *tail = (char *)malloc(4);
  struct iovec iov[2] = {{head, sizeof head}, {tail, 100}};
  ssize_t n = readv(fds[0], iov, 2);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 8 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in readv }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}readv-overflow-write.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 4-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}readv-overflow-write.c:[[@LINE-10]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in readv
  free(tail);
  return (int)n;
}
