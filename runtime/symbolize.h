/* Turning program counters into "function file:line:column" via an external
 * llvm-symbolizer process kept open for the life of the process (as ASan
 * does), and the module map (which shared object holds a pc). */
#ifndef SLEUTH_SYMBOLIZE_H
#define SLEUTH_SYMBOLIZE_H

#include "sys.h"

typedef struct {
  const char *function; /* demangled; NULL if unknown */
  const char *file;     /* NULL if no debug info */
  int line, column;
} sl_frame_info;

/* Module containing pc: path and load bias (dlpi_addr). Returns 0 if none.
 * Refreshes its cached view of loaded modules on a miss. */
int module_for_pc(uptr pc, const char **path, uptr *bias);
/* Brings the module map up to date now (before dlclose unmaps a library,
 * so that its entry outlives it). */
void modules_refresh(void);

/* Symbolizes one address (already adjusted to point inside the call
 * instruction). Fills up to max entries, innermost inlined frame first.
 * Returns the number filled (0 if nothing is known). Strings stay valid for
 * the life of the process. Thread-safe; never uses libc malloc/stdio. */
int symbolize_pc(uptr pc, sl_frame_info *out, int max);

/* Appends "    #N 0xPC in FUNCTION FILE:LINE:COLUMN" lines (DESIGN.md §3),
 * one per frame including inlined ones, to b. pcs[i] are return addresses
 * except pcs[0] when first_is_exact is set (an exact faulting pc). A frame
 * without debug info prints "in FUNCTION (MODULE+0xOFFSET)". */
void print_stack(sbuf_t *b, const uptr *pcs, int n, int first_is_exact);

/* Where to find llvm-symbolizer: option external_symbolizer_path, else the
 * configure-time path, else PATH. Disabled by symbolize=0. */
void symbolizer_set_path(const char *path);
/* fork(): see depot_lock_all. */
void symbolizer_lock(void);
void symbolizer_unlock(void);
/* symbolize=0: no external process; function names from ELF symbols. */
void symbolizer_disable(void);
#endif
