/* Protocol-buffer wire format, writing only, in internal memory: what the
 * heap profiler's pprof output (heapprof_pprof.c) needs. A message is
 * built in a growable buffer; a sub-message in its own buffer, appended
 * with pb_message (length first, as the format requires). Running out of
 * memory sets `failed` and makes every later write a no-op, so callers
 * check once at the end. */
#ifndef SLEUTH_PB_WRITER_H
#define SLEUTH_PB_WRITER_H

#include "sys.h"

typedef struct {
  uint8_t *data;
  size_t len, cap;
  int failed;
} pb_t;

void pb_reset(pb_t *b); /* len = 0, memory kept */
void pb_free(pb_t *b);
/* A bare varint (the contents of a packed field). */
void pb_varint(pb_t *b, uint64_t v);
/* Field as a varint (wire type 0); int64 as its two's complement. Zero,
 * every field's default, is not written. */
void pb_uint(pb_t *b, int field, uint64_t v);
/* Field as length-delimited bytes (wire type 2), written even if empty. */
void pb_bytes(pb_t *b, int field, const void *p, size_t n);
/* Appends raw bytes (already encoded fields). */
void pb_append(pb_t *b, const void *p, size_t n);
/* Appends the finished message sub as field `field`. */
void pb_message(pb_t *b, int field, const pb_t *sub);

#endif
