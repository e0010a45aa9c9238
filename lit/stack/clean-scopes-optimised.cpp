// The clean twins of use-after-scope-{temporary,loop,inlined}: the same
// temporaries, loop arrays and inlined helpers, each used only while alive,
// with in-bounds direct accesses that the optimiser leaves on scoped slots.
// No report at any -O level.
// RUN: %sleuth_cxx -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O1 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O3 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: total 57
#include <algorithm>
#include <cstdio>
#include <cstring>

struct Score {
  char label[24];
  int points;
  explicit Score(int p) : points(p) { std::memset(label, 'x', sizeof label); }
  bool operator<(const Score &o) const { return points < o.points; }
  __attribute__((noinline)) const Score &self() const { return *this; }
};

__attribute__((noinline)) Score score_of(int p) { return Score(p); }

static inline __attribute__((always_inline)) int remember(int v, int **out) {
  int scratch[6];
  scratch[2] = v;
  *out = scratch;
  __asm__ volatile("" : : "r"(*out) : "memory");
  return (*out)[2];
}

volatile int *last[4];

int main(int argc, char **) {
  long total = 0;
  for (int round = 0; round < 3; round++) {
    int best = std::max(score_of(argc + round), score_of(7)).points; // copied
    total += best;
    total += Score(argc).self().points; // used within the full expression
    for (int i = 0; i < 4; i++) {
      int slots[2] = {i, i + 1};
      last[i] = slots;
      total += last[i][1];
    }
    int *p;
    total += remember(round, &p);
  }
  std::printf("total %ld\n", total);
  return 0;
}
