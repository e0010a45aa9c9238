/* raw_thread.h: clone(2) without libc. The new thread gets its own thread
 * pointer over a zeroed static-TLS area as deep below it as the caller's
 * reaches down to the runtime's initial-exec variables and libc's errno
 * (both live in static TLS, at fixed offsets from the thread pointer), with
 * a copy of the caller's TCB header above it (self pointers fixed), which
 * is all that code built for initial-exec TLS reads. */
#include "raw_thread.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>

#include "threads.h"

/* TLS the runtime's module may hold below its first variable (its PT_TLS
 * segment is about 50 KiB; untouched pages of the mapping cost nothing). */
#define TLS_MARGIN (1u << 20)
#define TCB_BYTES 4096u  /* the copied TCB header, and room above it */
#define TCB_HEADER 0x40u /* tcb, dtv, self, ... stack and pointer guards */
#define STR_(x) #x
#define STR(x) STR_(x)

/* long raw_clone(flags, child_stack, tls, fn, arg): the child pops arg
 * and fn from its new stack, calls fn(arg), then exits the thread. */
long raw_clone(unsigned long flags, void *stack, void *tls, void (*fn)(void *),
               void *arg);
__asm__(
    ".text\n"
    ".p2align 4\n"
    ".hidden raw_clone\n"
    ".type raw_clone,@function\n"
    "raw_clone:\n"
    "  sub $16, %rsi\n"
    "  mov %rcx, 8(%rsi)\n" /* fn */
    "  mov %r8, (%rsi)\n"   /* arg */
    "  mov %rdx, %r8\n"     /* tls: clone's fifth argument */
    "  xor %edx, %edx\n"    /* parent_tid */
    "  xor %r10d, %r10d\n"  /* child_tid */
    "  mov $" STR(
        SYS_clone) ", %eax\n"
                   "  syscall\n"
                   "  test %rax, %rax\n"
                   "  jnz 1f\n"
                   "  xor %ebp, %ebp\n" /* the outermost frame for unwinders */
                   "  pop %rdi\n"
                   "  pop %rax\n"
                   "  call *%rax\n"
                   "  xor %edi, %edi\n"
                   "  mov $" STR(SYS_exit) ", %eax\n"
                                           "  syscall\n"
                                           "  hlt\n"
                                           "1: ret\n"
                                           ".size raw_clone, .-raw_clone\n");

static uptr thread_pointer(void) {
  uptr tp;
  __asm__("mov %%fs:0, %0" : "=r"(tp));
  return tp;
}

static void *tls_area;
static size_t tls_below;

int raw_thread_start(void (*fn)(void *), void *arg, void *stack,
                     size_t stack_size) {
  uptr tp = thread_pointer();
  uptr lo = (uptr)&sl_cur_thread;
  if ((uptr)&errno < lo)
    lo = (uptr)&errno;
  size_t below = (tp - lo + TLS_MARGIN + 4095) & ~(size_t)4095;
  if (tls_area) /* a fork child's copy of the parent's thread's area */
    sys_munmap(tls_area, tls_below + TCB_BYTES);
  tls_area = sys_map_anon(below + TCB_BYTES); /* zeroed, touched lazily */
  if (!tls_area)
    return -ENOMEM;
  tls_below = below;
  char *new_tp = (char *)tls_area + tls_below;
  sl_memcpy(new_tp, (void *)tp, TCB_HEADER);
  ((uptr *)new_tp)[0] = (uptr)new_tp; /* tcb */
  ((uptr *)new_tp)[2] = (uptr)new_tp; /* self */
  sigset_t all, old;
  sigfillset(&all);
  sigprocmask(SIG_SETMASK, &all, &old); /* the new thread inherits it */
  long r =
      raw_clone(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |
                    CLONE_THREAD | CLONE_SYSVSEM | CLONE_SETTLS,
                (char *)stack + (stack_size & ~(size_t)15), new_tp, fn, arg);
  sigprocmask(SIG_SETMASK, &old, 0);
  return r < 0 ? (int)r : 0;
}
