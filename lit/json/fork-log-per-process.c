// With log_path, parent and forked child each write JSON lines into their
// own <log_path>.<pid>: every line of a file carries that file's pid.
// RUN: %sleuth_cc -O0 -g %s -o %t
// RUN: rm -f %t.log.*
// RUN: env SLEUTH_OPTIONS=log_format=json:halt_on_error=0:log_path=%t.log not %run %t > %t.pids
// RUN: %python %S/Inputs/check_json.py --pid $(sed -n 's/^child //p' %t.pids) %t.log.$(sed -n 's/^child //p' %t.pids) | FileCheck %s --check-prefix=CHILD
// RUN: %python %S/Inputs/check_json.py --pid $(sed -n 's/^parent //p' %t.pids) %t.log.$(sed -n 's/^parent //p' %t.pids) | FileCheck %s --check-prefix=PARENT
// RUN: ls %t.log.* | count 2
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  (void)argv;
  printf("parent %d\n", (int)getpid());
  fflush(stdout);
  char *p = (char *)malloc(8);
  pid_t pid = fork();
  if (pid == 0) {
    printf("child %d\n", (int)getpid());
    fflush(stdout);
    p[argc + 7] = 1; // in the child
    exit(0);
  }
  int status;
  waitpid(pid, &status, 0);
  p[argc + 8] = 2; // in the parent
  free(p);
  // The child's exit status says it reported.
  return !(WIFEXITED(status) && WEXITSTATUS(status) == 1);
}
// CHILD: kind: heap-buffer-overflow
// CHILD: stack #0 main {{.*}}fork-log-per-process.c:23:
// CHILD-NOT: kind:
// PARENT: kind: heap-buffer-overflow
// PARENT: stack #0 main {{.*}}fork-log-per-process.c:28:
// PARENT-NOT: kind:
