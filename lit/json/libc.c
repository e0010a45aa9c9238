// Errors found in libc interceptors, as JSON lines: *-param-overlap (the
// interceptor as frame #0 and the program's call as #1 for strcat, and
// likewise the runtime's entry point for the pass's checked memcpy, as
// ASan's __asan_memcpy), and an overflow
// through strcpy with the access size of the whole copy.
// RUN: %sleuth_cc -O0 -g %s -o %t
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t memcpy 2> %t.memcpy
// RUN: %python %S/Inputs/check_json.py %t.memcpy | FileCheck %s --check-prefix=MEMCPY
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t strcat 2> %t.strcat
// RUN: %python %S/Inputs/check_json.py %t.strcat | FileCheck %s --check-prefix=STRCAT
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t strcpy 2> %t.strcpy
// RUN: %python %S/Inputs/check_json.py %t.strcpy | FileCheck %s --check-prefix=STRCPY
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  (void)argc;
  char *buf = (char *)malloc(64);
  strcpy(buf, "twice");
  __asm__ volatile("" : : "r"(buf) : "memory");
  if (!strcmp(argv[1], "memcpy"))
    memcpy(buf + 1, buf, 8);
  // MEMCPY: kind: memcpy-param-overlap
  // MEMCPY-NEXT: thread: T0
  // MEMCPY-NEXT: stack #0 __sleuth_memcpy
  // MEMCPY-NEXT: stack #1 main {{.*}}libc.c:[[@LINE-4]]:{{[0-9]+}}
  // MEMCPY-NOT: location:
  // MEMCPY: summary: memcpy-param-overlap ({{.*}}+0x{{[0-9a-f]+}}) in __sleuth_memcpy
  if (!strcmp(argv[1], "strcat"))
    strcat(buf, buf + 1);
  // STRCAT: kind: strcat-param-overlap
  // STRCAT: stack #0 strcat
  // STRCAT-NEXT: stack #1 main {{.*}}libc.c:[[@LINE-3]]:{{[0-9]+}}
  // STRCAT: summary: strcat-param-overlap
  if (!strcmp(argv[1], "strcpy")) {
    char *small = (char *)malloc(4);
    strcpy(small, "hello");
    // STRCPY: kind: heap-buffer-overflow
    // STRCPY-NEXT: access: WRITE 6
    // STRCPY: stack #0 strcpy
    // STRCPY-NEXT: stack #1 main {{.*}}libc.c:[[@LINE-4]]:{{[0-9]+}}
    // STRCPY: location: 0x{{[0-9a-f]+}} is located 0 bytes after 4-byte region
    // STRCPY: alloc_stack #1 main {{.*}}libc.c:[[@LINE-7]]:{{[0-9]+}}
    free(small);
  }
  __asm__ volatile("" : : "r"(buf) : "memory");
  free(buf);
  return 0;
}
