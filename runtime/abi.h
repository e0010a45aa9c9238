/* The contract between SleuthPass-instrumented code and the runtime.
 *
 * The pass emits calls to exactly these symbols; nothing else in the runtime
 * is called from instrumented code. Changing a signature here means bumping
 * SLEUTH_ABI_VERSION, which the module constructor passes to
 * __sleuth_module_init so that a stale plugin/runtime pair fails with one
 * clear line instead of misbehaving. */
#ifndef SLEUTH_ABI_H
#define SLEUTH_ABI_H

#include <stddef.h>
#include <stdint.h>

#define SLEUTH_ABI_VERSION 6u

/* Shadow mapping (DESIGN.md §2): shadow = (addr >> 3) + 0x7fff8000. */
#define SLEUTH_SHADOW_SCALE 3
#define SLEUTH_SHADOW_OFFSET 0x7fff8000ULL

/* Called from every instrumented module's constructor (priority 1).
 * Initialises the runtime if it is not yet initialised. */
void __sleuth_module_init(uint32_t abi_version);

/* Error paths (v6): called when the inline check's first test failed (the
 * access's shadow byte, or for an unaligned or odd-sized access the first
 * or the last byte's, is not zero). Each checks the access again and
 * reports only if some byte of it is not addressable (a partial granule's
 * addressable bytes pass), then returns; the runtime decides whether to
 * stop (halt_on_error). base is the pointer the address was computed from
 * (p for p[i]), or 0 when the IR does not show one: an overflow that lands
 * in a freed neighbour is then told apart from a use after free. Passed
 * only here, off the fast path. These and __sleuth_check_{load,store}_n
 * use LLVM's preserve_most convention (every general-purpose register but
 * r11 survives the call; the pass marks the calls `preserve_mostcc`), so
 * the cold blocks calling them need no spills; C callers may call them as
 * ordinary functions. Instrumented code reaches them through the GOT, not
 * a lazily bound PLT entry (glibc's lazy resolver does not keep r10). */
void __sleuth_report_load1(uintptr_t addr, uintptr_t base);
void __sleuth_report_load2(uintptr_t addr, uintptr_t base);
void __sleuth_report_load4(uintptr_t addr, uintptr_t base);
void __sleuth_report_load8(uintptr_t addr, uintptr_t base);
void __sleuth_report_load16(uintptr_t addr, uintptr_t base);
void __sleuth_report_store1(uintptr_t addr, uintptr_t base);
void __sleuth_report_store2(uintptr_t addr, uintptr_t base);
void __sleuth_report_store4(uintptr_t addr, uintptr_t base);
void __sleuth_report_store8(uintptr_t addr, uintptr_t base);
void __sleuth_report_store16(uintptr_t addr, uintptr_t base);
/* Odd-sized or unaligned access whose first or last byte's shadow is not zero. */
void __sleuth_report_load_n(uintptr_t addr, uintptr_t size, uintptr_t base);
void __sleuth_report_store_n(uintptr_t addr, uintptr_t size, uintptr_t base);

/* Full range check for accesses wider than 16 bytes and for loop-hoisted
 * checks; reports the first poisoned byte, if any. */
void __sleuth_check_load_range(uintptr_t addr, uintptr_t size);
void __sleuth_check_store_range(uintptr_t addr, uintptr_t size);
/* Loop versioning (v5): nonzero if some byte of [addr, addr + size) is not
 * addressable (or the range is not application memory), reporting nothing.
 * Called before a loop whose accesses were proven to stay in that range: 0
 * runs the loop without per-access checks, nonzero its checked copy, which
 * reports the faulting access itself. */
uintptr_t __sleuth_range_is_poisoned(uintptr_t addr, uintptr_t size);
/* The checked copy's accesses (v5): the whole check out of line, to keep
 * the copy small. Reports as the error paths above do (the access's own
 * address and size) if some byte of [addr, addr + size) is poisoned. */
void __sleuth_check_load_n(uintptr_t addr, uintptr_t size, uintptr_t base);
void __sleuth_check_store_n(uintptr_t addr, uintptr_t size, uintptr_t base);

/* -fsanitize=pointer-compare / pointer-subtract (sleuth-cc's pass options
 * pointer_compare / pointer_subtract): called before each relational
 * comparison (<, <=, >, >=) and each subtraction of two pointers, with
 * both. Under detect_invalid_pointer_pairs they report invalid-pointer-pair
 * when the two do not point into one object, then return. */
void __sleuth_ptr_cmp(uintptr_t a, uintptr_t b);
void __sleuth_ptr_sub(uintptr_t a, uintptr_t b);

/* Replacements for llvm.memcpy / llvm.memmove / llvm.memset. */
void *__sleuth_memcpy(void *dst, const void *src, size_t n);
void *__sleuth_memmove(void *dst, const void *src, size_t n);
void *__sleuth_memset(void *dst, int c, size_t n);

/* Global redzones (v2). Each instrumented global is followed by a redzone;
 * the module constructor registers them all, the destructor (dlclose, exit)
 * unregisters them, which clears their shadow. */
typedef struct __sleuth_global {
  uintptr_t beg;               /* address of the global */
  uintptr_t size;              /* its size in bytes */
  uintptr_t size_with_redzone; /* a multiple of 32 */
  const char *name;            /* qualified name, or "<string literal>" */
  const char *location;        /* "file.c:3:5", or the module's file */
  uintptr_t flags;             /* SLEUTH_GLOBAL_* */
} __sleuth_global;
/* The global has a dynamic initialiser (C++ code computes its value at
 * start-up): what init-order checking watches. */
#define SLEUTH_GLOBAL_DYNAMIC_INIT 1
/* Not a variable: a module's left guard, size 0 and all redzone, placed in
 * front of the first global of its section so that an underflow of that
 * global lands in poisoned memory. Reports name the global after it. */
#define SLEUTH_GLOBAL_LEFT_GUARD 2
/* new T[n] of a type with a destructor (pass/ArrayCookies.cpp): poison the
 * 8-byte element count at the block's start once written; delete[] reads
 * it back through the runtime (0 for an array already freed). */
void __sleuth_poison_array_cookie(uintptr_t cookie);
uint64_t __sleuth_load_array_cookie(uintptr_t cookie);
/* Init-order checking: a module's dynamic initialisers (C++) run between
 * these two calls; module is the address of its globals table (or another
 * address unique to the module). */
void __sleuth_before_dynamic_init(uintptr_t module);
void __sleuth_after_dynamic_init(void);
void __sleuth_register_globals(__sleuth_global *globals, uintptr_t n);
/* After a module's globals are registered: pairs[2i] is this module's copy
 * of a global whose symbol another module may define too (a preemptible
 * definition), pairs[2i+1] the address the symbol was bound to. When they
 * differ, two modules define it (detect_odr_violation). */
void __sleuth_register_odr(const uintptr_t *pairs, uintptr_t n);
void __sleuth_unregister_globals(__sleuth_global *globals, uintptr_t n);

/* Stack redzones (v2). A frame with redzoned locals starts with a 32-byte
 * left redzone whose first three words are SLEUTH_FRAME_MAGIC, a pointer
 * to the frame description ("N off size len name:line ..."), and the
 * function's address. The pass writes the frame's shadow inline. */
#define SLEUTH_FRAME_MAGIC 0x534c4555544846ULL /* "FHTUELS" */

/* Sets n shadow bytes from shadow_addr to value: long uniform runs of a
 * frame's shadow (big variables, use-after-scope). */
void __sleuth_set_shadow(uintptr_t shadow_addr, uintptr_t n, uintptr_t value);

/* Dynamic allocas (v3): the pass makes each VLA/alloca() 32-byte aligned
 * with room for a 32-byte left redzone before addr and a right redzone from
 * addr+size up to the next multiple of 32 plus 32 bytes; this poisons them
 * (ca left, cb right). */
void __sleuth_alloca_poison(uintptr_t addr, uintptr_t size);
/* Unpoisons [top, bottom): the dynamic allocas of a frame that returns, or
 * of a scope that ends (llvm.stackrestore). top 0: none. */
void __sleuth_allocas_unpoison(uintptr_t top, uintptr_t bottom);

/* Use-after-return (v3). Instrumented functions whose frame is at most
 * SLEUTH_FAKE_FRAME_MAX bytes read this flag (detect_stack_use_after_return)
 * at entry; when set, they take their frame from the thread's fake stack:
 * __sleuth_stack_malloc returns a frame of at least size bytes with a clean
 * shadow, or 0 (then the real frame is used). At return,
 * __sleuth_stack_free poisons it f5 and lets it be reused later. */
#define SLEUTH_FAKE_FRAME_MAX 65536
extern int __sleuth_detect_stack_use_after_return;
uintptr_t __sleuth_stack_malloc(uintptr_t size);
void __sleuth_stack_free(uintptr_t frame, uintptr_t size);

/* Called before every call to a noreturn function (longjmp, exit, throw,
 * abort, ...): frames about to be abandoned are unpoisoned. */
void __sleuth_handle_no_return(void);

#endif
