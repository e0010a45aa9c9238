// Many globals of all sizes and alignments, constant tables, string
// literals, globals reached through pointers and copied whole: no report.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: done
#include <stdio.h>
#include <string.h>

#define G(n, sz) char g##n[sz] = {(char)(n)};
G(0, 1) G(1, 2) G(2, 3) G(3, 7) G(4, 8) G(5, 9) G(6, 15) G(7, 16) G(8, 17)
G(9, 31) G(10, 32) G(11, 33) G(12, 63) G(13, 64) G(14, 65) G(15, 1000)
G(16, 4096) G(17, 4097)

static char *all[] = {g0, g1, g2, g3, g4, g5, g6, g7, g8,
                      g9, g10, g11, g12, g13, g14, g15, g16, g17};
static const size_t sizes[] = {1, 2, 3, 7, 8, 9, 15, 16, 17,
                               31, 32, 33, 63, 64, 65, 1000, 4096, 4097};
_Alignas(64) double aligned[5];
struct pt { int x, y; char tag[5]; } pts[3] = {{1, 2, "ab"}, {3, 4, "cd"}};
static const char *const words[] = {"alpha", "be", "c", ""};
long counter;

int main(void) {
  long sum = 0;
  for (int i = 0; i < 18; i++) {
    memset(all[i], i, sizes[i]);
    for (size_t k = 0; k < sizes[i]; k++)
      sum += all[i][k];
  }
  for (int i = 0; i < 5; i++)
    aligned[i] = i;
  struct pt copy[3];
  memcpy(copy, pts, sizeof pts);
  pts[2] = copy[0];
  for (int i = 0; i < 4; i++)
    sum += (long)strlen(words[i]);
  char buf[32];
  strcpy(buf, words[0]);
  strcat(buf, words[1]);
  counter += sum;
  printf("%ld %s %d %g done\n", counter, buf, pts[2].x, aligned[4]);
  return 0;
}
