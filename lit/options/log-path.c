// log_path=P writes the report to P.<pid> and nothing to stderr.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: rm -f %t.log.* %t.stdout %t.stderr
// RUN: env SLEUTH_OPTIONS=log_path=%t.log not %run %t > %t.stdout 2> %t.stderr
// RUN: count 0 < %t.stderr
// RUN: FileCheck %s < %t.log.$(sed -n 's/^pid //p' %t.stdout)
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
  printf("pid %d\n", (int)getpid());
  fflush(stdout);
  char *p = (char *)malloc(4);
  int r = p[argc + 3];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow
  // CHECK-NEXT: READ of size 1
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}log-path.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow
  // CHECK-NEXT: ABORTING
  free(p);
  return r;
}
