/* SanitizerCoverage's callbacks, as weak no-ops. Code compiled with
 * -fsanitize=fuzzer-no-link (or -fsanitize-coverage=...) calls them; in a
 * fuzz target libFuzzer's strong definitions replace these, but the same
 * objects are also linked into the project's ordinary executables and
 * tests (OSS-Fuzz's CFLAGS build the whole project), where nothing else
 * defines them. clang's driver would link UBSan's standalone runtime for
 * them, which defines the __sanitizer_* interface again (sleuth-cc passes
 * -fno-sanitize-link-runtime instead). Names as LLVM 14 to 22 emit them. */
#include <stdint.h>

#include "sys.h"

#define SANCOV_WEAK SL_INTERFACE __attribute__((weak))

/* Stack depth tracing (-fsanitize-coverage=stack-depth, on under
 * -fsanitize=fuzzer): instrumented code lowers it; libFuzzer reads it. */
SANCOV_WEAK __thread uintptr_t __sancov_lowest_stack;

SANCOV_WEAK void __sanitizer_cov_trace_pc(void) {}
SANCOV_WEAK void __sanitizer_cov_trace_pc_indir(uintptr_t callee) { (void)callee; }
/* trace-pc-guard's two callbacks: sancov_guard.c (coverage=1). */
SANCOV_WEAK void __sanitizer_cov_8bit_counters_init(char *start, char *end) {
  (void)start, (void)end;
}
SANCOV_WEAK void __sanitizer_cov_bool_flag_init(char *start, char *end) {
  (void)start, (void)end;
}
SANCOV_WEAK void __sanitizer_cov_pcs_init(const uintptr_t *beg, const uintptr_t *end) {
  (void)beg, (void)end;
}

#define CMP(n, T)                                                          \
  SANCOV_WEAK void __sanitizer_cov_trace_cmp##n(T a, T b) { (void)a, (void)b; } \
  SANCOV_WEAK void __sanitizer_cov_trace_const_cmp##n(T a, T b) { (void)a, (void)b; }
CMP(1, uint8_t)
CMP(2, uint16_t)
CMP(4, uint32_t)
CMP(8, uint64_t)
#undef CMP

SANCOV_WEAK void __sanitizer_cov_trace_switch(uint64_t val, uint64_t *cases) {
  (void)val, (void)cases;
}
SANCOV_WEAK void __sanitizer_cov_trace_div4(uint32_t v) { (void)v; }
SANCOV_WEAK void __sanitizer_cov_trace_div8(uint64_t v) { (void)v; }
SANCOV_WEAK void __sanitizer_cov_trace_gep(uintptr_t idx) { (void)idx; }

/* -fsanitize-coverage=trace-loads / trace-stores (LLVM 15+). */
#define LOADSTORE(n)                                                        \
  SANCOV_WEAK void __sanitizer_cov_load##n(void *p) { (void)p; }            \
  SANCOV_WEAK void __sanitizer_cov_store##n(void *p) { (void)p; }
LOADSTORE(1)
LOADSTORE(2)
LOADSTORE(4)
LOADSTORE(8)
LOADSTORE(16)
#undef LOADSTORE
