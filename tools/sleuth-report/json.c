#include "json.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

typedef struct {
  const char *s, *p;
  const char *err;
  int depth;
} parser;

static void ws(parser *ps) {
  while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
    ps->p++;
}

static json *fail(parser *ps, const char *msg) {
  if (!ps->err)
    ps->err = msg;
  return NULL;
}

static json *node(json_type t) {
  json *j = xcalloc(1, sizeof(*j));
  j->type = t;
  return j;
}

static void put_utf8(strbuf *b, unsigned cp) {
  if (cp < 0x80) {
    sb_putc(b, (char)cp);
  } else if (cp < 0x800) {
    sb_putc(b, (char)(0xc0 | cp >> 6));
    sb_putc(b, (char)(0x80 | (cp & 0x3f)));
  } else if (cp < 0x10000) {
    sb_putc(b, (char)(0xe0 | cp >> 12));
    sb_putc(b, (char)(0x80 | (cp >> 6 & 0x3f)));
    sb_putc(b, (char)(0x80 | (cp & 0x3f)));
  } else {
    sb_putc(b, (char)(0xf0 | cp >> 18));
    sb_putc(b, (char)(0x80 | (cp >> 12 & 0x3f)));
    sb_putc(b, (char)(0x80 | (cp >> 6 & 0x3f)));
    sb_putc(b, (char)(0x80 | (cp & 0x3f)));
  }
}

static int hex4(const char *p, unsigned *out) {
  unsigned v = 0;
  for (int i = 0; i < 4; i++) {
    char c = p[i];
    v <<= 4;
    if (c >= '0' && c <= '9')
      v |= (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f')
      v |= (unsigned)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
      v |= (unsigned)(c - 'A' + 10);
    else
      return 0;
  }
  *out = v;
  return 1;
}

/* JSON text is UTF-8 (RFC 8259): a string's raw bytes must be well-formed,
 * and a \u escape must name a character. A surrogate escape is half of a
 * UTF-16 pair: a high one followed by a low one is one character; alone,
 * it is no character, and there is no UTF-8 for it, so the line is
 * rejected rather than passed on as invalid UTF-8 (or silently replaced:
 * Sleuth's runtime never writes one, so it means a damaged file). */
static char *string(parser *ps) {
  if (*ps->p != '"')
    return (char *)fail(ps, "expected a string");
  ps->p++;
  strbuf b = {0};
  for (;;) {
    unsigned char c = (unsigned char)*ps->p;
    if (c == '"') {
      ps->p++;
      return sb_take(&b);
    }
    if (c == 0 || c < 0x20) {
      free(b.s);
      return (char *)fail(ps, c ? "control character in a string" : "unterminated string");
    }
    if (c != '\\') {
      int n = utf8_seq_len((const unsigned char *)ps->p);
      if (!n) {
        free(b.s);
        return (char *)fail(ps, "invalid UTF-8 in a string");
      }
      sb_putn(&b, ps->p, (size_t)n);
      ps->p += n;
      continue;
    }
    ps->p++;
    char e = *ps->p++;
    switch (e) {
    case '"': sb_putc(&b, '"'); break;
    case '\\': sb_putc(&b, '\\'); break;
    case '/': sb_putc(&b, '/'); break;
    case 'b': sb_putc(&b, '\b'); break;
    case 'f': sb_putc(&b, '\f'); break;
    case 'n': sb_putc(&b, '\n'); break;
    case 'r': sb_putc(&b, '\r'); break;
    case 't': sb_putc(&b, '\t'); break;
    case 'u': {
      unsigned cp, lo;
      if (!hex4(ps->p, &cp))
        goto bad;
      ps->p += 4;
      if (cp >= 0xd800 && cp < 0xdc00 && ps->p[0] == '\\' && ps->p[1] == 'u' &&
          hex4(ps->p + 2, &lo) && lo >= 0xdc00 && lo < 0xe000) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        ps->p += 6;
      } else if (cp >= 0xd800 && cp < 0xe000) {
        free(b.s);
        ps->p -= 6;
        return (char *)fail(ps, cp < 0xdc00 ? "unpaired UTF-16 surrogate escape (a \\uD800-\\uDBFF not "
                                              "followed by a \\uDC00-\\uDFFF)"
                                            : "unpaired UTF-16 surrogate escape (a \\uDC00-\\uDFFF "
                                              "without a \\uD800-\\uDBFF before it)");
      }
      put_utf8(&b, cp);
      break;
    }
    default:
    bad:
      free(b.s);
      return (char *)fail(ps, "bad escape in a string");
    }
  }
}

static json *value(parser *ps);

static json *array(parser *ps) {
  json *j = node(J_ARR);
  size_t cap = 0;
  ps->p++;
  ws(ps);
  if (*ps->p == ']') {
    ps->p++;
    return j;
  }
  for (;;) {
    json *v = value(ps);
    if (!v)
      goto err;
    GROW(j->items, cap, j->n);
    j->items[j->n++] = v;
    ws(ps);
    if (*ps->p == ',') {
      ps->p++;
      continue;
    }
    if (*ps->p == ']') {
      ps->p++;
      return j;
    }
    fail(ps, "expected ',' or ']'");
    goto err;
  }
err:
  json_free(j);
  return NULL;
}

static json *object(parser *ps) {
  json *j = node(J_OBJ);
  size_t cap = 0, kcap = 0;
  ps->p++;
  ws(ps);
  if (*ps->p == '}') {
    ps->p++;
    return j;
  }
  for (;;) {
    ws(ps);
    char *k = string(ps);
    if (!k)
      goto err;
    ws(ps);
    if (*ps->p != ':') {
      free(k);
      fail(ps, "expected ':'");
      goto err;
    }
    ps->p++;
    json *v = value(ps);
    if (!v) {
      free(k);
      goto err;
    }
    GROW(j->items, cap, j->n);
    GROW(j->keys, kcap, j->n);
    j->keys[j->n] = k;
    j->items[j->n++] = v;
    ws(ps);
    if (*ps->p == ',') {
      ps->p++;
      continue;
    }
    if (*ps->p == '}') {
      ps->p++;
      return j;
    }
    fail(ps, "expected ',' or '}'");
    goto err;
  }
err:
  json_free(j);
  return NULL;
}

static int digit(char c) { return c >= '0' && c <= '9'; }

/* RFC 8259's number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, and
 * finite as a double: 1e999999 has no JSON spelling once read (it would
 * come out as "inf"), so it is rejected here rather than written. */
static json *number(parser *ps) {
  const char *p = ps->p;
  if (*p == '-')
    p++;
  if (!digit(*p))
    return fail(ps, "unexpected character");
  if (*p == '0' && digit(p[1]))
    return fail(ps, "bad number: leading zero");
  while (digit(*p))
    p++;
  if (*p == '.') {
    if (!digit(*++p))
      return fail(ps, "bad number: no digit after '.'");
    while (digit(*p))
      p++;
  }
  if (*p == 'e' || *p == 'E') {
    p++;
    if (*p == '+' || *p == '-')
      p++;
    if (!digit(*p))
      return fail(ps, "bad number: no digit in the exponent");
    while (digit(*p))
      p++;
  }
  char *end;
  errno = 0;
  double v = strtod(ps->p, &end);
  if (end != p)
    return fail(ps, "bad number");
  if (!isfinite(v))
    return fail(ps, "number out of range (not a finite double)");
  json *j = node(J_NUM);
  j->num = v;
  ps->p = end;
  return j;
}

static json *value(parser *ps) {
  ws(ps);
  if (++ps->depth > 200)
    return fail(ps, "nested too deeply");
  json *j;
  switch (*ps->p) {
  case '{': j = object(ps); break;
  case '[': j = array(ps); break;
  case '"': {
    char *s = string(ps);
    j = s ? node(J_STR) : NULL;
    if (j)
      j->str = s;
    break;
  }
  case 't':
  case 'f':
  case 'n':
    if (strncmp(ps->p, "true", 4) == 0) {
      j = node(J_BOOL);
      j->b = true;
      ps->p += 4;
    } else if (strncmp(ps->p, "false", 5) == 0) {
      j = node(J_BOOL);
      ps->p += 5;
    } else if (strncmp(ps->p, "null", 4) == 0) {
      j = node(J_NULL);
      ps->p += 4;
    } else {
      j = fail(ps, "unexpected word");
    }
    break;
  case 0: j = fail(ps, "unexpected end of input"); break;
  default: j = number(ps);
  }
  ps->depth--;
  return j;
}

json *json_parse(const char *text, const char **err, size_t *pos) {
  parser ps = {text, text, NULL, 0};
  json *j = value(&ps);
  if (j) {
    ws(&ps);
    if (*ps.p) {
      json_free(j);
      j = fail(&ps, "text after the JSON value");
    }
  }
  if (!j) {
    *err = ps.err;
    *pos = (size_t)(ps.p - text);
  }
  return j;
}

void json_free(json *j) {
  if (!j)
    return;
  for (size_t i = 0; i < j->n; i++) {
    json_free(j->items[i]);
    if (j->keys)
      free(j->keys[i]);
  }
  free(j->items);
  free(j->keys);
  free(j->str);
  free(j);
}

const json *json_get(const json *j, const char *key) {
  if (!j || j->type != J_OBJ)
    return NULL;
  for (size_t i = 0; i < j->n; i++)
    if (strcmp(j->keys[i], key) == 0)
      return j->items[i];
  return NULL;
}

const char *json_get_str(const json *j, const char *key) {
  const json *v = json_get(j, key);
  return v && v->type == J_STR ? v->str : NULL;
}

double json_get_num(const json *j, const char *key, double fallback) {
  const json *v = json_get(j, key);
  return v && v->type == J_NUM ? v->num : fallback;
}

void json_write(FILE *out, const json *j) {
  switch (j->type) {
  case J_NULL: fputs("null", out); break;
  case J_BOOL: fputs(j->b ? "true" : "false", out); break;
  case J_NUM: fprintf(out, "%.15g", j->num); break; /* 123.4 stays 123.4 */
  case J_STR: json_string(out, j->str); break;
  case J_ARR:
    fputc('[', out);
    for (size_t i = 0; i < j->n; i++) {
      fputs(i ? "," : "", out);
      json_write(out, j->items[i]);
    }
    fputc(']', out);
    break;
  case J_OBJ:
    fputc('{', out);
    for (size_t i = 0; i < j->n; i++) {
      fputs(i ? "," : "", out);
      json_string(out, j->keys[i]);
      fputc(':', out);
      json_write(out, j->items[i]);
    }
    fputc('}', out);
    break;
  }
}
