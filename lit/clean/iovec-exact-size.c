// readv, writev, preadv, pwritev, recvmsg and sendmsg with blocks of
// exactly the size the data needs, a short read into buffers offered
// larger than what arrives, and iovec arrays on the heap: nothing is
// reported, and the data arrives intact.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

static char *block(const char *s) {
  size_t n = strlen(s);
  char *p = (char *)malloc(n);
  memcpy(p, s, n);
  return p;
}

int main(int argc, char **argv) {
  int bad = 0;
  int fds[2];
  if (pipe(fds))
    return 2;
  char *a = block("abc"), *b = block("defgh");
  struct iovec *out = (struct iovec *)malloc(2 * sizeof *out);
  out[0].iov_base = a, out[0].iov_len = 3;
  out[1].iov_base = b, out[1].iov_len = 5;
  bad |= writev(fds[1], out, 2) != 8;
  char *x = (char *)malloc(3), *y = (char *)malloc(5);
  struct iovec in[2] = {{x, 3}, {y, 5}};
  bad |= readv(fds[0], in, 2) != 8;
  bad |= memcmp(x, "abc", 3) != 0 || memcmp(y, "defgh", 5) != 0;
  // A short read: 4 bytes arrive, the second buffer is offered as 4096.
  bad |= write(fds[1], "wxyz", 4) != 4;
  char *z = (char *)malloc(1);
  struct iovec in2[2] = {{x, 3}, {z, 4096}};
  bad |= readv(fds[0], in2, 2) != 4;
  bad |= z[0] != 'z';
  close(fds[0]), close(fds[1]);

  FILE *f = tmpfile();
  int fd = fileno(f);
  bad |= pwritev(fd, out, 2, 16) != 8;
  bad |= preadv(fd, in, 2, 16) != 8;
  bad |= memcmp(x, "abc", 3) != 0 || memcmp(y, "defgh", 5) != 0;
  fclose(f);

  int sv[2];
  if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
    return 2;
  struct msghdr *m = (struct msghdr *)calloc(1, sizeof *m);
  m->msg_iov = out, m->msg_iovlen = 2;
  bad |= sendmsg(sv[0], m, 0) != 8;
  struct msghdr r = {0};
  r.msg_iov = in, r.msg_iovlen = 2;
  bad |= recvmsg(sv[1], &r, 0) != 8;
  bad |= memcmp(y, "defgh", 5) != 0;
  close(sv[0]), close(sv[1]);

  free(m), free(z), free(x), free(y), free(out), free(a), free(b);
  return bad;
}
