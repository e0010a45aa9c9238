/* A library without frame pointers that the CFI unwinder test dlopens. */
#include "unwind_cfi_test.h"

static volatile int sink;

void lib_call(leaf_fn leaf) {
  volatile char pad[72];
  pad[3] = 1;
  leaf();
  sink = pad[3]; /* no tail call */
}
