// fscanf with a %[ scan set and a wide %ls: the set's match "key_name"
// (9 bytes) overflows an 8-byte block; the conversions before it, each
// into an object of exactly its size, are silent.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int main(int argc, char **argv) {
  FILE *f = tmpfile();
  fputs("7 2.5 ab key_name=1", f);
  rewind(f);
  short *s = (short *)malloc(sizeof *s);
  double *d = (double *)malloc(sizeof *d);
  wchar_t *w = (wchar_t *)malloc(3 * sizeof(wchar_t));
  char *key = (char *)malloc(8);
  int n = fscanf(f, "%hd %lf %ls %[a-z_]", s, d, w, key);
  // CHECK-NOT: Sleuth
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 9 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in (__isoc99_)?fscanf }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}fscanf-scanset-overflow-write.c:[[@LINE-5]]
  // CHECK: [[ADDR]] is located 0 bytes after 8-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}fscanf-scanset-overflow-write.c:[[@LINE-10]]
  fclose(f);
  free(key), free(w), free(d), free(s);
  return n;
}
