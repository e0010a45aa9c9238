// A versioned loop's range query tests short ranges inline: one aligned
// shadow word (64 bytes of memory), masked to the granules the range
// covers. The mask must reach the range's first and last granule wherever
// they fall in the word: every range here ends one byte past a block (or
// starts one byte before it) at each offset of a 64-byte window, for
// lengths from 1 to 64, and each must still take the checked copy and be
// reported, in a child process of its own (halt_on_error=0 would report
// the site once). Ranges of the same lengths inside the blocks must not be.
// RUN: %sleuth_cc -O1 %s -o %t && env SLEUTH_OPTIONS=symbolize=0 %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && env SLEUTH_OPTIONS=symbolize=0 %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR: Sleuth
// CHECK: one byte past the end: 448 of 448 reported
// CHECK: one byte before the start: 448 of 448 reported
// CHECK: inside the block: 0 of 448 reported
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) static long sum(const unsigned char *p, long lo,
                                          long hi) {
  long s = 0;
  for (long i = lo; i < hi; i++)
    s += p[i];
  return s;
}

static const long lens[] = {1, 2, 7, 8, 9, 33, 64};

// Runs sum over [lo, hi) relative to a fresh block of size bytes in a child
// with its stderr closed; whether the child was stopped by a report.
static int reported(long size, long lo, long hi) {
  pid_t pid = fork();
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 2);
    unsigned char *p = malloc(size);
    memset(p, 1, size);
    volatile long s = sum(p, lo, hi);
    (void)s;
    _exit(0);
  }
  int status;
  waitpid(pid, &status, 0);
  return !WIFEXITED(status) || WEXITSTATUS(status) != 0;
}

int main(void) {
  int past = 0, before = 0, inside = 0, n = 0;
  // 64 sizes put the end of a 16-aligned block at every offset of a
  // 64-byte window.
  for (long size = 129; size <= 192; size++)
    for (unsigned k = 0; k < sizeof lens / sizeof *lens; k++) {
      long len = lens[k];
      past += reported(size, size + 1 - len, size + 1);
      before += reported(size, -1, len - 1);
      inside += reported(size, size - len, size);
      n++;
    }
  printf("one byte past the end: %d of %d reported\n", past, n);
  printf("one byte before the start: %d of %d reported\n", before, n);
  printf("inside the block: %d of %d reported\n", inside, n);
  return 0;
}
