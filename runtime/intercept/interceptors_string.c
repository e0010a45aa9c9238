/* The mem* and str* functions of libc: each interceptor checks exactly the
 * bytes the function reads and writes on the program's behalf (strcpy reads
 * strlen(src) + 1 bytes of src and writes as many to dst; strcmp reads up
 * to and including the first difference; memchr and strchr up to the byte
 * found), reports overlapping arguments of the copying functions as
 * <func>-param-overlap, and leaves the work to libc.
 *
 * This file defines memcpy, memmove and memset, so it is the one runtime
 * file compiled without redirect_builtins.h (and with -fno-builtin): it
 * must not copy structs or call mem* functions except through the
 * sl_real_* pointers. Those start as the runtime's libc-free versions,
 * which makes memcpy, memmove, memset and strlen safe to call at any point
 * of start-up, dlsym included. */
#include <stddef.h>

#include "fuzzer_hooks.h"
#include "interceptors.h"

void *(*sl_real_memcpy)(void *, const void *, size_t) = sl_memcpy;
void *(*sl_real_memmove)(void *, const void *, size_t) = sl_memmove;
void *(*sl_real_memset)(void *, int, size_t) = sl_memset;
size_t (*sl_real_strlen)(const char *) = sl_strlen;

DECLARE_REAL(int, memcmp, const void *, const void *, size_t)
DECLARE_REAL(int, bcmp, const void *, const void *, size_t)
DECLARE_REAL(void *, memchr, const void *, int, size_t)
DECLARE_REAL(size_t, strnlen, const char *, size_t)
DECLARE_REAL(char *, strcpy, char *, const char *)
DECLARE_REAL(char *, stpcpy, char *, const char *)
DECLARE_REAL(char *, strncpy, char *, const char *, size_t)
DECLARE_REAL(char *, strcat, char *, const char *)
DECLARE_REAL(char *, strncat, char *, const char *, size_t)
DECLARE_REAL(int, strcasecmp, const char *, const char *)
DECLARE_REAL(int, strncasecmp, const char *, const char *, size_t)
DECLARE_REAL(char *, strchr, const char *, int)
DECLARE_REAL(char *, strrchr, const char *, int)
DECLARE_REAL(char *, strstr, const char *, const char *)
DECLARE_REAL(long, strtol, const char *, char **, int)
DECLARE_REAL(unsigned long, strtoul, const char *, char **, int)
DECLARE_REAL(long long, strtoll, const char *, char **, int)
DECLARE_REAL(unsigned long long, strtoull, const char *, char **, int)
DECLARE_REAL(double, strtod, const char *, char **)
DECLARE_REAL(float, strtof, const char *, char **)
DECLARE_REAL(long double, strtold, const char *, char **)
DECLARE_REAL(int, strcmp, const char *, const char *)
DECLARE_REAL(int, strncmp, const char *, const char *, size_t)

void interceptors_string_init(void) {
  void *p;
  if ((p = dlsym(RTLD_NEXT, "memcpy")))
    sl_real_memcpy = (void *(*)(void *, const void *, size_t))p;
  if ((p = dlsym(RTLD_NEXT, "memmove")))
    sl_real_memmove = (void *(*)(void *, const void *, size_t))p;
  if ((p = dlsym(RTLD_NEXT, "memset")))
    sl_real_memset = (void *(*)(void *, int, size_t))p;
  if ((p = dlsym(RTLD_NEXT, "strlen")))
    sl_real_strlen = (size_t(*)(const char *))p;
  RESOLVE(memcmp), RESOLVE(bcmp), RESOLVE(memchr), RESOLVE(strnlen);
  RESOLVE(strcpy), RESOLVE(stpcpy), RESOLVE(strncpy), RESOLVE(strcat);
  RESOLVE(strncat), RESOLVE(strcasecmp), RESOLVE(strncasecmp);
  RESOLVE(strchr), RESOLVE(strrchr), RESOLVE(strstr);
  RESOLVE(strtol), RESOLVE(strtoul), RESOLVE(strtoll), RESOLVE(strtoull);
  RESOLVE(strtod), RESOLVE(strtof), RESOLVE(strtold);
  RESOLVE(strcmp), RESOLVE(strncmp);
}

/* ---- memory ----------------------------------------------------------- */

SL_INTERCEPTOR void *memcpy(void *dst, const void *src, size_t n) {
  if (CHECKS_ON_FOR(intercept_intrin)) {
    if (dst != src)
      CHECK_OVERLAP("memcpy", dst, n, src, n);
    CHECK_READ(src, n);
    CHECK_WRITE(dst, n);
  }
  return sl_real_memcpy(dst, src, n);
}

SL_INTERCEPTOR void *memmove(void *dst, const void *src, size_t n) {
  if (CHECKS_ON_FOR(intercept_intrin)) {
    CHECK_READ(src, n);
    CHECK_WRITE(dst, n);
  }
  return sl_real_memmove(dst, src, n);
}

SL_INTERCEPTOR void *memset(void *dst, int c, size_t n) {
  if (CHECKS_ON_FOR(intercept_intrin))
    CHECK_WRITE(dst, n);
  return sl_real_memset(dst, c, n);
}

/* The bytes of each range memcmp(a, b, n) counts as read: all n with
 * strict_memcmp=1 (ASan's default: an implementation may load them all
 * before it compares); with 0 up to and including the first difference. */
static size_t memcmp_read_len(const void *a, const void *b, size_t n) {
  if (sl_opt.strict_memcmp)
    return n;
  const unsigned char *x = (const unsigned char *)a;
  const unsigned char *y = (const unsigned char *)b;
  size_t i = 0;
  while (i < n && x[i] == y[i])
    i++;
  return MIN(i + 1, n);
}

SL_INTERCEPTOR int memcmp(const void *a, const void *b, size_t n) {
  RESOLVE(memcmp);
  if (CHECKS_ON_FOR(intercept_memcmp)) {
    size_t len = memcmp_read_len(a, b, n);
    CHECK_READ(a, len);
    CHECK_READ(b, len);
  }
  int r = REAL(memcmp)(a, b, n);
  __sanitizer_weak_hook_memcmp(FUZZER_HOOK_PC(), a, b, n, r);
  return r;
}

/* clang turns memcmp(...) == 0 into bcmp. */
SL_INTERCEPTOR int bcmp(const void *a, const void *b, size_t n) {
  RESOLVE(bcmp);
  if (CHECKS_ON_FOR(intercept_memcmp)) {
    size_t len = memcmp_read_len(a, b, n);
    CHECK_READ(a, len);
    CHECK_READ(b, len);
  }
  int r = REAL(bcmp)(a, b, n);
  __sanitizer_weak_hook_memcmp(FUZZER_HOOK_PC(), a, b, n, r);
  return r;
}

/* bzero and explicit_bzero write all n bytes, as memset does. */
DECLARE_REAL(void, bzero, void *, size_t)
DECLARE_REAL(void, explicit_bzero, void *, size_t)

SL_INTERCEPTOR void bzero(void *dst, size_t n) {
  RESOLVE(bzero);
  if (CHECKS_ON_FOR(intercept_intrin))
    CHECK_WRITE(dst, n);
  REAL(bzero)(dst, n);
}

SL_INTERCEPTOR void explicit_bzero(void *dst, size_t n) {
  RESOLVE(explicit_bzero);
  if (CHECKS_ON_FOR(intercept_intrin))
    CHECK_WRITE(dst, n);
  REAL(explicit_bzero)(dst, n);
}

SL_INTERCEPTOR void *memchr(const void *s, int c, size_t n) {
  RESOLVE(memchr);
  void *r = REAL(memchr)(s, c, n);
  if (CHECKS_ON())
    CHECK_READ(s, r ? (size_t)((const char *)r - (const char *)s) + 1 : n);
  return r;
}

/* ---- string lengths and copies ---------------------------------------- */

SL_INTERCEPTOR size_t strlen(const char *s) {
  size_t n = sl_real_strlen(s);
  if (CHECKS_ON_FOR(intercept_strlen))
    CHECK_READ(s, n + 1);
  return n;
}

SL_INTERCEPTOR size_t strnlen(const char *s, size_t max) {
  RESOLVE(strnlen);
  size_t n = REAL(strnlen)(s, max);
  if (CHECKS_ON_FOR(intercept_strlen))
    CHECK_READ(s, MIN(n + 1, max));
  return n;
}

SL_INTERCEPTOR char *strcpy(char *dst, const char *src) {
  RESOLVE(strcpy);
  if (CHECKS_ON())
    CHECK_STRCPY_ARGS("strcpy", dst, src);
  return REAL(strcpy)(dst, src);
}

SL_INTERCEPTOR char *stpcpy(char *dst, const char *src) {
  RESOLVE(stpcpy);
  if (CHECKS_ON())
    CHECK_STRCPY_ARGS("stpcpy", dst, src);
  return REAL(stpcpy)(dst, src);
}

/* Reads src up to its NUL or n bytes; writes all n bytes of dst (the rest
 * is padded with NULs). */
SL_INTERCEPTOR char *strncpy(char *dst, const char *src, size_t n) {
  RESOLVE(strncpy);
  if (CHECKS_ON())
    CHECK_STRNCPY_ARGS(dst, src, n);
  return REAL(strncpy)(dst, src, n);
}

SL_INTERCEPTOR char *strcat(char *dst, const char *src) {
  RESOLVE(strcat);
  if (CHECKS_ON())
    CHECK_STRCAT_ARGS(dst, src);
  return REAL(strcat)(dst, src);
}

/* Appends at most n bytes of src, then a NUL. */
SL_INTERCEPTOR char *strncat(char *dst, const char *src, size_t n) {
  RESOLVE(strncat);
  RESOLVE(strnlen);
  if (CHECKS_ON()) {
    size_t sl = REAL(strnlen)(src, n), from = MIN(n, sl + 1);
    size_t dl = sl_real_strlen(dst);
    CHECK_OVERLAP("strncat", dst, dl + sl + 1, src, from);
    CHECK_READ(src, from);
    CHECK_READ(dst, CAT_DST_READ(dl));
    CHECK_WRITE(dst + dl, sl + 1);
  }
  return REAL(strncat)(dst, src, n);
}

/* ---- comparisons and searches ----------------------------------------- */

/* The comparisons read both strings up to and including the first byte
 * that differs or ends them; the position is found here, the result is
 * computed here too (strcmp) or left to libc (the locale's case rules).
 * Without checks (before init, profile-only mode) strcmp and strncmp are
 * libc's own: they are resolved at init, and until then (dlsym may compare
 * names) the loop below does the work. */
static inline int compare_bytes(unsigned char x, unsigned char y) {
  return x == y ? 0 : x < y ? -1 : 1;
}

static inline unsigned char lower_ascii(unsigned char c) {
  return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

/* Whether an 8-byte load at p stays within p's page (cannot fault). */
static inline int word_in_page(const char *p) {
  return ((uptr)p & 4095) <= 4096 - 8;
}

static inline size_t common_prefix(const char *a, const char *b, size_t max,
                                   int fold) {
  size_t i = 0;
  /* Eight bytes at a time while neither load leaves its page: the first
   * byte that differs or is NUL is the lowest set byte of the difference
   * or of the zero-byte mask (exact at the lowest byte, little-endian).
   * The bytes past the end that a word load reads are not the program's
   * reads and are not checked. */
  if (!fold)
    for (; i + 8 <= max && word_in_page(a + i) && word_in_page(b + i); i += 8) {
      uint64_t x, y;
      __builtin_memcpy(&x, a + i, 8);
      __builtin_memcpy(&y, b + i, 8);
      uint64_t stop =
          (x ^ y) | ((x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull);
      if (stop)
        return i + (size_t)(__builtin_ctzll(stop) >> 3);
    }
  for (; i < max; i++) {
    unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
    if (fold)
      x = lower_ascii(x), y = lower_ascii(y);
    if (x != y || !x)
      break;
  }
  return i;
}

SL_INTERCEPTOR int strcmp(const char *a, const char *b) {
  if (!CHECKS_ON() && real_strcmp)
    return real_strcmp(a, b);
  size_t i = common_prefix(a, b, (size_t)-1, 0);
  if (CHECKS_ON_FOR(intercept_strcmp)) {
    CHECK_READ_STRING(a, i + 1);
    CHECK_READ_STRING(b, i + 1);
  }
  int r = compare_bytes((unsigned char)a[i], (unsigned char)b[i]);
  __sanitizer_weak_hook_strcmp(FUZZER_HOOK_PC(), a, b, r);
  return r;
}

SL_INTERCEPTOR int strncmp(const char *a, const char *b, size_t n) {
  if (!CHECKS_ON() && real_strncmp)
    return real_strncmp(a, b, n);
  size_t i = common_prefix(a, b, n, 0);
  if (CHECKS_ON_FOR(intercept_strcmp)) {
    CHECK_READ(a, MIN(i + 1, n));
    CHECK_READ(b, MIN(i + 1, n));
  }
  int r = i == n ? 0 : compare_bytes((unsigned char)a[i], (unsigned char)b[i]);
  __sanitizer_weak_hook_strncmp(FUZZER_HOOK_PC(), a, b, n, r);
  return r;
}

SL_INTERCEPTOR int strcasecmp(const char *a, const char *b) {
  RESOLVE(strcasecmp);
  if (CHECKS_ON_FOR(intercept_strcmp)) {
    size_t i = common_prefix(a, b, (size_t)-1, 1);
    CHECK_READ_STRING(a, i + 1);
    CHECK_READ_STRING(b, i + 1);
  }
  int r = REAL(strcasecmp)(a, b);
  __sanitizer_weak_hook_strcasecmp(FUZZER_HOOK_PC(), a, b, r);
  return r;
}

SL_INTERCEPTOR int strncasecmp(const char *a, const char *b, size_t n) {
  RESOLVE(strncasecmp);
  if (CHECKS_ON_FOR(intercept_strcmp)) {
    size_t i = common_prefix(a, b, n, 1);
    CHECK_READ(a, MIN(i + 1, n));
    CHECK_READ(b, MIN(i + 1, n));
  }
  int r = REAL(strncasecmp)(a, b, n);
  __sanitizer_weak_hook_strncasecmp(FUZZER_HOOK_PC(), a, b, n, r);
  return r;
}

SL_INTERCEPTOR char *strchr(const char *s, int c) {
  RESOLVE(strchr);
  char *r = REAL(strchr)(s, c);
  if (CHECKS_ON_FOR(intercept_strchr))
    CHECK_READ_STRING(s, r ? (size_t)(r - s) + 1 : sl_real_strlen(s) + 1);
  return r;
}

/* As strchr, but returns the end of the string when c is not in it. */
DECLARE_REAL(char *, strchrnul, const char *, int)
SL_INTERCEPTOR char *strchrnul(const char *s, int c) {
  RESOLVE(strchrnul);
  char *r = REAL(strchrnul)(s, c);
  if (CHECKS_ON_FOR(intercept_strchr))
    CHECK_READ_STRING(s, (size_t)(r - s) + 1);
  return r;
}

SL_INTERCEPTOR char *strrchr(const char *s, int c) {
  RESOLVE(strrchr);
  if (CHECKS_ON_FOR(intercept_strchr))
    CHECK_READ(s, sl_real_strlen(s) + 1);
  return REAL(strrchr)(s, c);
}

/* The haystack is read up to the end of the match, or whole. */
SL_INTERCEPTOR char *strstr(const char *hay, const char *needle) {
  RESOLVE(strstr);
  char *r = REAL(strstr)(hay, needle);
  if (CHECKS_ON_FOR(intercept_strstr)) {
    size_t nl = sl_real_strlen(needle);
    CHECK_READ_STRING(hay,
                      r ? (size_t)(r - hay) + nl : sl_real_strlen(hay) + 1);
    CHECK_READ(needle, nl + 1);
  }
  __sanitizer_weak_hook_strstr(FUZZER_HOOK_PC(), hay, needle, r);
  return r;
}

/* ---- number parsing --------------------------------------------------- */

static inline int is_space(char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}

/* The bytes a strto* call read: up to and including the one that stopped
 * it. With no conversion the end is nptr, but the parser still went
 * through the leading blanks and sign and looked at the byte after them.
 * An invalid base (not 0 or 2..36) makes the call fail with EINVAL before
 * it reads a byte; strict_string_checks still wants the argument to be a
 * string, as ASan checks it. */
static inline size_t parsed_len(const char *nptr, const char *end) {
  if (end == nptr) {
    while (is_space(*end))
      end++;
    if (*end == '+' || *end == '-')
      end++;
  }
  return (size_t)(end - nptr) + 1;
}

#define STRTO_INT(T, name)                                                     \
  SL_INTERCEPTOR T name(const char *nptr, char **endptr, int base) {             \
    RESOLVE(name);                                                             \
    if (!CHECKS_ON())                                                          \
      return REAL(name)(nptr, endptr, base);                                   \
    if (endptr)                                                                \
      CHECK_WRITE(endptr, sizeof *endptr);                                     \
    char *end;                                                                 \
    T r = REAL(name)(nptr, &end, base);                                        \
    if (endptr)                                                                \
      *endptr = end;                                                           \
    if (base == 0 || (base >= 2 && base <= 36))                                \
      CHECK_READ_STRING(nptr, parsed_len(nptr, end));                          \
    else if (sl_opt.strict_string_checks)                                      \
      CHECK_READ_STRING(nptr, 0); /* EINVAL, nothing read: but strict */       \
    return r;                                                                  \
  }

#define STRTO_FLOAT(T, name)                                                   \
  SL_INTERCEPTOR T name(const char *nptr, char **endptr) {                       \
    RESOLVE(name);                                                             \
    if (!CHECKS_ON())                                                          \
      return REAL(name)(nptr, endptr);                                         \
    if (endptr)                                                                \
      CHECK_WRITE(endptr, sizeof *endptr);                                     \
    char *end;                                                                 \
    T r = REAL(name)(nptr, &end);                                              \
    if (endptr)                                                                \
      *endptr = end;                                                           \
    CHECK_READ_STRING(nptr, parsed_len(nptr, end));                            \
    return r;                                                                  \
  }

STRTO_INT(long, strtol)
STRTO_INT(unsigned long, strtoul)
STRTO_INT(long long, strtoll)
STRTO_INT(unsigned long long, strtoull)
STRTO_FLOAT(double, strtod)
STRTO_FLOAT(float, strtof)
STRTO_FLOAT(long double, strtold)
