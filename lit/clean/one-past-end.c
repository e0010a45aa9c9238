// Pointers one past the end of a block may be computed and compared; only
// dereferencing them is an error.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = 10 * argc;
  int *v = (int *)malloc(n * sizeof(int));
  int *end = v + n;
  for (int *p = v; p != end; ++p)
    *p = (int)(p - v);
  long sum = 0;
  for (const int *p = end; p > v;)
    sum += *--p;
  char *bytes = (char *)v;
  char *bytes_end = bytes + n * sizeof(int);
  __asm__ volatile("" : : "r"(bytes_end) : "memory");
  int ok = sum == 45 && bytes_end - bytes == 40 && end > v;
  free(v);
  return !ok;
}
