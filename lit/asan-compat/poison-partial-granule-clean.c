// The clean twin of poison-partial-granule.c: ASan's rules for granules a
// poison or unpoison call covers only in part, read back through
// __asan_address_is_poisoned. Poisoning never takes bytes outside the
// region when they are still addressable (the tail of a granule, the head
// before the region); unpoisoning a prefix of a poisoned granule makes
// exactly that prefix addressable; unpoisoning never shrinks what was
// addressable. Nothing is reported.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
#include <sanitizer/asan_interface.h>
#include <stdio.h>
#include <stdlib.h>

static char *p;

static void show(const char *what, int from, int to) {
  printf("%s:", what);
  for (int i = from; i < to; i++)
    printf("%d", __asan_address_is_poisoned(p + i));
  printf("\n");
}

int main(void) {
  p = malloc(16);
  __asan_poison_memory_region(p, 16);
  __asan_unpoison_memory_region(p, 3);
  show("prefix", 0, 8);
  // CHECK: prefix:00011111
  __asan_unpoison_memory_region(p, 16);
  __asan_poison_memory_region(p + 3, 2); /* bytes 5..7 stay addressable */
  show("inner", 0, 8);
  // CHECK-NEXT: inner:00000000
  __asan_poison_memory_region(p + 3, 7); /* the head 0..2 stays; 8..9 too */
  show("head", 0, 16);
  // CHECK-NEXT: head:0001111100000000
  __asan_unpoison_memory_region(p + 1, 1); /* already addressable */
  show("again", 0, 8);
  // CHECK-NEXT: again:00011111
  __asan_unpoison_memory_region(p + 8, 2);
  __asan_poison_memory_region(p + 2, 14); /* reaches the block's end */
  show("tail", 0, 16);
  // CHECK-NEXT: tail:0011111111111111
  __asan_unpoison_memory_region(p, 16);
  free(p);
  printf("done\n");
  // CHECK-NEXT: done
  return 0;
}
