/* The printf family's reads (check_printf=1, ASan's default): the format
 * and every %s string, checked before libc formats them; puts and fputs
 * read their string and its NUL. The formatting-into-a-buffer members
 * (sprintf, snprintf) also check their destination (interceptors_io.c). */
#include <stdarg.h>

#include "interceptors.h"
#include "printf_format.h"

/* Declared by hand: <stdio.h> at -O2 brings inline wrappers. */
typedef struct _IO_FILE FILE;

DECLARE_REAL(int, vprintf, const char *, va_list)
DECLARE_REAL(int, vfprintf, FILE *, const char *, va_list)
DECLARE_REAL(int, vdprintf, int, const char *, va_list)
DECLARE_REAL(int, __vprintf_chk, int, const char *, va_list)
DECLARE_REAL(int, __vfprintf_chk, FILE *, int, const char *, va_list)
DECLARE_REAL(int, __vdprintf_chk, int, int, const char *, va_list)
DECLARE_REAL(int, puts, const char *)
DECLARE_REAL(int, fputs, const char *, FILE *)
DECLARE_REAL(int, fputs_unlocked, const char *, FILE *)

void interceptors_printf_init(void) {
  RESOLVE(vprintf), RESOLVE(vfprintf), RESOLVE(vdprintf);
  RESOLVE(__vprintf_chk), RESOLVE(__vfprintf_chk), RESOLVE(__vdprintf_chk);
  RESOLVE(puts), RESOLVE(fputs), RESOLVE(fputs_unlocked);
}

SL_INTERCEPTOR int vprintf(const char *fmt, va_list ap) {
  RESOLVE(vprintf);
  CHECK_PRINTF_READS(fmt, ap);
  return REAL(vprintf)(fmt, ap);
}

SL_INTERCEPTOR int printf(const char *fmt, ...) {
  RESOLVE(vprintf);
  va_list ap;
  va_start(ap, fmt);
  CHECK_PRINTF_READS(fmt, ap);
  int r = REAL(vprintf)(fmt, ap);
  va_end(ap);
  return r;
}

SL_INTERCEPTOR int vfprintf(FILE *f, const char *fmt, va_list ap) {
  RESOLVE(vfprintf);
  CHECK_PRINTF_READS(fmt, ap);
  return REAL(vfprintf)(f, fmt, ap);
}

SL_INTERCEPTOR int fprintf(FILE *f, const char *fmt, ...) {
  RESOLVE(vfprintf);
  va_list ap;
  va_start(ap, fmt);
  CHECK_PRINTF_READS(fmt, ap);
  int r = REAL(vfprintf)(f, fmt, ap);
  va_end(ap);
  return r;
}

SL_INTERCEPTOR int vdprintf(int fd, const char *fmt, va_list ap) {
  RESOLVE(vdprintf);
  CHECK_PRINTF_READS(fmt, ap);
  return REAL(vdprintf)(fd, fmt, ap);
}

SL_INTERCEPTOR int dprintf(int fd, const char *fmt, ...) {
  RESOLVE(vdprintf);
  va_list ap;
  va_start(ap, fmt);
  CHECK_PRINTF_READS(fmt, ap);
  int r = REAL(vdprintf)(fd, fmt, ap);
  va_end(ap);
  return r;
}

/* The _FORTIFY_SOURCE entry points (what glibc's headers call at -O1 and
 * above with _FORTIFY_SOURCE, Debian's default for packages): the same
 * checks, then glibc's own with the flag. */
SL_INTERCEPTOR int __vprintf_chk(int flag, const char *fmt, va_list ap) {
  RESOLVE(__vprintf_chk);
  CHECK_PRINTF_READS(fmt, ap);
  return REAL(__vprintf_chk)(flag, fmt, ap);
}

SL_INTERCEPTOR int __printf_chk(int flag, const char *fmt, ...) {
  RESOLVE(__vprintf_chk);
  va_list ap;
  va_start(ap, fmt);
  CHECK_PRINTF_READS(fmt, ap);
  int r = REAL(__vprintf_chk)(flag, fmt, ap);
  va_end(ap);
  return r;
}

SL_INTERCEPTOR int __vfprintf_chk(FILE *f, int flag, const char *fmt,
                                va_list ap) {
  RESOLVE(__vfprintf_chk);
  CHECK_PRINTF_READS(fmt, ap);
  return REAL(__vfprintf_chk)(f, flag, fmt, ap);
}

SL_INTERCEPTOR int __fprintf_chk(FILE *f, int flag, const char *fmt, ...) {
  RESOLVE(__vfprintf_chk);
  va_list ap;
  va_start(ap, fmt);
  CHECK_PRINTF_READS(fmt, ap);
  int r = REAL(__vfprintf_chk)(f, flag, fmt, ap);
  va_end(ap);
  return r;
}

SL_INTERCEPTOR int __vdprintf_chk(int fd, int flag, const char *fmt,
                                va_list ap) {
  RESOLVE(__vdprintf_chk);
  CHECK_PRINTF_READS(fmt, ap);
  return REAL(__vdprintf_chk)(fd, flag, fmt, ap);
}

SL_INTERCEPTOR int __dprintf_chk(int fd, int flag, const char *fmt, ...) {
  RESOLVE(__vdprintf_chk);
  va_list ap;
  va_start(ap, fmt);
  CHECK_PRINTF_READS(fmt, ap);
  int r = REAL(__vdprintf_chk)(fd, flag, fmt, ap);
  va_end(ap);
  return r;
}

/* clang turns printf("%s\n", s) into puts(s). */
SL_INTERCEPTOR int puts(const char *s) {
  RESOLVE(puts);
  if (CHECKS_ON())
    CHECK_READ(s, sl_real_strlen(s) + 1);
  return REAL(puts)(s);
}

SL_INTERCEPTOR int fputs(const char *s, FILE *f) {
  RESOLVE(fputs);
  if (CHECKS_ON())
    CHECK_READ(s, sl_real_strlen(s) + 1);
  return REAL(fputs)(s, f);
}

SL_INTERCEPTOR int fputs_unlocked(const char *s, FILE *f) {
  RESOLVE(fputs_unlocked);
  if (CHECKS_ON())
    CHECK_READ(s, sl_real_strlen(s) + 1);
  return REAL(fputs_unlocked)(s, f);
}
