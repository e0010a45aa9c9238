// fgets told the buffer holds 64 bytes when the block has 8: the line it
// stores (12 bytes with the NUL) overflows.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  FILE *f = tmpfile();
  fputs("0123456789\nmore\n", f);
  rewind(f);
  char *line = (char *)malloc(8);
  char *r = fgets(line, 64, f);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 12 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in fgets }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}fgets-overflow-write.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 8-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}fgets-overflow-write.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in fgets
  fclose(f);
  free(line);
  return r == 0;
}
