/* How the runtime reaches the libc function it replaces: the runtime's own
 * definition interposes (it is in the executable, or preloaded), and the
 * original is found once with dlsym(RTLD_NEXT). */
#ifndef SLEUTH_INTERCEPTION_H
#define SLEUTH_INTERCEPTION_H

#include <dlfcn.h>

#include "sys.h"

/* Declares `static ret (*real_name)(args)` resolved on first use. */
#define REAL(name) real_##name
#define DECLARE_REAL(ret, name, ...)                                           \
  static ret (*real_##name)(__VA_ARGS__);                                      \
  static inline void resolve_##name(void) {                                    \
    if (SL_UNLIKELY(!real_##name))                                             \
      real_##name = (ret(*)(__VA_ARGS__))dlsym(RTLD_NEXT, #name);              \
  }
#define RESOLVE(name) resolve_##name()

/* Interceptor entry: the pc and frame that start an allocation stack.
 * The pc is a return address inside the interceptor itself (a label's
 * address is not reliable: compilers move labels no goto uses). */
SL_NOINLINE uptr sleuth_current_pc(void);
#define CALLER_PC_HERE() sleuth_current_pc()
#define FRAME_HERE() ((uptr)__builtin_frame_address(0))

void sleuth_init(void);
extern int sleuth_inited;
/* Set once the runtime is up with the checker on (the shadow is mapped):
 * gates the libc interceptors' range checks. */
extern int sleuth_checking;
#define ENSURE_INIT()                                                          \
  do {                                                                         \
    if (SL_UNLIKELY(!sleuth_inited))                                           \
      sleuth_init();                                                           \
  } while (0)
#endif
