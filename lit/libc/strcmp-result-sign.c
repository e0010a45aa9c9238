// strcmp and strncmp return -1, 0 or 1, as ASan's interceptors do (glibc
// returns the bytes' difference): code tested under ASan may compare the
// result with 1. 'z' - 'x' would be 2.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Through pointers: clang folds calls on constant strings.
int (*volatile cmp)(const char *, const char *) = strcmp;
int (*volatile ncmp)(const char *, const char *, size_t) = strncmp;

int main(void) {
  char *a = (char *)malloc(8), *b = (char *)malloc(8);
  strcpy(a, "abcz");
  strcpy(b, "abcx");
  // CHECK: strcmp 1 -1 0
  printf("strcmp %d %d %d\n", cmp(a, b), cmp(b, a), cmp(a, a));
  // CHECK-NEXT: strncmp 1 -1 0
  printf("strncmp %d %d %d\n", ncmp(a, b, 4), ncmp(b, a, 8), ncmp(a, b, 3));
  // A shorter string is less: its NUL against a byte.
  // CHECK-NEXT: prefix -1 1
  printf("prefix %d %d\n", cmp("ab", a), cmp(a, "ab"));
  free(a);
  free(b);
  return 0;
}
