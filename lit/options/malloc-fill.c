// malloc_fill_byte / max_malloc_fill_size, as ASan: malloc, new, realloc
// and the memalign family hand out blocks whose first max_malloc_fill_size
// bytes (default 4096) hold malloc_fill_byte (default 0xbe), never the
// zeros of a fresh slot, so a read of a byte never written gives garbage
// as it would in glibc's recycled memory; calloc's blocks are zero; a
// realloc'ed block holds the old bytes, then the fill. Small, mid-sized
// and large (own mapping) blocks alike; a reused slot is filled again.
// max_free_fill_size=N writes free_fill_byte over N bytes of each freed
// block after its 16-byte free record (read here by code Sleuth does not
// check, as an uninstrumented library would).
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: env SLEUTH_OPTIONS=quarantine_size_mb=0 %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: env SLEUTH_OPTIONS=max_malloc_fill_size=10:malloc_fill_byte=8 %run %t 2>&1 | FileCheck %s --check-prefix=TEN
// RUN: env ASAN_OPTIONS=max_malloc_fill_size=20:malloc_fill_byte=171 %run %t 2>&1 | FileCheck %s --check-prefix=AB
// RUN: env SLEUTH_OPTIONS=max_malloc_fill_size=0 %run %t 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: env SLEUTH_OPTIONS=max_free_fill_size=8:free_fill_byte=119 %run %t 2>&1 | FileCheck %s --check-prefix=FREE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((no_sanitize_address, noinline)) static void
dump(const char *what, const void *p, size_t from, size_t to) {
  const unsigned char *b = p;
  printf("%s:", what);
  for (size_t i = from; i < to; i++)
    printf("%02x", b[i]);
  printf("\n");
}

int main(void) {
  char *small = malloc(24);
  dump("small", small, 0, 24);
  // DEFAULT: small:bebebebebebebebebebebebebebebebebebebebebebebebe
  // TEN: small:080808080808080808080000000000000000000000000000
  // AB: small:abababababababababababababababababababab00000000
  // NONE: small:000000000000000000000000000000000000000000000000
  char *mid = malloc(10000);
  dump("mid", mid, 4092, 4100);
  // DEFAULT-NEXT: mid:bebebebe00000000
  char *large = malloc(1 << 22);
  dump("large", large, 0, 4);
  // DEFAULT-NEXT: large:bebebebe
  // NONE-NEXT: mid:0000000000000000
  // NONE-NEXT: large:00000000
  char *zero = calloc(24, 1);
  dump("calloc", zero, 0, 8);
  // DEFAULT-NEXT: calloc:0000000000000000
  char *aligned = aligned_alloc(64, 64);
  dump("aligned", aligned, 0, 4);
  // DEFAULT-NEXT: aligned:bebebebe
  memcpy(small, "abcd", 4);
  small = realloc(small, 40);
  dump("realloc", small, 0, 8);
  // DEFAULT-NEXT: realloc:61626364bebebebe
  free(small);
  // FREE: free:7777777777777777bebebebe
  dump("free", small, 16, 28);
  free(mid);
  free(large);
  free(zero);
  free(aligned);
  /* With no quarantine (the second RUN line) each slot comes straight
   * back to malloc with the 0x11 bytes written into it: filled again. */
  int dirty = 0;
  for (int i = 0; i < 200000; i++) {
    unsigned char *p = malloc(32);
    if (p[31] != 0xbe)
      dirty++;
    memset(p, 0x11, 32);
    free(p);
  }
  printf("unfilled reused: %d\n", dirty);
  // DEFAULT: unfilled reused: 0
  return 0;
}
