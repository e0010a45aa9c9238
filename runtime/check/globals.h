/* Registered globals and stack frames, for describing an address in a
 * report (globals.c, stack.c). */
#ifndef SLEUTH_GLOBALS_H
#define SLEUTH_GLOBALS_H

#include "sys.h"

/* If addr is in or just around a registered global, appends
 * "0x... is located N bytes after global variable 'x' defined in 'f.c:3'
 * (0x...) of size S" and returns 1. */
int globals_describe(sbuf_t *b, uptr addr);
/* The instrumented global whose object or redzone holds addr: its bounds,
 * name and "file:line:col" (strings owned by its module). 0 if none. */
int globals_find(uptr addr, uptr *beg, uptr *size, const char **name,
                 const char **location);
/* If addr is in an instrumented frame between lo and hi (the thread's
 * stack), appends ASan's "located in stack of thread T<tid> at offset N in
 * frame" paragraph with the frame's objects and returns 1. The access
 * [access, access + size) (size 0: unknown; access 0: addr) places the
 * "<== Memory access at offset N partially overflows" marker. */
int stack_describe(sbuf_t *b, uptr addr, uptr access, uptr size, uptr lo,
                   uptr hi, unsigned tid);
/* If addr is in an instrumented frame (on the thread's stack [lo, hi), or
 * a fake-stack frame): 1, and the variable holding it, its name (without
 * the ":LINE", cut to cap bytes with the NUL; name may be NULL), start and
 * size, or "", 0 and 0 in the frame's redzones. Otherwise 0, nothing
 * written. */
int stack_locate(uptr addr, uptr lo, uptr hi, char *name, size_t cap,
                 uptr *beg, uptr *size);
/* Ends init-order checking for good (exit was called): unpoisons every
 * dynamically initialised global and ignores later init brackets. */
void globals_stop_init_order_checking(void);
#endif
