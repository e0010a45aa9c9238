/* Packed call-frame rules (eh_frame.h) by return address, so a walk needs
 * .eh_frame only the first time it meets a call site. */
#ifndef SLEUTH_CFI_CACHE_H
#define SLEUTH_CFI_CACHE_H

#include "sys.h"

/* The packed rule cached for pc, or 0 (CFI_EMPTY) if none. Lock-free. */
uint64_t cfi_cache_get(uptr pc);
/* Caches a packed rule (never 0); dropped if the table cannot be made. */
void cfi_cache_put(uptr pc, uint64_t rule);
/* Forgets every rule: a library was unloaded, and another one may be
 * mapped where it was. */
void cfi_cache_clear(void);

#endif
