// A program built without Sleuth and without frame pointers, run under
// sleuth-run: direct, indirect and reachable leaks, each with the
// allocation line of the call to malloc and the callers above it (DWARF
// unwinding). (Possibly lost blocks: lit/leaks/possible-interior.c.)
// RUN: %clang -O2 -g -fomit-frame-pointer %s -o %t
// RUN: env SLEUTH_OPTIONS=show_reachable=1 not %sleuth_run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

struct node {
  struct node *next;
  char pad[24];
};

void *volatile reachable;

__attribute__((noinline)) static struct node *new_node(struct node *next) {
  struct node *n = malloc(sizeof *n);
  memset(n, 0, sizeof *n);
  n->next = next;
  return n;
}

__attribute__((noinline)) static void lose_list(void) {
  struct node *volatile head = new_node(new_node(0));
  head = 0;
}

__attribute__((noinline)) static void scrub(void) {
  volatile char buf[65536];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
}

int main(void) {
  lose_list();
  reachable = malloc(64);
  scrub();
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of 32 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in {{malloc|calloc}}
// CHECK-NEXT: #1 {{.*}} in new_node {{.*}}leak-kinds.c:18
// CHECK-NEXT: #2 {{.*}} in lose_list {{.*}}leak-kinds.c:25
// CHECK-NEXT: #3 {{.*}} in main {{.*}}leak-kinds.c:36
// CHECK: Indirect leak of 32 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in {{malloc|calloc}}
// CHECK-NEXT: #1 {{.*}} in new_node {{.*}}leak-kinds.c:18
// CHECK-NEXT: #2 {{.*}} in lose_list {{.*}}leak-kinds.c:25
// CHECK: Reachable: 64 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in {{malloc|calloc}}
// CHECK-NEXT: #1 {{.*}} in main {{.*}}leak-kinds.c:37
// CHECK: definitely lost: 32 bytes in 1 blocks
// CHECK: indirectly lost: 32 bytes in 1 blocks
