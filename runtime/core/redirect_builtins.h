/* Force-included (-include) into every runtime file except the one that
 * defines the memcpy/memmove/memset interceptors. It binds this object's
 * references to those names, explicit calls as well as the ones the
 * compiler makes for struct copies, __builtin_mem* and loops it
 * recognises as strlen, to the runtime's
 * libc-free versions (sys.h). Without it the runtime's own copies would go
 * through the interceptors: checked against the shadow (the shadow itself
 * is not application memory), and before start-up into libc through a
 * pointer that is not resolved yet. An assembler alias is local to the
 * object, so the program still gets the interceptors. */
#if !defined(SLEUTH_REDIRECT_BUILTINS_H) &&                                    \
    !defined(SLEUTH_DEFINES_MEM_INTERCEPTORS)
#define SLEUTH_REDIRECT_BUILTINS_H
__asm__(".set memcpy, sl_memcpy\n"
        ".set memmove, sl_memmove\n"
        ".set memset, sl_memset\n"
        ".set strlen, sl_strlen\n");
#endif
