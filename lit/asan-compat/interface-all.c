// Every function of ASan's <sanitizer/asan_interface.h>,
// <sanitizer/lsan_interface.h> and <sanitizer/common_interface_defs.h>
// links against the Sleuth runtime and answers sensibly; the headers are
// Sleuth's own (found before clang's). Results are checked in the program:
// each failed check prints its line.
// RUN: %sleuth_cc -E %s | FileCheck --check-prefix=HDR %s
// HDR: include/sleuth/compat/sanitizer/asan_interface.h
// HDR: include/sleuth/compat/sanitizer/lsan_interface.h
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/lsan_interface.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPECT(c)                                                              \
  do {                                                                         \
    if (!(c))                                                                  \
      fprintf(stderr, "FAILED line %d: %s\n", __LINE__, #c);                   \
  } while (0)

#ifndef __SANITIZE_ADDRESS__
#error "sleuth-cc defines __SANITIZE_ADDRESS__"
#endif

int global_array[10];
static int death_called;
static void on_death(void) { death_called = 1; }
static void on_report(const char *text) { (void)text; }

// Its return address is in main.
__attribute__((noinline)) void *where(void) {
  return __sanitizer_return_address();
}

int main(void) {
  char *p = malloc(32);
  // Poisoning.
  ASAN_POISON_MEMORY_REGION(p + 8, 16);
  EXPECT(__asan_address_is_poisoned(p + 8));
  EXPECT(__asan_address_is_poisoned(p + 23));
  EXPECT(!__asan_address_is_poisoned(p + 7));
  EXPECT(!__asan_address_is_poisoned(p + 24));
  EXPECT(__asan_region_is_poisoned(p, 32) == p + 8);
  EXPECT(__asan_region_is_poisoned(p, 8) == NULL);
  ASAN_UNPOISON_MEMORY_REGION(p + 8, 16);
  EXPECT(__asan_region_is_poisoned(p, 32) == NULL);
  __asan_poison_memory_region(p, 8);
  __asan_unpoison_memory_region(p, 8);
  EXPECT(__asan_region_is_poisoned(p, 33) == p + 32); // the redzone

  // Where an address is.
  void *reg = 0;
  size_t regsize = 0;
  char name[64];
  EXPECT(!strcmp(__asan_locate_address(p + 3, name, sizeof name, &reg,
                                       &regsize), "heap"));
  EXPECT(reg == p && regsize == 32);
  EXPECT(!strcmp(__asan_locate_address(&global_array[2], name, sizeof name,
                                       &reg, &regsize), "global"));
  EXPECT(reg == global_array && regsize == sizeof global_array);
  EXPECT(!strcmp(name, "global_array"));
  int local;
  EXPECT(!strcmp(__asan_locate_address(&local, 0, 0, 0, 0), "stack"));
  void *trace[16];
  int tid = -2;
  size_t n = __asan_get_alloc_stack(p, trace, 16, &tid);
  EXPECT(n >= 2 && tid == 0);
  EXPECT(__asan_get_free_stack(p, trace, 16, &tid) == 0 && tid == -1);
  char *q = malloc(16);
  free(q);
  EXPECT(__asan_get_free_stack(q, trace, 16, &tid) >= 2 && tid == 0);
  EXPECT(__asan_update_allocation_context(p) == 1);
  EXPECT(__asan_update_allocation_context(&local) == 0);
  size_t scale = 0, offset = 0;
  __asan_get_shadow_mapping(&scale, &offset);
  EXPECT(scale == 3 && offset == 0x7fff8000);
  fputs("describe:\n", stderr);
  __asan_describe_address(p + 40);
  // CHECK: describe:
  // CHECK-NEXT: is located 8 bytes after 32-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in __asan_update_allocation_context}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}interface-all.c:[[@LINE-11]]

  // Reports: none yet.
  EXPECT(!__asan_report_present());
  EXPECT(__asan_get_report_pc() == 0 && __asan_get_report_address() == 0);
  EXPECT(__asan_get_report_bp() == 0 && __asan_get_report_sp() == 0);
  EXPECT(__asan_get_report_access_type() == 0);
  EXPECT(__asan_get_report_access_size() == 0);
  EXPECT(__asan_get_report_description() == 0);
  __asan_set_death_callback(on_death);
  __sanitizer_set_death_callback(on_death);
  __asan_set_error_report_callback(on_report);
  __asan_set_error_report_callback(0);
  __asan_print_accumulated_stats();
  // CHECK: Sleuth: stats: 0 error report(s)
  EXPECT(__asan_get_current_fake_stack() == 0); // use-after-return is off
  EXPECT(__asan_addr_is_in_fake_stack(0, &local, 0, 0) == 0);
  __asan_handle_no_return();

  // Leak interface.
  __lsan_disable();
  void *hidden = malloc(7);
  __lsan_enable();
  void *ignored = malloc(9);
  __lsan_ignore_object(ignored);
  static void *root_area[4];
  __lsan_register_root_region(root_area, sizeof root_area);
  __lsan_unregister_root_region(root_area, sizeof root_area);
  EXPECT(__lsan_is_turned_off() == 0);
  EXPECT(__lsan_do_recoverable_leak_check() == 0);
  hidden = ignored = 0;
  (void)hidden;
  (void)ignored;

  // Common interface.
  EXPECT(__sanitizer_get_report_path() == NULL); // stderr
  __sanitizer_set_report_fd((void *)2);
  __sanitizer_sandbox_on_notify(0);
  __sanitizer_report_error_summary("test-summary");
  // CHECK: SUMMARY: Sleuth: test-summary
  {
    // Not in ASan's headers, but in its runtime; libFuzzer looks it up. A
    // zero-padded buffer, as libFuzzer passes it: the text ends at the NUL.
    extern void __sanitizer_log_write(const char *buf, size_t len);
    char line[64] = "log line from the program\n";
    __sanitizer_log_write(line, sizeof line);
  }
  // CHECK-NEXT: {{^}}log line from the program{{$}}
  unsigned char bytes[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  EXPECT(__sanitizer_unaligned_load16(bytes + 1) == 0x0302);
  EXPECT(__sanitizer_unaligned_load32(bytes + 1) == 0x05040302);
  EXPECT(__sanitizer_unaligned_load64(bytes + 1) == 0x0908070605040302ull);
  __sanitizer_unaligned_store16(bytes + 3, 0xaabb);
  __sanitizer_unaligned_store32(bytes + 5, 0x11223344);
  __sanitizer_unaligned_store64(bytes + 7, 0);
  EXPECT(bytes[3] == 0xbb && bytes[5] == 0x44 && bytes[7] == 0);
  EXPECT(__sanitizer_acquire_crash_state() == 1);
  EXPECT(__sanitizer_acquire_crash_state() == 0);
  fputs("trace:\n", stderr);
  __sanitizer_print_stack_trace();
  // CHECK: trace:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}interface-all.c:[[@LINE-2]]
  char out[256];
  void *pc = where();
  __sanitizer_symbolize_pc(pc, "%f %s:%l", out, sizeof out);
  EXPECT(strstr(out, "main ") && strstr(out, "interface-all.c:"));
  __sanitizer_symbolize_global(&global_array[1], "%g", out, sizeof out);
  EXPECT(!strcmp(out, "global_array"));
  char module[512];
  void *off = 0;
  EXPECT(__sanitizer_get_module_and_offset_for_pc(pc, module, sizeof module,
                                                  &off) == 1);
  EXPECT(strstr(module, "interface-all") && off != 0 && off != pc);
  __sanitizer_weak_hook_strcmp(0, "a", "b", -1);
  __sanitizer_print_memory_profile(100, 5);
  // CHECK: Live Heap Allocations: {{[0-9]+}} bytes in {{[0-9]+}} chunks; showing top 100% (at most 5 unique contexts)
  // CHECK: byte(s) ({{[0-9]+}}%) in 1 allocation(s)

  char stack_a[64], stack_b[64];
  void *fake = 0;
  const void *old_bottom = 0;
  size_t old_size = 0;
  (void)stack_a, (void)stack_b;
  __sanitizer_annotate_contiguous_container(p, p + 32, p + 32, p + 16);
  EXPECT(__sanitizer_verify_contiguous_container(p, p + 16, p + 32));
  EXPECT(__sanitizer_contiguous_container_find_bad_address(p, p + 16,
                                                           p + 32) == 0);
  __sanitizer_annotate_contiguous_container(p, p + 32, p + 16, p + 32);
  // A switch to the current stack (a no-op fiber switch) is harmless.
  __sanitizer_start_switch_fiber(&fake, 0, 0);
  __sanitizer_finish_switch_fiber(fake, &old_bottom, &old_size);
  EXPECT(old_size != 0);
  EXPECT(!death_called);
  free(p);
  __sanitizer_set_report_path("stderr");
  fputs("done\n", stderr);
  // CHECK-NOT: FAILED
  // CHECK: done
  // CHECK-NOT: ERROR
  return 0;
}
