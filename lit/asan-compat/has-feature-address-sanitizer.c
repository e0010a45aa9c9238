// Under sleuth-cc, __has_feature(address_sanitizer) is 1, as under clang's
// -fsanitize=address: code that tests only the feature (here a hash that
// reads a key's tail a word at a time, as jansson's lookup3.h does) takes
// its sanitizer path, and nothing is reported. clang's own ASan stays off:
// no __asan_ call, no ASan constructor or metadata in the code, and the
// program links with Sleuth's runtime alone.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=ON
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=ON
// ON: feature 1, hash 4{{$}}
// ON-NOT: Sleuth
// RUN: %sleuth_cc -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %sleuth_cc -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// IR-NOT: {{__asan_|asan.module|llvm.asan}}
// Preprocessing alone (-E, as configure scripts and build checks do) sees
// the same.
// RUN: %sleuth_cc -E %s | FileCheck %s --check-prefix=CPP
// RUN: %sleuth_cc -E --no-sanitize-address-macro %s | FileCheck %s --check-prefix=CPP-OFF
// CPP: feature = 1;
// CPP-OFF-NOT: feature = 1;
// --no-sanitize-address-macro turns the feature off with the macro: the
// over-read is then reported, with its line and the block's stack.
// RUN: %sleuth_cc -O0 --no-sanitize-address-macro %s -o %t.off
// RUN: not %run %t.off 2>&1 | FileCheck %s --check-prefix=OFF
// A precompiled header keeps what the compile that wrote it saw; one the
// plain clang wrote is read as it is (the feature off), not refused.
// RUN: %sleuth_cc -x c-header %S/Inputs/feature.h -o %t.pch
// RUN: %sleuth_cc -DUSE_PCH -include-pch %t.pch %s -o %t.pch1 && %run %t.pch1 | FileCheck %s --check-prefix=PCH1
// PCH1: header feature 1
// RUN: %sleuth_clang -x c-header %S/Inputs/feature.h -o %t.plain.pch
// RUN: %sleuth_cc -DUSE_PCH -include-pch %t.plain.pch %s -o %t.pch0 && %run %t.pch0 | FileCheck %s --check-prefix=PCH0
// PCH0: header feature 0
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef USE_PCH
int main(void) {
  printf("header feature %d\n", header_feature());
  return 0;
}
#else

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NO_MASKING_TRICK 1
#endif
#endif

static uint32_t hash_tail(const char *key, size_t len) {
  uint32_t h = 0;
#ifndef NO_MASKING_TRICK
  // Reads the whole aligned word that holds the last bytes.
  const uint32_t *w = (const uint32_t *)key;
  for (; len > 4; len -= 4)
    h ^= *w++;
  // OFF: ERROR: Sleuth: heap-buffer-overflow
  // OFF-NEXT: READ of size 4
  // OFF-NEXT: {{#0 0x[0-9a-f]+ in hash_tail .*}}has-feature-address-sanitizer.c:[[@LINE+5]]
  // OFF: allocated by thread T0 here:
  // OFF-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // OFF-NEXT: {{#1 0x[0-9a-f]+ in main .*}}has-feature-address-sanitizer.c:[[@LINE+15]]
  uint32_t mask = len == 4 ? 0xffffffffu : (1u << (8 * len)) - 1;
  h ^= *w & mask;
#else
  for (size_t i = 0; i < len; i++)
    h ^= (uint32_t)(unsigned char)key[i] << (8 * (i & 3));
#endif
  return h;
}

int main(void) {
  int feature = 0;
#ifdef NO_MASKING_TRICK
  feature = 1;
#endif
  char *key = malloc(5);
  memcpy(key, "abcde", 5);
  uint32_t h = hash_tail(key, 5);
  free(key);
  printf("feature %d, hash %x\n", feature, (unsigned)(h & 0xff));
  return 0;
}
#endif
