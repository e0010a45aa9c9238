// handle_ioctl=1: ioctl's argument is checked for what the request makes
// the kernel read (before the call: FIONBIO's int, or the size an _IOW
// number encodes) and write (after a call that succeeded: FIONREAD's int).
// A call that fails writes nothing and is not checked for it (TIOCGWINSZ on
// a socket). Off by default, as in ASan: then nothing is reported.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env ASAN_OPTIONS=handle_ioctl=1 not %run %t fionbio 2>&1 | FileCheck %s --check-prefixes=CHECK,READ -DSIZE=4 -DVAR=nonblock
// RUN: env SLEUTH_OPTIONS=handle_ioctl=1 not %run %t fionread 2>&1 | FileCheck %s --check-prefixes=CHECK,WRITE -DSIZE=4 -DVAR=avail
// RUN: env SLEUTH_OPTIONS=handle_ioctl=1 not %run %t decoded 2>&1 | FileCheck %s --check-prefixes=CHECK,READ -DSIZE=8 -DVAR=small
// RUN: env SLEUTH_OPTIONS=handle_ioctl=1 %run %t failed 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: %run %t fionbio 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: %run %t fionread 2>&1 | FileCheck %s --check-prefix=CLEAN
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

// CLEAN-NOT: ERROR
// CLEAN: done
int main(int argc, char **argv) {
  int fd = socket(AF_INET, SOCK_DGRAM, 0);
  int nonblock = 1, avail = 0, small = 0;
  struct winsize ws;
  unsigned long req = TIOCGWINSZ;    // ENOTTY: nothing written
  void *arg = (char *)&ws + 1;
  if (!strcmp(argv[1], "fionbio"))
    req = FIONBIO, arg = &nonblock + 1;
  else if (!strcmp(argv[1], "fionread"))
    req = FIONREAD, arg = &avail + 1;
  else if (!strcmp(argv[1], "decoded"))
    req = _IOW('x', 1, long), arg = &small; // a long's 8 bytes, read
  int r = ioctl(fd, req, arg);
  // CHECK: ERROR: Sleuth: stack-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // READ-NEXT: READ of size [[SIZE]] at [[ADDR]] thread T0
  // WRITE-NEXT: WRITE of size [[SIZE]] at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in ioctl }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}ioctl-handle-ioctl.c:[[#@LINE-5]]
  // CHECK: '[[VAR]]' (line 23) <== Memory access at offset {{[0-9]+}} {{(partially )?}}overflows this variable
  // CHECK: SUMMARY: Sleuth: stack-buffer-overflow
  fprintf(stderr, "done %d\n", r);
  close(fd);
  return 0;
}
