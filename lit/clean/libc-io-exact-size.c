// read, write, fread, fwrite, fgets and recv/send into blocks of exactly
// the size the data needs, and buffers declared larger than the data that
// arrives: only the bytes transferred are checked, so nothing is reported.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int bad = 0;
  int fds[2];
  if (pipe(fds))
    return 2;
  char *msg = (char *)malloc(10);
  memcpy(msg, "0123456789", 10);
  bad |= write(fds[1], msg, 10) != 10;
  char *in = (char *)malloc(10);
  bad |= read(fds[0], in, 10) != 10;
  bad |= memcmp(in, msg, 10) != 0;
  // A short read into a buffer smaller than the count: 4 bytes arrive.
  bad |= write(fds[1], msg, 4) != 4;
  char *small = (char *)malloc(4);
  bad |= read(fds[0], small, 4096) != 4;
  close(fds[0]), close(fds[1]);

  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
    return 2;
  bad |= send(sv[0], msg, 10, 0) != 10;
  bad |= recv(sv[1], in, 10, 0) != 10;
  close(sv[0]), close(sv[1]);

  FILE *f = tmpfile();
  bad |= fwrite(msg, 1, 10, f) != 10;
  fputs("\nline two\nlast", f);
  rewind(f);
  bad |= fread(in, 2, 5, f) != 5;
  // Lines read into blocks sized for each of them.
  char *l1 = (char *)malloc(2), *l2 = (char *)malloc(10), *l3 = (char *)malloc(5);
  bad |= fgets(l1, 2, f) == 0 || strcmp(l1, "\n") != 0;
  bad |= fgets(l2, 10, f) == 0 || strcmp(l2, "line two\n") != 0;
  bad |= fgets(l3, 5, f) == 0 || strcmp(l3, "last") != 0;
  bad |= fgets(l3, 5, f) != 0;
  fclose(f);

  free(l1), free(l2), free(l3), free(small), free(in), free(msg);
  return bad;
}
