// Blocks of 1 MiB up to 256 MiB: first and last bytes usable, calloc
// zeroes, realloc of a big block keeps its contents.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  for (size_t size = 1 << 20; size <= (size_t)256 << 20; size <<= 2) {
    char *p = (char *)malloc(size);
    if (!p)
      return 1;
    p[0] = 1;
    p[size / 2] = 2;
    p[size - 1] = 3;
    __asm__ volatile("" : : "r"(p) : "memory");
    if (p[0] + p[size / 2] + p[size - 1] != 6)
      return 2;
    free(p);
  }
  for (int round = 0; round < 4; round++) {
    size_t size = ((size_t)8 << 20) + round;
    unsigned char *z = (unsigned char *)calloc(size, 1);
    for (size_t k = 0; k < size; k += 4093)
      if (z[k]) {
        printf("calloc'ed byte %zu not zero\n", k);
        return 3;
      }
    if (z[size - 1])
      return 4;
    for (size_t k = 0; k < size; k += 4093)
      z[k] = 0xee;
    free(z);
  }
  char *r = (char *)malloc(3 << 20);
  r[(3 << 20) - 1] = 7;
  r = (char *)realloc(r, 40 << 20);
  if (r[(3 << 20) - 1] != 7)
    return 5;
  r[(40 << 20) - 1] = 8;
  free(r);
  return 0;
}
