// Quarantined blocks of 8 KiB and more give their pages back to the kernel
// while they wait (the limit still counts them, in bytes freed): after
// 200 MB of 64 KiB blocks were written and freed, all still in the default
// 256 MB quarantine, the process's RSS is far below 200 MB (without the
// release it would be above it). Once blocks leave the quarantine and
// their slots are reused, the pages given back come back as zeros: calloc
// still returns all-zero blocks, and malloc'ed blocks hold what is written.
// Under sleuth-run the returned pages are also protected; reuse lifts that.
// RUN: %sleuth_cc -O1 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g %s -o %t.plain && %sleuth_run %t.plain 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK (64 << 10)

#include "Inputs/rss.h"

int main(void) {
  for (int i = 0; i < 3200; i++) {
    char *p = malloc(BLOCK);
    memset(p, 0xff, BLOCK);
    free(p);
  }
  long rss = rss_mb();
  printf("rss after 200 MB of frees: %s\n",
         rss > 0 && rss < 120 ? "below 120 MB" : "too high");
  // Push them out of the quarantine and reuse their slots, at sizes
  // between 8 and 64 KiB, by calloc and by malloc.
  int bad_calloc = 0, bad_malloc = 0;
  for (int i = 0; i < 8000; i++) {
    size_t n = (8 << 10) + (size_t)(i * 7919) % (56 << 10);
    if (i & 1) {
      unsigned char *c = calloc(1, n);
      for (size_t k = 0; k < n; k++)
        bad_calloc |= c[k];
      memset(c, 0xee, n);
      free(c);
    } else {
      unsigned char *m = malloc(n);
      for (size_t k = 0; k < n; k++)
        m[k] = (unsigned char)(k * 31 + i);
      for (size_t k = 0; k < n; k++)
        bad_malloc |= m[k] != (unsigned char)(k * 31 + i);
      free(m);
    }
  }
  printf("calloc blocks all zero: %s\n", bad_calloc ? "no" : "yes");
  printf("malloc blocks keep their contents: %s\n", bad_malloc ? "no" : "yes");
  return 0;
}
// CHECK-NOT: ERROR
// CHECK: rss after 200 MB of frees: below 120 MB
// CHECK-NEXT: calloc blocks all zero: yes
// CHECK-NEXT: malloc blocks keep their contents: yes
// CHECK-NOT: ERROR
