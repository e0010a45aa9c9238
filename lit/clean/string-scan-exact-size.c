// The searching and tokenising string functions, memmem, bzero and
// explicit_bzero on heap blocks of exactly the size they need (the NUL or
// the last byte searched is the block's last byte): nothing is reported,
// with strict_string_checks off or on, instrumented or preloaded.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=strict_string_checks=1 %run %t 2>&1 | count 0
// RUN: %clang -O2 -g %s -o %t.plain && %sleuth_run %t.plain 2>&1 | count 0
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <strings.h>

// A heap copy of s in a block of exactly strlen(s) + 1 bytes.
static char *exact(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = (char *)malloc(n);
  memcpy(p, s, n);
  return p;
}

int (*volatile ato)(const char *) = atoi;

int main(void) {
  long sum = 0;
  char *s = exact("aaa");
  char *set = exact("yz");
  sum += (long)strspn(s, "a") + (long)strcspn(s, set);
  sum += strpbrk(s, set) != 0;
  sum += strcasestr(s, "AA") - s;
  sum += strchrnul(s, 'z') - s;
  char *num = exact("1234");
  sum += ato(num);
  char *list = exact("a,bb,ccc");
  for (char *t = strtok(list, ","); t; t = strtok(0, ","))
    sum += (long)strlen(t);
  char *list2 = exact(",a,,bb,");
  char *save;
  for (char *t = strtok_r(list2, ",", &save); t; t = strtok_r(0, ",", &save))
    sum += (long)strlen(t);
  char *blk = (char *)malloc(8);
  memset(blk, 'a', 8);
  blk[7] = 'h';
  sum += (char *)memmem(blk, 8, "ah", 2) - blk;
  explicit_bzero(blk, 8);
  bzero(blk, 8);
  sum += blk[7];
  free(s), free(set), free(num), free(list), free(list2), free(blk);
  // strspn 3 + strcspn 3 + strchrnul 3 + 1234 + tokens 6 and 3 + memmem 6
  return sum == 1258 ? 0 : 1;
}
