#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int *table_new(int n);
void table_fill(int *t, int n);

int main(int argc, char **argv) {
  int n = 8;
  int *t = table_new(n);
  table_fill(t, argc > 1 && strcmp(argv[1], "overflow") == 0 ? n + 1 : n);
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += t[i];
  printf("sum %d\n", sum);
  free(t);
  return 0;
}
