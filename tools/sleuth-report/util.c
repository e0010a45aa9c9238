#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    die("out of memory (%zu bytes)", n);
  return p;
}

void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    die("out of memory (%zu x %zu bytes)", n, size);
  return p;
}

void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p)
    die("out of memory (%zu bytes)", n);
  return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

char *xstrndup(const char *s, size_t n) {
  char *d = xmalloc(n + 1);
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

void grow_array(void **arr, size_t *cap, size_t need, size_t elem) {
  if (need < *cap)
    return;
  size_t c = *cap ? *cap : 8;
  while (c <= need)
    c *= 2;
  *arr = xrealloc(*arr, c * elem);
  memset((char *)*arr + *cap * elem, 0, (c - *cap) * elem);
  *cap = c;
}

void die_input(const char *file, long line, const char *fmt, ...) {
  va_list ap;
  fflush(stdout);
  if (line > 0)
    fprintf(stderr, "sleuth-report: %s:%ld: ", file, line);
  else
    fprintf(stderr, "sleuth-report: %s: ", file);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(EXIT_BAD_INPUT);
}

void die(const char *fmt, ...) {
  va_list ap;
  fflush(stdout);
  fputs("sleuth-report: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(EXIT_BAD_INPUT);
}

void sb_putn(strbuf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t c = b->cap ? b->cap : 64;
    while (c < b->len + n + 1)
      c *= 2;
    b->s = xrealloc(b->s, c);
    b->cap = c;
  }
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}

void sb_putc(strbuf *b, char c) { sb_putn(b, &c, 1); }
void sb_puts(strbuf *b, const char *s) { sb_putn(b, s, strlen(s)); }

void sb_printf(strbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  char *tmp = xmalloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(tmp, (size_t)n + 1, fmt, ap);
  va_end(ap);
  sb_putn(b, tmp, (size_t)n);
  free(tmp);
}

char *sb_take(strbuf *b) {
  char *s = b->s ? b->s : xstrdup("");
  b->s = NULL;
  b->len = b->cap = 0;
  return s;
}

char *read_file(const char *path, size_t *len) {
  bool from_stdin = strcmp(path, "-") == 0; /* a pipe: prog 2>&1 | sleuth-report --sarif */
  FILE *f = from_stdin ? stdin : fopen(path, "rb");
  if (!f)
    die_input(path, 0, "cannot open: %s", strerror(errno));
  strbuf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
    sb_putn(&b, chunk, n);
  if (ferror(f))
    die_input(path, 0, "cannot read: %s", strerror(errno));
  if (!from_stdin)
    fclose(f);
  if (len)
    *len = b.len;
  return sb_take(&b);
}

char *next_line(char **cursor) {
  char *s = *cursor;
  if (!s || !*s)
    return NULL;
  char *nl = strchr(s, '\n');
  if (nl) {
    *nl = 0;
    *cursor = nl + 1;
  } else {
    *cursor = s + strlen(s);
  }
  size_t n = strlen(s);
  if (n && s[n - 1] == '\r')
    s[n - 1] = 0;
  return s;
}

/* Length of the well-formed UTF-8 sequence at p (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), or 0. */
int utf8_seq_len(const unsigned char *p) {
  unsigned c = p[0], cp, min;
  int n;
  if (c < 0x80)
    return 1;
  if ((c & 0xe0) == 0xc0)
    n = 2, cp = c & 0x1f, min = 0x80;
  else if ((c & 0xf0) == 0xe0)
    n = 3, cp = c & 0x0f, min = 0x800;
  else if ((c & 0xf8) == 0xf0)
    n = 4, cp = c & 0x07, min = 0x10000;
  else
    return 0;
  for (int i = 1; i < n; i++) {
    if ((p[i] & 0xc0) != 0x80)
      return 0;
    cp = cp << 6 | (p[i] & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000))
    return 0;
  return n;
}

void xml_escape(FILE *out, const char *s) {
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    switch (c) {
    case '<': fputs("&lt;", out); break;
    case '>': fputs("&gt;", out); break;
    case '&': fputs("&amp;", out); break;
    case '"': fputs("&quot;", out); break;
    case '\'': fputs("&apos;", out); break;
    default:
      /* XML 1.0 forbids most control characters even as references. */
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
        fputc('?', out);
      } else if (c >= 0x80) {
        /* An SVG is UTF-8: a name that is not (a file name's bytes) is
         * shown with U+FFFD for each bad byte; it is only a label. */
        int n = utf8_seq_len((const unsigned char *)s);
        if (n)
          fwrite(s, 1, (size_t)n, out), s += n - 1;
        else
          fputs("\xef\xbf\xbd", out);
      } else {
        fputc(c, out);
      }
    }
  }
}

void json_string(FILE *out, const char *s) {
  fputc('"', out);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    switch (c) {
    case '"': fputs("\\\"", out); break;
    case '\\': fputs("\\\\", out); break;
    case '\n': fputs("\\n", out); break;
    case '\r': fputs("\\r", out); break;
    case '\t': fputs("\\t", out); break;
    default:
      if (c < 0x20)
        fprintf(out, "\\u%04x", c);
      else
        fputc(c, out);
    }
  }
  fputc('"', out);
}

const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

const char *human_bytes(double bytes, char *buf, size_t len) {
  static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = bytes < 0 ? -bytes : bytes;
  int u = 0;
  while (v >= 1024 && u < 4) {
    v /= 1024;
    u++;
  }
  if (u == 0)
    snprintf(buf, len, "%.0f B", bytes);
  else
    snprintf(buf, len, "%.1f %s", bytes < 0 ? -v : v, units[u]);
  return buf;
}

static size_t hash_str(const char *s) {
  size_t h = 1469598103934665603ull; /* FNV-1a */
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

size_t strmap_get(const strmap *m, const char *key) {
  if (!m->cap)
    return (size_t)-1;
  for (size_t i = hash_str(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    if (!m->keys[i])
      return (size_t)-1;
    if (strcmp(m->keys[i], key) == 0)
      return m->vals[i];
  }
}

static void strmap_insert(strmap *m, char *key, size_t val) {
  size_t i = hash_str(key) & (m->cap - 1);
  while (m->keys[i])
    i = (i + 1) & (m->cap - 1);
  m->keys[i] = key;
  m->vals[i] = val;
}

void strmap_put(strmap *m, const char *key, size_t val) {
  if ((m->n + 1) * 2 > m->cap) {
    strmap old = *m;
    m->cap = old.cap ? old.cap * 2 : 64;
    m->keys = xcalloc(m->cap, sizeof(char *));
    m->vals = xcalloc(m->cap, sizeof(size_t));
    for (size_t i = 0; i < old.cap; i++)
      if (old.keys[i])
        strmap_insert(m, old.keys[i], old.vals[i]);
    free(old.keys);
    free(old.vals);
  }
  if (m->cap) {
    for (size_t i = hash_str(key) & (m->cap - 1); m->keys[i]; i = (i + 1) & (m->cap - 1))
      if (strcmp(m->keys[i], key) == 0) {
        m->vals[i] = val;
        return;
      }
  }
  strmap_insert(m, xstrdup(key), val);
  m->n++;
}

void strmap_free(strmap *m) {
  for (size_t i = 0; i < m->cap; i++)
    free(m->keys[i]);
  free(m->keys);
  free(m->vals);
  *m = (strmap){0};
}

double whole(double v) { return trunc(v) + 0.0; }
