/* The entry points instrumented code calls (abi.h): error paths for failed
 * inline checks, full range checks, and the checked memory intrinsics. */
#include "abi.h"

#include "interceptors.h"
#include "report.h"
#include "shadow.h"

/* The instrumented frame: its pc is our return address, its frame pointer
 * the one saved by our prologue. */
#define CALLER_FRAME()                                                         \
  uptr pc = (uptr)__builtin_return_address(0);                                 \
  uptr bp = *(uptr *)__builtin_frame_address(0);                               \
  uptr sp = (uptr)__builtin_frame_address(0) + 16

/* The error paths of the inline checks (abi.h, v6) use LLVM's preserve_most
 * convention: the instrumented caller keeps every general-purpose register
 * but r11 across the call, so the cold block that calls one needs no
 * spills or reloads around it (xmm registers are the caller's to save, as
 * in the C convention). Each entry is an assembly stub that saves the
 * registers the C convention lets a callee change (r11 too, which
 * preserve_most leaves to the callee, so that no LLVM version's reading of
 * it matters), passes its own frame to
 * a C helper (which reads the instrumented frame's pc, bp and sp from it,
 * as CALLER_FRAME does) and restores them. The helper checks the access
 * again and reports only if it touches a byte that is not addressable: the
 * inline code calls after its first test (a non-zero shadow byte) alone,
 * leaving the partial-granule test to this cold path. */
#if !defined(__x86_64__)
#error "the inline checks' entry points are written for x86-64"
#endif

/* clang-format off */
#define PM_STUB(name, helper) PM_STUB_FAST(name, helper, "")
/* fast: instructions run first that may return at once (only r11 and the
 * flags are theirs to change), for accesses the inline test sends here
 * that are fine after all. */
#define PM_STUB_FAST(name, helper, fast)                                       \
  __asm__(".text\n"                                                            \
          ".globl " #name "\n"                                                 \
          ".type " #name ", @function\n"                                       \
          ".p2align 4\n"                                                       \
          #name ":\n"                                                          \
          ".cfi_startproc\n"                                                   \
          fast                                                                 \
          "pushq %rbp\n"                                                       \
          ".cfi_def_cfa_offset 16\n"                                           \
          ".cfi_offset %rbp, -16\n"                                            \
          "movq %rsp, %rbp\n"                                                  \
          ".cfi_def_cfa_register %rbp\n"                                       \
          "pushq %rax\n pushq %rcx\n pushq %rdx\n pushq %rsi\n"                 \
          "pushq %rdi\n pushq %r8\n pushq %r9\n pushq %r10\n pushq %r11\n"      \
          "subq $8, %rsp\n"                                                    \
          "movq %rbp, %rcx\n"                                                  \
          "call " #helper "\n"                                                 \
          "addq $8, %rsp\n"                                                    \
          "popq %r11\n popq %r10\n popq %r9\n popq %r8\n popq %rdi\n"          \
          "popq %rsi\n popq %rdx\n popq %rcx\n popq %rax\n"                     \
          "popq %rbp\n"                                                        \
          ".cfi_def_cfa %rsp, 8\n"                                             \
          "ret\n"                                                              \
          ".cfi_endproc\n"                                                     \
          ".size " #name ", . - " #name "\n")

/* The instrumented frame seen from a stub's frame f: return address, the
 * caller's saved frame pointer, its stack pointer after the call. */
#define STUB_CALLER(f) ((uptr *)(f))[1], ((uptr *)(f))[0], (uptr)(f) + 16

/* A 4-byte access (4-aligned, abi.h) in the lower half of a granule whose
 * shadow says 4 to 7 bytes are addressable is fine: an int at the end of a
 * block, or an address-taken int on the stack (whose granule is always
 * partial), which the inline test sends here on every access. The stub
 * says so in five instructions, before it saves any register. */
_Static_assert(SLEUTH_SHADOW_OFFSET == 0x7fff8000ULL && SLEUTH_SHADOW_SCALE == 3,
               "FAST_4 spells out the shadow mapping");
#define FAST_1 ""
#define FAST_2 ""
#define FAST_4                                                                 \
  "testb $4, %dil\n"                                                           \
  "jnz 1f\n"                                                                   \
  "movq %rdi, %r11\n"                                                          \
  "shrq $3, %r11\n"                                                            \
  "cmpb $4, 0x7fff8000(%r11)\n"                                                \
  "jl 1f\n"                                                                    \
  "ret\n"                                                                      \
  "1:\n"
#define FAST_8 ""
#define FAST_16 ""
#define REPORT_FN(kind, size, is_write)                                        \
  __attribute__((visibility("hidden"), used, noinline, cold)) void             \
      sl_report_##kind##size(uptr addr, uptr base, uptr unused, uptr f) {      \
    (void)unused;                                                              \
    if (shadow_range_bad(addr, size))                                          \
      report_access_from(addr, size, is_write, STUB_CALLER(f), base);          \
  }                                                                            \
  PM_STUB_FAST(__sleuth_report_##kind##size, sl_report_##kind##size,          \
               FAST_##size);
/* clang-format on */

REPORT_FN(load, 1, 0)
REPORT_FN(load, 2, 0)
REPORT_FN(load, 4, 0)
REPORT_FN(load, 8, 0)
REPORT_FN(load, 16, 0)
REPORT_FN(store, 1, 1)
REPORT_FN(store, 2, 1)
REPORT_FN(store, 4, 1)
REPORT_FN(store, 8, 1)
REPORT_FN(store, 16, 1)

/* Odd-sized or unaligned accesses (report_*_n) and a versioned loop's
 * checked copy (check_*_n): (addr, size, base). */
#define CHECK_N_FN(name, is_write)                                             \
  __attribute__((visibility("hidden"), used, noinline)) void sl_##name(        \
      uptr addr, uptr size, uptr base, uptr f) {                               \
    if (SL_UNLIKELY(shadow_range_bad(addr, size)))                             \
      report_access_from(addr, size, is_write, STUB_CALLER(f), base);          \
  }                                                                            \
  PM_STUB(__sleuth_##name, sl_##name);

CHECK_N_FN(report_load_n, 0)
CHECK_N_FN(report_store_n, 1)
CHECK_N_FN(check_load_n, 0)
CHECK_N_FN(check_store_n, 1)

/* For the libc interceptors (interceptors.h): the caller is the
 * interceptor, which becomes frame #0 of the report. As in ASan's
 * interceptor reports, the address shown is the range's first bad byte.
 * The error site (halt_on_error=0 reports each once) is the program's call,
 * the interceptor's return address: the runtime keeps frame pointers. */
#define INTERCEPTOR_CALL_SITE(bp) (((uptr *)(bp))[1])

SL_NOINLINE __attribute__((cold)) void
interceptor_report_range(uptr addr, uptr size, int is_write) {
  CALLER_FRAME();
  if (addr + size < addr) { /* a negative size, as ASan tells it */
    (void)sp;
    report_negative_size(addr, size, pc, bp, INTERCEPTOR_CALL_SITE(bp));
    return;
  }
  uptr bad = shadow_is_app_mem(addr) && shadow_is_app_mem(addr + size - 1)
                 ? shadow_first_poisoned(addr, size)
                 : 0;
  report_access_site(bad ? bad : addr, size, is_write, pc, bp, sp,
                     INTERCEPTOR_CALL_SITE(bp));
}

SL_NOINLINE __attribute__((cold)) void
interceptor_report_overlap(const char *func, uptr a, uptr an, uptr b, uptr bn) {
  CALLER_FRAME();
  (void)sp;
  report_param_overlap(func, a, an, b, bn, pc, bp, INTERCEPTOR_CALL_SITE(bp));
}

/* A range (mem intrinsic, hoisted loop check) is reported at its first
 * bad byte, as ASan's interceptors report it, whatever its size. */
static SL_NOINLINE __attribute__((cold)) void
report_range(uptr addr, uptr size, int is_write, uptr pc, uptr bp, uptr sp) {
  uptr bad = shadow_is_app_mem(addr) && shadow_is_app_mem(addr + size - 1)
                 ? shadow_first_poisoned(addr, size)
                 : 0;
  report_access(bad ? bad : addr, size, is_write, pc, bp, sp);
}

SL_INTERFACE SL_NOINLINE void __sleuth_check_load_range(uintptr_t addr,
                                                        uintptr_t size) {
  if (SL_UNLIKELY(shadow_range_bad(addr, size))) {
    CALLER_FRAME();
    report_range(addr, size, 0, pc, bp, sp);
  }
}

SL_INTERFACE SL_NOINLINE void __sleuth_check_store_range(uintptr_t addr,
                                                         uintptr_t size) {
  if (SL_UNLIKELY(shadow_range_bad(addr, size))) {
    CALLER_FRAME();
    report_range(addr, size, 1, pc, bp, sp);
  }
}

/* Picks a versioned loop's copy (abi.h): never reports, the checked copy
 * does, at the faulting access. */
SL_INTERFACE SL_NOINLINE uintptr_t __sleuth_range_is_poisoned(uintptr_t addr,
                                                             uintptr_t size) {
  return (uintptr_t)shadow_range_bad(addr, size);
}

static inline int overlaps(uptr a, size_t an, uptr b, size_t bn) {
  return an && bn && a < b + bn && b < a + an;
}

/* The source and destination ranges of memcpy/memmove, checked in the
 * entry points themselves (a macro: no inlined frame), so that
 * interceptor_report_range's caller, frame #0 of the report, is
 * __sleuth_memcpy and #1 the program's call, as ASan's reports show
 * __asan_memcpy; the program's call is also the error site. */
#define CHECK_COPY(dst, src, n)                                                \
  do {                                                                         \
    if (SL_UNLIKELY(shadow_range_bad((uptr)(src), (n))))                       \
      interceptor_report_range((uptr)(src), (n), 0);                           \
    if (SL_UNLIKELY(shadow_range_bad((uptr)(dst), (n))))                       \
      interceptor_report_range((uptr)(dst), (n), 1);                           \
  } while (0)

SL_INTERFACE SL_NOINLINE SL_NO_COLD_PART void *__sleuth_memcpy(void *dst, const void *src,
                                               size_t n) {
  if (SL_UNLIKELY(!sl_opt.intercept_intrin))
    return sl_real_memmove(dst, src, n);
  CHECK_COPY(dst, src, n);
  if (SL_UNLIKELY(overlaps((uptr)dst, n, (uptr)src, n)) && dst != src)
    interceptor_report_overlap("memcpy", (uptr)dst, n, (uptr)src, n);
  return sl_real_memmove(dst, src, n);
}

SL_INTERFACE SL_NOINLINE SL_NO_COLD_PART void *__sleuth_memmove(void *dst, const void *src,
                                                size_t n) {
  if (SL_LIKELY(sl_opt.intercept_intrin))
    CHECK_COPY(dst, src, n);
  return sl_real_memmove(dst, src, n);
}

SL_INTERFACE SL_NOINLINE SL_NO_COLD_PART void *__sleuth_memset(void *dst, int c, size_t n) {
  if (SL_LIKELY(sl_opt.intercept_intrin) &&
      SL_UNLIKELY(shadow_range_bad((uptr)dst, n)))
    interceptor_report_range((uptr)dst, n, 1);
  return sl_real_memset(dst, c, n);
}

SL_INTERFACE void __sleuth_module_init(uint32_t abi_version) {
  if (SL_UNLIKELY(abi_version != SLEUTH_ABI_VERSION)) {
    report_raw("ERROR: Sleuth: this module was instrumented for runtime ABI "
               "v%u but the linked runtime implements v%u; rebuild it with "
               "the matching SleuthPass.so",
               abi_version, SLEUTH_ABI_VERSION);
    sys_exit_group(1);
  }
  ENSURE_INIT();
}
