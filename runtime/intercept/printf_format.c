/* Which string bytes a printf-family call will read (printf_format.h).
 * The format is walked directive by directive, taking each argument from
 * a copy of the va_list with the type its conversion and length modifier
 * give, so the %s pointers line up with the right arguments. */
#include "printf_format.h"

#include "interceptors.h"

enum { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_LD, LEN_WORD };

static int is_flag(char c) {
  return c == '-' || c == '+' || c == ' ' || c == '#' || c == '0' ||
         c == '\'' || c == 'I';
}

/* A decimal number, or '*' taking an int from ap; -1 when absent. */
static const char *number(const char *f, va_list *ap, long *out) {
  *out = -1;
  if (*f == '*') {
    *out = va_arg(*ap, int);
    return f + 1;
  }
  if (*f >= '0' && *f <= '9') {
    long v = 0;
    while (*f >= '0' && *f <= '9')
      v = v * 10 + (*f++ - '0');
    *out = v;
  }
  return f;
}

static const char *length(const char *f, int *len) {
  *len = LEN_NONE;
  switch (*f) {
  case 'h':
    if (f[1] == 'h')
      return *len = LEN_HH, f + 2;
    return *len = LEN_H, f + 1;
  case 'l':
    if (f[1] == 'l')
      return *len = LEN_LL, f + 2;
    return *len = LEN_L, f + 1;
  case 'q':
    return *len = LEN_LL, f + 1;
  case 'L':
    return *len = LEN_LD, f + 1;
  case 'j':
  case 'z':
  case 'Z':
  case 't':
    return *len = LEN_WORD, f + 1;
  default:
    return f;
  }
}

/* The bytes %.<prec>s reads of s: up to prec, or to the NUL inclusive. */
static size_t string_read_len(const char *s, long prec) {
  if (prec < 0)
    return sl_real_strlen(s) + 1;
  size_t n = 0;
  while (n < (size_t)prec && s[n])
    n++;
  return n < (size_t)prec ? n + 1 : n;
}

int printf_string_ranges(const char *fmt, va_list ap0, printf_range *out,
                         int max) {
  va_list ap;
  va_copy(ap, ap0);
  int n = 0;
  for (const char *f = fmt; *f && n < max;) {
    if (*f++ != '%')
      continue;
    if (*f == '%') {
      f++;
      continue;
    }
    /* "%1$s": arguments out of order cannot be followed. */
    const char *d = f;
    while (*d >= '0' && *d <= '9')
      d++;
    if (*d == '$')
      break;
    while (is_flag(*f))
      f++;
    long width, prec = -1;
    f = number(f, &ap, &width);
    if (*f == '.') {
      /* "%.s" is precision 0; a negative '*' one counts as none. */
      int starred = f[1] == '*';
      f = number(f + 1, &ap, &prec);
      if (prec < 0 && !starred)
        prec = 0;
    }
    (void)width;
    int len;
    f = length(f, &len);
    char conv = *f ? *f++ : 0;
    switch (conv) {
    case 'd':
    case 'i':
    case 'u':
    case 'o':
    case 'x':
    case 'X':
    case 'c':
      if (len == LEN_L || len == LEN_LL || len == LEN_WORD || len == LEN_LD)
        (void)va_arg(ap, long long);
      else
        (void)va_arg(ap, int);
      break;
    case 'C':
      (void)va_arg(ap, int);
      break;
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
      if (len == LEN_LD)
        (void)va_arg(ap, long double);
      else
        (void)va_arg(ap, double);
      break;
    case 'n': {
      void *target = va_arg(ap, void *);
      if (target) {
        out[n].addr = (uptr)target;
        out[n].size = len == LEN_HH  ? 1
                      : len == LEN_H ? 2
                      : len == LEN_NONE ? 4
                                        : 8;
        out[n].is_write = 1;
        n++;
      }
      break;
    }
    case 'p':
    case 'S':
      (void)va_arg(ap, void *);
      break;
    case 'm':
      break;
    case 's':
      if (len == LEN_L) { /* wide strings: not followed */
        (void)va_arg(ap, void *);
        break;
      }
      {
        const char *s = va_arg(ap, const char *);
        if (s) {
          out[n].addr = (uptr)s;
          out[n].size = string_read_len(s, prec);
          out[n].is_write = 0;
          n++;
        }
      }
      break;
    default:
      va_end(ap);
      return n;
    }
  }
  va_end(ap);
  return n;
}
