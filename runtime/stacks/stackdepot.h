/* Deduplicating store of stack traces: every distinct stack is kept once and
 * named by a 32-bit id, so each heap block pays 4 bytes per stack. */
#ifndef SLEUTH_STACKDEPOT_H
#define SLEUTH_STACKDEPOT_H

#include "sys.h"

#define DEPOT_MAX_FRAMES 64

/* Returns the id of the stack pcs[0..n) (innermost first; 0 if empty). */
uint32_t depot_put(const uptr *pcs, int n);
/* Copies up to max frames of stack id into out (innermost first) and
 * returns how many. */
int depot_get(uint32_t id, uptr *out, int max);
/* fork(): held across the fork so the child never inherits a lock that a
 * thread which does not exist in the child was holding. */
void depot_lock_all(void);
void depot_unlock_all(void);
/* Releases the calling thread's lookup cache (its exit hook). */
struct sl_thread;
void depot_thread_exit(struct sl_thread *t);
/* Bytes the depot has mapped, for statistics. */
size_t depot_bytes(void);
#endif
