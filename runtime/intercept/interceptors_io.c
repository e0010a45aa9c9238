/* Input, output and formatting into buffers: the bytes the kernel or stdio
 * reads from the program's buffers (write, fwrite, send) are checked
 * before the call; the bytes written into them (read, fread, fgets, recv,
 * snprintf) after it, as many as the call reports, since only those were
 * touched. sprintf and vsprintf have no bound, so their output is measured
 * first and the destination checked before libc writes past its end. */
#include <stdarg.h>
#include <sys/types.h>

#include "interceptors.h"
#include "printf_format.h"

/* Declared by hand: <stdio.h> at -O2 brings inline wrappers, and
 * <sys/socket.h> under _GNU_SOURCE passes addresses as transparent unions. */
typedef struct _IO_FILE FILE;
struct sockaddr;
typedef unsigned socklen_t;

DECLARE_REAL(ssize_t, read, int, void *, size_t)
DECLARE_REAL(ssize_t, pread, int, void *, size_t, off_t)
DECLARE_REAL(ssize_t, pread64, int, void *, size_t, off_t)
DECLARE_REAL(ssize_t, write, int, const void *, size_t)
DECLARE_REAL(ssize_t, pwrite, int, const void *, size_t, off_t)
DECLARE_REAL(ssize_t, pwrite64, int, const void *, size_t, off_t)
DECLARE_REAL(size_t, fread, void *, size_t, size_t, FILE *)
DECLARE_REAL(size_t, fwrite, const void *, size_t, size_t, FILE *)
DECLARE_REAL(char *, fgets, char *, int, FILE *)
DECLARE_REAL(size_t, fread_unlocked, void *, size_t, size_t, FILE *)
DECLARE_REAL(size_t, fwrite_unlocked, const void *, size_t, size_t, FILE *)
DECLARE_REAL(char *, fgets_unlocked, char *, int, FILE *)
DECLARE_REAL(ssize_t, recv, int, void *, size_t, int)
DECLARE_REAL(ssize_t, recvfrom, int, void *, size_t, int, struct sockaddr *,
             socklen_t *)
DECLARE_REAL(ssize_t, send, int, const void *, size_t, int)
DECLARE_REAL(ssize_t, sendto, int, const void *, size_t, int,
             const struct sockaddr *, socklen_t)
DECLARE_REAL(int, vsprintf, char *, const char *, va_list)
DECLARE_REAL(int, vsnprintf, char *, size_t, const char *, va_list)

void interceptors_io_init(void) {
  RESOLVE(read), RESOLVE(pread), RESOLVE(pread64), RESOLVE(write);
  RESOLVE(pwrite), RESOLVE(pwrite64), RESOLVE(fread), RESOLVE(fwrite);
  RESOLVE(fgets), RESOLVE(fread_unlocked), RESOLVE(fwrite_unlocked);
  RESOLVE(fgets_unlocked), RESOLVE(recv), RESOLVE(recvfrom), RESOLVE(send);
  RESOLVE(sendto), RESOLVE(vsprintf), RESOLVE(vsnprintf);
}

/* ---- file descriptors and sockets ------------------------------------- */

SL_INTERCEPTOR ssize_t read(int fd, void *buf, size_t n) {
  RESOLVE(read);
  if (CHECKS_ON())
    REVEAL_FOR_KERNEL(buf, n);
  ssize_t r = REAL(read)(fd, buf, n);
  if (CHECKS_ON() && r > 0)
    CHECK_WRITE(buf, r);
  return r;
}

SL_INTERCEPTOR ssize_t pread(int fd, void *buf, size_t n, off_t off) {
  RESOLVE(pread);
  if (CHECKS_ON())
    REVEAL_FOR_KERNEL(buf, n);
  ssize_t r = REAL(pread)(fd, buf, n, off);
  if (CHECKS_ON() && r > 0)
    CHECK_WRITE(buf, r);
  return r;
}

SL_INTERCEPTOR ssize_t pread64(int fd, void *buf, size_t n, off_t off) {
  RESOLVE(pread64);
  if (CHECKS_ON())
    REVEAL_FOR_KERNEL(buf, n);
  ssize_t r = REAL(pread64)(fd, buf, n, off);
  if (CHECKS_ON() && r > 0)
    CHECK_WRITE(buf, r);
  return r;
}

SL_INTERCEPTOR ssize_t write(int fd, const void *buf, size_t n) {
  RESOLVE(write);
  if (CHECKS_ON())
    CHECK_READ(buf, n);
  return REAL(write)(fd, buf, n);
}

SL_INTERCEPTOR ssize_t pwrite(int fd, const void *buf, size_t n, off_t off) {
  RESOLVE(pwrite);
  if (CHECKS_ON())
    CHECK_READ(buf, n);
  return REAL(pwrite)(fd, buf, n, off);
}

SL_INTERCEPTOR ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off) {
  RESOLVE(pwrite64);
  if (CHECKS_ON())
    CHECK_READ(buf, n);
  return REAL(pwrite64)(fd, buf, n, off);
}

SL_INTERCEPTOR ssize_t recv(int fd, void *buf, size_t n, int flags) {
  RESOLVE(recv);
  if (CHECKS_ON())
    REVEAL_FOR_KERNEL(buf, n);
  ssize_t r = REAL(recv)(fd, buf, n, flags);
  if (CHECKS_ON() && r > 0)
    CHECK_WRITE(buf, r);
  return r;
}

/* The source address is written up to the smaller of the caller's buffer
 * and the address's length. */
SL_INTERCEPTOR ssize_t recvfrom(int fd, void *buf, size_t n, int flags,
                              struct sockaddr *addr, socklen_t *addrlen) {
  RESOLVE(recvfrom);
  socklen_t cap = addr && addrlen ? *addrlen : 0;
  if (CHECKS_ON())
    REVEAL_FOR_KERNEL(buf, n);
  ssize_t r = REAL(recvfrom)(fd, buf, n, flags, addr, addrlen);
  if (CHECKS_ON() && r >= 0) {
    CHECK_WRITE(buf, r);
    if (cap)
      CHECK_WRITE(addr, MIN(cap, *addrlen));
  }
  return r;
}

SL_INTERCEPTOR ssize_t send(int fd, const void *buf, size_t n, int flags) {
  RESOLVE(send);
  if (CHECKS_ON_FOR(intercept_send))
    CHECK_READ(buf, n);
  return REAL(send)(fd, buf, n, flags);
}

SL_INTERCEPTOR ssize_t sendto(int fd, const void *buf, size_t n, int flags,
                            const struct sockaddr *addr, socklen_t addrlen) {
  RESOLVE(sendto);
  if (CHECKS_ON_FOR(intercept_send)) {
    CHECK_READ(buf, n);
    if (addr)
      CHECK_READ(addr, addrlen);
  }
  return REAL(sendto)(fd, buf, n, flags, addr, addrlen);
}

/* ---- stdio ------------------------------------------------------------ */

/* fread, fwrite and fgets, and their forms without the stream lock
 * (gnulib's unlocked-io.h maps the locked names to these in coreutils and
 * many GNU programs): the same checks around either call. */
/* clang-format off */
#define FREAD_BODY(name, buf, size, n, f)                                      \
  RESOLVE(name);                                                               \
  size_t r_ = REAL(name)(buf, size, n, f);                                     \
  if (CHECKS_ON() && r_)                                                       \
    CHECK_WRITE(buf, r_ * size);                                               \
  return r_
/* clang-format on */
#define FWRITE_BODY(name, buf, size, n, f)                                     \
  RESOLVE(name);                                                               \
  size_t bytes_;                                                               \
  if (CHECKS_ON() && !__builtin_mul_overflow(size, n, &bytes_))                \
    CHECK_READ(buf, bytes_);                                                   \
  return REAL(name)(buf, size, n, f)
#define FGETS_BODY(name, s, size, f)                                           \
  RESOLVE(name);                                                               \
  char *r_ = REAL(name)(s, size, f);                                           \
  if (CHECKS_ON() && r_)                                                       \
    CHECK_WRITE(s, sl_real_strlen(s) + 1);                                     \
  return r_

SL_INTERCEPTOR size_t fread(void *buf, size_t size, size_t n, FILE *f) {
  FREAD_BODY(fread, buf, size, n, f);
}

SL_INTERCEPTOR size_t fread_unlocked(void *buf, size_t size, size_t n, FILE *f) {
  FREAD_BODY(fread_unlocked, buf, size, n, f);
}

SL_INTERCEPTOR size_t fwrite(const void *buf, size_t size, size_t n, FILE *f) {
  FWRITE_BODY(fwrite, buf, size, n, f);
}

SL_INTERCEPTOR size_t fwrite_unlocked(const void *buf, size_t size, size_t n,
                                    FILE *f) {
  FWRITE_BODY(fwrite_unlocked, buf, size, n, f);
}

SL_INTERCEPTOR char *fgets(char *s, int size, FILE *f) {
  FGETS_BODY(fgets, s, size, f);
}

SL_INTERCEPTOR char *fgets_unlocked(char *s, int size, FILE *f) {
  FGETS_BODY(fgets_unlocked, s, size, f);
}

/* ---- formatting into buffers ------------------------------------------ */

/* The length sprintf will produce, found with a dry run. */
static int formatted_len(const char *fmt, va_list ap) {
  va_list aq;
  va_copy(aq, ap);
  int n = REAL(vsnprintf)(0, 0, fmt, aq);
  va_end(aq);
  return n;
}

#define SPRINTF_BODY(dst, fmt, ap)                                             \
  RESOLVE(vsprintf);                                                           \
  RESOLVE(vsnprintf);                                                          \
  CHECK_PRINTF_READS(fmt, ap);                                                 \
  if (CHECKS_ON()) {                                                           \
    int len_ = formatted_len(fmt, ap);                                         \
    if (len_ >= 0)                                                             \
      CHECK_WRITE(dst, (size_t)len_ + 1);                                      \
  }                                                                            \
  int r = REAL(vsprintf)(dst, fmt, ap)

/* snprintf writes min(result + 1, size) bytes (nothing when size is 0). */
/* clang-format off */
#define SNPRINTF_BODY(dst, size, fmt, ap)                                      \
  RESOLVE(vsnprintf);                                                          \
  CHECK_PRINTF_READS(fmt, ap);                                                 \
  int r = REAL(vsnprintf)(dst, size, fmt, ap);                                 \
  if (CHECKS_ON() && r >= 0 && size)                                           \
    CHECK_WRITE(dst, MIN((size_t)r + 1, (size_t)size))
/* clang-format on */

SL_INTERCEPTOR int vsprintf(char *dst, const char *fmt, va_list ap) {
  SPRINTF_BODY(dst, fmt, ap);
  return r;
}

SL_INTERCEPTOR int sprintf(char *dst, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  SPRINTF_BODY(dst, fmt, ap);
  va_end(ap);
  return r;
}

SL_INTERCEPTOR int vsnprintf(char *dst, size_t size, const char *fmt,
                           va_list ap) {
  SNPRINTF_BODY(dst, size, fmt, ap);
  return r;
}

SL_INTERCEPTOR int snprintf(char *dst, size_t size, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  SNPRINTF_BODY(dst, size, fmt, ap);
  va_end(ap);
  return r;
}
