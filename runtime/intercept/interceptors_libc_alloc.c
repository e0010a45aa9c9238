/* libc functions that return malloc'd memory, implemented here so that the
 * allocation stack's frame #1 is the program's call: Debian's libc has no
 * frame pointers, and a walk starting inside it loses the caller. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <sys/types.h>
#include <unistd.h>
#include <wchar.h>

#include "heap.h"
#include "interceptors.h"

#define HERE CALLER_PC_HERE(), FRAME_HERE()

/* Declared by hand: <stdio.h> at -O2 defines getline as an inline wrapper,
 * which would clash with the definition below. */
typedef struct _IO_FILE FILE;
int vsnprintf(char *, size_t, const char *, va_list);
void flockfile(FILE *);
void funlockfile(FILE *);
int getc_unlocked(FILE *);
#define EOF (-1)

static char *dup_n(const char *s, size_t n, uptr pc, uptr fp) {
  char *d = heap_allocate(n + 1, 16, AT_MALLOC, 0, pc, fp);
  if (d) {
    sl_real_memcpy(d, s, n);
    d[n] = 0;
  }
  return d;
}

static size_t bounded_len(const char *s, size_t max) {
  size_t n = 0;
  while (n < max && s[n])
    n++;
  return n;
}

/* The source is checked as strlen and strnlen check it (interceptors.h). */
#define STRDUP_BODY(s)                                                         \
  ENSURE_INIT();                                                               \
  size_t len = sl_real_strlen(s);                                              \
  if (CHECKS_ON())                                                             \
    CHECK_READ(s, len + 1);                                                    \
  return dup_n(s, len, HERE)

#define STRNDUP_BODY(s, n)                                                     \
  ENSURE_INIT();                                                               \
  size_t len = bounded_len(s, n);                                              \
  if (CHECKS_ON_FOR(intercept_strndup))                                        \
    CHECK_READ(s, MIN(len + 1, n));                                            \
  return dup_n(s, len, HERE)

SL_INTERCEPTOR char *strdup(const char *s) { STRDUP_BODY(s); }
SL_INTERCEPTOR char *__strdup(const char *s) { STRDUP_BODY(s); }
SL_INTERCEPTOR char *strndup(const char *s, size_t n) { STRNDUP_BODY(s, n); }
SL_INTERCEPTOR char *__strndup(const char *s, size_t n) { STRNDUP_BODY(s, n); }

SL_INTERCEPTOR wchar_t *wcsdup(const wchar_t *s) {
  ENSURE_INIT();
  size_t n = sl_wcslen((const int *)s);
  wchar_t *d = heap_allocate((n + 1) * sizeof(wchar_t), 16, AT_MALLOC, 0, HERE);
  if (d)
    __builtin_memcpy(d, s, (n + 1) * sizeof(wchar_t));
  return d;
}

static ssize_t do_getdelim(char **line, size_t *cap, int delim, FILE *f,
                           uptr pc, uptr fp) {
  if (!line || !cap || !f) {
    errno = EINVAL;
    return -1;
  }
  if (!*line || !*cap) {
    size_t want = *cap ? *cap : 120;
    char *p = heap_reallocate(*line, want, pc, fp);
    if (!p) {
      errno = ENOMEM;
      return -1;
    }
    *line = p;
    *cap = want;
  }
  size_t len = 0;
  flockfile(f);
  for (;;) {
    int c = getc_unlocked(f);
    if (c == EOF)
      break;
    if (len + 2 > *cap) {
      size_t ncap = *cap * 2;
      char *p = heap_reallocate(*line, ncap, pc, fp);
      if (!p) {
        funlockfile(f);
        errno = ENOMEM;
        return -1;
      }
      *line = p;
      *cap = ncap;
    }
    (*line)[len++] = (char)c;
    if (c == delim)
      break;
  }
  funlockfile(f);
  (*line)[len] = 0;
  return len ? (ssize_t)len : -1;
}

SL_INTERCEPTOR ssize_t getdelim(char **line, size_t *cap, int delim, FILE *f) {
  ENSURE_INIT();
  return do_getdelim(line, cap, delim, f, HERE);
}

SL_INTERCEPTOR ssize_t __getdelim(char **line, size_t *cap, int delim, FILE *f) {
  ENSURE_INIT();
  return do_getdelim(line, cap, delim, f, HERE);
}

SL_INTERCEPTOR ssize_t getline(char **line, size_t *cap, FILE *f) {
  ENSURE_INIT();
  return do_getdelim(line, cap, '\n', f, HERE);
}

static int do_vasprintf(char **out, const char *fmt, va_list ap, uptr pc,
                        uptr fp) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(0, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0)
    return -1;
  char *p = heap_allocate((size_t)n + 1, 16, AT_MALLOC, 0, pc, fp);
  if (!p)
    return -1;
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  *out = p;
  return n;
}

SL_INTERCEPTOR int vasprintf(char **out, const char *fmt, va_list ap) {
  ENSURE_INIT();
  return do_vasprintf(out, fmt, ap, HERE);
}

SL_INTERCEPTOR int asprintf(char **out, const char *fmt, ...) {
  ENSURE_INIT();
  va_list ap;
  va_start(ap, fmt);
  int r = do_vasprintf(out, fmt, ap, HERE);
  va_end(ap);
  return r;
}

DECLARE_REAL(char *, realpath, const char *, char *)

SL_INTERCEPTOR char *realpath(const char *path, char *resolved) {
  ENSURE_INIT();
  RESOLVE(realpath);
  if (resolved)
    return REAL(realpath)(path, resolved);
  char buf[PATH_MAX];
  if (!REAL(realpath)(path, buf))
    return 0;
  return dup_n(buf, sl_strlen(buf), HERE);
}

SL_INTERCEPTOR char *canonicalize_file_name(const char *path) {
  ENSURE_INIT();
  RESOLVE(realpath);
  char buf[PATH_MAX];
  if (!REAL(realpath)(path, buf))
    return 0;
  return dup_n(buf, sl_strlen(buf), HERE);
}

SL_INTERCEPTOR char *get_current_dir_name(void) {
  ENSURE_INIT();
  char buf[PATH_MAX];
  if (!getcwd(buf, sizeof buf))
    return 0;
  return dup_n(buf, sl_strlen(buf), HERE);
}
