/* Scatter/gather I/O: readv, writev, their positioned forms, recvmsg and
 * sendmsg. As for read and write (interceptors_io.c), the buffers the
 * kernel reads are checked in full before the call and the ones it fills
 * after it, as far as the bytes the call reports; the iovec array and the
 * msghdr are the program's memory too and are checked as read. */
#include <sys/socket.h>
#include <sys/uio.h>

#include "interceptors.h"

DECLARE_REAL(ssize_t, readv, int, const struct iovec *, int)
DECLARE_REAL(ssize_t, writev, int, const struct iovec *, int)
DECLARE_REAL(ssize_t, preadv, int, const struct iovec *, int, off_t)
DECLARE_REAL(ssize_t, preadv64, int, const struct iovec *, int, off_t)
DECLARE_REAL(ssize_t, pwritev, int, const struct iovec *, int, off_t)
DECLARE_REAL(ssize_t, pwritev64, int, const struct iovec *, int, off_t)
DECLARE_REAL(ssize_t, preadv2, int, const struct iovec *, int, off_t, int)
DECLARE_REAL(ssize_t, pwritev2, int, const struct iovec *, int, off_t, int)
DECLARE_REAL(ssize_t, recvmsg, int, struct msghdr *, int)
DECLARE_REAL(ssize_t, sendmsg, int, const struct msghdr *, int)

void interceptors_iovec_init(void) {
  RESOLVE(readv), RESOLVE(writev), RESOLVE(preadv), RESOLVE(preadv64);
  RESOLVE(pwritev), RESOLVE(pwritev64), RESOLVE(preadv2), RESOLVE(pwritev2);
  RESOLVE(recvmsg), RESOLVE(sendmsg);
}

/* An iovcnt the kernel rejects (EINVAL) touches no buffer: nothing to
 * check, and a negative count must not become a huge range. */
#define IOV_COUNT_OK(cnt) ((cnt) > 0 && (cnt) <= 1024)

/* The array itself, then the first n bytes of the buffers it lists, in
 * order (n = SIZE_MAX: all of them). Macros, so that a report's frame #0
 * is the interceptor (interceptors.h). */
#define CHECK_IOV(iov, cnt, n, is_write)                                       \
  do {                                                                         \
    CHECK_READ(iov, (size_t)(cnt) * sizeof(struct iovec));                     \
    size_t left_ = (n);                                                        \
    for (int i_ = 0; i_ < (cnt) && left_; i_++) {                              \
      size_t len_ = MIN((iov)[i_].iov_len, left_);                             \
      CHECK_RANGE((iov)[i_].iov_base, len_, is_write);                         \
      left_ -= len_;                                                           \
    }                                                                          \
  } while (0)
#define CHECK_IOV_READ_ALL(iov, cnt)                                           \
  do {                                                                         \
    if (CHECKS_ON() && IOV_COUNT_OK(cnt))                                      \
      CHECK_IOV(iov, cnt, (size_t)-1, 0);                                      \
  } while (0)
#define CHECK_IOV_FILLED(iov, cnt, r)                                          \
  do {                                                                         \
    if (CHECKS_ON() && (r) >= 0 && IOV_COUNT_OK(cnt))                          \
      CHECK_IOV(iov, cnt, (size_t)(r), 1);                                     \
  } while (0)

/* The read and write forms: the call, with the checks after or before it. */
#define IOV_READ_BODY(name, ...)                                               \
  RESOLVE(name);                                                               \
  ssize_t r_ = REAL(name)(__VA_ARGS__);                                        \
  CHECK_IOV_FILLED(iov, cnt, r_);                                              \
  return r_
#define IOV_WRITE_BODY(name, ...)                                              \
  RESOLVE(name);                                                               \
  CHECK_IOV_READ_ALL(iov, cnt);                                                \
  return REAL(name)(__VA_ARGS__)

SL_INTERCEPTOR ssize_t readv(int fd, const struct iovec *iov, int cnt) {
  IOV_READ_BODY(readv, fd, iov, cnt);
}

SL_INTERCEPTOR ssize_t preadv(int fd, const struct iovec *iov, int cnt,
                            off_t off) {
  IOV_READ_BODY(preadv, fd, iov, cnt, off);
}

SL_INTERCEPTOR ssize_t preadv64(int fd, const struct iovec *iov, int cnt,
                              off_t off) {
  IOV_READ_BODY(preadv64, fd, iov, cnt, off);
}

SL_INTERCEPTOR ssize_t preadv2(int fd, const struct iovec *iov, int cnt,
                             off_t off, int flags) {
  IOV_READ_BODY(preadv2, fd, iov, cnt, off, flags);
}

SL_INTERCEPTOR ssize_t writev(int fd, const struct iovec *iov, int cnt) {
  IOV_WRITE_BODY(writev, fd, iov, cnt);
}

SL_INTERCEPTOR ssize_t pwritev(int fd, const struct iovec *iov, int cnt,
                             off_t off) {
  IOV_WRITE_BODY(pwritev, fd, iov, cnt, off);
}

SL_INTERCEPTOR ssize_t pwritev64(int fd, const struct iovec *iov, int cnt,
                               off_t off) {
  IOV_WRITE_BODY(pwritev64, fd, iov, cnt, off);
}

SL_INTERCEPTOR ssize_t pwritev2(int fd, const struct iovec *iov, int cnt,
                              off_t off, int flags) {
  IOV_WRITE_BODY(pwritev2, fd, iov, cnt, off, flags);
}

/* The kernel fills the data buffers as far as the bytes received, the
 * source address and the ancillary data up to the lengths it stores back
 * (never more than the program offered). */
SL_INTERCEPTOR ssize_t recvmsg(int fd, struct msghdr *msg, int flags) {
  RESOLVE(recvmsg);
  socklen_t name_cap = msg ? msg->msg_namelen : 0;
  size_t control_cap = msg ? msg->msg_controllen : 0;
  ssize_t r = REAL(recvmsg)(fd, msg, flags);
  if (CHECKS_ON() && r >= 0 && msg) {
    CHECK_READ(msg, sizeof *msg);
    int cnt = (int)msg->msg_iovlen;
    if (IOV_COUNT_OK(cnt))
      CHECK_IOV(msg->msg_iov, cnt, (size_t)r, 1);
    if (msg->msg_name)
      CHECK_WRITE(msg->msg_name, MIN(name_cap, msg->msg_namelen));
    if (msg->msg_control)
      CHECK_WRITE(msg->msg_control, MIN(control_cap, msg->msg_controllen));
  }
  return r;
}

SL_INTERCEPTOR ssize_t sendmsg(int fd, const struct msghdr *msg, int flags) {
  RESOLVE(sendmsg);
  if (CHECKS_ON_FOR(intercept_send) && msg) {
    CHECK_READ(msg, sizeof *msg);
    int cnt = (int)msg->msg_iovlen;
    if (IOV_COUNT_OK(cnt))
      CHECK_IOV(msg->msg_iov, cnt, (size_t)-1, 0);
    if (msg->msg_name)
      CHECK_READ(msg->msg_name, msg->msg_namelen);
    if (msg->msg_control)
      CHECK_READ(msg->msg_control, msg->msg_controllen);
  }
  return REAL(sendmsg)(fd, msg, flags);
}
