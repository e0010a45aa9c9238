/* The wide-character string and memory functions: the same ranges as their
 * byte counterparts (interceptors_string.c), in units of wchar_t. libc does
 * the work; the lengths the checks need are measured here first, so that a
 * copy is checked before it writes past its destination. */
#include <wchar.h>

#include "interceptors.h"

DECLARE_REAL(size_t, wcslen, const wchar_t *)
DECLARE_REAL(size_t, wcsnlen, const wchar_t *, size_t)
DECLARE_REAL(wchar_t *, wcscpy, wchar_t *, const wchar_t *)
DECLARE_REAL(wchar_t *, wcsncpy, wchar_t *, const wchar_t *, size_t)
DECLARE_REAL(wchar_t *, wcscat, wchar_t *, const wchar_t *)
DECLARE_REAL(int, wcscmp, const wchar_t *, const wchar_t *)
DECLARE_REAL(int, wcsncmp, const wchar_t *, const wchar_t *, size_t)
DECLARE_REAL(wchar_t *, wcschr, const wchar_t *, wchar_t)
DECLARE_REAL(wchar_t *, wcsrchr, const wchar_t *, wchar_t)
DECLARE_REAL(wchar_t *, wmemcpy, wchar_t *, const wchar_t *, size_t)
DECLARE_REAL(wchar_t *, wmemmove, wchar_t *, const wchar_t *, size_t)
DECLARE_REAL(wchar_t *, wmemset, wchar_t *, wchar_t, size_t)
DECLARE_REAL(int, wmemcmp, const wchar_t *, const wchar_t *, size_t)

void interceptors_wchar_init(void) {
  RESOLVE(wcslen), RESOLVE(wcsnlen), RESOLVE(wcscpy), RESOLVE(wcsncpy);
  RESOLVE(wcscat), RESOLVE(wcscmp), RESOLVE(wcsncmp), RESOLVE(wcschr);
  RESOLVE(wcsrchr), RESOLVE(wmemcpy), RESOLVE(wmemmove), RESOLVE(wmemset);
  RESOLVE(wmemcmp);
}

#define W sizeof(wchar_t)

/* Elements up to and including the first that differs or ends both. */
static size_t wide_common_prefix(const wchar_t *a, const wchar_t *b,
                                 size_t max) {
  size_t i = 0;
  while (i < max && a[i] == b[i] && a[i])
    i++;
  return i;
}

SL_INTERCEPTOR size_t wcslen(const wchar_t *s) {
  RESOLVE(wcslen);
  size_t n = REAL(wcslen)(s);
  if (CHECKS_ON())
    CHECK_READ(s, (n + 1) * W);
  return n;
}

SL_INTERCEPTOR size_t wcsnlen(const wchar_t *s, size_t max) {
  RESOLVE(wcsnlen);
  size_t n = REAL(wcsnlen)(s, max);
  if (CHECKS_ON())
    CHECK_READ(s, MIN(n + 1, max) * W);
  return n;
}

SL_INTERCEPTOR wchar_t *wcscpy(wchar_t *dst, const wchar_t *src) {
  RESOLVE(wcscpy), RESOLVE(wcslen);
  if (CHECKS_ON()) {
    size_t bytes = (REAL(wcslen)(src) + 1) * W;
    CHECK_OVERLAP("wcscpy", dst, bytes, src, bytes);
    CHECK_READ(src, bytes);
    CHECK_WRITE(dst, bytes);
  }
  return REAL(wcscpy)(dst, src);
}

/* Reads src up to its NUL or n elements; writes all n of dst (padding). */
SL_INTERCEPTOR wchar_t *wcsncpy(wchar_t *dst, const wchar_t *src, size_t n) {
  RESOLVE(wcsncpy), RESOLVE(wcsnlen);
  if (CHECKS_ON()) {
    size_t from = MIN(n, REAL(wcsnlen)(src, n) + 1) * W;
    CHECK_OVERLAP("wcsncpy", dst, n * W, src, from);
    CHECK_READ(src, from);
    CHECK_WRITE(dst, n * W);
  }
  return REAL(wcsncpy)(dst, src, n);
}

SL_INTERCEPTOR wchar_t *wcscat(wchar_t *dst, const wchar_t *src) {
  RESOLVE(wcscat), RESOLVE(wcslen);
  if (CHECKS_ON()) {
    size_t dl = REAL(wcslen)(dst), sl = REAL(wcslen)(src);
    CHECK_OVERLAP("wcscat", dst, (dl + sl + 1) * W, src, (sl + 1) * W);
    CHECK_READ(src, (sl + 1) * W);
    CHECK_READ(dst, (dl + 1) * W);
    CHECK_WRITE(dst + dl, (sl + 1) * W);
  }
  return REAL(wcscat)(dst, src);
}

SL_INTERCEPTOR int wcscmp(const wchar_t *a, const wchar_t *b) {
  RESOLVE(wcscmp);
  if (CHECKS_ON()) {
    size_t i = wide_common_prefix(a, b, (size_t)-1);
    CHECK_READ(a, (i + 1) * W);
    CHECK_READ(b, (i + 1) * W);
  }
  return REAL(wcscmp)(a, b);
}

SL_INTERCEPTOR int wcsncmp(const wchar_t *a, const wchar_t *b, size_t n) {
  RESOLVE(wcsncmp);
  if (CHECKS_ON()) {
    size_t i = wide_common_prefix(a, b, n);
    CHECK_READ(a, MIN(i + 1, n) * W);
    CHECK_READ(b, MIN(i + 1, n) * W);
  }
  return REAL(wcsncmp)(a, b, n);
}

/* Read up to the element found, or the whole string with its NUL. */
SL_INTERCEPTOR wchar_t *wcschr(const wchar_t *s, wchar_t c) {
  RESOLVE(wcschr), RESOLVE(wcslen);
  wchar_t *r = REAL(wcschr)(s, c);
  if (CHECKS_ON())
    CHECK_READ(s, r ? (size_t)(r - s + 1) * W : (REAL(wcslen)(s) + 1) * W);
  return r;
}

SL_INTERCEPTOR wchar_t *wcsrchr(const wchar_t *s, wchar_t c) {
  RESOLVE(wcsrchr), RESOLVE(wcslen);
  if (CHECKS_ON())
    CHECK_READ(s, (REAL(wcslen)(s) + 1) * W);
  return REAL(wcsrchr)(s, c);
}

SL_INTERCEPTOR wchar_t *wmemcpy(wchar_t *dst, const wchar_t *src, size_t n) {
  RESOLVE(wmemcpy);
  if (CHECKS_ON()) {
    CHECK_OVERLAP("wmemcpy", dst, n * W, src, n * W);
    CHECK_READ(src, n * W);
    CHECK_WRITE(dst, n * W);
  }
  return REAL(wmemcpy)(dst, src, n);
}

SL_INTERCEPTOR wchar_t *wmemmove(wchar_t *dst, const wchar_t *src, size_t n) {
  RESOLVE(wmemmove);
  if (CHECKS_ON()) {
    CHECK_READ(src, n * W);
    CHECK_WRITE(dst, n * W);
  }
  return REAL(wmemmove)(dst, src, n);
}

SL_INTERCEPTOR wchar_t *wmemset(wchar_t *dst, wchar_t c, size_t n) {
  RESOLVE(wmemset);
  if (CHECKS_ON())
    CHECK_WRITE(dst, n * W);
  return REAL(wmemset)(dst, c, n);
}

SL_INTERCEPTOR int wmemcmp(const wchar_t *a, const wchar_t *b, size_t n) {
  RESOLVE(wmemcmp);
  if (CHECKS_ON()) {
    CHECK_READ(a, n * W);
    CHECK_READ(b, n * W);
  }
  return REAL(wmemcmp)(a, b, n);
}
