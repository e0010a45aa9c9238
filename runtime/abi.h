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

#define SLEUTH_ABI_VERSION 1u

/* Shadow mapping (DESIGN.md §2): shadow = (addr >> 3) + 0x7fff8000. */
#define SLEUTH_SHADOW_SCALE 3
#define SLEUTH_SHADOW_OFFSET 0x7fff8000ULL

/* Called from every instrumented module's constructor (priority 1).
 * Initialises the runtime if it is not yet initialised. */
void __sleuth_module_init(uint32_t abi_version);

/* Error paths: called only after the inline shadow check failed.
 * They return; the runtime decides whether to stop (halt_on_error). */
void __sleuth_report_load1(uintptr_t addr);
void __sleuth_report_load2(uintptr_t addr);
void __sleuth_report_load4(uintptr_t addr);
void __sleuth_report_load8(uintptr_t addr);
void __sleuth_report_load16(uintptr_t addr);
void __sleuth_report_store1(uintptr_t addr);
void __sleuth_report_store2(uintptr_t addr);
void __sleuth_report_store4(uintptr_t addr);
void __sleuth_report_store8(uintptr_t addr);
void __sleuth_report_store16(uintptr_t addr);
/* Odd-sized or unaligned access whose first or last byte failed the check. */
void __sleuth_report_load_n(uintptr_t addr, uintptr_t size);
void __sleuth_report_store_n(uintptr_t addr, uintptr_t size);

/* Full range check for accesses wider than 16 bytes and for loop-hoisted
 * checks; reports the first poisoned byte, if any. */
void __sleuth_check_load_range(uintptr_t addr, uintptr_t size);
void __sleuth_check_store_range(uintptr_t addr, uintptr_t size);

/* Replacements for llvm.memcpy / llvm.memmove / llvm.memset. */
void *__sleuth_memcpy(void *dst, const void *src, size_t n);
void *__sleuth_memmove(void *dst, const void *src, size_t n);
void *__sleuth_memset(void *dst, int c, size_t n);

#endif
