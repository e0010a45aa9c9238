// Leaks as JSON lines: one "leak" object per record, in the text report's
// order (direct, indirect, possible, reachable; largest first), each with
// leak_kind, bytes, objects and the allocation stack; then one
// "leak-summary" object. A suppressed record is left out and counted in
// the summary's "suppressed"; suppressed errors print nothing.
// RUN: %sleuth_cc -O0 -g %s -o %t
// RUN: env SLEUTH_OPTIONS=log_format=json:show_reachable=1 not %run %t 2> %t.json
// RUN: %python %S/Inputs/check_json.py %t.json | FileCheck %s
// RUN: rm -f %t.log.*
// RUN: printf 'leak:legacy_*\nheap-buffer-overflow:legacy_*\n' > %t.supp
// RUN: env SLEUTH_OPTIONS=log_format=json:suppressions=%t.supp:log_path=%t.log not %run %t overflow 2> %t.stderr
// RUN: %python %S/Inputs/check_json.py %t.log.* | FileCheck %s --check-prefix=SUPP
// RUN: FileCheck %s --check-prefix=SUPP-STDERR < %t.stderr
#include <stdlib.h>
#include <string.h>

struct node {
  struct node *next;
  long payload[3];
};

void *volatile kept;     // reachable
char *volatile interior; // possible: points inside its block

__attribute__((noinline)) static struct node *push(struct node *head) {
  struct node *n = malloc(sizeof *n);
  n->next = head;
  return n;
}

__attribute__((noinline)) void legacy_init(int overflow) {
  char *volatile p = malloc(100);
  memset(p, 1, 100);
  if (overflow)
    p[100] = 1; // suppressed
  p = 0;
}

__attribute__((noinline)) static void build_and_lose(void) {
  struct node *head = malloc(sizeof(struct node));
  head->next = 0;
  for (int i = 0; i < 3; i++)
    head->next = push(head->next);
  __asm__ volatile("" : : "r"(head) : "memory");
  kept = malloc(7);
  interior = (char *)malloc(50) + 10;
}

__attribute__((noinline, disable_sanitizer_instrumentation)) static void
scrub(void) {
  volatile char buf[8192];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
}

int main(int argc, char **argv) {
  (void)argv;
  build_and_lose();
  legacy_init(argc > 1);
  scrub();
  return 0;
}
// CHECK: kind: leak
// CHECK-NEXT: leak: direct bytes=100 objects=1
// CHECK-NEXT: alloc_stack #0 malloc
// CHECK-NEXT: alloc_stack #1 legacy_init {{.*}}leaks.c:32:{{[0-9]+}}
// CHECK: kind: leak
// CHECK-NEXT: leak: direct bytes=32 objects=1
// CHECK-NEXT: alloc_stack #0 malloc
// CHECK-NEXT: alloc_stack #1 build_and_lose {{.*}}leaks.c:40:{{[0-9]+}}
// CHECK: kind: leak
// CHECK-NEXT: leak: indirect bytes=96 objects=3
// CHECK-NEXT: alloc_stack #0 malloc
// CHECK-NEXT: alloc_stack #1 push {{.*}}leaks.c:26:{{[0-9]+}}
// CHECK: kind: leak
// CHECK-NEXT: leak: possible bytes=50 objects=1
// CHECK-NEXT: alloc_stack #0 malloc
// CHECK-NEXT: alloc_stack #1 build_and_lose {{.*}}leaks.c:46:{{[0-9]+}}
// CHECK: kind: leak
// CHECK-NEXT: leak: reachable bytes=7 objects=1
// CHECK-NEXT: alloc_stack #0 malloc
// CHECK-NEXT: alloc_stack #1 build_and_lose {{.*}}leaks.c:45:{{[0-9]+}}
// CHECK: kind: leak-summary
// CHECK-NEXT: leak-summary: definitely_lost=132/2 indirectly_lost=96/3 possibly_lost=50/1 still_reachable=7/1 suppressed=0/0 leaked=278/6
// CHECK-NOT: kind:

// SUPP-NOT: legacy_init
// SUPP-NOT: heap-buffer-overflow
// SUPP: leak: direct bytes=32 objects=1
// SUPP-NOT: legacy_init
// SUPP: leak-summary: definitely_lost=32/1 indirectly_lost=96/3 possibly_lost=50/1 still_reachable=7/1 suppressed=100/1 leaked=178/5
// SUPP-NOT: kind:
// Runtime messages go to stderr, not into the JSON stream.
// SUPP-STDERR: Sleuth: suppressed: 1 error report(s)
