// A _FORTIFY_SOURCE=2 build: copies, formatting and reads that fit their
// blocks go through glibc's __*_chk entry points without any report.
// RUN: %sleuth_cc -O2 -D_FORTIFY_SOURCE=2 %s -o %t && %run %t 2>&1 | count 0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char text[32] = "fortified copies";

int main(int argc, char **argv) {
  int bad = 0;
  size_t n = strlen(text) + (argc - 1);
  char *a = (char *)malloc(17);
  memcpy(a, text, n + 1);
  memmove(a + 1, a, n);
  memset(a, 'x', n + 1);
  strcpy(a, text);
  bad |= strcmp(a, text) != 0;
  char *b = (char *)malloc(17);
  strncpy(b, text, 17);
  b[0] = 0;
  strcat(b, text);
  bad |= sprintf(a, "%d:%s", argc, "fourteen bytes") != 16;
  bad |= snprintf(b, 17, "%s%s", text, text) != 32;
  int fds[2];
  if (pipe(fds))
    return 2;
  bad |= write(fds[1], text, 16) != 16;
  bad |= read(fds[0], a, 17) != 16;
  FILE *f = tmpfile();
  fputs("0123456789abcdef\nx", f);
  rewind(f);
  bad |= fgets(b, 17, f) == 0;
  bad |= fread(a, 1, 17, f) != 2;
  fclose(f);
  free(a), free(b);
  return bad;
}
