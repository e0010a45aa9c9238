// The scanf family into objects of exactly the size each conversion
// stores: length modifiers, floats, %c with a width, scan sets, %ms
// (libc allocates; freed here, so no leak either), %n, %*d, %%, positional
// text, and a match that fails part-way (the pointers after the failure
// point at blocks too small and must not be checked: nothing was stored).
// RUN: %sleuth_cc -O0 %s -o %t && %run %t < %s 2>&1 | count 0
// RUN: %sleuth_cc -O2 -std=gnu89 -D_GNU_SOURCE %s -o %t && %run %t < %s 2>&1 | count 0
// RUN: %sleuth_cc -O2 -std=c11 %s -o %t && %run %t < %s 2>&1 | count 0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NEW(T) ((T *)malloc(sizeof(T)))

int main(int argc, char **argv) {
  int bad = 0;
  signed char *hh = NEW(signed char);
  short *h = NEW(short);
  long *l = NEW(long);
  long long *ll = NEW(long long);
  size_t *z = NEW(size_t);
  float *fl = NEW(float);
  double *db = NEW(double);
  long double *ld = NEW(long double);
  void **p = NEW(void *);
  int *pos = NEW(int);
  char *five = (char *)malloc(5), *word = (char *)malloc(4);
  char *set = (char *)malloc(4);
  bad |= sscanf("1 2 3 4 5 1.5 2.5 3.5 0x10 abcde fox", "%hhd %hd %ld %lld %zu %f %lf %Lf %p%n %5c %s",
                hh, h, l, ll, z, fl, db, ld, p, pos, five, word) != 11;
  bad |= *hh != 1 || *h != 2 || *l != 3 || *ll != 4 || *z != 5 || *fl != 1.5f;
  bad |= *db != 2.5 || *ld != 3.5L || *p != (void *)0x10 || memcmp(five, "abcde", 5);
  bad |= strcmp(word, "fox") != 0;
  bad |= sscanf("100% ok=yes", "%*d%% ok=%[a-z]", set) != 1 || strcmp(set, "yes");
  char *owned = 0;
  bad |= sscanf("allocated-by-libc", "%ms", &owned) != 1 || strcmp(owned, "allocated-by-libc");
  free(owned);
  // Fails at the literal: only *h is stored; word (4 bytes) would not hold
  // "toolong" but is not touched.
  bad |= sscanf("9 x toolong", "%hd y %s", h, word) != 1 || *h != 9;
  bad |= sscanf("", "%d", pos) != EOF;
  // scanf reads this file (stdin): its first word is "//".
  char *first = (char *)malloc(3);
  bad |= scanf("%2s", first) != 1 || strcmp(first, "//");
  free(first);
  free(hh), free(h), free(l), free(ll), free(z), free(fl), free(db), free(ld);
  free(p), free(pos), free(five), free(word), free(set);
  return bad;
}
