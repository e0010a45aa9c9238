// Growing and shrinking one block with realloc many times keeps its
// contents and never reports.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  unsigned seed = 12345;
  size_t size = 1;
  unsigned char *p = (unsigned char *)malloc(size);
  p[0] = 0;
  for (int i = 0; i < 20000; i++) {
    seed = seed * 1103515245 + 12345;
    size_t next = 1 + (seed >> 8) % (i % 100 == 0 ? 300000 : 2000);
    p = (unsigned char *)realloc(p, next);
    if (!p)
      return 1;
    size_t keep = size < next ? size : next;
    for (size_t k = 0; k < keep; k += 97)
      if (p[k] != (unsigned char)k) {
        printf("content lost at %zu\n", k);
        return 1;
      }
    for (size_t k = 0; k < next; k++)
      p[k] = (unsigned char)k;
    size = next;
  }
  free(p);
  return 0;
}
