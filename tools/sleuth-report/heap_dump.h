/* Parser for heap profile dumps in jemalloc's heap_v2 text format (what
 * Sleuth's runtime and jemalloc's prof write). Counts are kept raw, as in
 * the file: scaling to estimates is the profile's job (profile.c). */
#ifndef SLEUTH_REPORT_HEAP_DUMP_H
#define SLEUTH_REPORT_HEAP_DUMP_H

#include <stdint.h>
#include <stddef.h>

#include "maps.h"
#include "util.h"

typedef struct {
  double objs, bytes;         /* live (in use) sampled objects and bytes */
  double cum_objs, cum_bytes; /* every sampled allocation so far */
  /* From the unbiased: line after the t line (Sleuth's dumps since the
   * unbiased object counts; has_unbiased 0 otherwise): the estimated
   * objects, live and allocated, as sums of each sample's 1/p, and the
   * variances of those estimates. */
  int has_unbiased;
  double est_objs, var_objs, est_cum_objs, var_cum_objs;
} raw_counts;

#define THREAD_ALL (-1) /* the "t*:" line */

typedef struct {
  long thread; /* N of "tN:", or THREAD_ALL */
  raw_counts c;
} thread_counts;

/* Sleuth's "life:" line: the stack's freed samples, freed within the
 * temporary threshold of their allocation and later. */
typedef struct {
  double temp_objs, temp_bytes, long_objs, long_bytes;
} life_counts;

/* Sleuth's "peak:" line: the stack's sampled live objects and bytes at
 * the runtime's peak snapshot, and their unbiased count and variance. */
typedef struct {
  double objs, bytes, est_objs, var_objs;
} peak_counts;

/* Sleuth's "# size" line: sampled allocations of lo to 2*lo-1 bytes (lo
 * 0: zero bytes), their estimated number and its variance. */
typedef struct {
  double lo, samples, est, var;
} size_class;

typedef struct {
  uint64_t *pcs; /* return addresses, innermost first */
  size_t npcs;
  raw_counts total; /* the stack's t*: line */
  life_counts life; /* zeros without a life: line */
  peak_counts peak; /* zeros without a peak: line */
  thread_counts *threads;
  size_t nthreads, cap;
  long line; /* of the '@' line, for messages */
} dump_stack;

typedef struct {
  char *path;
  double interval; /* mean sample bytes from "heap_v2/<n>" */
  /* From "# lifetimes temporary_ms=T uptime_ms=U" (Sleuth's dumps since
   * the lifetime classes): has_life is 0 for jemalloc's and older ones. */
  int has_life;
  double temporary_ms, uptime_ms;
  /* From "# peak est_bytes=B t_ms=T snapshot_bytes=S snapshot_t_ms=U"
   * (Sleuth's dumps since the peak snapshot): the highest estimate of the
   * live heap and when, the estimate at the snapshot of the stacks' peak:
   * lines and when. has_peak 0 without the line. */
  int has_peak;
  double peak_bytes, peak_ms, snap_bytes, snap_ms;
  /* " inuse_max=B inuse_max_t_ms=T" of that line (the runtime's in-use
   * watch was on: its exact high-water mark), else inuse_max -1. */
  double inuse_max, inuse_max_ms;
  size_class *sizes; /* "# size" lines, in file order */
  size_t nsizes, sizecap;
  raw_counts total;
  dump_stack *stacks;
  size_t nstacks, cap;
  mapping_list maps;
  double mtime; /* seconds since the epoch, of the file */
  char **symbols; /* from a jeprof --raw symbol section, if any */
  size_t nsymbols, symcap;
  strmap symbol_index; /* "<hex pc>" -> index in symbols */
} heap_dump;

/* True when the text starts like a heap_v2 dump. */
int heap_dump_sniff(const char *text);
/* Name the dump's symbol section gives pc, or NULL. */
const char *heap_dump_symbol(const heap_dump *d, uint64_t pc);
/* Parses path; bad input is one line naming file and line, exit 2. */
heap_dump *heap_dump_load(const char *path);

#endif
