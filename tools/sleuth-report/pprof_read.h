/* What --watch needs of a heap profile in pprof's format (the .pb.gz that
 * heap_profile_format=pprof writes; pprof_read.c): for each site, the frame
 * that called the allocator, its in-use bytes. */
#ifndef SLEUTH_REPORT_PPROF_READ_H
#define SLEUTH_REPORT_PPROF_READ_H

#include <stddef.h>

typedef struct {
  char *name;   /* function of the sample's first frame (innermost inline) */
  double inuse; /* its inuse_space value: an estimate, already scaled */
} pprof_site;

typedef struct {
  pprof_site *sites; /* one per sample; several may share a name */
  size_t nsites;
} pprof_profile;

/* Reads path (gzipped or not); NULL when it is not a readable pprof
 * profile with an inuse_space sample type. */
pprof_profile *pprof_read(const char *path);

#endif
