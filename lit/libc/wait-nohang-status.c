// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t waitpid 2>&1 | FileCheck %s --check-prefix=WAITPID
// RUN: not %run %t waitid 2>&1 | FileCheck %s --check-prefix=WAITID
// RUN: %run %t clean 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: not %run %t waitpid 2>&1 | FileCheck %s --check-prefix=WAITPID
// RUN: not %run %t waitid 2>&1 | FileCheck %s --check-prefix=WAITID
// RUN: %run %t clean 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int hold[2];
  if (pipe(hold))
    return 2;
  pid_t pid = fork();
  if (pid == 0) { // blocks until the parent closes the pipe
    char c;
    close(hold[1]);
    return (int)read(hold[0], &c, 1);
  }
  int r;
  if (!strcmp(argv[1], "waitpid")) {
    short *status = malloc(sizeof(short)); // too small for an int
    r = waitpid(pid, (int *)status, WNOHANG);
    // WAITPID: ERROR: Sleuth: heap-buffer-overflow on address
    // WAITPID-NEXT: WRITE of size 4 at
    // WAITPID-NEXT: {{#0 0x[0-9a-f]+ in waitpid }}
    // WAITPID-NEXT: {{#1 0x[0-9a-f]+ in main .*}}wait-nohang-status.c:[[@LINE-4]]
    // WAITPID: 0x{{[0-9a-f]+}} is located 0 bytes after 2-byte region
    // WAITPID: allocated by thread T0 here:
    // WAITPID: {{#1 0x[0-9a-f]+ in main .*}}wait-nohang-status.c:[[@LINE-8]]
  } else if (!strcmp(argv[1], "waitid")) {
    siginfo_t *info = malloc(sizeof(siginfo_t) - 8);
    r = waitid(P_PID, pid, info, WEXITED | WNOHANG);
    // WAITID: ERROR: Sleuth: heap-buffer-overflow on address
    // WAITID-NEXT: WRITE of size 128 at
    // WAITID-NEXT: {{#0 0x[0-9a-f]+ in waitid }}
    // WAITID-NEXT: {{#1 0x[0-9a-f]+ in main .*}}wait-nohang-status.c:[[@LINE-4]]
    // WAITID: is located 0 bytes after 120-byte region
  } else {
    int status;
    siginfo_t info;
    r = waitpid(pid, &status, WNOHANG) + waitid(P_PID, pid, &info,
                                                 WEXITED | WNOHANG);
    // CLEAN-NOT: ERROR
  }
  close(hold[1]);
  waitpid(pid, 0, 0);
  return r < 0;
}

// With WNOHANG and a child still running, waitpid returns 0 and waitid
// returns 0 with nothing stored this time; the pointers are checked anyway,
// as ASan checks them, since the same call stores through them once the
// child has exited. The child blocks on a pipe so that it is still running.
// The clean run gives both calls buffers of the right size.
