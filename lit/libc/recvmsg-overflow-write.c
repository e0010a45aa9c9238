// recvmsg() on a socket pair: the datagram's 10 bytes land in an iovec
// whose block holds 6; the overflow is reported from recvmsg. sendmsg of
// the same message from exact-size blocks is silent.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

int main(int argc, char **argv) {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
    return 2;
  char *out = (char *)malloc(10);
  memcpy(out, "0123456789", 10);
  struct iovec siov = {out, 10};
  struct msghdr smsg = {0};
  smsg.msg_iov = &siov;
  smsg.msg_iovlen = 1;
  if (sendmsg(sv[0], &smsg, 0) != 10)
    return 2;
  char *in = (char *)malloc(6);
  struct iovec riov = {in, 64};
  struct msghdr rmsg = {0};
  rmsg.msg_iov = &riov;
  rmsg.msg_iovlen = 1;
  ssize_t n = recvmsg(sv[1], &rmsg, 0);
  // CHECK-NOT: in sendmsg
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 10 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in recvmsg }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}recvmsg-overflow-write.c:[[@LINE-5]]
  // CHECK: [[ADDR]] is located 0 bytes after 6-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}recvmsg-overflow-write.c:[[@LINE-14]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in recvmsg
  free(in), free(out);
  return (int)n;
}
