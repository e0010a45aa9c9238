#include <stdio.h>
#include <stdlib.h>

#include "table.h"

int main(int argc, char **argv) {
  (void)argv;
  size_t n = 16;
  int *t = table_new(n);
  /* With an argument, fill one element too many (argc - 1 = 1). */
  long sum = table_fill(t, n + (size_t)(argc - 1));
  printf("sum %ld\n", sum);
  free(t);
  return 0;
}
