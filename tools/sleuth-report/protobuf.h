/* Protocol-buffer wire format, writing only: what pprof's profile.proto
 * needs (varints, zigzag-free int64/uint64, length-delimited bytes and
 * sub-messages, packed repeated varints). A message is built in a growable
 * buffer; a sub-message is built in its own buffer and appended with
 * pb_message, which writes its length first as the format requires. */
#ifndef SLEUTH_REPORT_PROTOBUF_H
#define SLEUTH_REPORT_PROTOBUF_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint8_t *data;
  size_t len, cap;
} pb_buf;

void pb_reset(pb_buf *b); /* len = 0, memory kept */
void pb_free(pb_buf *b);
/* Field `field` as a varint (wire type 0). int64 values are written as
 * their two's complement (10 bytes for negatives), as proto3 int64 is.
 * Zero is skipped: it is every field's default. */
void pb_varint_field(pb_buf *b, int field, uint64_t v);
/* Field as length-delimited bytes (wire type 2), written even if empty. */
void pb_bytes_field(pb_buf *b, int field, const void *p, size_t n);
/* Appends sub (a finished message) as field `field`. */
void pb_message(pb_buf *b, int field, const pb_buf *sub);
/* A bare varint, for the contents of a packed field. */
void pb_varint(pb_buf *b, uint64_t v);

#endif
