// RUN: %sleuth_cc -O0 -fno-builtin-strcat -fno-builtin-strncat %s -o %t
// RUN: %run %t inside 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 %run %t inside 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: not %run %t strncat 2>&1 | FileCheck %s -DFN=strncat -DLINE=21 -DSIZE=3 --check-prefixes=CHECK,WRITE
// RUN: not %run %t strcat 2>&1 | FileCheck %s -DFN=strcat -DLINE=23 -DSIZE=6 --check-prefixes=CHECK,WRITE
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t strncat 2>&1 | FileCheck %s -DFN=strncat -DLINE=21 --check-prefixes=CHECK,STRICT
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 not %run %t strcat 2>&1 | FileCheck %s -DFN=strcat -DLINE=23 --check-prefixes=CHECK,STRICT
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *volatile word = "hello";

int main(int argc, char **argv) {
  (void)argc;
  char *buf = (char *)calloc(16, 1);
  char *end = buf + 16;
  if (!strcmp(argv[1], "inside"))
    printf("%s\n", strncat(strcat(buf + 4, word), word, 2));
  if (!strcmp(argv[1], "strncat"))
    strncat(end, word, 2);
  if (!strcmp(argv[1], "strcat"))
    strcat(end, word);
  free(buf);
  return 0;
}

// CLEAN-NOT: Sleuth
// CLEAN: hellohe
// CLEAN-NOT: Sleuth

// CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
// WRITE-NEXT: WRITE of size [[SIZE]] at [[ADDR]] thread T0
// STRICT-NEXT: READ of size 1 at [[ADDR]] thread T0
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in [[FN]] {{.*}}interceptors_string.c
// CHECK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}strcat-dst-at-block-end.c:[[LINE]]
// CHECK: [[ADDR]] is located 0 bytes after 16-byte region
// CHECK-NEXT: allocated by thread T0 here:
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in calloc
// CHECK-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}strcat-dst-at-block-end.c:16
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow

// The destination string starts at the block's end, where its "NUL" is
// the redzone's first byte (zero here: the right redzone is not filled by
// default). strcat and strncat read the destination's string and overwrite
// its NUL with the appended bytes: the report is the WRITE of the appended
// bytes plus the new NUL (2 of "hello" + 1 for strncat, 5 + 1 for strcat),
// as in ASan. strict_string_checks=1 also checks the NUL as read: a READ
// of size 1, reported first.
