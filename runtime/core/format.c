/* A small printf for runtime buffers: reports, options errors and the
 * symbolizer protocol are formatted without stdio or locale. */
#include "sys.h"

void sbuf_init(sbuf_t *b, char *mem, size_t cap) {
  b->buf = mem;
  b->cap = cap;
  b->len = 0;
  b->grow = 0;
  if (cap)
    mem[0] = 0;
}

int sbuf_init_grow(sbuf_t *b, size_t cap) {
  static char empty[1];
  char *mem = ialloc(cap);
  if (!mem) {
    sbuf_init(b, empty, sizeof empty);
    return 0;
  }
  sbuf_init(b, mem, cap);
  b->grow = 1;
  return 1;
}

void sbuf_free(sbuf_t *b) {
  if (b->grow)
    ifree(b->buf);
  b->buf = 0;
  b->cap = b->len = 0;
  b->grow = 0;
}

void sbuf_putc(sbuf_t *b, char c) {
  if (SL_UNLIKELY(b->len + 1 >= b->cap) && b->grow > 0) {
    char *more = irealloc(b->buf, b->cap * 2);
    if (more) {
      b->buf = more;
      b->cap *= 2;
    } else {
      b->grow = -1; /* keep what we have; truncate from here */
    }
  }
  if (b->len + 1 < b->cap) {
    b->buf[b->len++] = c;
    b->buf[b->len] = 0;
  }
}

void sbuf_puts(sbuf_t *b, const char *s) {
  if (!s)
    s = "(null)";
  while (*s)
    sbuf_putc(b, *s++);
}

static void put_padded(sbuf_t *b, const char *digits, int len, int width,
                       int left, char pad) {
  if (!left)
    for (int i = len; i < width; i++)
      sbuf_putc(b, pad);
  for (int i = 0; i < len; i++)
    sbuf_putc(b, digits[i]);
  if (left)
    for (int i = len; i < width; i++)
      sbuf_putc(b, ' ');
}

static int format_unsigned(char *out, unsigned long long v, unsigned base,
                           int grouped) {
  char tmp[40];
  int n = 0, digits = 0;
  do {
    if (grouped && digits && digits % 3 == 0)
      tmp[n++] = ',';
    tmp[n++] = "0123456789abcdef"[v % base];
    v /= base;
    digits++;
  } while (v);
  for (int i = 0; i < n; i++)
    out[i] = tmp[n - 1 - i];
  return n;
}

void sbuf_vprintf(sbuf_t *b, const char *fmt, va_list ap) {
  for (const char *p = fmt; *p; p++) {
    if (*p != '%') {
      sbuf_putc(b, *p);
      continue;
    }
    p++;
    int left = 0, grouped = 0, width = 0, lng = 0;
    char pad = ' ';
    for (;; p++) {
      if (*p == '-')
        left = 1;
      else if (*p == '0')
        pad = '0';
      else if (*p == '\'')
        grouped = 1;
      else
        break;
    }
    if (*p == '*') {
      width = va_arg(ap, int);
      p++;
    }
    while (*p >= '0' && *p <= '9')
      width = width * 10 + (*p++ - '0');
    while (*p == 'l' || *p == 'z')
      lng++, p++;
    char num[48];
    int n;
    switch (*p) {
    case 's': {
      const char *s = va_arg(ap, const char *);
      if (!s)
        s = "(null)";
      put_padded(b, s, (int)sl_strlen(s), width, left, ' ');
      break;
    }
    case 'c':
      num[0] = (char)va_arg(ap, int);
      put_padded(b, num, 1, width, left, ' ');
      break;
    case 'd':
    case 'i': {
      long long v = lng ? va_arg(ap, long long) : va_arg(ap, int);
      unsigned long long u =
          v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
      n = 0;
      if (v < 0)
        num[n++] = '-';
      n += format_unsigned(num + n, u, 10, grouped);
      put_padded(b, num, n, width, left, pad);
      break;
    }
    case 'u':
    case 'x': {
      unsigned long long v =
          lng ? va_arg(ap, unsigned long long) : va_arg(ap, unsigned);
      n = format_unsigned(num, v, *p == 'x' ? 16 : 10, grouped);
      put_padded(b, num, n, width, left, pad);
      break;
    }
    case 'p': {
      num[0] = '0';
      num[1] = 'x';
      n = 2 + format_unsigned(num + 2, (uptr)va_arg(ap, void *), 16, 0);
      put_padded(b, num, n, width, left, ' ');
      break;
    }
    case '%':
      sbuf_putc(b, '%');
      break;
    case 0:
      return;
    default:
      sbuf_putc(b, '%');
      sbuf_putc(b, *p);
    }
  }
}

void sbuf_printf(sbuf_t *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(b, fmt, ap);
  va_end(ap);
}

size_t sl_snprintf(char *buf, size_t cap, const char *fmt, ...) {
  sbuf_t b;
  sbuf_init(&b, buf, cap);
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  return b.len;
}
