// Local aggregates the optimiser splits (SROA): partial copies, memcpy
// into the middle, structs with padding copied whole, unions, arrays of
// structs indexed by a variable, and by-value struct parameters and
// returns.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long checksum;
static void mix(unsigned long v) { checksum = checksum * 1000003u ^ v; }

struct Token {
  int kind;
  char text[52];
};
struct Padded {
  char c;
  long l;
  short s;
};
struct Pair {
  struct Padded a;
  int n;
};
union Value {
  double d;
  long l;
  char bytes[8];
};

__attribute__((noinline)) static int scan(const char *src, struct Token *out,
                                          int k, unsigned n) {
  struct Token t;
  t.kind = k;
  memcpy(t.text + 24, src, n);
  t.text[24 + n] = 0;
  *out = t;
  return t.kind + t.text[24];
}

__attribute__((noinline)) static struct Pair make(struct Padded p, int n) {
  struct Pair r = {p, n};
  r.a.s += (short)n;
  return r;
}

static long through_union(long v) {
  union Value u;
  u.l = v;
  u.bytes[3] ^= 0x5a;
  return u.l;
}

int main(void) {
  static const char src[] = "the quick brown fox jumps";
  struct Token out;
  struct Pair *keep[8];
  for (int i = 0; i < 8; ++i) {
    mix(scan(src + i, &out, i, 1 + i % 20));
    mix(strlen(out.text + 24));
    struct Padded p = {(char)('a' + i), i * 1000L, (short)i};
    struct Pair pr = make(p, i);
    keep[i] = malloc(sizeof *keep[i]);
    *keep[i] = pr;
    mix(through_union(i * 77));
  }
  struct Pair arr[8];
  for (int i = 0; i < 8; ++i)
    arr[i] = *keep[(i * 3) % 8];
  for (int i = 0; i < 8; ++i) {
    mix(arr[i].a.c + arr[i].a.l + arr[i].a.s + arr[i].n);
    free(keep[i]);
  }
  printf("checksum %lu\n", checksum);
  return 0;
}
