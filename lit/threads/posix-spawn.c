// posix_spawn (glibc runs the child on a separate stack in the parent's
// memory until it execs) and system(): the parent goes on without a false
// report or a damaged runtime.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: spawned hello
// CHECK: spawn exit 0
// CHECK: system exit 3
// CHECK: parent done
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

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
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  char *argv[] = {"echo", "spawned", "hello", 0};
  pid_t pid;
  fflush(stdout);
  int rc = posix_spawnp(&pid, "echo", &fa, 0, argv, environ);
  int st = 0;
  if (rc == 0)
    waitpid(pid, &st, 0);
  posix_spawn_file_actions_destroy(&fa);
  fprintf(stderr, "spawn exit %d\n", WEXITSTATUS(st));
  st = system("exit 3");
  fprintf(stderr, "system exit %d\n", WEXITSTATUS(st));
  char *p = malloc(64);
  memset(p, 2, 64);
  long s = flat(30) + keep[31] + p[63];
  free(p);
  fprintf(stderr, "parent done %ld\n", s);
  return 0;
}
