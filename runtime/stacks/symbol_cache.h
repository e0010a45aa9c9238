/* The symbolizer's answers kept across processes, per module build id, in
 * the user's cache directory ($XDG_CACHE_HOME/sleuth/symbols, else
 * ~/.cache/sleuth/symbols; option symbolize_cache). A short-lived process
 * that reports (a leak at exit under sleuth-run, a suppressed one, a test
 * binary's expected error) otherwise starts llvm-symbolizer for a few
 * frames, 0.05-0.1 s each time, where its whole run took a millisecond.
 *
 * A build id names the exact code and, for a module that carries its own
 * DWARF, the exact debug information: every answer stays true. For one
 * whose DWARF is in a separate file only complete answers are kept (every
 * frame with a function, a file and a line): an incomplete one may improve
 * once debug files are installed. The file name also carries the
 * symbolizer's path, so a different symbolizer never sees another's
 * answers. Called under the symbolizer's lock. */
#ifndef SLEUTH_SYMBOL_CACHE_H
#define SLEUTH_SYMBOL_CACHE_H

#include "symbolize.h"

/* The frames cached for offset off of module (at most max), or -1 when
 * there is no answer on file. Strings live for the process. */
int symbol_cache_get_locked(const char *module, const char *symbolizer,
                            uptr off, sl_frame_info *out, int max);
/* Files an answer of n >= 0 frames; with complete_only, only if every
 * frame has a function, a file and a line. */
void symbol_cache_put_locked(const char *module, const char *symbolizer,
                             uptr off, const sl_frame_info *f, int n,
                             int complete_only);
/* symbolize_cache=0, secure mode: no cache file is read or written. */
void symbol_cache_disable(void);
#endif
