// A report goes where the program meant stderr to be (DESIGN.md §3): fd 2
// while it is the file it was at start or one the program put there on
// purpose (dup2, freopen); a file that only got number 2 after the program
// closed stderr is the program's own, and the report goes to
// $TMPDIR/sleuth-report.<pid> instead, with the exit status kept. The
// runtime's own files and pipes (here the symbolizer's, and with
// symbolize_cache on, its answer files) never take 0-2.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: env TMPDIR=%t.dir SLEUTH_OPTIONS=symbolize_cache=0 not %run %t close-open
// RUN: FileCheck %s --check-prefix=DATA --implicit-check-not=Sleuth < data.txt
// RUN: cat %t.dir/sleuth-report.* | FileCheck %s --check-prefix=LEAK
// RUN: rm -f %t.dir/sleuth-report.*
// RUN: env TMPDIR=%t.dir not %run %t close-all
// RUN: cat %t.dir/sleuth-report.* | FileCheck %s --check-prefix=LEAK
// RUN: rm -f %t.dir/sleuth-report.*
// RUN: env TMPDIR=%t.dir SLEUTH_OPTIONS=symbolize_cache=0 not %run %t dup2 2> %t.stderr
// RUN: FileCheck %s --check-prefix=LEAK < log.txt
// RUN: count 0 < %t.stderr
// RUN: env TMPDIR=%t.dir SLEUTH_OPTIONS=symbolize_cache=0 not %run %t freopen
// RUN: FileCheck %s --check-prefix=LEAK < flog.txt
// RUN: env TMPDIR=%t.dir SLEUTH_OPTIONS=symbolize_cache=0 not %run %t none 2> %t.stderr
// RUN: FileCheck %s --check-prefix=LEAK < %t.stderr
// RUN: ls %t.dir | FileCheck %s --check-prefix=FILES
// DATA: program data
// LEAK: ERROR: Sleuth: detected memory leaks
// LEAK: Direct leak of 33 byte(s) in 1 object(s) allocated from:
// LEAK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// LEAK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}stderr-closed.c:[[@LINE+26]]
// FILES-NOT: sleuth-report
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void *volatile leak;

int main(int argc, char **argv) {
  if (!strcmp(argv[1], "close-open")) {
    close(2);
    int fd = open("data.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644); // fd 2
    if (fd != 2)
      return 3;
    write(fd, "program data\n", 13);
  } else if (!strcmp(argv[1], "close-all")) {
    close(0), close(1), close(2); // the symbolizer's pipes would be 0-2
  } else if (!strcmp(argv[1], "dup2")) {
    int fd = open("log.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 2);
    close(fd);
  } else if (!strcmp(argv[1], "freopen")) {
    freopen("flog.txt", "w", stderr);
  }
  leak = malloc(33);
  leak = 0;
  return 0;
}
