#include <stdlib.h>
int *table_new(int n) { return malloc(n * sizeof(int)); }
void table_fill(int *t, int n) {
  for (int i = 0; i < n; i++)
    t[i] = 10 * (i + 1);
}
