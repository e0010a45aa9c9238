// A size class the program allocates from heavily has its fresh slots
// faulted in ahead of use, a window at a time (one madvise instead of a
// page fault per page): after 4 MB of 64-byte slots, pages past the last
// block handed out, which no block has touched yet, are resident. A class
// the program barely uses gets nothing it does not touch: after one
// 3000-byte block, the pages of its class past that block are not
// resident. Blocks in prefaulted pages keep what the program writes.
// RUN: %sleuth_cc -O1 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g %s -o %t.plain && %sleuth_run %t.plain 2>&1 | FileCheck %s
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { N = 65536 };
static char *blocks[N];

// How many of the n pages that start `from` pages after p's are resident.
static int resident_after(const void *p, int from, int n) {
  uintptr_t page = ((uintptr_t)p & ~(uintptr_t)4095) + (uintptr_t)from * 4096;
  unsigned char vec[64];
  if (n > 64 || mincore((void *)page, (size_t)n * 4096, vec) != 0)
    return -1;
  int k = 0;
  for (int i = 0; i < n; i++)
    k += vec[i] & 1;
  return k;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    blocks[i] = malloc(48); // 64-byte slots with the 16-byte header
    memset(blocks[i], i & 0xff, 48);
  }
  // From 4 pages past the last block: beyond the slots carved for this
  // thread's cache so far, inside the window faulted in ahead of them.
  printf("busy class, pages ahead resident: %d of 16\n",
         resident_after(blocks[N - 1], 4, 16));
  // CHECK: busy class, pages ahead resident: 16 of 16

  char *lone = malloc(3000);
  memset(lone, 1, 3000);
  printf("lone block's class, pages ahead resident: %d of 16\n",
         resident_after(lone, 2, 16));
  // CHECK-NEXT: lone block's class, pages ahead resident: 0 of 16

  int bad = 0;
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 48; k++)
      bad |= blocks[i][k] != (char)(i & 0xff);
    free(blocks[i]);
  }
  free(lone);
  printf("contents kept: %s\n", bad ? "no" : "yes");
  // CHECK-NEXT: contents kept: yes
  // CHECK-NOT: ERROR
  return 0;
}
