// A C++ global is named as the source spells it, qualified
// ('outer::inner::table', 'Registry::slots'), with its definition's
// file:line:column, as ASan names it (the clang plugin carries the name;
// debug info alone has only 'table').
// RUN: %sleuth_cxx -O1 %s -o %t
// RUN: not %run %t 0 2>&1 | FileCheck %s --check-prefix=NS
// RUN: not %run %t 1 2>&1 | FileCheck %s --check-prefix=MEMBER
// RUN: %sleuth_cxx -O1 -g0 %s -o %t.nodebug
// RUN: not %run %t.nodebug 0 2>&1 | FileCheck %s --check-prefix=NS
#include <cstdio>
#include <cstdlib>

namespace outer {
namespace inner {
int table[10] = {1};
}
} // namespace outer

struct Registry {
  static long slots[3];
};
long Registry::slots[3] = {7, 8, 9};

int main(int argc, char **argv) {
  int which = argc > 1 ? std::atoi(argv[1]) : 0;
  volatile int i = 10;
  if (which == 0)
    std::printf("%d\n", outer::inner::table[i]);
  // NS: ERROR: Sleuth: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // NS-NEXT: READ of size 4 at [[ADDR]] thread T0
  // NS: [[ADDR]] is located 0 bytes after global variable 'outer::inner::table' defined in '{{.*}}qualified-name.cpp:15:5' ({{0x[0-9a-f]+}}) of size 40
  volatile int j = 3;
  std::printf("%ld\n", Registry::slots[j]);
  // MEMBER: ERROR: Sleuth: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // MEMBER-NEXT: READ of size 8 at [[ADDR]] thread T0
  // MEMBER-NEXT: {{#0 0x[0-9a-f]+ in main .*}}qualified-name.cpp:[[@LINE-3]]
  // MEMBER: [[ADDR]] is located 0 bytes after global variable 'Registry::slots' defined in '{{.*}}qualified-name.cpp:22:16' ({{0x[0-9a-f]+}}) of size 24
  return 0;
}
