/* The _FORTIFY_SOURCE entry points (__memcpy_chk, __read_chk, ...) that
 * code built with -D_FORTIFY_SOURCE calls instead of the plain functions
 * when the compiler knows the destination's size. Each checks the same
 * ranges as its plain interceptor, then hands the call to glibc's own
 * __*_chk, which keeps fortify's behaviour (__chk_fail when the object
 * size is exceeded). Where glibc would stop the program before touching
 * memory, the requested range is checked first, so a poisoned one gets
 * Sleuth's report rather than glibc's "buffer overflow detected". */
#include <stdarg.h>
#include <sys/types.h>

#include "interceptors.h"
#include "printf_format.h"

typedef struct _IO_FILE FILE;
struct sockaddr;
typedef unsigned socklen_t;

DECLARE_REAL(void *, __memcpy_chk, void *, const void *, size_t, size_t)
DECLARE_REAL(void *, __memmove_chk, void *, const void *, size_t, size_t)
DECLARE_REAL(void *, __memset_chk, void *, int, size_t, size_t)
DECLARE_REAL(char *, __strcpy_chk, char *, const char *, size_t)
DECLARE_REAL(char *, __stpcpy_chk, char *, const char *, size_t)
DECLARE_REAL(char *, __strcat_chk, char *, const char *, size_t)
DECLARE_REAL(char *, __strncpy_chk, char *, const char *, size_t, size_t)
DECLARE_REAL(size_t, strnlen, const char *, size_t)
DECLARE_REAL(int, __vsprintf_chk, char *, int, size_t, const char *, va_list)
DECLARE_REAL(int, __vsnprintf_chk, char *, size_t, int, size_t, const char *,
             va_list)
DECLARE_REAL(int, vsnprintf, char *, size_t, const char *, va_list)
DECLARE_REAL(ssize_t, __read_chk, int, void *, size_t, size_t)
DECLARE_REAL(ssize_t, __pread_chk, int, void *, size_t, off_t, size_t)
DECLARE_REAL(ssize_t, __pread64_chk, int, void *, size_t, off_t, size_t)
DECLARE_REAL(ssize_t, __recv_chk, int, void *, size_t, size_t, int)
DECLARE_REAL(ssize_t, __recvfrom_chk, int, void *, size_t, size_t, int,
             struct sockaddr *, socklen_t *)
DECLARE_REAL(size_t, __fread_chk, void *, size_t, size_t, size_t, FILE *)
DECLARE_REAL(char *, __fgets_chk, char *, size_t, int, FILE *)

void interceptors_fortify_init(void) {
  RESOLVE(__memcpy_chk), RESOLVE(__memmove_chk), RESOLVE(__memset_chk);
  RESOLVE(__strcpy_chk), RESOLVE(__stpcpy_chk), RESOLVE(__strcat_chk);
  RESOLVE(__strncpy_chk), RESOLVE(strnlen), RESOLVE(__vsprintf_chk);
  RESOLVE(__vsnprintf_chk), RESOLVE(vsnprintf), RESOLVE(__read_chk);
  RESOLVE(__pread_chk), RESOLVE(__pread64_chk), RESOLVE(__recv_chk);
  RESOLVE(__recvfrom_chk), RESOLVE(__fread_chk), RESOLVE(__fgets_chk);
}

/* ---- memory and strings ----------------------------------------------- */

SL_INTERCEPTOR void *__memcpy_chk(void *dst, const void *src, size_t n,
                                size_t dstlen) {
  RESOLVE(__memcpy_chk);
  if (CHECKS_ON()) {
    if (dst != src)
      CHECK_OVERLAP("memcpy", dst, n, src, n);
    CHECK_READ(src, n);
    CHECK_WRITE(dst, n);
  }
  return REAL(__memcpy_chk)(dst, src, n, dstlen);
}

SL_INTERCEPTOR void *__memmove_chk(void *dst, const void *src, size_t n,
                                 size_t dstlen) {
  RESOLVE(__memmove_chk);
  if (CHECKS_ON()) {
    CHECK_READ(src, n);
    CHECK_WRITE(dst, n);
  }
  return REAL(__memmove_chk)(dst, src, n, dstlen);
}

SL_INTERCEPTOR void *__memset_chk(void *dst, int c, size_t n, size_t dstlen) {
  RESOLVE(__memset_chk);
  if (CHECKS_ON())
    CHECK_WRITE(dst, n);
  return REAL(__memset_chk)(dst, c, n, dstlen);
}

SL_INTERCEPTOR char *__strcpy_chk(char *dst, const char *src, size_t dstlen) {
  RESOLVE(__strcpy_chk);
  if (CHECKS_ON())
    CHECK_STRCPY_ARGS("strcpy", dst, src);
  return REAL(__strcpy_chk)(dst, src, dstlen);
}

SL_INTERCEPTOR char *__stpcpy_chk(char *dst, const char *src, size_t dstlen) {
  RESOLVE(__stpcpy_chk);
  if (CHECKS_ON())
    CHECK_STRCPY_ARGS("stpcpy", dst, src);
  return REAL(__stpcpy_chk)(dst, src, dstlen);
}

SL_INTERCEPTOR char *__strcat_chk(char *dst, const char *src, size_t dstlen) {
  RESOLVE(__strcat_chk);
  if (CHECKS_ON())
    CHECK_STRCAT_ARGS(dst, src);
  return REAL(__strcat_chk)(dst, src, dstlen);
}

SL_INTERCEPTOR char *__strncpy_chk(char *dst, const char *src, size_t n,
                                 size_t dstlen) {
  RESOLVE(__strncpy_chk);
  if (CHECKS_ON())
    CHECK_STRNCPY_ARGS(dst, src, n);
  return REAL(__strncpy_chk)(dst, src, n, dstlen);
}

/* ---- formatting ------------------------------------------------------- */

static int formatted_len(const char *fmt, va_list ap) {
  RESOLVE(vsnprintf);
  va_list aq;
  va_copy(aq, ap);
  int n = REAL(vsnprintf)(0, 0, fmt, aq);
  va_end(aq);
  return n;
}

/* No bound but the object size: the output is measured first. */
#define SPRINTF_CHK_BODY(dst, flag, slen, fmt, ap)                             \
  RESOLVE(__vsprintf_chk);                                                     \
  CHECK_PRINTF_READS(fmt, ap);                                                 \
  if (CHECKS_ON()) {                                                           \
    int len_ = formatted_len(fmt, ap);                                         \
    if (len_ >= 0)                                                             \
      CHECK_WRITE(dst, (size_t)len_ + 1);                                      \
  }                                                                            \
  int r = REAL(__vsprintf_chk)(dst, flag, slen, fmt, ap)

/* glibc stops before writing when slen < maxlen; otherwise the bytes
 * written are checked afterwards, as for snprintf. */
/* clang-format off */
#define SNPRINTF_CHK_BODY(dst, maxlen, flag, slen, fmt, ap)                    \
  RESOLVE(__vsnprintf_chk);                                                    \
  CHECK_PRINTF_READS(fmt, ap);                                                 \
  int early_ = CHECKS_ON() && slen < maxlen;                                   \
  if (early_) {                                                                \
    int len_ = formatted_len(fmt, ap);                                         \
    if (len_ >= 0)                                                             \
      CHECK_WRITE(dst, MIN((size_t)len_ + 1, maxlen));                         \
  }                                                                            \
  int r = REAL(__vsnprintf_chk)(dst, maxlen, flag, slen, fmt, ap);             \
  if (CHECKS_ON() && !early_ && r >= 0 && maxlen)                              \
    CHECK_WRITE(dst, MIN((size_t)r + 1, maxlen))
/* clang-format on */

SL_INTERCEPTOR int __vsprintf_chk(char *dst, int flag, size_t slen,
                                const char *fmt, va_list ap) {
  SPRINTF_CHK_BODY(dst, flag, slen, fmt, ap);
  return r;
}

SL_INTERCEPTOR int __sprintf_chk(char *dst, int flag, size_t slen,
                               const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  SPRINTF_CHK_BODY(dst, flag, slen, fmt, ap);
  va_end(ap);
  return r;
}

SL_INTERCEPTOR int __vsnprintf_chk(char *dst, size_t maxlen, int flag,
                                 size_t slen, const char *fmt, va_list ap) {
  SNPRINTF_CHK_BODY(dst, maxlen, flag, slen, fmt, ap);
  return r;
}

SL_INTERCEPTOR int __snprintf_chk(char *dst, size_t maxlen, int flag, size_t slen,
                                const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  SNPRINTF_CHK_BODY(dst, maxlen, flag, slen, fmt, ap);
  va_end(ap);
  return r;
}

/* ---- input ------------------------------------------------------------ */

/* For the reads: glibc fails before reading when the request is larger
 * than the buffer; otherwise the bytes read are checked afterwards. */
/* clang-format off */
#define READ_CHK_BODY(buf, n, buflen, call)                                    \
  if (CHECKS_ON() && (n) > (buflen))                                           \
    CHECK_WRITE(buf, n);                                                       \
  ssize_t r = call;                                                            \
  if (CHECKS_ON() && r > 0)                                                    \
    CHECK_WRITE(buf, r)
/* clang-format on */

SL_INTERCEPTOR ssize_t __read_chk(int fd, void *buf, size_t n, size_t buflen) {
  RESOLVE(__read_chk);
  READ_CHK_BODY(buf, n, buflen, REAL(__read_chk)(fd, buf, n, buflen));
  return r;
}

SL_INTERCEPTOR ssize_t __pread_chk(int fd, void *buf, size_t n, off_t off,
                                 size_t buflen) {
  RESOLVE(__pread_chk);
  READ_CHK_BODY(buf, n, buflen, REAL(__pread_chk)(fd, buf, n, off, buflen));
  return r;
}

SL_INTERCEPTOR ssize_t __pread64_chk(int fd, void *buf, size_t n, off_t off,
                                   size_t buflen) {
  RESOLVE(__pread64_chk);
  READ_CHK_BODY(buf, n, buflen, REAL(__pread64_chk)(fd, buf, n, off, buflen));
  return r;
}

SL_INTERCEPTOR ssize_t __recv_chk(int fd, void *buf, size_t n, size_t buflen,
                                int flags) {
  RESOLVE(__recv_chk);
  READ_CHK_BODY(buf, n, buflen, REAL(__recv_chk)(fd, buf, n, buflen, flags));
  return r;
}

SL_INTERCEPTOR ssize_t __recvfrom_chk(int fd, void *buf, size_t n, size_t buflen,
                                    int flags, struct sockaddr *addr,
                                    socklen_t *addrlen) {
  RESOLVE(__recvfrom_chk);
  socklen_t cap = addr && addrlen ? *addrlen : 0;
  READ_CHK_BODY(buf, n, buflen,
                REAL(__recvfrom_chk)(fd, buf, n, buflen, flags, addr, addrlen));
  if (CHECKS_ON() && r >= 0 && cap)
    CHECK_WRITE(addr, MIN(cap, *addrlen));
  return r;
}

SL_INTERCEPTOR size_t __fread_chk(void *buf, size_t buflen, size_t size, size_t n,
                                FILE *f) {
  RESOLVE(__fread_chk);
  size_t bytes;
  if (CHECKS_ON() && !__builtin_mul_overflow(size, n, &bytes) && bytes > buflen)
    CHECK_WRITE(buf, bytes);
  size_t r = REAL(__fread_chk)(buf, buflen, size, n, f);
  if (CHECKS_ON() && r)
    CHECK_WRITE(buf, r * size);
  return r;
}

/* glibc reads at most the buffer's size and fails if the line needed more,
 * so only the bytes it wrote are checked. */
SL_INTERCEPTOR char *__fgets_chk(char *s, size_t size, int n, FILE *f) {
  RESOLVE(__fgets_chk);
  char *r = REAL(__fgets_chk)(s, size, n, f);
  if (CHECKS_ON() && r)
    CHECK_WRITE(s, sl_real_strlen(s) + 1);
  return r;
}
