// Copies that fill a block exactly: memcpy/memset/memmove of n bytes into
// an n-byte block, strcpy into strlen + 1 bytes, reads of the last byte.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O1 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  static const char text[] = "the quick brown fox jumps over the lazy dog";
  int bad = 0;
  for (size_t n = 1; n <= sizeof text; n++) {
    char *a = (char *)malloc(n);
    char *b = (char *)malloc(n);
    memcpy(a, text, n);
    memset(b, 'x', n);
    memmove(b, a, n);
    memmove(a + 1, a, n - 1); // overlapping, within the block
    bad |= b[n - 1] != text[n - 1];
    free(a);
    free(b);
  }
  for (int len = 0; len < 40; len++) {
    char src[64];
    memset(src, 'a' + len % 26, len);
    src[len] = 0;
    char *dst = (char *)malloc(strlen(src) + 1);
    strcpy(dst, src);
    bad |= strlen(dst) != (size_t)len;
    free(dst);
  }
  // Every access size exactly at the end of its block.
  char *c = (char *)malloc(1);
  short *s = (short *)malloc(2);
  int *i = (int *)malloc(4);
  long *l = (long *)malloc(8);
  __int128 *q = (__int128 *)malloc(16);
  *c = 1, *s = 2, *i = 3, *l = 4, *q = 5;
  __asm__ volatile("" : : "r"(c), "r"(s), "r"(i), "r"(l), "r"(q) : "memory");
  bad |= *c + *s + *i + *l + (long)*q != 15;
  free(c), free(s), free(i), free(l), free(q);
  return bad;
}
