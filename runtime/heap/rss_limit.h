/* hard_rss_limit_mb and soft_rss_limit_mb, as ASan's options (rss_limit.c). */
#ifndef SLEUTH_RSS_LIMIT_H
#define SLEUTH_RSS_LIMIT_H
#include <stddef.h>

/* Called by the allocator's mapping budget (mmap_limit.c) with the bytes it
 * has mapped so far, before it maps more. Past the hard limit it reports
 * and ends the process; returns 0 while resident memory is past the soft
 * limit (the mapping, and the allocation that needed it, are refused). */
int rss_limit_allow(size_t mapped);
/* 1 once if the last failed allocation was refused by the soft limit. */
int rss_limit_take_refusal(void);
#endif
