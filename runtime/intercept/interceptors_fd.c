/* The calls with which a program puts a file on fd 2 on purpose (a daemon
 * sending stderr to its log, libFuzzer's -close_fd_mask): afterwards that
 * file is stderr, and reports go there (report/stderr_identity.c). A file
 * that gets number 2 by any other way is not. */
#include <fcntl.h>
#include <stdio.h>

#include "interceptors.h"
#include "stderr_identity.h"

DECLARE_REAL(int, dup2, int, int)
DECLARE_REAL(int, dup3, int, int, int)
DECLARE_REAL(FILE *, freopen, const char *, const char *, FILE *)
DECLARE_REAL(FILE *, freopen64, const char *, const char *, FILE *)

SL_INTERFACE int dup2(int from, int to) {
  RESOLVE(dup2);
  int r = REAL(dup2)(from, to);
  if (r == 2)
    stderr_note_identity();
  return r;
}

SL_INTERFACE int dup3(int from, int to, int flags) {
  RESOLVE(dup3);
  int r = REAL(dup3)(from, to, flags);
  if (r == 2)
    stderr_note_identity();
  return r;
}

/* freopen keeps the stream's descriptor (glibc moves the new file onto it
 * with an internal dup3, which no interceptor sees). */
SL_INTERFACE FILE *freopen(const char *path, const char *mode, FILE *f) {
  RESOLVE(freopen);
  FILE *r = REAL(freopen)(path, mode, f);
  if (r && fileno(r) == 2)
    stderr_note_identity();
  return r;
}

SL_INTERFACE FILE *freopen64(const char *path, const char *mode, FILE *f) {
  RESOLVE(freopen64);
  FILE *r = REAL(freopen64)(path, mode, f);
  if (r && fileno(r) == 2)
    stderr_note_identity();
  return r;
}
