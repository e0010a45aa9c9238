// qsort calls back into instrumented code with pointers into a heap array
// (uninstrumented libc reads and swaps its elements): no report.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
  int key;
  char name[13]; // odd size: the elements are not a multiple of 8 bytes
};

static int by_key(const void *a, const void *b) {
  const struct rec *x = (const struct rec *)a, *y = (const struct rec *)b;
  return (x->key > y->key) - (x->key < y->key);
}

static int by_string(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void) {
  enum { N = 5001 };
  struct rec *r = (struct rec *)malloc(N * sizeof *r);
  char **s = (char **)malloc(N * sizeof *s);
  for (int i = 0; i < N; i++) {
    r[i].key = (i * 7919) % N;
    snprintf(r[i].name, sizeof r[i].name, "n%d", i);
    s[i] = strdup(r[i].name);
  }
  qsort(r, N, sizeof *r, by_key);
  qsort(s, N, sizeof *s, by_string);
  int bad = 0;
  for (int i = 1; i < N; i++)
    bad |= r[i - 1].key > r[i].key || strcmp(s[i - 1], s[i]) > 0;
  for (int i = 0; i < N; i++)
    free(s[i]);
  free(s);
  free(r);
  if (bad)
    puts("not sorted");
  return bad;
}
