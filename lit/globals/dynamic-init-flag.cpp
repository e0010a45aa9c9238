// The clang plugin tells which globals have dynamic initialisers (C++
// code computes their value at start-up), for init-order checking: the
// fact reaches the pass as !sleuth.source metadata and the runtime as the
// descriptor flag SLEUTH_GLOBAL_DYNAMIC_INIT. Constant-initialised
// globals (constexpr, aggregates of constants, constant constructors) and
// function-local statics do not have the flag.
// RUN: %sleuth_cxx -O0 -S -emit-llvm -o - %s | FileCheck %s
// RUN: %sleuth_cxx -O2 -S -emit-llvm -o - %s | FileCheck %s
// The annotations that carried the facts are gone from the module:
// RUN: %sleuth_cxx -O0 -S -emit-llvm -o - %s | FileCheck %s --check-prefix=GONE
// GONE-NOT: llvm.global.annotations
// GONE-NOT: c"sleuth.global\1F
// CHECK-DAG: !{!"computed", !"{{.*}}dynamic-init-flag.cpp:[[@LINE+14]]:5", !"d"}
// CHECK-DAG: !{!"constant", !"{{.*}}dynamic-init-flag.cpp:[[@LINE+14]]:5", !""}
// CHECK-DAG: !{!"Point::origin", !"{{.*}}dynamic-init-flag.cpp:[[@LINE+18]]:14", !""}
// CHECK-DAG: !{!"made", !"{{.*}}dynamic-init-flag.cpp:[[@LINE+18]]:7", !"d"}
#include <cstdlib>

int compute() { return std::rand(); }

struct Point {
  constexpr Point(int x, int y) : x(x), y(y) {}
  int x, y;
  static Point origin;
};

int computed = compute();
int constant = 42;
struct Maker {
  Maker() : v(compute()) {}
  int v;
};
Point Point::origin(0, 0);
Maker made;

int use() { return computed + constant + Point::origin.x + made.v; }
