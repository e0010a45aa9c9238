// A linked list whose head pointer is lost: the head is definitely lost
// (Direct), the other nodes are reachable only from it (Indirect).
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

struct node {
  struct node *next;
  long payload[3];
};

__attribute__((noinline)) static struct node *push(struct node *head) {
  struct node *n = malloc(sizeof *n);
  n->next = head;
  return n;
}

static volatile int count = 5;

__attribute__((noinline)) static void build_and_lose(void) {
  struct node *head = malloc(sizeof(struct node)); // the head: 32 bytes
  head->next = 0;
  for (int i = 0; i < count; i++)
    head->next = push(head->next);
  // The list is never read again, so the optimizer may drop the stores that
  // link it (clang 22 does at -O2); make them happen, as in real code.
  __asm__ volatile("" : : "r"(head) : "memory");
}

// Not instrumented: with stack redzones its frame would keep a redzone at
// the top, where build_and_lose's stale pointers lie, unscrubbed.
__attribute__((noinline, disable_sanitizer_instrumentation)) static void
scrub(void) {
  volatile char buf[8192];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory"); // keep the memset
}

int main(void) {
  build_and_lose();
  scrub();
  return 0;
}
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK: Direct leak of 32 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in build_and_lose .*}}list-head-lost.c:22
// CHECK: Indirect leak of 160 byte(s) in 5 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in push .*}}list-head-lost.c:14
// CHECK: definitely lost: 32 bytes in 1 blocks
// CHECK-NEXT: indirectly lost: 160 bytes in 5 blocks
// CHECK: SUMMARY: Sleuth: 192 byte(s) leaked in 6 allocation(s).
