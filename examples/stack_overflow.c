/* An off-by-one on a local array: the terminating zero lands one byte
 * past `name`. */
#include <stdio.h>
#include <string.h>

static void greet(const char *who) {
  char name[8];
  strcpy(name, who); /* "Sleuthy!" is 8 characters plus its zero */
  printf("hello, %s\n", name);
}

int main(void) {
  greet("Sleuthy!");
  return 0;
}
