// A suppressions file written for ASan works unchanged: patterns match a
// substring of the (demangled) function name, `^` anchors, and ASan's
// interceptor_via_fun: silences an error found inside strcpy called from
// a matching function. Checked against clang -fsanitize=address with the
// same rules (ASan takes the leak: lines from LSAN_OPTIONS): the same
// records are suppressed and LSan prints the same "Suppressions used:"
// block, counting objects and bytes per rule.
// RUN: printf '# tcmalloc users line\nleak:MallocExtension::Register\nleak:^other_alloc(\nleak:never_matches\ninterceptor_via_fun:legacy_c\n' > %t.supp
// RUN: %sleuth_cxx -O0 -fno-builtin-strcpy %s -o %t
// RUN: not env SLEUTH_OPTIONS=suppressions=%t.supp %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 -fno-builtin-strcpy %s -o %t
// RUN: not env SLEUTH_OPTIONS=suppressions=%t.supp %run %t 2>&1 | FileCheck %s
// As an ASan user has them: interceptor rules in ASAN_OPTIONS' file, leak:
// rules in LSAN_OPTIONS' (Sleuth reads both), and odr_violation: accepted.
// RUN: printf 'interceptor_via_fun:legacy_c\nodr_violation:^some_global$\n' > %t.asan
// RUN: printf '# tcmalloc users line\nleak:MallocExtension::Register\nleak:^other_alloc(\nleak:never_matches\n' > %t.lsan
// RUN: not env ASAN_OPTIONS=suppressions=%t.asan LSAN_OPTIONS=suppressions=%t.lsan %run %t 2>&1 | FileCheck %s
// The same rules compiled in with __lsan_default_suppressions().
// RUN: %sleuth_cxx -O0 -fno-builtin-strcpy -DDEFAULT_RULES %s -o %t.rules
// RUN: not %run %t.rules 2>&1 | FileCheck %s
// Without the interceptor rule the strcpy overflow is reported.
// RUN: printf 'leak:MallocExtension::Register\n' > %t2.supp
// RUN: not env SLEUTH_OPTIONS=suppressions=%t2.supp %run %t 2>&1 | FileCheck %s --check-prefix=NOSUPP
// The clean twin: nothing leaks or overflows, the rules match nothing and
// nothing is printed.
// RUN: %sleuth_cxx -O0 -fno-builtin-strcpy -DCLEAN %s -o %t.clean
// RUN: env SLEUTH_OPTIONS=suppressions=%t.supp %run %t.clean 2>&1 | count 0
#include <stdlib.h>
#include <string.h>

#ifdef DEFAULT_RULES
extern "C" const char *__lsan_default_suppressions() {
  return "leak:MallocExtension::Register\nleak:^other_alloc(\n"
         "interceptor_via_fun:legacy_c\n";
}
#endif

struct MallocExtension {
  __attribute__((noinline)) static void *Register(size_t n) {
    char *p = (char *)malloc(n);
    memset(p, 1, n);
    return p;
  }
};

__attribute__((noinline)) static void *other_alloc(size_t n) {
  char *p = (char *)malloc(n);
  memset(p, 2, n);
  return p;
}

__attribute__((noinline)) static void *other_alloc_too(size_t n) {
  char *p = (char *)malloc(n); // the one leak that is reported
  memset(p, 3, n);
  return p;
}

__attribute__((noinline)) void legacy_copy(char *d, const char *s) {
  strcpy(d, s); // overflows by 4
}

void *volatile sink;

int main(int argc, char **argv) {
  char *d = (char *)malloc(4);
#ifdef CLEAN
  free(MallocExtension::Register(10));
  free(other_alloc(7));
  free(other_alloc_too(33));
  legacy_copy(d, "abc");
#else
  for (int i = 0; i < 3; i++)
    sink = MallocExtension::Register(10);
  sink = other_alloc(7);
  sink = other_alloc_too(33);
  legacy_copy(d, argc > 5 ? "" : "toolong");
#endif
  free(d);
  sink = 0;
  return 0;
}
// CHECK-NOT: ERROR: Sleuth: heap-buffer-overflow
// CHECK: ERROR: Sleuth: detected memory leaks
// CHECK-EMPTY:
// CHECK-NEXT: Direct leak of 33 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in other_alloc_too\(unsigned long\) .*}}asan-syntax.cpp:53
// CHECK-NOT: Direct leak
// CHECK: {{^-{53}$}}
// CHECK-NEXT: {{^Suppressions used:$}}
// CHECK-NEXT: {{^  count      bytes template$}}
// CHECK-NEXT: {{^      3         30 MallocExtension::Register$}}
// CHECK-NEXT: {{^      1          7 \^other_alloc\($}}
// CHECK-NEXT: {{^-{53}$}}
// CHECK: LEAK SUMMARY:
// CHECK-NEXT: definitely lost: 33 bytes in 1 blocks
// CHECK: {{^        suppressed: 37 bytes in 4 blocks$}}
// CHECK-NEXT: SUMMARY: Sleuth: 33 byte(s) leaked in 1 allocation(s).
// CHECK-NEXT: Sleuth: suppressed: 1 error report(s)

// NOSUPP: ERROR: Sleuth: heap-buffer-overflow on address
// NOSUPP-NEXT: WRITE of size 8 at
// NOSUPP-NEXT: {{#0 0x[0-9a-f]+ in strcpy}}
// NOSUPP-NEXT: {{#1 0x[0-9a-f]+ in legacy_copy\(char\*, char const\*\) .*}}asan-syntax.cpp:59
// NOSUPP: allocated by thread T0 here:
// NOSUPP-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// NOSUPP-NEXT: {{#1 0x[0-9a-f]+ in main .*}}asan-syntax.cpp:65
