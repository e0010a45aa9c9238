/* The profile every output works on: samples (one per stack and thread)
 * whose values are jeprof-scaled estimates, with symbolized frames.
 * Built from one dump, or from a dump minus a base dump (diff.c). */
#ifndef SLEUTH_REPORT_PROFILE_H
#define SLEUTH_REPORT_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "heap_dump.h"
#include "util.h"

typedef enum {
  M_INUSE_SPACE,
  M_INUSE_OBJECTS,
  M_ALLOC_SPACE,
  M_ALLOC_OBJECTS,
  M_COUNT
} metric;

extern const char *const metric_names[M_COUNT]; /* "inuse_space", ... */
bool metric_is_space(metric m);

typedef struct {
  const char *name;   /* function, or "module+0xoffset" when unknown */
  const char *file;   /* NULL when unknown */
  int line, column;
  const char *module; /* NULL when the address is in no mapped file */
  bool named;         /* name is the function's, not the module+0xoffset stand-in */
} frame;

typedef struct {
  const char *module;
  uint64_t offset;   /* return address as a virtual address in module */
  frame *frames;     /* inlined chain, innermost first; at least one */
  size_t nframes;
  bool allocator;    /* inside an allocator library (jemalloc, Sleuth) */
  const char *symbol; /* name from the dump's own symbol section, or NULL */
  uint64_t pc;        /* the address in the first dump that had it (pprof) */
  const mapping *map; /* that dump's mapping holding pc, or NULL */
} location;

/* Lifetime classes of one stack's freed blocks (estimates): temporary and
 * long-lived bytes and objects, variances of the two byte figures, and
 * the sample counts they rest on. */
enum { L_TEMP, L_LONG, L_COUNT };
typedef struct {
  double bytes[L_COUNT], objs[L_COUNT], var[L_COUNT], k[L_COUNT];
} life_est;

typedef struct {
  size_t *locs; /* location ids, innermost first */
  size_t nlocs;
  long thread;  /* THREAD_ALL unless --threads */
  double v[M_COUNT];
  /* Error bars (errors.c): sample counts and estimated variances of v,
   * from the dumps added (pos) and from a --base (neg) apart, since the
   * variance of a growth depends on both. */
  double kpos[M_COUNT], kneg[M_COUNT], varpos[M_COUNT], varneg[M_COUNT];
  life_est life; /* zeros for per-thread samples and dumps without it */
  /* At the runtime's peak snapshot (the dump's peak: lines; zeros without
   * them): estimated bytes and objects, their variances, samples. */
  double peak_bytes, peak_bytes_var, peak_objs, peak_objs_var, peak_k;
  const frame **frames; /* expanded: every inlined frame, innermost first */
  size_t nframes;
} sample;

typedef struct {
  location *locs;
  size_t nlocs, lcap;
  strmap loc_index; /* "module@offset" -> location id */
  sample *samples;
  size_t nsamples, scap;
  double interval; /* of the main dump */
  /* --base OLD is an earlier dump of the same process (errors.c uses the
   * tighter variance of a growth then). */
  bool same_process;
  /* Every dump added has unbiased: lines: object counts are unbiased
   * (else some are jeprof's, which undercount stacks of mixed sizes). */
  bool unbiased_objects;
} profile;

/* jeprof's unsampling factor for a stack whose sampled objects average
 * `avg` bytes: 1/(1-exp(-avg/interval)); interval 1 means every
 * allocation was recorded, so no scaling. */
double sample_scale(double avg, double interval);

/* Adds the dump's stacks, values multiplied by sign (+1, or -1 for a
 * base). per_thread: one sample per tN: line instead of the t*: line. */
void profile_add_dump(profile *p, const heap_dump *d, int sign, bool per_thread);
/* Symbolizes every location in one batch, drops leading allocator frames
 * and expands the samples' frames. Call once, after the last add. */
void profile_resolve(profile *p, bool symbolize);
/* Keeps samples with a frame matching focus (if given) and none matching
 * ignore (if given); POSIX extended regexes on function names. */
void profile_filter(profile *p, const char *focus, const char *ignore);
/* Sum of one metric over all samples. */
double profile_total(const profile *p, metric m);

/* Estimated bytes in use in the whole dump (t*: lines, scaled). */
double dump_inuse_bytes(const heap_dump *d);

/* diff.c: merges samples with the same stack and thread, and drops those
 * whose values all net to zero (unchanged stacks of a --base diff). */
void profile_merge(profile *p);
/* merge.c: merges samples whose frames name the same functions, files
 * and lines (dumps of different processes: --merge), threads dropped.
 * Call after profile_resolve. */
void profile_merge_by_source(profile *p);
/* merge.c: "<prefix>.<pid>" of a "<prefix>.<pid>.<seq>.heap" name, or
 * NULL (malloc'd). */
char *process_of(const char *path);
/* Warns (stderr) when two of the paths are <prefix>.<pid>.<seq>.heap
 * dumps of one process: snapshots of the same memory, not to be summed. */
void merge_warn_same_process(const char *const *paths, size_t n);

#endif
