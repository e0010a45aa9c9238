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
/* Whether pc lies in an executable mapping (/proc/self/maps): a frame
 * outside every module is JIT code or a frame-pointer walk gone astray. */
int pc_in_executable_mapping(uptr pc);
/* Brings the module map up to date now (before dlclose unmaps a library,
 * so that its entry outlives it). */
void modules_refresh(void);
/* At start-up, before main: finds the main program's file (which may take
 * the working directory of now, see modules.c). */
void modules_note_start(void);
/* The main program's file (absolute), or "<main executable>" when it
 * cannot be named. */
const char *modules_main_path(void);

/* Symbolizes one address (already adjusted to point inside the call
 * instruction). Fills up to max entries, innermost inlined frame first.
 * Returns the number filled (0 if nothing is known). Strings stay valid for
 * the life of the process. Thread-safe; never uses libc malloc/stdio. */
int symbolize_pc(uptr pc, sl_frame_info *out, int max);

/* One printed frame of a stack: a pc, or one of the inlined functions at
 * it (innermost first, `inlined` set on all but the last). */
typedef struct {
  int num; /* position in the printed stack (#N), inlined frames counted */
  /* The call a return address returns from (the address less one), or an
   * exact faulting pc: what ASan prints, and what an offline symbolizer
   * given module+offset (symbolize=0) resolves to the call's line. */
  uptr pc;
  const char *function, *file; /* NULL if unknown */
  int line, column;            /* 0 if unknown */
  const char *module;          /* NULL if no module holds pc */
  uptr offset;                 /* pc (as above) - module load bias */
  int inlined;
} sl_frame;

/* Calls fn for every frame of pcs[0..n), symbolized. pcs[i] are return
 * addresses (looked up one byte earlier, inside the call) except pcs[0]
 * when first_is_exact is set. Report writers (report_text.c,
 * report_json.c) render stacks through this. */
void for_each_frame(const uptr *pcs, int n, int first_is_exact,
                    void (*fn)(void *ctx, const sl_frame *f), void *ctx);

/* Appends "    #N 0xPC in FUNCTION FILE:LINE:COLUMN" lines (DESIGN.md §3),
 * one per frame including inlined ones, to b (pcs as for for_each_frame).
 * A frame without debug info prints "in FUNCTION (MODULE+0xOFFSET)". */
void print_stack(sbuf_t *b, const uptr *pcs, int n, int first_is_exact);
/* The same with escape codes around the function and the source location
 * (color=always|auto, report_text.c); NULL paint: none. */
typedef struct {
  const char *function, *location, *reset;
} sl_stack_paint;
void print_stack_painted(sbuf_t *b, const uptr *pcs, int n, int first_is_exact,
                         const sl_stack_paint *paint);
/* "DEDUP_TOKEN: f0--f1--...\n": the function names of the first `frames`
 * frames (inlined ones count), as ASan prints it with dedup_token_length;
 * libFuzzer's -minimize_crash and -fork compare these to tell crashes
 * apart (a token is cut at 511 bytes). Nothing when no frame has a name. */
void print_dedup_token(sbuf_t *b, const uptr *pcs, int n, int first_is_exact,
                       int frames);

/* Where to find llvm-symbolizer: option external_symbolizer_path, else the
 * configure-time path, else PATH. Disabled by symbolize=0. */
void symbolizer_set_path(const char *path);
/* Secure mode: only the configure-time path, never PATH. */
void symbolizer_forbid_path_search(void);
/* fork(): held across it (process/init.c, before_fork). */
void symbolizer_lock(void);
void symbolizer_unlock(void);
/* symbolize=0: no external process; function names from ELF symbols. */
void symbolizer_disable(void);
#endif
