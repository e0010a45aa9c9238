// RUN: %sleuth_cc -O0 -fno-builtin %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 -fno-builtin %s -o %t && not %run %t 2>&1 | FileCheck %s
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int own_calls;

// A project's own versions of two functions the runtime also intercepts.
void *memmem(const void *hay, size_t hn, const void *needle, size_t nn) {
  own_calls++;
  for (size_t i = 0; nn <= hn && i <= hn - nn; i++)
    if (!memcmp((const char *)hay + i, needle, nn))
      return (char *)hay + i;
  return NULL;
}
long strtol(const char *s, char **end, int base) {
  (void)base;
  own_calls++;
  long v = 0;
  while (*s >= '0' && *s <= '9')
    v = v * 10 + (*s++ - '0');
  if (end)
    *end = (char *)s;
  return v;
}

int main(int argc, char **argv) {
  (void)argv;
  const char text[] = "find the needle here";
  char *hit = memmem(text, sizeof text - 1, "needle", 6);
  long n = strtol("42", 0, 10);
  fprintf(stderr, "own functions called %d times, %ld, at %ld\n", own_calls, n,
          (long)(hit - text));
  // CHECK: own functions called 2 times, 42, at 9
  char *dst = malloc(8);
  strcpy(dst, argc > 5 ? "short" : "too long!"); // still intercepted
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
  // CHECK-NEXT: WRITE of size 10 at
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in strcpy }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}own-libc-function.c:[[@LINE-4]]
  // CHECK: is located 0 bytes after 8-byte region
  // CHECK: allocated by thread T0 here:
  // CHECK: {{#1 0x[0-9a-f]+ in main .*}}own-libc-function.c:[[@LINE-8]]
  free(dst);
  return 0;
}

// A program that defines its own memmem and strtol (compat code many
// projects ship) links with the runtime, which also intercepts both, and
// its own definitions are the ones called (they are not checked, as under
// ASan); the functions it does not define stay intercepted: the strcpy
// overflow is reported. Before, the link failed with "multiple definition".
