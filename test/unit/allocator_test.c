/* The allocator, linked with the runtime but not instrumented: redzones and
 * freed blocks are poisoned, quarantine delays reuse and stays within its
 * limit, alignment and sizes are honoured. Run with
 * SLEUTH_OPTIONS=quarantine_size_mb=4. */
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define __SLEUTH__ 1
#include "../../include/sleuth/sleuth.h"
#include "allocator_internal.h"
#include "check.h"
#include "options.h"

#if defined(__GNUC__) && !defined(__clang__)
/* Touching freed blocks is the point: they must read as poisoned. */
#pragma GCC diagnostic ignored "-Wuse-after-free"
#endif

size_t allocator_quarantine_bytes(void);

/* Keeps the compiler from eliding malloc/free pairs. */
static void *volatile sink;
static void churn(size_t n) {
  sink = malloc(n);
  free(sink);
}

static const size_t sizes[] = {0, 1, 7, 8, 15, 16, 17, 48, 49, 100, 448, 449,
                               1000, 4000, 20000, 70000, 131072, 300000,
                               5 << 20};

/* slot_div against the divide instruction: every slot size a class can
 * have (multiples of 16 up to MAX_PRIMARY_SLOT), at offsets across a whole
 * region, on and next to slot boundaries. */
static void check_slot_div(void) {
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (uint32_t d = 16; d <= MAX_PRIMARY_SLOT; d += 16) {
    uint64_t m = slot_div_magic(d);
    uptr top = ((uptr)1 << REGION_SHIFT) - 1;
    uptr last_slot = top / d * d;
    uptr probes[] = {0, 1, d - 1, d, d + 1, top, last_slot, last_slot - 1};
    for (size_t i = 0; i < sizeof probes / sizeof *probes; i++)
      CHECK(slot_div(probes[i], m) == probes[i] / d);
    for (int i = 0; i < 64; i++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      uptr off = x & top, k = off / d * d;
      CHECK(slot_div(off, m) == off / d);
      CHECK(slot_div(k, m) == off / d);
      if (k)
        CHECK(slot_div(k - 1, m) == off / d - 1);
    }
  }
}

int main(void) {
  check_slot_div();
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
    size_t n = sizes[i];
    unsigned char *p = malloc(n);
    CHECK(p != NULL);
    CHECK(((uintptr_t)p & 15) == 0);
    CHECK(malloc_usable_size(p) == n);
    if (n)
      CHECK(!sleuth_address_is_poisoned(p) &&
            !sleuth_address_is_poisoned(p + n - 1));
    CHECK(sleuth_address_is_poisoned(p + n));      /* right redzone */
    CHECK(sleuth_address_is_poisoned(p + n + 15)); /* at least 16 bytes */
    CHECK(sleuth_address_is_poisoned(p - 1));      /* left redzone */
    CHECK(sleuth_address_is_poisoned(p - 16));
    memset(p, 0xab, n);
    free(p);
    if (n && n < (1u << 20)) /* larger than the quarantine: unmapped */
      CHECK(sleuth_address_is_poisoned(p)); /* freed */
  }

  /* calloc zeroes even recycled memory; realloc keeps the contents. */
  for (int round = 0; round < 3; round++) {
    unsigned char *c = calloc(100, 3);
    int nonzero = 0;
    for (int i = 0; i < 300; i++)
      nonzero += c[i] != 0;
    CHECK(nonzero == 0);
    memset(c, 0x5a, 300);
    unsigned char *r = realloc(c, 5000);
    CHECK(r != c && r[0] == 0x5a && r[299] == 0x5a);
    CHECK(sleuth_address_is_poisoned(c)); /* the old block is freed */
    free(r);
  }

  static const size_t aligns[] = {16, 32, 64, 256, 4096, 8192, 65536};
  for (size_t i = 0; i < sizeof aligns / sizeof *aligns; i++) {
    void *p = NULL;
    CHECK(posix_memalign(&p, aligns[i], 100) == 0);
    CHECK(((uintptr_t)p % aligns[i]) == 0);
    CHECK(sleuth_address_is_poisoned((char *)p + 100));
    void *q = aligned_alloc(aligns[i], aligns[i] * 2);
    CHECK(q && ((uintptr_t)q % aligns[i]) == 0);
    void *m = memalign(aligns[i], 3);
    CHECK(m && ((uintptr_t)m % aligns[i]) == 0);
    free(p);
    free(q);
    free(m);
  }
  /* A bad alignment is reported (invalid-posix-memalign-alignment, as
   * ASan) unless the allocator may return null; then it is EINVAL. */
  sl_opt.allocator_may_return_null = 1;
  CHECK(posix_memalign(&(void *){0}, 24, 8) == 22 /* EINVAL */);
  sl_opt.allocator_may_return_null = 0;
  void *v = valloc(10);
  CHECK(((uintptr_t)v & 4095) == 0);
  free(v);
  void *pv = pvalloc(1);
  CHECK(((uintptr_t)pv & 4095) == 0 && malloc_usable_size(pv) == 4096);
  free(pv);

  /* Quarantine: a freed block is not handed out again soon... */
  void *first = malloc(64);
  free(first);
  int reused = 0;
  for (int i = 0; i < 1000; i++) {
    void *p = malloc(64);
    reused += p == first;
    free(p);
  }
  CHECK(reused == 0);
  /* ...and the quarantine stays within quarantine_size_mb (4 MiB) plus one
   * thread batch (256 KiB) however much is freed. */
  for (int i = 0; i < 20000; i++)
    churn(1000);
  CHECK(allocator_quarantine_bytes() <= (4u << 20) + (256u << 10));
  CHECK(allocator_quarantine_bytes() >= (3u << 20));
  /* Once enough has passed through, memory is reused: 200k blocks of a
   * 96-byte slot (19 MB) cycle within about the quarantine's 4 MiB. */
  uintptr_t lo = UINTPTR_MAX, hi = 0;
  for (int i = 0; i < 200000; i++) {
    void *p = malloc(64);
    if ((uintptr_t)p < lo)
      lo = (uintptr_t)p;
    if ((uintptr_t)p > hi)
      hi = (uintptr_t)p;
    free(p);
  }
  CHECK(hi - lo < (8u << 20));
  CHECK(allocator_quarantine_bytes() <= (4u << 20) + (256u << 10));

  /* Manual poisoning through the public header. */
  char *buf = malloc(64);
  SLEUTH_POISON(buf + 16, 32);
  CHECK(!sleuth_address_is_poisoned(buf + 15));
  CHECK(sleuth_address_is_poisoned(buf + 16));
  CHECK(sleuth_address_is_poisoned(buf + 47));
  CHECK(!sleuth_address_is_poisoned(buf + 48));
  SLEUTH_UNPOISON(buf + 16, 32);
  CHECK(!sleuth_address_is_poisoned(buf + 16));
  free(buf);
  CHECK_DONE("allocator_test");
}
