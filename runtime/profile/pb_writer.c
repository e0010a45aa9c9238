#include "pb_writer.h"

void pb_reset(pb_t *b) { b->len = 0; }

void pb_free(pb_t *b) {
  ifree(b->data);
  b->data = 0;
  b->len = b->cap = 0;
}

static int reserve(pb_t *b, size_t n) {
  if (b->failed)
    return 0;
  if (b->len + n <= b->cap)
    return 1;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + n)
    cap *= 2;
  uint8_t *d = irealloc(b->data, cap);
  if (!d) {
    b->failed = 1;
    return 0;
  }
  b->data = d;
  b->cap = cap;
  return 1;
}

void pb_varint(pb_t *b, uint64_t v) {
  if (!reserve(b, 10))
    return;
  do {
    uint8_t byte = v & 0x7f;
    v >>= 7;
    b->data[b->len++] = byte | (v ? 0x80 : 0);
  } while (v);
}

void pb_uint(pb_t *b, int field, uint64_t v) {
  if (v == 0)
    return;
  pb_varint(b, (uint64_t)field << 3);
  pb_varint(b, v);
}

void pb_append(pb_t *b, const void *p, size_t n) {
  if (!reserve(b, n))
    return;
  if (n)
    sl_memcpy(b->data + b->len, p, n);
  b->len += n;
}

void pb_bytes(pb_t *b, int field, const void *p, size_t n) {
  pb_varint(b, (uint64_t)field << 3 | 2);
  pb_varint(b, n);
  pb_append(b, p, n);
}

void pb_message(pb_t *b, int field, const pb_t *sub) {
  if (sub->failed)
    b->failed = 1;
  pb_bytes(b, field, sub->data, sub->len);
}
