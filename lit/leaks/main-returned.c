// When main returns, its frames are dead: the pointers they left on the
// stack (where exit's own frames now run) must not keep a lost list
// reachable. No scrubbing here, unlike the other leak tests: this is the
// plain program a user writes. When exit() is called from inside main,
// main's locals are live and the block they point to is still reachable.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O1 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O0 -DEXIT_INSIDE %s -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=INSIDE --allow-empty
#include <stdio.h>
#include <stdlib.h>

struct node {
  struct node *next;
  int value;
};

__attribute__((noinline)) static struct node *make_list(int n) {
  struct node *head = NULL;
  for (int i = 0; i < n; i++) {
    struct node *e = malloc(sizeof *e); // line 20
    e->value = i;
    e->next = head;
    head = e;
  }
  return head;
}

__attribute__((noinline)) static void finish(struct node *l) {
  fprintf(stderr, "sum %d\n", l->value);
  exit(0);
}

int main(void) {
  struct node *volatile list = make_list(4);
#ifdef EXIT_INSIDE
  finish(list); // list is live in main's frame
#endif
  fprintf(stderr, "first %d\n", list->value);
  list = NULL; // forgot to free it
  return 0;
}
// CHECK: Direct leak of 16 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in make_list {{.*}}main-returned.c:20
// CHECK: Indirect leak of 48 byte(s) in 3 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in make_list {{.*}}main-returned.c:20
// CHECK: definitely lost: 16 bytes in 1 blocks
// CHECK-NEXT: indirectly lost: 48 bytes in 3 blocks
// INSIDE-NOT: leak of
