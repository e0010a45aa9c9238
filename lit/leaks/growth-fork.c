// A fork child starts its growth checks afresh: the parent's three checks
// are reported once, by the parent at its exit, not again by the child.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static void **table;

int main(void) {
  for (int check = 0; check < 3; check++) {
    table = realloc(table, (check + 1) * 64 * sizeof(void *));
    sleuth_leak_growth_check();
  }
  pid_t pid = fork();
  if (pid == 0)
    exit(0);
  int status;
  waitpid(pid, &status, 0);
  fprintf(stderr, "child exited with %d\n", WEXITSTATUS(status));
  return 0;
}
// CHECK-NOT: Growing:
// CHECK: child exited with 0
// CHECK: Growing: 1536 byte(s) in 1 object(s), +{{[0-9]+\.[0-9]}} bytes/s over 3 checks, allocated from:
// CHECK-NOT: Growing:
