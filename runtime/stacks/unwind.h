/* Stack unwinding: frame-pointer walks (fast, for every malloc and free),
 * checked against the thread's stack bounds; cached call-frame
 * information for code built without frame pointers (unwind_cfi.h); and
 * libgcc's DWARF unwinder for error reports and for frames the cached walk
 * cannot follow. */
#ifndef SLEUTH_UNWIND_H
#define SLEUTH_UNWIND_H

#include "sys.h"

/* Collects return addresses by walking frame records from fp. */
int unwind_fast(uptr *pcs, int max, uptr fp);
/* DWARF unwinding, skipping the frames above the one whose pc is start_at
 * (the runtime's own); with start_at 0, from the caller of unwind_slow. */
int unwind_slow(uptr *pcs, int max, uptr start_at);
/* The stack of a call that jumped to an address holding no code (a null
 * or garbage function pointer), from the faulting registers: the return
 * address the call left at sp is the caller's frame, then its callers.
 * Reads only the stack holding sp. Returns 0 if sp is on no known stack. */
int unwind_from_bad_call(uptr *pcs, int max, uptr sp, uptr bp);
/* Allocation/free stacks: pcs[0] = first_pc (inside the allocator entry
 * point), then the callers of the frame fp, malloc_context_size frames in
 * all. Stored in the stack depot. */
uint32_t stack_capture_id(uptr first_pc, uptr fp);
/* The same, DEPOT_MAX_FRAMES deep whatever malloc_context_size says: the
 * stack of a fatal error (double-free, bad-free), as ASan unwinds it. */
uint32_t stack_capture_full_id(uptr first_pc, uptr fp);
/* The callers of frame fp (a frame record of the runtime's: fp's caller
 * is the first) by cached call-frame information (unwind_cfi.h), reading
 * only the current stack; -1 when a frame needs libgcc's unwinder. */
int unwind_cfi_from_frame(uptr *pcs, int max, uptr fp);
/* From then on, allocation stacks are taken by call-frame information,
 * falling back to libgcc's unwinder (programs that may lack frame
 * pointers); the preloaded runtime asks for this. */
void unwind_assume_no_frame_pointers(void);
/* Called from an atexit handler: if exit() was called by libc's start-up
 * code (main returned), the stack address above which the frames are still
 * live (exit's caller and up); everything below is exit's own machinery
 * over main's dead frames, whose stale pointers must not keep leaked
 * blocks reachable. 0 when exit was called from the program (its frames
 * are live) or the stack cannot be read. */
uptr unwind_live_floor_at_exit(void);
#endif
