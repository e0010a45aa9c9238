/* The sanitizers' common interface
 * (include/sleuth/compat/sanitizer/common_interface_defs.h) on Sleuth's
 * machinery: report destination, stacks, symbolizing, checked unaligned
 * accesses, the crash-state token, the live-heap profile. The container
 * annotations are in check/container_annotations.c, the fiber switches in
 * stacks/stack_switch.c, the death callback in report/report_hooks.c. */
#include <stdint.h>

#include "globals.h"
#include "leak.h"
#include "report.h"
#include "shadow.h"
#include "stackdepot.h"
#include "symbolize.h"
#include "unwind.h"

SL_INTERFACE void __sanitizer_set_report_path(const char *path) {
  report_set_path(path);
}

SL_INTERFACE void __sanitizer_set_report_fd(void *fd) {
  report_set_fd((int)(intptr_t)fd);
}

/* A line for the sanitizer's log, where reports go (libFuzzer looks it up;
 * Fuchsia's libFuzzer writes its start line with it, from a zero-padded
 * buffer: the text ends at the first NUL within len). Written as given,
 * without the ==PID== prefix. */
SL_INTERFACE void __sanitizer_log_write(const char *buf, size_t len) {
  size_t n = 0;
  while (buf && n < len && buf[n])
    n++;
  if (n)
    report_write(buf, n);
}

SL_INTERFACE const char *__sanitizer_get_report_path(void) {
  return report_path();
}

/* Nothing to prepare: the runtime opens no file lazily except the report
 * file, and the symbolizer is started on first use. */
SL_INTERFACE void __sanitizer_sandbox_on_notify(void *args) { (void)args; }

/* Another sanitizer's runtime in the process (UBSan's, which sleuth-cc
 * links shared) passes its whole line, "SUMMARY: UndefinedBehaviorSanitizer:
 * ...", as compiler-rt's callers do: that is written as it is. */
SL_INTERFACE void __sanitizer_report_error_summary(const char *summary) {
  char buf[1024];
  if (!summary)
    summary = "";
  int whole_line = sl_strncmp(summary, "SUMMARY: ", 9) == 0;
  size_t n = sl_snprintf(buf, sizeof buf, "%s%s\n",
                         whole_line ? "" : "SUMMARY: Sleuth: ", summary);
  report_write(buf, n < sizeof buf ? n : sizeof buf - 1);
}

/* Checked unaligned accesses: the caller is the faulting frame. */
#define CHECK_ACCESS(p, n, is_write)                                           \
  do {                                                                         \
    if (SL_UNLIKELY(shadow_range_bad((uptr)(p), (n))))                         \
      report_access((uptr)(p), (n), (is_write),                                \
                    (uptr)__builtin_return_address(0),                         \
                    *(uptr *)__builtin_frame_address(0),                       \
                    (uptr)__builtin_frame_address(0));                         \
  } while (0)

#define UNALIGNED(bits)                                                        \
  SL_INTERFACE SL_NOINLINE uint##bits##_t __sanitizer_unaligned_load##bits(    \
      const void *p) {                                                         \
    CHECK_ACCESS(p, bits / 8, 0);                                              \
    uint##bits##_t v;                                                          \
    __builtin_memcpy(&v, p, sizeof v);                                         \
    return v;                                                                  \
  }                                                                            \
  SL_INTERFACE SL_NOINLINE void __sanitizer_unaligned_store##bits(             \
      void *p, uint##bits##_t x) {                                             \
    CHECK_ACCESS(p, bits / 8, 1);                                              \
    __builtin_memcpy(p, &x, sizeof x);                                         \
  }
UNALIGNED(16)
UNALIGNED(32)
UNALIGNED(64)

SL_INTERFACE int __sanitizer_acquire_crash_state(void) {
  static int taken;
  return !__atomic_exchange_n(&taken, 1, __ATOMIC_ACQ_REL);
}

/* The caller's stack, from the caller's frame (this function is not
 * shown). */
SL_INTERFACE SL_NOINLINE void __sanitizer_print_stack_trace(void) {
  uptr pcs[DEPOT_MAX_FRAMES];
  int n = unwind_fast(pcs, DEPOT_MAX_FRAMES, (uptr)__builtin_frame_address(0));
  report_stack_here(pcs, n);
}

/* Appends s (or "<null>") to out, keeping it terminated. */
static void put_str(char *out, size_t cap, size_t *len, const char *s) {
  if (!s)
    s = "<null>";
  for (; *s && *len + 1 < cap; s++)
    out[(*len)++] = *s;
  out[*len] = '\0';
}

static void put_num(char *out, size_t cap, size_t *len, const char *fmt,
                    uptr v) {
  char tmp[32];
  sl_snprintf(tmp, sizeof tmp, fmt, v);
  put_str(out, cap, len, tmp);
}

/* pc is a return address (as __sanitizer_return_address gives): it is
 * looked up one byte earlier, inside the call. */
SL_INTERFACE void __sanitizer_symbolize_pc(void *pc, const char *fmt, char *out,
                                           size_t cap) {
  if (!out || !cap)
    return;
  out[0] = '\0';
  uptr p = (uptr)pc;
  sl_frame_info fi[8];
  int n = p ? symbolize_pc(p - 1, fi, 8) : 0;
  const char *mod = 0;
  uptr bias = 0;
  int have_mod = module_for_pc(p, &mod, &bias);
  const sl_frame_info *f = n > 0 ? &fi[0] : 0;
  size_t len = 0;
  for (const char *c = fmt ? fmt : "%p %F %L"; *c; c++) {
    if (*c != '%' || !c[1]) {
      char one[2] = {*c, 0};
      put_str(out, cap, &len, one);
      continue;
    }
    switch (*++c) {
    case 'p':
      put_num(out, cap, &len, "%p", p);
      break;
    case 'm':
      put_str(out, cap, &len, have_mod ? mod : 0);
      break;
    case 'o':
      put_num(out, cap, &len, "0x%lx", p - bias);
      break;
    case 'f':
      put_str(out, cap, &len, f ? f->function : 0);
      break;
    case 's':
      put_str(out, cap, &len, f ? f->file : 0);
      break;
    case 'l':
      put_num(out, cap, &len, "%lu", f ? (uptr)f->line : 0);
      break;
    case 'c':
      put_num(out, cap, &len, "%lu", f ? (uptr)f->column : 0);
      break;
    case 'F':
      put_str(out, cap, &len, "in ");
      put_str(out, cap, &len, f ? f->function : 0);
      break;
    case 'L':
    case 'S':
      if (f && f->file) {
        put_str(out, cap, &len, f->file);
        put_num(out, cap, &len, ":%lu", (uptr)f->line);
        put_num(out, cap, &len, ":%lu", (uptr)f->column);
      } else {
        put_str(out, cap, &len, "(");
        put_str(out, cap, &len, have_mod ? mod : "<unknown module>");
        put_num(out, cap, &len, "+0x%lx)", p - bias);
      }
      break;
    default: { /* %% and unknown directives are copied */
      char one[2] = {*c, 0};
      put_str(out, cap, &len, one);
    }
    }
  }
}

/* %g: the global's name, %l: its location, %a: its address, %s: size. */
SL_INTERFACE void __sanitizer_symbolize_global(void *data, const char *fmt,
                                               char *out, size_t cap) {
  if (!out || !cap)
    return;
  out[0] = '\0';
  uptr beg, size;
  const char *name, *loc;
  if (!globals_find((uptr)data, &beg, &size, &name, &loc))
    return;
  size_t len = 0;
  for (const char *c = fmt ? fmt : "%g %l"; *c; c++) {
    char one[2] = {*c, 0};
    if (*c != '%' || !c[1]) {
      put_str(out, cap, &len, one);
      continue;
    }
    switch (*++c) {
    case 'g':
      put_str(out, cap, &len, name);
      break;
    case 'l':
      put_str(out, cap, &len, loc);
      break;
    case 'a':
      put_num(out, cap, &len, "%p", beg);
      break;
    case 's':
      put_num(out, cap, &len, "%lu", size);
      break;
    default:
      one[0] = *c;
      put_str(out, cap, &len, one);
    }
  }
}

SL_INTERFACE int __sanitizer_get_module_and_offset_for_pc(void *pc,
                                                          char *module_path,
                                                          size_t path_len,
                                                          void **pc_offset) {
  const char *mod;
  uptr bias;
  if (!module_for_pc((uptr)pc, &mod, &bias))
    return 0;
  if (module_path && path_len) {
    size_t len = 0;
    module_path[0] = '\0';
    put_str(module_path, path_len, &len, mod);
  }
  if (pc_offset)
    *pc_offset = (void *)((uptr)pc - bias);
  return 1;
}

/* Fuzzers' comparison hooks: empty and weak, as ASan defines them, so that
 * a fuzzer's definitions (libFuzzer's) win. The comparison interceptors
 * call them after each call (intercept/fuzzer_hooks.h). */
#define WEAK_HOOK SL_INTERFACE __attribute__((weak))
WEAK_HOOK void __sanitizer_weak_hook_memcmp(void *pc, const void *a,
                                            const void *b, size_t n, int r) {
  (void)pc, (void)a, (void)b, (void)n, (void)r;
}
WEAK_HOOK void __sanitizer_weak_hook_strncmp(void *pc, const char *a,
                                             const char *b, size_t n, int r) {
  (void)pc, (void)a, (void)b, (void)n, (void)r;
}
WEAK_HOOK void __sanitizer_weak_hook_strncasecmp(void *pc, const char *a,
                                                 const char *b, size_t n,
                                                 int r) {
  (void)pc, (void)a, (void)b, (void)n, (void)r;
}
WEAK_HOOK void __sanitizer_weak_hook_strcmp(void *pc, const char *a,
                                            const char *b, int r) {
  (void)pc, (void)a, (void)b, (void)r;
}
WEAK_HOOK void __sanitizer_weak_hook_strcasecmp(void *pc, const char *a,
                                                const char *b, int r) {
  (void)pc, (void)a, (void)b, (void)r;
}
WEAK_HOOK void __sanitizer_weak_hook_strstr(void *pc, const char *a,
                                            const char *b, char *r) {
  (void)pc, (void)a, (void)b, (void)r;
}
WEAK_HOOK void __sanitizer_weak_hook_strcasestr(void *pc, const char *a,
                                                const char *b, char *r) {
  (void)pc, (void)a, (void)b, (void)r;
}
WEAK_HOOK void __sanitizer_weak_hook_memmem(void *pc, const void *a, size_t an,
                                            const void *b, size_t bn, void *r) {
  (void)pc, (void)a, (void)an, (void)b, (void)bn, (void)r;
}
