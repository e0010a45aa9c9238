/* Deduplicating store of stack traces: every distinct stack is kept once and
 * named by a 32-bit id, so each heap block pays 4 bytes per stack. Ids are
 * stable for the life of the process (never reused) and the same stack
 * always gets the same id, in every thread. Lock-free: safe to call from a
 * signal handler and across fork. */
#ifndef SLEUTH_STACKDEPOT_H
#define SLEUTH_STACKDEPOT_H

#include "sys.h"

/* The deepest stack kept: ASan's malloc_context_size goes up to 256, and
 * the stack of a fatal error is unwound that deep whatever the option. */
#define DEPOT_MAX_FRAMES 256

/* Returns the id of the stack pcs[0..n) (innermost first; 0 if empty, or
 * if the depot is out of memory). */
uint32_t depot_put(const uptr *pcs, int n);
/* The same, with a hint for speed only: the address of the outermost frame
 * the unwinder read (or any value that tends to be equal for stacks
 * starting in the same frame). Stacks with equal hints are compared with
 * each other first, so a run of them that differ near the leaf costs a
 * look-up of the frames that changed. */
uint32_t depot_put_hinted(const uptr *pcs, int n, uptr hint);
/* Copies up to max frames of stack id into out (innermost first) and
 * returns how many; 0 for an id the depot never handed out. */
int depot_get(uint32_t id, uptr *out, int max);
/* Releases the calling thread's remembered paths (its exit hook). */
struct sl_thread;
void depot_thread_exit(struct sl_thread *t);
/* For statistics: frame nodes stored and the bytes they take. */
typedef struct {
  size_t nodes, bytes;
} depot_stats_t;
void depot_stats(depot_stats_t *out);
#endif
