// A hand-rolled fiber switch (as boost.context and QEMU's coroutines do
// it: no makecontext, so the runtime learns of the fiber stacks only
// through the ASan annotations), and helpers that make each switch with
// the annotations around it.
#include <sanitizer/common_interface_defs.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

// Saves the callee-saved registers and the stack pointer in *save, then
// continues on the stack whose saved pointer is next.
void fiber_jump(void **save, void *next);
__asm__(".text\n"
        ".globl fiber_jump\n"
        ".type fiber_jump,@function\n"
        "fiber_jump:\n"
        "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n"
        "  pushq %r13\n  pushq %r14\n  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n  popq %r14\n  popq %r13\n"
        "  popq %r12\n  popq %rbx\n  popq %rbp\n"
        "  ret\n"
        ".size fiber_jump, .-fiber_jump\n"
        // A fiber's first frame: calls the entry in r12. The return address
        // is marked undefined, so unwinders stop here.
        ".type fiber_trampoline,@function\n"
        "fiber_trampoline:\n"
        "  .cfi_startproc\n"
        "  .cfi_undefined rip\n"
        "  callq *%r12\n"
        "  ud2\n"
        "  .cfi_endproc\n"
        ".size fiber_trampoline, .-fiber_trampoline\n");
void fiber_trampoline(void);

#define FIBER_STACK (256 << 10)

typedef struct {
  void *sp;             // saved stack pointer while suspended
  char *stack;          // [stack, stack + FIBER_STACK)
  const void *caller_bottom; // the stack that switched to it
  size_t caller_size;
  void *caller_sp;
} fiber;

// A new fiber that starts in entry (which must never return).
static void fiber_init(fiber *f, void (*entry)(void)) {
  // Mapped, as fiber libraries do: a heap block would be scanned whole as
  // heap memory, dead frames and all.
  f->stack = mmap(0, FIBER_STACK, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (f->stack == MAP_FAILED)
    abort();
  uintptr_t *top = (uintptr_t *)(f->stack + FIBER_STACK);
  // What fiber_jump pops, last first: its ret goes to the trampoline with
  // the stack 16-byte aligned; rbp = 0 ends the frame chain.
  *--top = (uintptr_t)fiber_trampoline;
  *--top = 0;                // rbp
  *--top = 0;                // rbx
  *--top = (uintptr_t)entry; // r12
  for (int i = 0; i < 3; i++)
    *--top = 0; // r13, r14, r15
  f->sp = top;
}

// From the thread's stack (or another fiber) into f.
static void fiber_enter(fiber *f) {
  void *fake;
  __sanitizer_start_switch_fiber(&fake, f->stack, FIBER_STACK);
  fiber_jump(&f->caller_sp, f->sp);
  __sanitizer_finish_switch_fiber(fake, 0, 0);
}

// First thing a fiber's entry does: learn the stack it came from.
static void fiber_arrived(fiber *f) {
  __sanitizer_finish_switch_fiber(0, &f->caller_bottom, &f->caller_size);
}

// From f back to the stack that entered it; returns when entered again.
static void fiber_yield(fiber *f) {
  void *fake;
  __sanitizer_start_switch_fiber(&fake, f->caller_bottom, f->caller_size);
  fiber_jump(&f->sp, f->caller_sp);
  __sanitizer_finish_switch_fiber(fake, &f->caller_bottom, &f->caller_size);
}
