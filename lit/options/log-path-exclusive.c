// RUN: %sleuth_cc -O0 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && printf 'victim\n' > %t.d/victim
// RUN: env SLEUTH_OPTIONS=log_path=%t.d/log %run %t %t.d/log %t.d/victim > %t.d/pid 2> %t.stderr; test $? -eq 1
// RUN: count 0 < %t.stderr
// The planted link and file are untouched; the report is in .<pid>.2.
// RUN: printf 'victim\n' | cmp - %t.d/victim
// RUN: printf 'planted\n' | cmp - %t.d/log.$(cat %t.d/pid).1
// RUN: FileCheck %s < %t.d/log.$(cat %t.d/pid).2
// RUN: test $(ls %t.d | wc -l) -eq 5
// A log_path with no room for ".<pid>" is a bad value: one line, exit 1,
// before main.
// RUN: env SLEUTH_OPTIONS=log_path=%t.d/$(printf '%04090d' 0) %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=LONG --match-full-lines < %t.out
// In ASAN_OPTIONS it is kept: the report goes to stderr (log-path-errors.c).
// RUN: env ASAN_OPTIONS=log_path=%t.d/$(printf '%04090d' 0) %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=STDERR < %t.out
// log_path=stdout and stderr name the streams; no file is made.
// RUN: env SLEUTH_OPTIONS=log_path=stdout %run %t 2> %t.stderr > %t.out; test $? -eq 1
// RUN: count 0 < %t.stderr
// RUN: FileCheck %s --check-prefix=STDERR < %t.out
// RUN: cd %t.d && env SLEUTH_OPTIONS=log_path=stderr %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=STDERR < %t.out
// RUN: test $(ls %t.d | wc -l) -eq 5
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc == 3) {
    // What another user (or this process's pid before, reused) left under
    // the names the runtime would use.
    char name[4200];
    snprintf(name, sizeof name, "%s.%d", argv[1], (int)getpid());
    if (symlink(argv[2], name))
      return 2;
    snprintf(name, sizeof name, "%s.%d.1", argv[1], (int)getpid());
    FILE *f = fopen(name, "w");
    if (!f)
      return 2;
    fputs("planted\n", f);
    fclose(f);
    printf("%d\n", (int)getpid());
    fflush(stdout);
  }
  char *p = (char *)malloc(4);
  p[argc + 3] = 1;
  __asm__ volatile("" : : "r"(p) : "memory");
  free(p);
  return 0;
}
// CHECK: ERROR: Sleuth: heap-buffer-overflow
// CHECK-NEXT: WRITE of size 1
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}log-path-exclusive.c:[[@LINE-7]]
// LONG: =={{[0-9]+}}==ERROR: Sleuth: option 'log_path' in SLEUTH_OPTIONS: Path is too long: {{.[^.]*}}... ({{[0-9]+}} bytes; at most 4081 leave room for the .<pid> suffix in PATH_MAX (4096))
// STDERR: ERROR: Sleuth: heap-buffer-overflow
// STDERR-NEXT: WRITE of size 1
// STDERR-NEXT: {{#0 0x[0-9a-f]+ in main .*}}log-path-exclusive.c:[[@LINE-11]]
//
// Report files are created with O_CREAT|O_EXCL: the runtime writes only
// into a file it made, never appends to one that exists (nor follows a
// symbolic link planted under the name). When <log_path>.<pid> exists (a
// reused pid, a program that exec'd, a file someone put there) the next
// free name of <log_path>.<pid>.1 .. .99 is used. Before, a path cut at
// 4096 bytes lost its ".<pid>" and the report was appended to whatever
// file the cut name named.
