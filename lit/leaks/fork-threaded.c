// After fork from a threaded parent, the child's exit scan must not report
// the blocks of the parent's other thread: that thread does not exist in
// the child, but its stack and TLS were copied and are roots there. The
// child's own leak is still reported (the scan did run).
// RUN: %sleuth_cc -O0 %s -o %t -pthread && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t -pthread && not %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int ready[2], release[2];
static __thread void *tls_keep;

static void *holder(void *arg) {
  (void)arg;
  void *volatile on_stack = malloc(77);
  tls_keep = malloc(55);
  memset(on_stack, 1, 77);
  char c = 'r';
  if (write(ready[1], &c, 1) != 1 || read(release[0], &c, 1) != 1)
    abort();
  free(on_stack);
  free(tls_keep);
  return 0;
}

__attribute__((noinline)) static void child_leak(void) {
  char *volatile p = malloc(33);
  memset(p, 3, 33);
  p = 0;
}

int main(void) {
  if (pipe(ready) || pipe(release))
    return 2;
  pthread_t t;
  pthread_create(&t, 0, holder, 0);
  char c;
  if (read(ready[0], &c, 1) != 1)
    return 2;
  pid_t pid = fork();
  if (pid == 0) {
    child_leak();
    exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (write(release[1], &c, 1) != 1)
    return 2;
  pthread_join(t, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 3;
}
// CHECK-NOT: 77 byte(s)
// CHECK-NOT: 55 byte(s)
// CHECK: Direct leak of 33 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in child_leak .*}}fork-threaded.c:30
// CHECK-NOT: 77 byte(s)
// CHECK-NOT: 55 byte(s)
// CHECK: definitely lost: 33 bytes in 1 blocks
// CHECK-NEXT: indirectly lost: 0 bytes in 0 blocks
// CHECK-NEXT: possibly lost: 0 bytes in 0 blocks
