/* Non-local exits from uninstrumented code: longjmp and C++ throws abandon
 * frames whose epilogues (which unpoison their redzones) never run. Before
 * jumping, the frames between here and the top of the stack are unpoisoned
 * (instrumented code does the same through __sleuth_handle_no_return). */
#include "interception.h"

void stack_unpoison_from_sp(uptr sp);
void stack_unpoison_for_jump(uptr sp);

#define JUMP_INTERCEPTOR(name)                                                 \
  DECLARE_REAL(void, name, void *, int)                                        \
  SL_INTERCEPTOR __attribute__((noreturn)) void name(void *env, int val) {       \
    stack_unpoison_for_jump((uptr)__builtin_frame_address(0));                 \
    RESOLVE(name);                                                             \
    REAL(name)(env, val);                                                      \
    __builtin_unreachable();                                                   \
  }

JUMP_INTERCEPTOR(longjmp)
JUMP_INTERCEPTOR(_longjmp)
JUMP_INTERCEPTOR(siglongjmp)
JUMP_INTERCEPTOR(__longjmp_chk)

/* C++ throws. With libstdc++ linked statically there is no later
 * __cxa_throw for dlsym to find: a strong definition here would keep
 * libstdc++.a's eh_throw.o out of the link (and throw would jump to 0).
 * So these are weak, and for -static-libstdc++ the wrapper pulls eh_throw.o
 * in (its definitions then win) and routes every call through
 * __wrap___cxa_throw / __wrap___cxa_rethrow with ld's --wrap. */
typedef void (*cxa_throw_fn)(void *, void *, void (*)(void *));
typedef void (*cxa_rethrow_fn)(void);
extern void __real___cxa_throw(void *, void *, void (*)(void *))
    __attribute__((weak));
extern void __real___cxa_rethrow(void) __attribute__((weak));

DECLARE_REAL(void, __cxa_throw, void *, void *, void (*)(void *))
SL_INTERCEPTOR __attribute__((weak, noreturn)) void
__cxa_throw(void *obj, void *tinfo, void (*dest)(void *)) {
  stack_unpoison_from_sp((uptr)__builtin_frame_address(0));
  RESOLVE(__cxa_throw);
  REAL(__cxa_throw)(obj, tinfo, dest);
  __builtin_unreachable();
}

SL_INTERFACE __attribute__((noreturn)) void
__wrap___cxa_throw(void *obj, void *tinfo, void (*dest)(void *)) {
  stack_unpoison_from_sp((uptr)__builtin_frame_address(0));
  cxa_throw_fn real = __real___cxa_throw;
  real(obj, tinfo, dest);
  __builtin_unreachable();
}

DECLARE_REAL(void, __cxa_rethrow, void)
SL_INTERCEPTOR __attribute__((weak, noreturn)) void __cxa_rethrow(void) {
  stack_unpoison_from_sp((uptr)__builtin_frame_address(0));
  RESOLVE(__cxa_rethrow);
  REAL(__cxa_rethrow)();
  __builtin_unreachable();
}

SL_INTERFACE __attribute__((noreturn)) void __wrap___cxa_rethrow(void) {
  stack_unpoison_from_sp((uptr)__builtin_frame_address(0));
  cxa_rethrow_fn real = __real___cxa_rethrow;
  real();
  __builtin_unreachable();
}

/* std::rethrow_exception throws without __cxa_throw or __cxa_rethrow (it
 * raises the stored exception itself), so a call to it from uninstrumented
 * code, which has no __sleuth_handle_no_return before it, would leave the
 * abandoned frames' redzones poisoned after the catch. ASan intercepts it
 * for the same reason. Its exception_ptr argument has a non-trivial copy,
 * so the ABI passes it as a pointer to the caller's temporary: handing the
 * pointer on passes the same object. Weak, and wrapped for
 * -static-libstdc++, as __cxa_throw above. */
typedef void (*rethrow_exception_fn)(void *);
extern void __real__ZSt17rethrow_exceptionNSt15__exception_ptr13exception_ptrE(void *)
    __attribute__((weak));

DECLARE_REAL(void, _ZSt17rethrow_exceptionNSt15__exception_ptr13exception_ptrE, void *)
SL_INTERCEPTOR __attribute__((weak, noreturn)) void
_ZSt17rethrow_exceptionNSt15__exception_ptr13exception_ptrE(void *exception_ptr) {
  stack_unpoison_from_sp((uptr)__builtin_frame_address(0));
  RESOLVE(_ZSt17rethrow_exceptionNSt15__exception_ptr13exception_ptrE);
  REAL(_ZSt17rethrow_exceptionNSt15__exception_ptr13exception_ptrE)(exception_ptr);
  __builtin_unreachable();
}

SL_INTERFACE __attribute__((noreturn)) void
__wrap__ZSt17rethrow_exceptionNSt15__exception_ptr13exception_ptrE(void *exception_ptr) {
  stack_unpoison_from_sp((uptr)__builtin_frame_address(0));
  rethrow_exception_fn real = __real__ZSt17rethrow_exceptionNSt15__exception_ptr13exception_ptrE;
  real(exception_ptr);
  __builtin_unreachable();
}
