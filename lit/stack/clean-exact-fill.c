// Local arrays filled exactly to their ends, structs copied, odd sizes and
// over-aligned locals: no report.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
// CHECK-NOT: ERROR
// CHECK: done
#include <stdio.h>
#include <string.h>

struct rec {
  char tag[13];
  int vals[3];
  double d;
};

__attribute__((noinline)) static struct rec make(int n) {
  struct rec r;
  memset(&r, 0, sizeof r);
  for (int i = 0; i < 13; i++)
    r.tag[i] = (char)('a' + (i + n) % 26);
  for (int i = 0; i < 3; i++)
    r.vals[i] = n * i;
  r.d = n;
  return r;
}

int main(int argc, char **argv) {
  (void)argv;
  char odd[7];
  short s3[3];
  _Alignas(64) char aligned[100];
  struct rec a = make(argc), b;
  for (int i = 0; i < 7; i++)
    odd[i] = (char)i;
  for (int i = 0; i < 3; i++)
    s3[i] = (short)i;
  memset(aligned, 1, sizeof aligned);
  b = a;
  memcpy(&b, &a, sizeof a);
  long sum = 0;
  for (int i = 0; i < 7; i++)
    sum += odd[i];
  for (int i = 0; i < 3; i++)
    sum += s3[i];
  for (size_t i = 0; i < sizeof aligned; i++)
    sum += aligned[i];
  sum += b.vals[2] + b.tag[12];
  printf("%ld done\n", sum);
  return 0;
}
