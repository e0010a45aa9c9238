/* Conversions between multibyte and wide strings: wcrtomb, wctomb,
 * mbrtowc, mbstowcs, mbsrtowcs, wcstombs, wcsrtombs. The bytes or wide
 * characters a call stored (its result, plus the terminator when there was
 * room for it) are checked after the call; the source as far as the call
 * says it converted (the whole string and its terminator when it reached
 * the end). The conversion state, when given, is read and written. */
#include <stddef.h>
#include <wchar.h>

#include "interceptors.h"

DECLARE_REAL(size_t, wcrtomb, char *, wchar_t, mbstate_t *)
DECLARE_REAL(int, wctomb, char *, wchar_t)
DECLARE_REAL(size_t, mbrtowc, wchar_t *, const char *, size_t, mbstate_t *)
DECLARE_REAL(size_t, mbstowcs, wchar_t *, const char *, size_t)
DECLARE_REAL(size_t, mbsrtowcs, wchar_t *, const char **, size_t,
             mbstate_t *)
DECLARE_REAL(size_t, wcstombs, char *, const wchar_t *, size_t)
DECLARE_REAL(size_t, wcsrtombs, char *, const wchar_t **, size_t,
             mbstate_t *)

void interceptors_wconv_init(void) {
  RESOLVE(wcrtomb), RESOLVE(wctomb), RESOLVE(mbrtowc), RESOLVE(mbstowcs);
  RESOLVE(mbsrtowcs), RESOLVE(wcstombs), RESOLVE(wcsrtombs);
}

#define FAILED ((size_t)-1)

/* A wide string's bytes with its terminator. */
static size_t wide_bytes(const wchar_t *s) {
  size_t n = 0;
  while (s[n])
    n++;
  return (n + 1) * sizeof(wchar_t);
}

#define CHECK_STATE(ps)                                                        \
  do {                                                                         \
    if (ps)                                                                    \
      CHECK_WRITE(ps, sizeof *(ps));                                           \
  } while (0)

SL_INTERCEPTOR size_t wcrtomb(char *s, wchar_t wc, mbstate_t *ps) {
  RESOLVE(wcrtomb);
  size_t r = REAL(wcrtomb)(s, wc, ps);
  if (CHECKS_ON()) {
    CHECK_STATE(ps);
    if (s && r != FAILED)
      CHECK_WRITE(s, r);
  }
  return r;
}

SL_INTERCEPTOR int wctomb(char *s, wchar_t wc) {
  RESOLVE(wctomb);
  int r = REAL(wctomb)(s, wc);
  if (CHECKS_ON() && s && r > 0)
    CHECK_WRITE(s, (size_t)r);
  return r;
}

/* Reads the bytes of one character (all n when it is incomplete, -2). */
SL_INTERCEPTOR size_t mbrtowc(wchar_t *pwc, const char *s, size_t n,
                            mbstate_t *ps) {
  RESOLVE(mbrtowc);
  size_t r = REAL(mbrtowc)(pwc, s, n, ps);
  if (CHECKS_ON() && s) {
    CHECK_STATE(ps);
    if (r == (size_t)-2)
      CHECK_READ(s, n);
    else if (r != FAILED) {
      CHECK_READ(s, r ? r : 1);
      if (pwc)
        CHECK_WRITE(pwc, sizeof *pwc);
    }
  }
  return r;
}

/* r characters stored, and the terminator when r < n. */
SL_INTERCEPTOR size_t mbstowcs(wchar_t *dst, const char *src, size_t n) {
  RESOLVE(mbstowcs);
  size_t r = REAL(mbstowcs)(dst, src, n);
  if (CHECKS_ON() && r != FAILED) {
    if (!dst || r < n)
      CHECK_READ(src, sl_real_strlen(src) + 1);
    if (dst)
      CHECK_WRITE(dst, (r + (r < n)) * sizeof(wchar_t));
  }
  return r;
}

/* *src is left NULL when the terminator was converted, else just past
 * the last converted character. */
SL_INTERCEPTOR size_t mbsrtowcs(wchar_t *dst, const char **src, size_t n,
                              mbstate_t *ps) {
  RESOLVE(mbsrtowcs);
  const char *from = src ? *src : 0;
  size_t r = REAL(mbsrtowcs)(dst, src, n, ps);
  if (CHECKS_ON() && from && r != FAILED) {
    CHECK_STATE(ps);
    if (!dst || !*src)
      CHECK_READ(from, sl_real_strlen(from) + 1);
    else
      CHECK_READ(from, (size_t)(*src - from));
    if (dst)
      CHECK_WRITE(dst, (r + (!*src)) * sizeof(wchar_t));
  }
  return r;
}

SL_INTERCEPTOR size_t wcstombs(char *dst, const wchar_t *src, size_t n) {
  RESOLVE(wcstombs);
  size_t r = REAL(wcstombs)(dst, src, n);
  if (CHECKS_ON() && r != FAILED) {
    if (!dst || r < n)
      CHECK_READ(src, wide_bytes(src));
    if (dst)
      CHECK_WRITE(dst, r + (r < n));
  }
  return r;
}

SL_INTERCEPTOR size_t wcsrtombs(char *dst, const wchar_t **src, size_t n,
                              mbstate_t *ps) {
  RESOLVE(wcsrtombs);
  const wchar_t *from = src ? *src : 0;
  size_t r = REAL(wcsrtombs)(dst, src, n, ps);
  if (CHECKS_ON() && from && r != FAILED) {
    CHECK_STATE(ps);
    if (!dst || !*src)
      CHECK_READ(from, wide_bytes(from));
    else
      CHECK_READ(from, (size_t)(*src - from) * sizeof(wchar_t));
    if (dst)
      CHECK_WRITE(dst, r + (!*src));
  }
  return r;
}
