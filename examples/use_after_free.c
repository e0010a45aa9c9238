/* A pointer kept after realloc moved the block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  (void)argv;
  char *name = malloc(16);
  snprintf(name, 16, "session-%d", argc);
  char *alias = name;
  name = realloc(name, 4096); /* moves the block: alias now dangles */
  strcat(name, ": a much longer description");
  printf("%s\n", name);
  printf("first letter: %c\n", alias[0]); /* reads freed memory */
  free(name);
  return 0;
}
