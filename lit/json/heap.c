// Heap errors as JSON lines (log_format=json): the kind, the access, the
// faulting frame's file:line, the allocation and free stacks, the summary.
// RUN: %sleuth_cc -O0 -g %s -o %t
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t overflow 2> %t.overflow
// RUN: %python %S/Inputs/check_json.py %t.overflow | FileCheck %s --check-prefix=OVERFLOW
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t uaf 2> %t.uaf
// RUN: %python %S/Inputs/check_json.py %t.uaf | FileCheck %s --check-prefix=UAF
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t double-free 2> %t.df
// RUN: %python %S/Inputs/check_json.py %t.df | FileCheck %s --check-prefix=DF
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t bad-free 2> %t.bf
// RUN: %python %S/Inputs/check_json.py %t.bf | FileCheck %s --check-prefix=BF
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t poison 2> %t.poison
// RUN: %python %S/Inputs/check_json.py %t.poison | FileCheck %s --check-prefix=POISON
// The text report is unchanged by the option's existence.
// RUN: env SLEUTH_OPTIONS=log_format=text not %run %t overflow 2>&1 | FileCheck %s --check-prefix=TEXT
#include <sleuth/sleuth.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  (void)argc;
  const char *what = argv[1];
  if (!strcmp(what, "overflow")) {
    int *p = (int *)malloc(32);
    p[8 + (argc - 2)] = 1;
    // OVERFLOW: kind: heap-buffer-overflow
    // OVERFLOW-NEXT: access: WRITE 4
    // OVERFLOW-NEXT: thread: T0
    // OVERFLOW-NEXT: stack #0 main {{.*}}heap.c:[[@LINE-4]]:{{[0-9]+}}
    // OVERFLOW: location: 0x{{[0-9a-f]+}} is located 0 bytes after 32-byte region
    // OVERFLOW-NEXT: alloc_thread: T0
    // OVERFLOW-NEXT: alloc_stack #0 malloc
    // OVERFLOW-NEXT: alloc_stack #1 main {{.*}}heap.c:[[@LINE-9]]:{{[0-9]+}}
    // OVERFLOW-NOT: free_stack
    // OVERFLOW: summary: heap-buffer-overflow {{.*}}heap.c:[[@LINE-10]]:{{[0-9]+}} in main
    // TEXT: ERROR: Sleuth: heap-buffer-overflow on address
    // TEXT-NEXT: WRITE of size 4 at
    // TEXT-NEXT: {{#0 0x[0-9a-f]+ in main .*}}heap.c:[[@LINE-13]]
  } else if (!strcmp(what, "uaf")) {
    char *p = (char *)malloc(10);
    free(p);
    return p[3];
    // UAF: kind: heap-use-after-free
    // UAF-NEXT: access: READ 1
    // UAF-NEXT: thread: T0
    // UAF-NEXT: stack #0 main {{.*}}heap.c:[[@LINE-4]]:{{[0-9]+}}
    // UAF: location: 0x{{[0-9a-f]+}} is located 3 bytes inside of 10-byte region
    // UAF-NEXT: alloc_thread: T0
    // UAF-NEXT: alloc_stack #0 malloc
    // UAF-NEXT: alloc_stack #1 main {{.*}}heap.c:[[@LINE-10]]:{{[0-9]+}}
    // UAF: free_thread: T0
    // UAF-NEXT: free_stack #0 free
    // UAF-NEXT: free_stack #1 main {{.*}}heap.c:[[@LINE-12]]:{{[0-9]+}}
    // UAF: summary: heap-use-after-free {{.*}}heap.c:[[@LINE-12]]:{{[0-9]+}} in main
  } else if (!strcmp(what, "double-free")) {
    char *p = (char *)malloc(10);
    free(p);
    free(p);
    // DF: kind: double-free
    // DF-NOT: access:
    // DF: thread: T0
    // DF-NEXT: stack #0 free
    // DF-NEXT: stack #1 main {{.*}}heap.c:[[@LINE-5]]:{{[0-9]+}}
    // DF: location: 0x{{[0-9a-f]+}} is located 0 bytes inside of 10-byte region
    // DF: alloc_stack #1 main {{.*}}heap.c:[[@LINE-9]]:{{[0-9]+}}
    // DF: free_stack #1 main {{.*}}heap.c:[[@LINE-9]]:{{[0-9]+}}
    // DF: summary: double-free {{.*}}heap.c:[[@LINE-9]]:{{[0-9]+}} in main
  } else if (!strcmp(what, "bad-free")) {
    char *p = (char *)malloc(10);
    free(p + 4);
    // BF: kind: bad-free
    // BF-NOT: access:
    // BF: stack #1 main {{.*}}heap.c:[[@LINE-3]]:{{[0-9]+}}
    // BF: location: 0x{{[0-9a-f]+}} is located 4 bytes inside of 10-byte region
    // BF: alloc_stack #1 main {{.*}}heap.c:[[@LINE-6]]:{{[0-9]+}}
    // BF: summary: bad-free {{.*}}heap.c:[[@LINE-6]]:{{[0-9]+}} in main
  } else if (!strcmp(what, "poison")) {
    char *p = (char *)malloc(64);
    SLEUTH_POISON(p + 32, 32);
    p[40 + (argc - 2)] = 1;
    // POISON: kind: use-after-poison
    // POISON-NEXT: access: WRITE 1
    // POISON-NEXT: thread: T0
    // POISON-NEXT: stack #0 main {{.*}}heap.c:[[@LINE-4]]:{{[0-9]+}}
    // POISON: summary: use-after-poison {{.*}}heap.c:[[@LINE-5]]:{{[0-9]+}} in main
  }
  return 0;
}
