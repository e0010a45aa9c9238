// A C++ program built without frame pointers, run under sleuth-run: a block
// leaked at the end of a deep chain (a method, a template recursion, a
// lambda, a VLA frame, and a call back through libc and libstdc++ by
// std::call_once) is reported with every one of its frames (the cached
// call-frame walk, runtime/stacks/unwind_cfi.c).
// RUN: %clangxx -O2 -g -fomit-frame-pointer %s -o %t
// RUN: not %sleuth_run %t 2>&1 | FileCheck %s
#include <mutex>
#include <string.h>

struct Node {
  Node *next;
  long pad[3];
};

static Node *volatile leaked;
static volatile int sink;

__attribute__((noinline)) static Node *make_node() { return new Node(); }

// A VLA: this frame's CFA is rbp-based.
__attribute__((noinline)) static Node *with_vla(int n) {
  char buf[n];
  memset(buf, 1, sizeof buf);
  Node *r = make_node();
  sink = buf[n / 2]; // no tail calls, here and below
  return r;
}

struct Builder {
  int size;
  __attribute__((noinline)) Node *build() {
    Node *r = with_vla(size);
    sink = size;
    return r;
  }
};

template <int N> __attribute__((noinline)) Node *descend(Builder &b) {
  Node *r = descend<N - 1>(b);
  sink = N;
  return r;
}
template <> __attribute__((noinline)) Node *descend<0>(Builder &b) {
  Node *r = b.build();
  sink = 0;
  return r;
}

int main(int argc, char **argv) {
  (void)argv;
  static std::once_flag once;
  Builder b{argc + 40};
  std::call_once(once, [&] {
    leaked = descend<3>(b);
    sink = 1;
  });
  leaked = nullptr;
  return 0;
}
// CHECK: Direct leak of 32 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: #0 {{.*}} in operator new
// CHECK-NEXT: #1 {{.*}} in make_node() {{.*}}deep-no-fp-cxx.cpp:19
// CHECK-NEXT: #2 {{.*}} in with_vla(int) {{.*}}deep-no-fp-cxx.cpp:25
// CHECK-NEXT: #3 {{.*}} in Builder::build() {{.*}}deep-no-fp-cxx.cpp:33
// CHECK-NEXT: #4 {{.*}} in {{.*}}descend<0>{{.*}}deep-no-fp-cxx.cpp:45
// CHECK-NEXT: #5 {{.*}} in {{.*}}descend<1>{{.*}}deep-no-fp-cxx.cpp:40
// CHECK-NEXT: #6 {{.*}} in {{.*}}descend<2>{{.*}}deep-no-fp-cxx.cpp:40
// CHECK-NEXT: #7 {{.*}} in {{.*}}descend<3>{{.*}}deep-no-fp-cxx.cpp:40
// CHECK-NEXT: #8 {{.*}} in {{.*}}deep-no-fp-cxx.cpp:55
// The lambda is called back through libc and the program's std::call_once.
// CHECK: {{(in .*pthread_once|\(.*/libc\.so\.6\+0x[0-9a-f]+\))}}
// CHECK: in main {{.*}}deep-no-fp-cxx.cpp:54
// CHECK: SUMMARY: Sleuth: 32 byte(s) leaked in 1 allocation(s).
// Without libc6-dbg, the libc frame between is module+offset, not __pthread_once_slow.
