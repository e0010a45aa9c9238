// posix_memalign, aligned_alloc, memalign and valloc return aligned blocks
// whose every byte is usable, and free() takes them back without a report.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check(void *p, size_t align, size_t size, const char *what) {
  if (!p || (uintptr_t)p % align) {
    printf("%s(%zu, %zu) returned %p\n", what, align, size, p);
    return 1;
  }
  memset(p, 0x5a, size);
  int bad = ((unsigned char *)p)[size - 1] != 0x5a;
  free(p);
  return bad;
}

int main(void) {
  int bad = 0;
  static const size_t aligns[] = {16, 32, 64, 128, 4096, 65536};
  static const size_t sizes[] = {1, 24, 100, 4096, 5000, 300000};
  for (int a = 0; a < 6; a++) {
    for (int s = 0; s < 6; s++) {
      size_t al = aligns[a], sz = sizes[s];
      void *p = NULL;
      if (posix_memalign(&p, al, sz) != 0)
        return 10;
      bad |= check(p, al, sz, "posix_memalign");
      bad |= check(memalign(al, sz), al, sz, "memalign");
      size_t rounded = (sz + al - 1) / al * al;
      bad |= check(aligned_alloc(al, rounded), al, rounded, "aligned_alloc");
    }
  }
  bad |= check(valloc(100), 4096, 100, "valloc");
  return bad;
}
