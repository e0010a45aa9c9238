// malloc(0), calloc(0, n), realloc to 0 and new char[0] are valid and
// freeing what they return is not an error.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <stdlib.h>

int main(void) {
  void *a = malloc(0);
  void *b = malloc(0);
  void *c = calloc(0, 16);
  void *d = calloc(16, 0);
  __asm__ volatile("" : : "r"(a), "r"(b), "r"(c), "r"(d) : "memory");
  int distinct = !a || !b || a != b;
  free(a);
  free(b);
  free(c);
  free(d);
  void *e = malloc(32);
  e = realloc(e, 0);
  free(e);
  void *f = realloc(NULL, 0);
  free(f);
  free(NULL);
  return !distinct;
}
