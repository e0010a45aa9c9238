// The stdio calls without the stream lock, as gnulib's unlocked-io.h makes
// GNU programs use them: fgets_unlocked and fwrite_unlocked within their
// blocks are silent; fread_unlocked of 5 four-byte records into a 16-byte
// block writes 20 bytes and is reported.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  FILE *f = tmpfile();
  char *line = (char *)malloc(7);
  memcpy(line, "header\n", 7);
  if (fwrite_unlocked(line, 1, 7, f) != 7)
    return 2;
  fputs("aaaabbbbccccddddeeeeffff", f);
  rewind(f);
  if (!fgets_unlocked(line, 7, f) || strcmp(line, "header"))
    return 2;
  fgetc(f);
  int *recs = (int *)malloc(16);
  size_t n = fread_unlocked(recs, 4, 5, f);
  // CHECK-NOT: Sleuth
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 20 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in fread_unlocked }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}fread-unlocked-overflow-write.c:[[@LINE-5]]
  // CHECK: [[ADDR]] is located 0 bytes after 16-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}fread-unlocked-overflow-write.c:[[@LINE-10]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in fread_unlocked
  fclose(f);
  free(recs), free(line);
  return (int)n;
}
