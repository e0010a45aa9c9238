/* Profile-only mode's back end (sysheap.c): glibc's allocator plus the
 * heap profiler's hooks. */
#ifndef SLEUTH_SYSHEAP_H
#define SLEUTH_SYSHEAP_H

#include "sys.h"

/* The interceptors jump here (heap.h); kept out of line so that the
 * interceptors' own frames stay as small as they are for the checker. */
void *sysheap_allocate(size_t size, size_t align, int type, int zero,
                       uptr fp);
void sysheap_deallocate(void *p, int type, int has_size, size_t size,
                        uptr fp);
void *sysheap_reallocate(void *p, size_t size, uptr fp);
void *sysheap_calloc(size_t n, size_t elem, uptr fp);
size_t sysheap_usable_size(const void *p);
void sysheap_init(void);
#endif
