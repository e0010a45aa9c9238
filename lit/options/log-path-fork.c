// With log_path, each process writes its own <path>.<pid>: a report in a
// forked child lands in the child's file, the parent writes none.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: rm -f %t.log.*
// RUN: env SLEUTH_OPTIONS=log_path=%t.log %run %t > %t.pids 2> %t.stderr
// RUN: count 0 < %t.stderr
// RUN: FileCheck %s < %t.log.$(sed -n 's/^child //p' %t.pids)
// RUN: test ! -e %t.log.$(sed -n 's/^parent //p' %t.pids)
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  printf("parent %d\n", (int)getpid());
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    printf("child %d\n", (int)getpid());
    fflush(stdout);
    char *p = (char *)malloc(4);
    p[argc + 3] = 1; // in the child
    __asm__ volatile("" : : "r"(p) : "memory");
    _exit(0);
  }
  int status;
  waitpid(pid, &status, 0);
  // The child was stopped by its report.
  return !(WIFEXITED(status) && WEXITSTATUS(status) == 1);
}
// CHECK: ERROR: Sleuth: heap-buffer-overflow
// CHECK-NEXT: WRITE of size 1
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}log-path-fork.c:[[@LINE-11]]
