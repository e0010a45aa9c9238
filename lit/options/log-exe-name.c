// log_exe_name=1 names the report file <log_path>.<program's file name>.<pid>
// (the name without its directory), as ASan's option; nothing goes to
// stderr. Read from ASAN_OPTIONS as well. Without it the name stays
// <log_path>.<pid>.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %sleuth_cc -O0 %s -o %t.d/exe-name-prog
// RUN: env SLEUTH_OPTIONS=log_path=%t.d/rep:log_exe_name=1 not %run %t.d/exe-name-prog > %t.stdout 2> %t.stderr
// RUN: count 0 < %t.stderr
// RUN: FileCheck %s < %t.d/rep.exe-name-prog.$(sed -n 's/^pid //p' %t.stdout)
// RUN: rm -f %t.d/rep.*
// RUN: env ASAN_OPTIONS=log_path=%t.d/rep:log_exe_name=true not %run %t.d/exe-name-prog > %t.stdout 2> %t.stderr
// RUN: count 0 < %t.stderr
// RUN: FileCheck %s < %t.d/rep.exe-name-prog.$(sed -n 's/^pid //p' %t.stdout)
// RUN: rm -f %t.d/rep.*
// RUN: env SLEUTH_OPTIONS=log_path=%t.d/rep not %run %t.d/exe-name-prog > %t.stdout 2> %t.stderr
// RUN: FileCheck %s < %t.d/rep.$(sed -n 's/^pid //p' %t.stdout)
// RUN: ls %t.d | FileCheck %s --check-prefix=FILES
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
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}log-exe-name.c:[[@LINE-3]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow
  free(p);
  return r;
}
// FILES-NOT: rep.exe-name-prog
// FILES: {{^}}rep.{{[0-9]+$}}
// FILES-NOT: rep.exe-name-prog
