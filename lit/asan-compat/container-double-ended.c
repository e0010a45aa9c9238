// The double-ended container calls (std::deque's blocks) by hand. Storage
// at an odd offset inside a heap block, so its first granule is shared with
// bytes before it; 2000 random moves of the container's two ends, each
// checked byte by byte against what the shadow can express (below), and
// verify/find_bad_address agree with it; then an access just before the
// container's first element is container-overflow, with its line and the
// block's allocation stack.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// Wrong arguments: ASan's error, with the call's stack; with
// halt_on_error=0 nothing changes and the program goes on.
// RUN: not %run %t bad 2>&1 | FileCheck %s --check-prefixes=BAD,BAD-HALT
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t bad 2>&1 | FileCheck %s --check-prefixes=BAD,BAD-GO-ON
// BAD: ERROR: Sleuth: bad-__sanitizer_annotate_double_ended_contiguous_container: bad parameters to __sanitizer_annotate_double_ended_contiguous_container:
// BAD-NEXT: {{^      storage_beg        : }}[[S:0x[0-9a-f]+]]
// BAD-NEXT: {{^      storage_end        : 0x}}
// BAD-NEXT: {{^      old_container_beg  : }}[[S]]
// BAD-NEXT: {{^      old_container_end  : }}[[S]]
// BAD-NEXT: {{^      new_container_beg  : 0x}}
// BAD-NEXT: {{^      new_container_end  : 0x}}
// BAD-NEXT: {{#0 0x[0-9a-f]+ in __sanitizer_annotate_double_ended_contiguous_container }}
// BAD-NEXT: {{#1 0x[0-9a-f]+ in main .*}}container-double-ended.c:[[#BADLINE:]]
// BAD: SUMMARY: Sleuth: bad-__sanitizer_annotate_double_ended_contiguous_container {{.*}}container-double-ended.c:[[#BADLINE]]:{{[0-9]+}} in main
// BAD-HALT-NOT: bad call ignored
// BAD-GO-ON: bad call ignored
// detect_container_overflow=0: the calls do nothing.
// RUN: env SLEUTH_OPTIONS=detect_container_overflow=0 %run %t off 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: off: nothing poisoned
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPECT(c)                                                              \
  do {                                                                         \
    if (!(c)) {                                                                \
      fprintf(stderr, "FAILED line %d: %s\n", __LINE__, #c);                   \
      return 1;                                                                \
    }                                                                          \
  } while (0)

enum { CAP = 75 }; // storage bytes: the block (3 + CAP) ends mid-granule

// Whether byte i of the storage (at s) should be poisoned with the
// container [b, e) in use: everything outside it, except the bytes before
// b in b's own granule (the shadow cannot poison a granule's start and
// not its end, so that granule is addressable from its start).
static int expect_poisoned(const char *s, const char *b, const char *e,
                           const char *p) {
  (void)s;
  if (b == e)
    return 1;
  const char *from = (const char *)((uintptr_t)b & ~(uintptr_t)7);
  return p < from || p >= e;
}

static int check(const char *s, const char *b, const char *e) {
  for (const char *p = s; p < s + CAP; p++) {
    // The last granule also holds the block's tail (redzone after it):
    // poisoned like the rest.
    if (__asan_address_is_poisoned(p) != expect_poisoned(s, b, e, p)) {
      fprintf(stderr, "FAILED: byte %d with container [%d, %d): poisoned %d\n",
              (int)(p - s), (int)(b - s), (int)(e - s),
              __asan_address_is_poisoned(p));
      return 1;
    }
  }
  EXPECT(__sanitizer_verify_double_ended_contiguous_container(s, b, e, s + CAP));
  EXPECT(__sanitizer_double_ended_contiguous_container_find_bad_address(
             s, b, e, s + CAP) == NULL);
  return 0;
}

int main(int argc, char **argv) {
  // 3 bytes of the block before the storage, CAP of storage: the block
  // ends with the storage.
  char *block = malloc(3 + CAP);
  char *s = block + 3;
  if (argc > 1 && !strcmp(argv[1], "bad")) {
    __sanitizer_annotate_double_ended_contiguous_container(
        s, s + CAP, s, s, s + 10, s + CAP + 1);
    fputs(__asan_address_is_poisoned(s + 5) ? "poisoned\n" : "bad call ignored\n",
          stderr);
    free(block);
    return 0;
  }
  // Fresh storage: poison it all.
  __sanitizer_annotate_double_ended_contiguous_container(s, s + CAP, s, s, s, s);
  if (argc > 1) { // off
    fputs(__asan_address_is_poisoned(s + 5) ? "poisoned\n" : "off: nothing poisoned\n",
          stderr);
    free(block);
    return 0;
  }
  if (check(s, s, s))
    return 1;
  // The bytes before the storage in its first granule keep their state.
  EXPECT(!__asan_address_is_poisoned(block));
  const char *b = s, *e = s;
  srand(7);
  for (int i = 0; i < 2000; i++) {
    int size = rand() % (CAP + 1);
    int skip = rand() % (CAP - size + 1);
    const char *nb = s + skip, *ne = nb + size;
    if (i % 3 == 0 && b != e) { // mostly small moves of one end, as a deque makes
      nb = b + (rand() % 3) - 1;
      ne = e + (rand() % 3) - 1;
      if (nb < s || ne > s + CAP || nb > ne) {
        nb = b;
        ne = e;
      }
    }
    __sanitizer_annotate_double_ended_contiguous_container(s, s + CAP, b, e, nb, ne);
    b = nb;
    e = ne;
    if (check(s, b, e))
      return 1;
    EXPECT(!__asan_address_is_poisoned(block));
  }
  // A container [16, 40) of the storage, then a byte made addressable by
  // hand is found.
  __sanitizer_annotate_double_ended_contiguous_container(s, s + CAP, b, e, s + 16, s + 40);
  if (check(s, s + 16, s + 40))
    return 1;
  __asan_unpoison_memory_region(s + 48 - 3, 1); // granule start: block + 48
  EXPECT(!__sanitizer_verify_double_ended_contiguous_container(s, s + 16, s + 40, s + CAP));
  EXPECT(__sanitizer_double_ended_contiguous_container_find_bad_address(
             s, s + 16, s + 40, s + CAP) == s + 45);
  __asan_poison_memory_region(s + 45, 1);
  fputs("checks done\n", stderr);
  // CHECK-NOT: FAILED
  // CHECK: checks done
  // s + 12 (block + 15): the last byte before the granule that holds the
  // first element.
  volatile char c = ((volatile char *)s)[argc + 11];
  // CHECK: ERROR: Sleuth: container-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}container-double-ended.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 15 bytes inside of 78-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}container-double-ended.c:[[@LINE-65]]
  (void)c;
  return 0;
}
