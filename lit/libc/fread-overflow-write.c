// fread of 5 four-byte records into a 16-byte block writes 20 bytes.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  FILE *f = tmpfile();
  fputs("aaaabbbbccccddddeeeeffff", f);
  rewind(f);
  int *recs = (int *)malloc(16);
  size_t n = fread(recs, 4, 5, f);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 20 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in fread }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}fread-overflow-write.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 16-byte region
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in fread
  fclose(f);
  free(recs);
  return (int)n;
}
