// A 4-byte access whose granule is partly addressable leaves the inline
// check for the report function, which tells the fine ones (an int at the
// end of a block, an address-taken int on the stack) from the bad ones at
// once (access_checks.c, FAST_4). Every size of the last granule of a heap
// block, each 4-aligned int offset in it, and both halves of a stack int's
// granule: each access runs in a child of its own and must be reported
// exactly when a byte of it lies past the object.
// RUN: %sleuth_cc -O0 %s -o %t && env SLEUTH_OPTIONS=symbolize=0 %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && env SLEUTH_OPTIONS=symbolize=0 %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR: Sleuth
// CHECK: heap: 16 accesses, 16 as expected
// CHECK: stack: 2 accesses, 2 as expected
// CHECK: store: 16 accesses, 16 as expected
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) static int load(const int *p) { return *p; }
__attribute__((noinline)) static void store(int *p) { *p = 7; }
__attribute__((noinline)) static int stack_int(int half) {
  int x = 1;
  __asm__ volatile("" : : "r"(&x) : "memory"); // x lives on the stack
  return load(&x + half);
}

static volatile int sink;
static char *volatile keep;

// Whether the access (what, size, offset) ended its child with a report.
static int reported(char what, int size, int off) {
  pid_t pid = fork();
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 2);
    if (what == 's') {
      sink = stack_int(off);
    } else {
      char *b = malloc(size);
      memset(b, 0, size);
      keep = b; // the block escapes: its store cannot be dropped
      if (what == 'l')
        sink = load((const int *)(b + off));
      else
        store((int *)(b + off));
    }
    _exit(0);
  }
  int status;
  waitpid(pid, &status, 0);
  return !WIFEXITED(status) || WEXITSTATUS(status) != 0;
}

int main(void) {
  int n = 0, ok = 0;
  // Blocks of 8 to 15 bytes: their second granule holds 0 to 7 bytes.
  for (int size = 8; size <= 15; size++)
    for (int off = 8; off <= 12; off += 4, n++)
      ok += reported('l', size, off) == (off + 4 > size);
  printf("heap: %d accesses, %d as expected\n", n, ok);
  n = ok = 0;
  for (int half = 0; half <= 1; half++, n++)
    ok += reported('s', 0, half) == (half == 1);
  printf("stack: %d accesses, %d as expected\n", n, ok);
  n = ok = 0;
  for (int size = 8; size <= 15; size++)
    for (int off = 8; off <= 12; off += 4, n++)
      ok += reported('t', size, off) == (off + 4 > size);
  printf("store: %d accesses, %d as expected\n", n, ok);
  return 0;
}
