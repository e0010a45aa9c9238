// std::vector's unused capacity is container overflow: sleuth-c++ defines
// _GLIBCXX_SANITIZE_VECTOR, so libstdc++ annotates it. The same read with
// detect_container_overflow=0 and with --no-sanitize-address-macro (no
// annotations) is silent: the bytes belong to the allocated block.
// RUN: %sleuth_cxx -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=detect_container_overflow=0 %run %t 2>&1 | count 0
// RUN: %sleuth_cxx --no-sanitize-address-macro -O2 %s -o %t.nomacro
// RUN: %run %t.nomacro 2>&1 | count 0
#include <vector>

int main(int argc, char **argv) {
  std::vector<int> v;
  v.reserve(10);
  v.push_back(1);
  volatile int *d = v.data();
  int r = d[argc + 2];
  // CHECK: ERROR: Sleuth: container-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 4 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}container-overflow-vector.cpp:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 12 bytes inside of 40-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in operator new}}
  // CHECK: {{#[0-9]+ 0x[0-9a-f]+ in main .*}}container-overflow-vector.cpp:[[@LINE-10]]
  // CHECK: =>{{.*}}[fc]
  // CHECK: Container overflow:      fc
  // CHECK: SUMMARY: Sleuth: container-overflow {{.*}}container-overflow-vector.cpp:[[@LINE-10]]:{{[0-9]+}} in main
  // CHECK-NEXT: ==HINT: {{.*}}detect_container_overflow=0
  return r == 12345;
}
