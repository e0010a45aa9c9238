/* The heap profiler's pprof plumbing without a program: the protobuf
 * encoder writes the wire format byte for byte (varints, negative int64,
 * nested messages), CRC-32 has its standard check value, and zlib inflates
 * the stored-block gzip files back to the data, for empty data, one block
 * and several (64 KiB each), with the CRC and length zlib checks. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "check.h"
#include "gzip_stored.h"
#include "pb_writer.h"

static int same(const pb_t *b, const unsigned char *want, size_t n) {
  return b->len == n && memcmp(b->data, want, n) == 0;
}

static void encoder(void) {
  pb_t b = {0}, sub = {0};
  pb_uint(&b, 1, 150); /* the protobuf documentation's example */
  static const unsigned char a[] = {0x08, 0x96, 0x01};
  CHECK(same(&b, a, sizeof a));
  pb_reset(&b);
  pb_uint(&b, 2, 0); /* default: not written */
  CHECK(b.len == 0);
  pb_uint(&b, 2, (uint64_t)(int64_t)-1); /* int64 -1: ten bytes */
  static const unsigned char m1[] = {0x10, 0xff, 0xff, 0xff, 0xff, 0xff,
                                     0xff, 0xff, 0xff, 0xff, 0x01};
  CHECK(same(&b, m1, sizeof m1));
  pb_reset(&b);
  pb_varint(&sub, 3);
  pb_varint(&sub, 270);
  pb_message(&b, 1, &sub); /* packed repeated: tag, length, varints */
  pb_bytes(&b, 6, "ab", 2);
  static const unsigned char pk[] = {0x0a, 0x03, 0x03, 0x8e, 0x02,
                                     0x32, 0x02, 'a',  'b'};
  CHECK(same(&b, pk, sizeof pk));
  CHECK(!b.failed && !sub.failed);
  pb_free(&b);
  pb_free(&sub);
}

/* Writes n bytes through gzip_stored_write and inflates the file. */
static void round_trip(size_t n) {
  unsigned char *data = malloc(n ? n : 1);
  for (size_t i = 0; i < n; i++)
    data[i] = (unsigned char)(i * 2654435761u >> 13);
  char path[] = "/tmp/sleuth-gzip-XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  CHECK(gzip_stored_write(fd, data, n) == 0);
  off_t size = lseek(fd, 0, SEEK_END);
  /* 10 header + 8 trailer bytes, 5 per stored block of up to 65535. */
  size_t blocks = n ? (n + 65534) / 65535 : 1;
  CHECK((size_t)size == 18 + 5 * blocks + n);
  close(fd);
  gzFile gz = gzopen(path, "rb");
  CHECK(gz != NULL);
  unsigned char *back = calloc(1, n + 16);
  int got = gz ? gzread(gz, back, (unsigned)n + 16) : -1;
  CHECK(got == (int)n);
  CHECK(n == 0 || memcmp(back, data, n) == 0);
  /* gzclose reports a CRC or length mismatch in the trailer. */
  CHECK(gz && gzclose(gz) == Z_OK);
  unlink(path);
  free(back);
  free(data);
}

int main(void) {
  encoder();
  CHECK(crc32_update(0, "123456789", 9) == 0xcbf43926u);
  CHECK(crc32_update(crc32_update(0, "1234", 4), "56789", 5) == 0xcbf43926u);
  round_trip(0);
  round_trip(1000);
  round_trip(65535);
  round_trip(200000);
  CHECK_DONE("pprof_wire_test");
}
