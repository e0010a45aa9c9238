// Memory freed and handed out again by calloc is zero, whatever it held
// before (including after the quarantine recycles it).
// RUN: %sleuth_cc -O0 %s -o %t && env SLEUTH_OPTIONS=quarantine_size_mb=0 %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  for (int round = 0; round < 2000; round++) {
    size_t size = 1 + (round * 131) % 3000;
    char *dirty = (char *)malloc(size);
    memset(dirty, 0xff, size);
    free(dirty);
    unsigned char *z = (unsigned char *)calloc(size, 1);
    for (size_t k = 0; k < size; k++)
      if (z[k]) {
        printf("calloc(%zu) byte %zu is %#x\n", size, k, z[k]);
        return 1;
      }
    free(z);
  }
  return 0;
}
