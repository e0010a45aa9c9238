// The string and memory functions on blocks of exactly the size they need:
// every interceptor's range must end at the last byte the function really
// touches (the NUL, the byte found, the first difference), so none of this
// may be reported.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

// Copies into a fresh block of n bytes, so its end is a redzone.
static char *exact(const char *s, size_t n) {
  char *p = (char *)malloc(n);
  memcpy(p, s, n);
  return p;
}

int main(int argc, char **argv) {
  int bad = 0;
  char *hello = exact("hello", 6);
  char *world = exact("world", 6);
  char *raw = exact("abcdefgh", 8); // no NUL

  bad |= strlen(hello) != 5;
  bad |= strnlen(hello, 6) != 5;
  bad |= strnlen(raw, 8) != 8;
  bad |= memchr(raw, 'h', 8) != raw + 7;
  bad |= memchr(raw, 'c', 100) != raw + 2; // stops at the byte found
  bad |= strchr(hello, 'o') != hello + 4;
  bad |= strchr(hello, 0) != hello + 5;
  bad |= strrchr(hello, 'l') != hello + 3;
  bad |= strstr(hello, "ll") != hello + 2;
  bad |= strstr(hello, "xyz") != 0;
  bad |= memcmp(hello, world, 6) >= 0;
  bad |= strcmp(hello, world) >= 0;
  bad |= strncmp(hello, "help", 100) >= 0; // stops at the difference
  bad |= strncmp(raw, "abcdefghij", 8) != 0;
  bad |= strcasecmp(hello, "HELLO") != 0;
  bad |= strncasecmp(raw, "ABCDEFGH", 8) != 0;

  char *d = (char *)malloc(6);
  strcpy(d, hello);
  bad |= stpcpy(d, world) != d + 5;
  free(d);

  char *cat = (char *)malloc(11);
  strcpy(cat, hello);
  strcat(cat, world);
  bad |= strcmp(cat, "helloworld") != 0;
  strcpy(cat, hello);
  strncat(cat, raw, 5); // reads 5 bytes of raw, writes 6
  bad |= strcmp(cat, "helloabcde") != 0;
  free(cat);

  char *pad = (char *)malloc(16);
  strncpy(pad, hello, 16); // writes all 16 bytes: the NUL padding
  bad |= pad[15] != 0;
  strncpy(pad, raw, 8); // 8 bytes, no NUL: reads exactly 8 of raw
  free(pad);

  char *num = exact("  -1234xyz", 11);
  char *end;
  bad |= strtol(num, &end, 10) != -1234 || end != num + 7;
  bad |= strtoul(num + 3, 0, 16) != 0x1234;
  char *fl = exact("2.5", 4);
  bad |= strtod(fl, &end) != 2.5 || end != fl + 3;
  char *none = exact("  +", 4);
  bad |= strtol(none, &end, 10) != 0 || end != none;
  bad |= atoi(num) != -1234;

  char *out = (char *)malloc(8);
  bad |= sprintf(out, "%d-%s", 12, "abc") != 6; // 7 bytes with the NUL
  bad |= snprintf(out, 8, "%s", "truncated output") != 16;
  bad |= out[7] != 0;
  bad |= snprintf(out, 0, "%d", 5) != 1;

  free(out), free(none), free(fl), free(num);
  free(raw), free(world), free(hello);
  return bad;
}
