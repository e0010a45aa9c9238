/* Which bytes a scanf-family call stored through its pointer arguments
 * (scanf_format.h). The format is walked directive by directive with the
 * arguments; only the conversions the call says it assigned are counted,
 * and the size of each store is known from the conversion and its length
 * modifier, or, for strings, from what was stored. */
#include "scanf_format.h"

#include <stdint.h>
#include <wchar.h>

#include "interceptors.h"

enum { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_LD, LEN_WORD };

static size_t int_size(int len) {
  switch (len) {
  case LEN_HH:
    return 1;
  case LEN_H:
    return 2;
  case LEN_L:
  case LEN_LL:
  case LEN_LD: /* %Ld: glibc takes L as ll for integers */
  case LEN_WORD:
    return 8;
  default:
    return 4;
  }
}

static size_t float_size(int len) {
  return len == LEN_LD ? sizeof(long double) : len == LEN_L ? 8 : 4;
}

/* Past a %[...] set: a ']' right after '[' or '[^' belongs to the set. */
static const char *skip_set(const char *f) {
  if (*f == '^')
    f++;
  if (*f == ']')
    f++;
  while (*f && *f != ']')
    f++;
  return *f ? f + 1 : f;
}

int scanf_written_ranges(const char *fmt, va_list ap, int assigned, int isoc99,
                         scanf_range *out, int max) {
  int n = 0, done = 0;
  for (const char *f = fmt; *f && done < assigned && n < max;) {
    if (*f++ != '%')
      continue;
    if (*f == '%') {
      f++;
      continue;
    }
    int suppress = *f == '*';
    if (suppress)
      f++;
    size_t width = 0;
    while (*f >= '0' && *f <= '9')
      width = width * 10 + (size_t)(*f++ - '0');
    if (*f == '$') /* positional arguments: not followed */
      return n;
    int alloc = 0, len = LEN_NONE;
    for (;; f++) {
      if (*f == 'm')
        alloc = 1;
      else if (*f == 'a' && !isoc99 &&
               (f[1] == 's' || f[1] == 'S' || f[1] == '['))
        alloc = 1; /* GNU's old spelling of m */
      else if (*f == 'h')
        len = len == LEN_H ? LEN_HH : LEN_H;
      else if (*f == 'l')
        len = len == LEN_L ? LEN_LL : LEN_L;
      else if (*f == 'L' || *f == 'q')
        len = LEN_LD;
      else if (*f == 'j' || *f == 'z' || *f == 't')
        len = LEN_WORD;
      else
        break;
    }
    char conv = *f;
    if (!conv)
      break;
    f++;
    if (conv == '[')
      f = skip_set(f);
    if (suppress)
      continue;
    if (conv == 'n') {
      /* Stored only if matching got this far, which the count does not
       * tell unless a later conversion was assigned: not checked. */
      (void)va_arg(ap, void *);
      continue;
    }
    void *arg = va_arg(ap, void *);
    size_t size;
    int wide = len == LEN_L || conv == 'S' || conv == 'C';
    if (alloc) {
      size = sizeof(char *); /* the call stores a pointer to its block */
    } else {
      switch (conv) {
      case 'd':
      case 'i':
      case 'o':
      case 'u':
      case 'x':
      case 'X':
        size = int_size(len);
        break;
      case 'a':
      case 'A':
      case 'e':
      case 'E':
      case 'f':
      case 'F':
      case 'g':
      case 'G':
        size = float_size(len);
        break;
      case 'p':
        size = sizeof(void *);
        break;
      case 'c':
      case 'C':
        size = (width ? width : 1) * (wide ? sizeof(wchar_t) : 1);
        break;
      case 's':
      case 'S':
      case '[':
        size = wide ? (sl_wcslen(arg) + 1) * sizeof(wchar_t)
                    : sl_real_strlen(arg) + 1;
        break;
      default: /* unknown: the arguments can no longer be followed */
        return n;
      }
    }
    out[n].addr = (uptr)arg;
    out[n].size = size;
    n++;
    done++;
  }
  return n;
}
