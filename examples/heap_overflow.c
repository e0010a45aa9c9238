/* An off-by-one write past a malloc'd array. */
#include <stdio.h>
#include <stdlib.h>

static void fill(int *v, int n) {
  for (int i = 0; i <= n; i++) /* <= : one element too many */
    v[i] = i * i;
}

int main(int argc, char **argv) {
  (void)argv;
  int n = 7 + argc; /* 8 */
  int *v = malloc(n * sizeof(int));
  fill(v, n);
  printf("last square: %d\n", v[n - 1]);
  free(v);
  return 0;
}
