/* One runtime per process (one_runtime.c). */
#ifndef SLEUTH_ONE_RUNTIME_H
#define SLEUTH_ONE_RUNTIME_H

/* Exported by every copy of the runtime (init.c); sleuth-run looks for the
 * name to tell an instrumented program. */
const char *__sleuth_runtime_version(void);

/* Linked runtime, from .preinit_array: re-executes the program without
 * libsleuth.so in LD_PRELOAD if it is there (returns only if it was not,
 * or the exec failed, which it reports). */
void one_runtime_drop_preloaded(char **argv, char **envp);
/* Preloaded runtime: whether another copy (linked into the program) comes
 * first in the process. */
int one_runtime_another_is_loaded(void);
#endif
