// The leak-scan tests' program parts: a two-node list lost whole (one
// direct and one indirect leak, both allocated at line 15, lost at line 22)
// and a scrub of the stack below main, so that no stale copy of a pointer
// keeps a lost block reachable.
#include <stdlib.h>
#include <string.h>

struct node {
  struct node *next;
  char pad[24];
};

__attribute__((noinline)) static struct node *new_node(struct node *next) {
  struct node *n;
  n = malloc(sizeof *n);
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
