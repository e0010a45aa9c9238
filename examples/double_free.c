/* Two owners of one buffer both free it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct conn {
  char *buf;
};

static void close_conn(struct conn *c) { free(c->buf); }

int main(void) {
  char *buf = malloc(64);
  strcpy(buf, "hello");
  struct conn a = {buf}, b = {buf};
  printf("%s %s\n", a.buf, b.buf);
  close_conn(&a);
  close_conn(&b);
  return 0;
}
