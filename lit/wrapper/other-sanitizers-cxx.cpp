// RUN: %sleuth_cxx -g -O0 -fsanitize=undefined,vptr %s -o %t
// RUN: not %t 2>&1 | FileCheck %s
struct Base {
  virtual ~Base() {}
};
struct Left : Base {};
struct Right : Base {
  int g() { return 3; }
};

int main(int argc, char **) {
  Base *b = new Left;
  Right *r = static_cast<Right *>(b);
  // CHECK: other-sanitizers-cxx.cpp:[[@LINE-1]]:{{[0-9]+}}: runtime error: downcast of address {{.*}} which does not point to an object of type 'Right'
  int v = r->g();
  int *p = new int[2];
  p[argc + 1] = v;
  // CHECK: ERROR: Sleuth: heap-buffer-overflow
  // CHECK-NEXT: WRITE of size 4
  // CHECK-NEXT: {{#0 .* in main .*}}other-sanitizers-cxx.cpp:[[@LINE-3]]
  // CHECK: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 .* in operator new\[\]}}
  // CHECK-NEXT: {{#1 .* in main .*}}other-sanitizers-cxx.cpp:[[@LINE-7]]
  delete[] p;
  delete b;
  return 0;
}
// C++ under sleuth-c++ -fsanitize=undefined,vptr (clang 22 leaves vptr out
// of undefined): UBSan's C++ checks (vptr:
// a downcast to the wrong class) report, and Sleuth reports the heap
// overflow after them, from the one program.
