/* The call chain the CFI unwinder test walks, built without frame pointers
 * (see test/CMakeLists.txt): rsp-based frames of several sizes, a VLA whose
 * frame is rbp-based, recursion, and a call through a dlopen'd library. */
#include <string.h>

#include "unwind_cfi_test.h"

static volatile int sink;

__attribute__((noinline)) static int recurse(int depth, lib_call_fn lib_call) {
  volatile char pad[40];
  pad[depth % 40] = (char)depth;
  if (depth > 0) {
    int r = recurse(depth - 1, lib_call);
    sink = pad[0] + r; /* no tail call: this frame stays on the stack */
    return r + 1;
  }
  lib_call(unwind_cfi_check_here);
  sink = pad[1];
  return 0;
}

/* A VLA: the compiler keeps rbp as this frame's CFA register. */
__attribute__((noinline)) static int with_vla(int n, int depth,
                                              lib_call_fn lib_call) {
  char buf[n];
  memset(buf, n, (size_t)n);
  __asm__ volatile("" : : "r"(buf) : "memory");
  int r = recurse(depth, lib_call);
  sink = buf[n / 2];
  return r + 1;
}

__attribute__((noinline)) int unwind_cfi_chain(int vla_size, int depth,
                                               lib_call_fn lib_call) {
  volatile long big[300]; /* a large rsp-based frame */
  big[vla_size % 300] = vla_size;
  int r = with_vla(vla_size, depth, lib_call);
  sink = (int)big[0];
  return r + 1;
}
