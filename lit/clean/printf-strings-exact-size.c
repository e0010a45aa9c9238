// The printf family, puts and fputs on strings in heap blocks of exactly
// strlen + 1 bytes, and %.Ns on an unterminated block of exactly N bytes:
// nothing is reported (the output goes to /dev/null), instrumented (also
// with _FORTIFY_SOURCE's __*_chk entry points) or preloaded.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 >/dev/null | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 >/dev/null | count 0
// RUN: %sleuth_cc -O2 -D_FORTIFY_SOURCE=2 %s -o %t && %run %t 2>&1 >/dev/null | count 0
// RUN: %clang -O2 -g %s -o %t.plain && %sleuth_run %t.plain 2>&1 >/dev/null | count 0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *exact(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = (char *)malloc(n);
  memcpy(p, s, n);
  return p;
}

static int via_vsnprintf(char *dst, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(dst, n, fmt, ap);
  va_end(ap);
  return r;
}

int main(void) {
  char *s = exact("word");
  char *fmt = exact("%s|%5d|%-3s|%c|%g|%p|%%|%s\n");
  char *raw = (char *)malloc(4); // no NUL: only %.4s may read it
  memcpy(raw, "abcd", 4);
  char buf[64];
  int n = 0;
  n += printf(fmt, s, 42, s, 'x', 2.5, (void *)s, s);
  n += fprintf(stdout, "%.4s %.*s %s\n", raw, 4, raw, s);
  n += dprintf(1, "%lld %s %Lf\n", 5LL, s, (long double)1.5);
  n += snprintf(buf, sizeof buf, "%zu %.4s %s", sizeof buf, raw, s);
  n += sprintf(buf, "%hhd%s", (char)1, s);
  n += via_vsnprintf(buf, sizeof buf, "%s %.2s", s, raw);
  n += puts(s) >= 0;
  n += fputs(s, stdout) >= 0;
  free(s), free(fmt), free(raw);
  return n > 0 ? 0 : 1;
}
