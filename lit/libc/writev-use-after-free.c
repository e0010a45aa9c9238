// writev() whose second buffer is a freed block: the kernel would read
// it, so every listed buffer is checked before the call; the report gives
// the block's allocation and free stacks.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int fds[2];
  if (pipe(fds))
    return 2;
  char *body = (char *)malloc(6);
  memcpy(body, "hello\n", 6);
  free(body);
  struct iovec iov[2] = {{(void *)"> ", 2}, {body, 6}};
  ssize_t n = writev(fds[1], iov, 2);
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 6 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in writev }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}writev-use-after-free.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes inside of 6-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}writev-use-after-free.c:[[@LINE-10]]
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}writev-use-after-free.c:[[@LINE-15]]
  // CHECK: SUMMARY: Sleuth: heap-use-after-free {{.*}} in writev
  return (int)n;
}
