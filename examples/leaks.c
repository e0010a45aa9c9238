/* A linked list whose head pointer is dropped: the head block is
 * definitely lost, the nodes behind it indirectly lost. The config string
 * is still reachable from a global and is not a leak. */
#include <stdlib.h>
#include <string.h>

struct node {
  struct node *next;
  int value;
};

static char *config;

static struct node *make_list(int n) {
  struct node *head = NULL;
  for (int i = 0; i < n; i++) {
    struct node *e = malloc(sizeof *e);
    e->value = i;
    e->next = head;
    head = e;
  }
  return head;
}

int main(void) {
  config = strdup("verbose=1");
  struct node *list = make_list(4);
  list = NULL; /* forgot free_list(list) */
  return 0;
}
