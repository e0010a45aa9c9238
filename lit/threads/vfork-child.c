// vfork children that run instrumented code with redzoned locals and then
// _exit from a deep frame, or exec: the parent's stack shadow and the
// runtime are unharmed, and the parent goes on without a false report.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: child exit 7
// CHECK: exec child exit 0
// CHECK: parent done
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) static void deep_exit(int n) {
  char buf[200];
  memset(buf, n, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
  if (n == 0)
    _exit(7);
  deep_exit(n - 1);
}

__attribute__((noinline)) static long flat(int n) {
  long a[40];
  for (int i = 0; i < 40; i++)
    a[i] = i + n;
  __asm__ volatile("" : : "r"(a) : "memory");
  return n ? flat(n - 1) + a[39] - a[38] : 0;
}

int main(void) {
  char keep[32];
  memset(keep, 1, sizeof keep);
  __asm__ volatile("" : : "r"(keep) : "memory");
  int st;
  pid_t pid = vfork();
  if (pid == 0)
    deep_exit(20);
  waitpid(pid, &st, 0);
  printf("child exit %d\n", WEXITSTATUS(st));
  fflush(stdout);
  pid = vfork();
  if (pid == 0) {
    execl("/bin/true", "true", (char *)0);
    _exit(127);
  }
  waitpid(pid, &st, 0);
  printf("exec child exit %d\n", WEXITSTATUS(st));
  char *p = malloc(64);
  memset(p, 2, 64);
  long s = flat(30) + keep[31] + p[63];
  free(p);
  printf("parent done %ld\n", s);
  return 0;
}
