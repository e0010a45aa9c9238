/* A thread that libc never hears of (raw_thread.c). glibc switches its
 * malloc and stdio to locked, atomic paths for good once pthread_create
 * has run, so a helper thread of the runtime's own would slow down every
 * malloc of a program that has none of its own. Code on such a thread must
 * not call into libc: raw syscalls (sys.h), internal memory and the
 * runtime's own TLS only. */
#ifndef SLEUTH_RAW_THREAD_H
#define SLEUTH_RAW_THREAD_H

#include "sys.h"

/* Starts fn(arg) on [stack, stack + stack_size) with every signal blocked.
 * Call from a libc thread (it sizes the new thread's TLS from the caller's).
 * The thread ends when fn returns. Returns 0 or a negative errno. */
int raw_thread_start(void (*fn)(void *), void *arg, void *stack,
                     size_t stack_size);
#endif
