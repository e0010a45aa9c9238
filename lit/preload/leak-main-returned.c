// A program built without Sleuth that drops a list and returns from main,
// run under sleuth-run: main's dead frames (where exit's own frames now
// run) must not keep the list reachable through stale slots: the head is a
// direct leak, the rest indirect. (Instrumented builds:
// lit/leaks/main-returned.c.)
// RUN: %clang -O0 -g %s -o %t
// RUN: not %sleuth_run %t 2>&1 | FileCheck %s
#include <stdlib.h>

struct node {
  struct node *next;
  int value;
};

__attribute__((noinline)) static struct node *make_list(int n) {
  struct node *head = NULL;
  for (int i = 0; i < n; i++) {
    struct node *e = malloc(sizeof *e); // line 18
    e->value = i;
    e->next = head;
    head = e;
  }
  return head;
}

int main(void) {
  struct node *list = make_list(4);
  list = NULL; // forgot to free it
  return 0;
}
// CHECK: Direct leak of 16 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in make_list {{.*}}leak-main-returned.c:18
// CHECK: Indirect leak of 48 byte(s) in 3 object(s) allocated from:
// CHECK: definitely lost: 16 bytes in 1 blocks
// CHECK-NEXT: indirectly lost: 48 bytes in 3 blocks
