#include "gzip_stored.h"

#define STORED_MAX 65535 /* LEN is 16 bits */

/* Bitwise with a nibble table: 16 entries, no initialisation to race on,
 * and fast enough for a profile of a few MB written once per dump. */
static const uint32_t crc_nibble[16] = {
    0x00000000, 0x1db71064, 0x3b6e20c8, 0x26d930ac, 0x76dc4190, 0x6b6b51f4,
    0x4db26158, 0x5005713c, 0xedb88320, 0xf00f9344, 0xd6d6a3e8, 0xcb61b38c,
    0x9b64c2b0, 0x86d3d2d4, 0xa00ae278, 0xbdbdf21c};

uint32_t crc32_update(uint32_t crc, const void *p, size_t n) {
  const uint8_t *b = p;
  crc = ~crc;
  for (size_t i = 0; i < n; i++) {
    crc ^= b[i];
    crc = (crc >> 4) ^ crc_nibble[crc & 15];
    crc = (crc >> 4) ^ crc_nibble[crc & 15];
  }
  return ~crc;
}

static int write_all(int fd, const void *p, size_t n) {
  const char *s = p;
  while (n) {
    long w = sys_write(fd, s, n);
    if (w == -4 /* EINTR */)
      continue;
    if (w <= 0)
      return -1;
    s += w;
    n -= (size_t)w;
  }
  return 0;
}

static void le32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

int gzip_stored_write(int fd, const void *data, size_t n) {
  /* ID1 ID2, CM=8 (deflate), no flags, MTIME 0 (unknown), XFL 0, OS 3
   * (Unix). */
  static const uint8_t header[10] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3};
  if (write_all(fd, header, sizeof header) < 0)
    return -1;
  const uint8_t *p = data;
  size_t left = n;
  do {
    size_t k = left > STORED_MAX ? STORED_MAX : left;
    /* A block starts at a byte boundary here, so its 3 header bits
     * (BFINAL, BTYPE=00) fill one byte whose other bits are padding. */
    uint8_t bh[5] = {(uint8_t)(k == left), (uint8_t)k, (uint8_t)(k >> 8),
                     (uint8_t)~k, (uint8_t)(~k >> 8)};
    if (write_all(fd, bh, sizeof bh) < 0 || write_all(fd, p, k) < 0)
      return -1;
    p += k;
    left -= k;
  } while (left);
  uint8_t trailer[8];
  le32(trailer, crc32_update(0, data, n));
  le32(trailer + 4, (uint32_t)n); /* ISIZE: the length mod 2^32 */
  return write_all(fd, trailer, sizeof trailer);
}
