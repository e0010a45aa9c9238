/* A gzip file (RFC 1952) whose deflate stream (RFC 1951) is made of
 * stored, uncompressed blocks: valid for every gunzip and for pprof's
 * reader, and writable without a compression library (the runtime may
 * not call one: zlib allocates with malloc). The price is size: the file
 * is the data plus 5 bytes per 64 KiB and 18 bytes of framing. */
#ifndef SLEUTH_GZIP_STORED_H
#define SLEUTH_GZIP_STORED_H

#include "sys.h"

/* CRC-32 (IEEE 802.3, the one gzip uses) of p[0..n), continuing from crc
 * (0 to start). */
uint32_t crc32_update(uint32_t crc, const void *p, size_t n);
/* Writes data as a whole gzip file to fd. Returns 0, or -1 if a write
 * failed. */
int gzip_stored_write(int fd, const void *data, size_t n);

#endif
