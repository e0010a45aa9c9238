/* Small helpers shared by every part of sleuth-report: allocation that
 * cannot fail silently, the one-line fatal error for bad input (exit 2),
 * a growable string, and reading a whole file. */
#ifndef SLEUTH_REPORT_UTIL_H
#define SLEUTH_REPORT_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#define EXIT_BAD_INPUT 1 /* bad input or options: one line naming the problem, status 1 */

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Grows *arr (of *cap elements of size elem) so that index `need` fits. */
void grow_array(void **arr, size_t *cap, size_t need, size_t elem);
#define GROW(arr, cap, need) grow_array((void **)&(arr), &(cap), (need), sizeof(*(arr)))

/* "sleuth-report: FILE:LINE: message" (line 0: no line), then exit 2. */
__attribute__((noreturn, format(printf, 3, 4))) void
die_input(const char *file, long line, const char *fmt, ...);
/* "sleuth-report: message", then exit 2 (usage and I/O errors). */
__attribute__((noreturn, format(printf, 1, 2))) void die(const char *fmt, ...);

typedef struct {
  char *s;
  size_t len, cap;
} strbuf;

void sb_putc(strbuf *b, char c);
void sb_puts(strbuf *b, const char *s);
void sb_putn(strbuf *b, const char *s, size_t n);
__attribute__((format(printf, 2, 3))) void sb_printf(strbuf *b, const char *fmt, ...);
/* Returns the string (owned by the caller) and resets b. */
char *sb_take(strbuf *b);

/* Whole file, NUL-terminated; dies naming the file when it cannot be read. */
char *read_file(const char *path, size_t *len);

/* Next line of a NUL-terminated buffer: returns it NUL-terminated in place
 * (the '\n' is replaced), advances *cursor; NULL at the end. */
char *next_line(char **cursor);

/* Length of the well-formed UTF-8 sequence at p (RFC 3629), or 0. */
int utf8_seq_len(const unsigned char *p);
/* Writes s with XML special characters escaped, as valid UTF-8 (a byte
 * that is not part of a well-formed sequence becomes U+FFFD). */
void xml_escape(FILE *out, const char *s);
/* Writes s as a JSON string literal (with quotes). */
void json_string(FILE *out, const char *s);

const char *base_name(const char *path);

/* A scaled estimate as a whole number, the way jeprof prints it: the
 * fraction is dropped (and -0 shown as 0). */
double whole(double v);

/* "12.3 KiB"-style rendering of a byte count, into buf. */
const char *human_bytes(double bytes, char *buf, size_t len);


/* String -> index map (open addressing); keys are copied. */
typedef struct {
  char **keys;
  size_t *vals;
  size_t n, cap;
} strmap;

/* Index stored for key, or (size_t)-1. */
size_t strmap_get(const strmap *m, const char *key);
void strmap_put(strmap *m, const char *key, size_t val);
void strmap_free(strmap *m);

#endif
