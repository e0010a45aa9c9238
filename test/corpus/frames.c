// Frames of unusual shapes: functions without any return (they end in
// exit), recursion with arrays, many small locals, over-aligned locals,
// setjmp/longjmp, varargs, and alloca in a loop.
#include <alloca.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long checksum;
static void mix(unsigned long v) { checksum = checksum * 1000003u ^ v; }

static jmp_buf env;

__attribute__((noinline)) static int recurse(int n) {
  char buf[40];
  memset(buf, n, sizeof buf);
  if (n == 0)
    return buf[39];
  return recurse(n - 1) + buf[n];
}

__attribute__((noinline)) static int aligned(int n) {
  _Alignas(64) char line[64];
  _Alignas(32) int quad[8];
  for (int i = 0; i < 8; ++i)
    quad[i] = n + i;
  memcpy(line, quad, sizeof quad);
  return line[n % 32] + quad[7];
}

static int sum_va(int count, ...) {
  va_list ap;
  va_start(ap, count);
  int s = 0;
  for (int i = 0; i < count; ++i)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}

__attribute__((noinline)) static void jumper(int n) {
  int local[4] = {n, n, n, n};
  mix(local[n % 4]);
  if (n > 2)
    longjmp(env, n);
}

__attribute__((noinline)) static int alloca_loop(int n) {
  int s = 0;
  for (int i = 1; i <= n; ++i) {
    char *p = alloca(i * 8);
    memset(p, i, i * 8);
    s += p[i * 8 - 1];
  }
  return s;
}

__attribute__((noreturn, noinline)) static void finish(void) {
  char line[32];
  snprintf(line, sizeof line, "checksum %lu\n", checksum);
  fputs(line, stdout);
  exit(0);
}

__attribute__((noinline)) static void loop_forever(int rounds) {
  int count = 0;
again: {
  int cell[3] = {count, count + 1, count + 2};
  mix(cell[count % 3]);
  if (++count == rounds)
    finish();
}
  goto again;
}

int main(void) {
  for (int i = 0; i < 6; ++i) {
    mix(recurse(i * 3));
    mix(aligned(i));
    mix(sum_va(4, i, i + 1, i + 2, i + 3));
    mix(alloca_loop(i + 2));
    int r = setjmp(env);
    if (r == 0)
      jumper(i);
    else
      mix(r * 11);
  }
  loop_forever(7);
}
