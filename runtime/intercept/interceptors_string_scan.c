/* The searching and tokenising str* functions and memmem: strspn,
 * strcspn, strpbrk, strcasestr, strtok, strtok_r, memmem, and the ato*
 * parsers. Each reads its subject string up to the byte that ended the
 * scan (checked after the call, from the result) and its set or needle
 * whole; strict_string_checks=1 checks the whole subject string instead. */
#include <stddef.h>

#include "fuzzer_hooks.h"
#include "interceptors.h"

DECLARE_REAL(size_t, strspn, const char *, const char *)
DECLARE_REAL(size_t, strcspn, const char *, const char *)
DECLARE_REAL(char *, strpbrk, const char *, const char *)
DECLARE_REAL(char *, strcasestr, const char *, const char *)
DECLARE_REAL(char *, strtok_r, char *, const char *, char **)
DECLARE_REAL(void *, memmem, const void *, size_t, const void *, size_t)
DECLARE_REAL(long, strtol, const char *, char **, int)
DECLARE_REAL(long long, strtoll, const char *, char **, int)

void interceptors_string_scan_init(void) {
  RESOLVE(strspn), RESOLVE(strcspn), RESOLVE(strpbrk), RESOLVE(strcasestr);
  RESOLVE(strtok_r), RESOLVE(memmem), RESOLVE(strtol), RESOLVE(strtoll);
}

/* strspn and strcspn stop at the first byte outside (inside) the set: the
 * subject is read up to and including it; the set up to its NUL. */
SL_INTERCEPTOR size_t strspn(const char *s, const char *accept) {
  RESOLVE(strspn);
  size_t r = REAL(strspn)(s, accept);
  if (CHECKS_ON_FOR(intercept_strspn)) {
    CHECK_READ_STRING(s, r + 1);
    CHECK_READ(accept, sl_real_strlen(accept) + 1);
  }
  return r;
}

SL_INTERCEPTOR size_t strcspn(const char *s, const char *reject) {
  RESOLVE(strcspn);
  size_t r = REAL(strcspn)(s, reject);
  if (CHECKS_ON_FOR(intercept_strspn)) {
    CHECK_READ_STRING(s, r + 1);
    CHECK_READ(reject, sl_real_strlen(reject) + 1);
  }
  return r;
}

SL_INTERCEPTOR char *strpbrk(const char *s, const char *accept) {
  RESOLVE(strpbrk);
  char *r = REAL(strpbrk)(s, accept);
  if (CHECKS_ON_FOR(intercept_strpbrk)) {
    CHECK_READ_STRING(s, r ? (size_t)(r - s) + 1 : sl_real_strlen(s) + 1);
    CHECK_READ(accept, sl_real_strlen(accept) + 1);
  }
  return r;
}

/* As strstr: the haystack up to the end of the match, or whole. */
SL_INTERCEPTOR char *strcasestr(const char *hay, const char *needle) {
  RESOLVE(strcasestr);
  char *r = REAL(strcasestr)(hay, needle);
  if (CHECKS_ON_FOR(intercept_strstr)) {
    size_t nl = sl_real_strlen(needle);
    CHECK_READ_STRING(hay,
                      r ? (size_t)(r - hay) + nl : sl_real_strlen(hay) + 1);
    CHECK_READ(needle, nl + 1);
  }
  __sanitizer_weak_hook_strcasestr(FUZZER_HOOK_PC(), hay, needle, r);
  return r;
}

/* Both ranges in full, as ASan checks them: the search may look at any
 * byte of either. */
SL_INTERCEPTOR void *memmem(const void *hay, size_t hl, const void *needle,
                          size_t nl) {
  RESOLVE(memmem);
  void *r = REAL(memmem)(hay, hl, needle, nl);
  if (CHECKS_ON_FOR(intercept_memmem)) {
    CHECK_READ(hay, hl);
    CHECK_READ(needle, nl);
  }
  __sanitizer_weak_hook_memmem(FUZZER_HOOK_PC(), hay, hl, needle, nl, r);
  return r;
}

/* ---- tokens ----------------------------------------------------------- */

/* strtok_r resumes at str, or at *save when str is NULL, skips leading
 * delimiters, and leaves *save just past the byte that ended the token
 * (the NUL it wrote) or on the string's end: everything from the start to
 * *save was read, plus the byte at *save when it is the string's NUL. The
 * delimiter set is read whole at each call.
 * When both arguments are bad, the one reported is ASan's: with
 * strict_string_checks the delimiters, then the whole string, before the
 * call; without, the first byte of each, then the string's bytes the call
 * read, and only then the rest of the delimiters. */
#define STRTOK_R_BODY(str, delim, save)                                        \
  RESOLVE(strtok_r);                                                           \
  if (!CHECKS_ON_FOR(intercept_strtok))                                        \
    return REAL(strtok_r)(str, delim, save);                                   \
  CHECK_WRITE(save, sizeof *save);                                             \
  char *start_ = str ? str : *save;                                            \
  if (sl_opt.strict_string_checks) {                                           \
    CHECK_READ(delim, sl_real_strlen(delim) + 1);                              \
    if (str)                                                                   \
      CHECK_READ(str, sl_real_strlen(str) + 1);                                \
  } else {                                                                     \
    if (str)                                                                   \
      CHECK_READ(str, 1);                                                      \
    CHECK_READ(delim, 1);                                                      \
  }                                                                            \
  char *r_ = REAL(strtok_r)(str, delim, save);                                 \
  if (start_ && *save >= start_)                                               \
    CHECK_READ(start_, (size_t)(*save - start_) + (**save == 0));              \
  if (!sl_opt.strict_string_checks)                                            \
    CHECK_READ(delim, sl_real_strlen(delim) + 1);                              \
  return r_

SL_INTERCEPTOR char *strtok_r(char *str, const char *delim, char **save) {
  STRTOK_R_BODY(str, delim, save);
}

SL_INTERCEPTOR char *__strtok_r(char *str, const char *delim, char **save) {
  STRTOK_R_BODY(str, delim, save);
}

/* strtok is strtok_r on a position of its own, so the bytes it reads are
 * known exactly; like libc's, it is not thread-safe. */
static char *strtok_position;

SL_INTERCEPTOR char *strtok(char *str, const char *delim) {
  char **save = &strtok_position;
  STRTOK_R_BODY(str, delim, save);
}

/* ---- ato* ------------------------------------------------------------- */

/* atoi, atol and atoll read what strtol would: the blanks and sign, the
 * digits, and the byte that stopped the parse. */
static size_t ato_read_len(const char *nptr, const char *end) {
  if (end == nptr) {
    while (*end == ' ' || (*end >= '\t' && *end <= '\r'))
      end++;
    if (*end == '+' || *end == '-')
      end++;
  }
  return (size_t)(end - nptr) + 1;
}

SL_INTERCEPTOR int atoi(const char *nptr) {
  RESOLVE(strtol);
  char *end;
  long r = REAL(strtol)(nptr, &end, 10);
  if (CHECKS_ON())
    CHECK_READ_STRING(nptr, ato_read_len(nptr, end));
  return (int)r;
}

SL_INTERCEPTOR long atol(const char *nptr) {
  RESOLVE(strtol);
  char *end;
  long r = REAL(strtol)(nptr, &end, 10);
  if (CHECKS_ON())
    CHECK_READ_STRING(nptr, ato_read_len(nptr, end));
  return r;
}

SL_INTERCEPTOR long long atoll(const char *nptr) {
  RESOLVE(strtoll);
  char *end;
  long long r = REAL(strtoll)(nptr, &end, 10);
  if (CHECKS_ON())
    CHECK_READ_STRING(nptr, ato_read_len(nptr, end));
  return r;
}
