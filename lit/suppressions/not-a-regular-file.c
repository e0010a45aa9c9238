// RUN: %sleuth_cc -O0 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=suppressions=%t.d %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=DIR --match-full-lines -DF=%t.d < %t.out
// RUN: env SLEUTH_OPTIONS=suppressions=/dev/zero %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=DEV --match-full-lines < %t.out
// RUN: mkfifo %t.d/fifo
// RUN: env SLEUTH_OPTIONS=suppressions=%t.d/fifo %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=FIFO --match-full-lines -DF=%t.d/fifo < %t.out
// RUN: printf 'leak:main\n' > %t.d/big && truncate -s 17M %t.d/big
// RUN: env SLEUTH_OPTIONS=suppressions=%t.d/big %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=BIG --match-full-lines -DF=%t.d/big < %t.out
// RUN: printf 'leak:main\n\0\n' > %t.d/nul
// RUN: env SLEUTH_OPTIONS=suppressions=%t.d/nul %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=NUL --match-full-lines -DF=%t.d/nul < %t.out
// LSAN_OPTIONS' file is checked the same way.
// RUN: env LSAN_OPTIONS=suppressions=%t.d %run %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=DIR --match-full-lines -DF=%t.d < %t.out
// The clean twin: a regular file just under the limit is read.
// RUN: %python -c "import sys; sys.stdout.write('# comment line.\n' * 1048576)" > %t.d/ok
// RUN: env SLEUTH_OPTIONS=suppressions=%t.d/ok %run %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=OK --match-full-lines < %t.out
#include <stdio.h>

int main(void) {
  puts("main ran");
  return 0;
}
// DIR: =={{[0-9]+}}==ERROR: Sleuth: suppressions file '[[F]]': is a directory, not a file
// DEV: =={{[0-9]+}}==ERROR: Sleuth: suppressions file '/dev/zero': is not a regular file (a device, FIFO or socket)
// FIFO: =={{[0-9]+}}==ERROR: Sleuth: suppressions file '[[F]]': is not a regular file (a device, FIFO or socket)
// BIG: =={{[0-9]+}}==ERROR: Sleuth: suppressions file '[[F]]': is larger than the limit of 16 MiB
// NUL: =={{[0-9]+}}==ERROR: Sleuth: suppressions file '[[F]]': holds a NUL byte (not a text file)
// OK: main ran
//
// Suppression files are read whole before main: only regular files, at
// most 16 MiB, text without NUL bytes. Before, a directory was accepted
// silently (suppressing nothing), /dev/zero and a FIFO hung before main.
