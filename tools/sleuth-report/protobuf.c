#include "protobuf.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void pb_reset(pb_buf *b) { b->len = 0; }

void pb_free(pb_buf *b) {
  free(b->data);
  *b = (pb_buf){0};
}

static void reserve(pb_buf *b, size_t n) {
  if (b->len + n <= b->cap)
    return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + n)
    cap *= 2;
  b->data = xrealloc(b->data, cap);
  b->cap = cap;
}

void pb_varint(pb_buf *b, uint64_t v) {
  reserve(b, 10);
  do {
    uint8_t byte = v & 0x7f;
    v >>= 7;
    b->data[b->len++] = byte | (v ? 0x80 : 0);
  } while (v);
}

void pb_varint_field(pb_buf *b, int field, uint64_t v) {
  if (v == 0)
    return;
  pb_varint(b, (uint64_t)field << 3);
  pb_varint(b, v);
}

void pb_bytes_field(pb_buf *b, int field, const void *p, size_t n) {
  pb_varint(b, (uint64_t)field << 3 | 2);
  pb_varint(b, n);
  reserve(b, n);
  if (n)
    memcpy(b->data + b->len, p, n);
  b->len += n;
}

void pb_message(pb_buf *b, int field, const pb_buf *sub) {
  pb_bytes_field(b, field, sub->data, sub->len);
}
