/* libc and system calls that store results through pointer arguments: wait
 * statuses, pipe and socketpair descriptor pairs, frexp/modf parts, the
 * time of day, broken-down times, stat buffers, getcwd and readlink
 * buffers. Each out-parameter is checked after a successful call for the
 * bytes the call stored (the kernel's stores are invisible to the
 * instrumentation); path and time arguments are checked as read. */
#include <stddef.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>

#include "interceptors.h"

DECLARE_REAL(pid_t, wait, int *)
DECLARE_REAL(pid_t, waitpid, pid_t, int *, int)
DECLARE_REAL(pid_t, wait3, int *, int, struct rusage *)
DECLARE_REAL(pid_t, wait4, pid_t, int *, int, struct rusage *)
DECLARE_REAL(int, waitid, idtype_t, id_t, siginfo_t *, int)
DECLARE_REAL(int, pipe, int *)
DECLARE_REAL(int, pipe2, int *, int)
DECLARE_REAL(int, socketpair, int, int, int, int *)
DECLARE_REAL(double, frexp, double, int *)
DECLARE_REAL(float, frexpf, float, int *)
DECLARE_REAL(long double, frexpl, long double, int *)
DECLARE_REAL(double, modf, double, double *)
DECLARE_REAL(float, modff, float, float *)
DECLARE_REAL(long double, modfl, long double, long double *)
DECLARE_REAL(time_t, time, time_t *)
DECLARE_REAL(int, gettimeofday, struct timeval *, void *)
DECLARE_REAL(struct tm *, localtime_r, const time_t *, struct tm *)
DECLARE_REAL(struct tm *, gmtime_r, const time_t *, struct tm *)
DECLARE_REAL(char *, getcwd, char *, size_t)
DECLARE_REAL(ssize_t, readlink, const char *, char *, size_t)
DECLARE_REAL(int, stat, const char *, struct stat *)
DECLARE_REAL(int, lstat, const char *, struct stat *)
DECLARE_REAL(int, fstat, int, struct stat *)
DECLARE_REAL(int, fstatat, int, const char *, struct stat *, int)
DECLARE_REAL(int, stat64, const char *, struct stat64 *)
DECLARE_REAL(int, lstat64, const char *, struct stat64 *)
DECLARE_REAL(int, fstat64, int, struct stat64 *)
DECLARE_REAL(int, fstatat64, int, const char *, struct stat64 *, int)

void interceptors_outparams_init(void) {
  RESOLVE(wait), RESOLVE(waitpid), RESOLVE(wait3), RESOLVE(wait4);
  RESOLVE(waitid);
  RESOLVE(pipe), RESOLVE(pipe2), RESOLVE(socketpair);
  RESOLVE(frexp), RESOLVE(frexpf), RESOLVE(frexpl);
  RESOLVE(modf), RESOLVE(modff), RESOLVE(modfl);
  RESOLVE(time), RESOLVE(gettimeofday), RESOLVE(localtime_r);
  RESOLVE(gmtime_r), RESOLVE(getcwd), RESOLVE(readlink);
  RESOLVE(stat), RESOLVE(lstat), RESOLVE(fstat), RESOLVE(fstatat);
  RESOLVE(stat64), RESOLVE(lstat64), RESOLVE(fstat64), RESOLVE(fstatat64);
}

/* ---- child statuses --------------------------------------------------- */

/* Checked after every call that did not fail, as ASan checks it: also
 * when WNOHANG found no child to reap (0) and nothing was stored this time,
 * since the same call stores there once a child has exited. */
#define CHECK_WAIT_STATUS(r, status, ru)                                       \
  do {                                                                         \
    if (CHECKS_ON() && (r) >= 0) {                                             \
      if (status)                                                              \
        CHECK_WRITE(status, sizeof *(status));                                 \
      if (ru)                                                                  \
        CHECK_WRITE(ru, sizeof *(ru));                                         \
    }                                                                          \
  } while (0)

SL_INTERCEPTOR pid_t wait(int *status) {
  RESOLVE(wait);
  pid_t r = REAL(wait)(status);
  struct rusage *none = 0;
  CHECK_WAIT_STATUS(r, status, none);
  return r;
}

SL_INTERCEPTOR pid_t waitpid(pid_t pid, int *status, int options) {
  RESOLVE(waitpid);
  pid_t r = REAL(waitpid)(pid, status, options);
  struct rusage *none = 0;
  CHECK_WAIT_STATUS(r, status, none);
  return r;
}

SL_INTERCEPTOR pid_t wait3(int *status, int options, struct rusage *ru) {
  RESOLVE(wait3);
  pid_t r = REAL(wait3)(status, options, ru);
  CHECK_WAIT_STATUS(r, status, ru);
  return r;
}

SL_INTERCEPTOR pid_t wait4(pid_t pid, int *status, int options,
                         struct rusage *ru) {
  RESOLVE(wait4);
  pid_t r = REAL(wait4)(pid, status, options, ru);
  CHECK_WAIT_STATUS(r, status, ru);
  return r;
}

SL_INTERCEPTOR int waitid(idtype_t idtype, id_t id, siginfo_t *info,
                         int options) {
  RESOLVE(waitid);
  int r = REAL(waitid)(idtype, id, info, options);
  if (CHECKS_ON() && r == 0 && info)
    CHECK_WRITE(info, sizeof *info);
  return r;
}

/* ---- descriptor pairs ------------------------------------------------- */

SL_INTERCEPTOR int pipe(int fds[2]) {
  RESOLVE(pipe);
  int r = REAL(pipe)(fds);
  if (CHECKS_ON() && r == 0)
    CHECK_WRITE(fds, 2 * sizeof(int));
  return r;
}

SL_INTERCEPTOR int pipe2(int fds[2], int flags) {
  RESOLVE(pipe2);
  int r = REAL(pipe2)(fds, flags);
  if (CHECKS_ON() && r == 0)
    CHECK_WRITE(fds, 2 * sizeof(int));
  return r;
}

SL_INTERCEPTOR int socketpair(int domain, int type, int protocol, int sv[2]) {
  RESOLVE(socketpair);
  int r = REAL(socketpair)(domain, type, protocol, sv);
  if (CHECKS_ON() && r == 0)
    CHECK_WRITE(sv, 2 * sizeof(int));
  return r;
}

/* ---- frexp and modf --------------------------------------------------- */

/* The exponent or integral part is always stored. */
#define SPLIT_FLOAT(T, P, name)                                                \
  SL_INTERCEPTOR T name(T x, P *out) {                                           \
    RESOLVE(name);                                                             \
    T r = REAL(name)(x, out);                                                  \
    if (CHECKS_ON())                                                           \
      CHECK_WRITE(out, sizeof *out);                                           \
    return r;                                                                  \
  }

SPLIT_FLOAT(double, int, frexp)
SPLIT_FLOAT(float, int, frexpf)
SPLIT_FLOAT(long double, int, frexpl)
SPLIT_FLOAT(double, double, modf)
SPLIT_FLOAT(float, float, modff)
SPLIT_FLOAT(long double, long double, modfl)

/* ---- time ------------------------------------------------------------- */

SL_INTERCEPTOR time_t time(time_t *t) {
  RESOLVE(time);
  time_t r = REAL(time)(t);
  if (CHECKS_ON() && t && r != (time_t)-1)
    CHECK_WRITE(t, sizeof *t);
  return r;
}

/* The time zone argument is obsolete but still filled in when given.
 * glibc declares tv nonnull, yet NULL is accepted (sl_present). */
SL_INTERCEPTOR int gettimeofday(struct timeval *tv, void *tz) {
  RESOLVE(gettimeofday);
  int r = REAL(gettimeofday)(tv, tz);
  if (CHECKS_ON() && r == 0) {
    if (sl_present(tv))
      CHECK_WRITE(tv, sizeof *tv);
    if (tz)
      CHECK_WRITE(tz, sizeof(struct timezone));
  }
  return r;
}

#define BROKEN_DOWN_TIME(name)                                                 \
  SL_INTERCEPTOR struct tm *name(const time_t *t, struct tm *out) {              \
    RESOLVE(name);                                                             \
    if (CHECKS_ON())                                                           \
      CHECK_READ(t, sizeof *t);                                                \
    struct tm *r = REAL(name)(t, out);                                         \
    if (CHECKS_ON() && r)                                                      \
      CHECK_WRITE(out, sizeof *out);                                           \
    return r;                                                                  \
  }

BROKEN_DOWN_TIME(localtime_r)
BROKEN_DOWN_TIME(gmtime_r)

/* ---- paths ------------------------------------------------------------ */

/* getcwd(NULL, n) returns malloc'd memory (the runtime's malloc serves
 * it), nothing to check; otherwise the path and its NUL were stored. */
SL_INTERCEPTOR char *getcwd(char *buf, size_t size) {
  RESOLVE(getcwd);
  char *r = REAL(getcwd)(buf, size);
  if (CHECKS_ON() && r && buf)
    CHECK_WRITE(buf, sl_real_strlen(r) + 1);
  return r;
}

/* readlink stores the target without a NUL: exactly the result's bytes. */
SL_INTERCEPTOR ssize_t readlink(const char *path, char *buf, size_t n) {
  RESOLVE(readlink);
  if (CHECKS_ON() && sl_present(path))
    CHECK_READ(path, sl_real_strlen(path) + 1);
  ssize_t r = REAL(readlink)(path, buf, n);
  if (CHECKS_ON() && r > 0)
    CHECK_WRITE(buf, (size_t)r);
  return r;
}

/* The stat family: the path is read, the whole buffer stored on success.
 * intercept_stat=0 leaves them unchecked, as in ASan. */
#define STAT_PATH(name, ST)                                                    \
  SL_INTERCEPTOR int name(const char *path, ST *st) {                            \
    RESOLVE(name);                                                             \
    if (CHECKS_ON_FOR(intercept_stat) && sl_present(path))                     \
      CHECK_READ(path, sl_real_strlen(path) + 1);                              \
    int r = REAL(name)(path, st);                                              \
    if (CHECKS_ON_FOR(intercept_stat) && r == 0)                               \
      CHECK_WRITE(st, sizeof *st);                                             \
    return r;                                                                  \
  }
#define STAT_FD(name, ST)                                                      \
  SL_INTERCEPTOR int name(int fd, ST *st) {                                      \
    RESOLVE(name);                                                             \
    int r = REAL(name)(fd, st);                                                \
    if (CHECKS_ON_FOR(intercept_stat) && r == 0)                               \
      CHECK_WRITE(st, sizeof *st);                                             \
    return r;                                                                  \
  }
#define STAT_AT(name, ST)                                                      \
  SL_INTERCEPTOR int name(int dirfd, const char *path, ST *st, int flags) {      \
    RESOLVE(name);                                                             \
    if (CHECKS_ON_FOR(intercept_stat) && sl_present(path))                     \
      CHECK_READ(path, sl_real_strlen(path) + 1);                              \
    int r = REAL(name)(dirfd, path, st, flags);                                \
    if (CHECKS_ON_FOR(intercept_stat) && r == 0)                               \
      CHECK_WRITE(st, sizeof *st);                                             \
    return r;                                                                  \
  }

STAT_PATH(stat, struct stat)
STAT_PATH(lstat, struct stat)
STAT_FD(fstat, struct stat)
STAT_AT(fstatat, struct stat)
STAT_PATH(stat64, struct stat64)
STAT_PATH(lstat64, struct stat64)
STAT_FD(fstat64, struct stat64)
STAT_AT(fstatat64, struct stat64)
