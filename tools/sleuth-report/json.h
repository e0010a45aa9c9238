/* A small JSON reader (RFC 8259) for the runtime's JSON report lines:
 * parses one text into a tree; errors give the byte position. And the
 * writer of such a tree back (--sarif properties, --merge output). */
#ifndef SLEUTH_REPORT_JSON_H
#define SLEUTH_REPORT_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } json_type;

typedef struct json {
  json_type type;
  bool b;
  double num;
  char *str;           /* J_STR, UTF-8 */
  struct json **items; /* J_ARR elements, J_OBJ values */
  char **keys;         /* J_OBJ keys */
  size_t n;
} json;

/* NULL on error, with *err set to a message and *pos to the byte offset. */
json *json_parse(const char *text, const char **err, size_t *pos);
void json_free(json *j);

/* Member of an object (NULL if j is not an object or has no such key). */
const json *json_get(const json *j, const char *key);
/* Member as a string / number, NULL / fallback if absent or of another type. */
const char *json_get_str(const json *j, const char *key);
double json_get_num(const json *j, const char *key, double fallback);
/* Writes j as compact JSON (numbers with 15 significant digits). */
void json_write(FILE *out, const json *j);

#endif
