#include "table.h"

#include <stdlib.h>

int *table_new(size_t n) { return malloc(n * sizeof(int)); }

long table_fill(int *t, size_t n) {
  long sum = 0;
  for (size_t i = 0; i < n; i++) {
    t[i] = (int)(i * 3);
    sum += t[i];
  }
  return sum;
}
