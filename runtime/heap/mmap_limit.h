/* mmap_limit_mb: a cap on the bytes the allocator has mapped for blocks
 * (carved small-class slots plus large-block mappings). */
#ifndef SLEUTH_MMAP_LIMIT_H
#define SLEUTH_MMAP_LIMIT_H
#include <stddef.h>

/* Takes len more bytes into account; 0 (and nothing counted) when that
 * would pass the limit, which is then remembered for the report. */
int mmap_limit_charge(size_t len);
/* Gives back len bytes (a large block unmapped). */
void mmap_limit_uncharge(size_t len);
/* 1 once if the last failed allocation was refused by the limit; *total
 * gets the bytes that were mapped then. */
int mmap_limit_take_refusal(size_t *total);
#endif
