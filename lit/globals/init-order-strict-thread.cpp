// strict_init_order=1 poisons the dynamically initialised globals of
// modules whose initialisers have already run, but a thread started during
// start-up may read them while another module initialises: no error. As
// ASan does, strict checking stops at the first pthread_create. Here this
// module's initialiser starts a thread; the other module's initialiser
// (Inputs/init-order-strict-thread-b.cpp, later in the link) waits until
// that thread has read this module's initialised global.
// RUN: %sleuth_cxx -O0 -pthread %s %S/Inputs/init-order-strict-thread-b.cpp -o %t
// RUN: env SLEUTH_OPTIONS=strict_init_order=1 %run %t 2>&1 | FileCheck %s
// RUN: env ASAN_OPTIONS=strict_init_order=true %run %t 2>&1 | FileCheck %s
// RUN: %run %t 2>&1 | FileCheck %s
// Before any thread, strict checking still reports a read of an already
// initialised module's global from another module's initialiser.
// RUN: %sleuth_cxx -O0 -pthread -DNO_THREAD %s %S/Inputs/init-order-strict-thread-b.cpp -o %t-nothread
// RUN: env SLEUTH_OPTIONS=strict_init_order=1 not %run %t-nothread 2>&1 | FileCheck %s --check-prefix=STRICT
#include <cstdio>
#include <pthread.h>
#include <unistd.h>

__attribute__((noinline)) int compute(int x) { return x * 6; }
int a_value = compute(7);
int phase; /* constant-initialised: never poisoned */

static void *poll(void *) {
  while (__atomic_load_n(&phase, __ATOMIC_ACQUIRE) != 1)
    usleep(1000);
  std::printf("a_value %d\n", a_value);
  __atomic_store_n(&phase, 2, __ATOMIC_RELEASE);
  return nullptr;
}

struct Starter {
  Starter() {
#ifndef NO_THREAD
    pthread_t t;
    pthread_create(&t, nullptr, poll, nullptr);
    pthread_detach(t);
#endif
  }
} starter;

extern int b_value;
int main() {
  std::printf("b_value %d\n", b_value);
  return 0;
}
// CHECK-NOT: Sleuth
// CHECK: a_value 42
// CHECK-NOT: Sleuth
// CHECK: b_value 43
// CHECK-NOT: Sleuth

// STRICT: ERROR: Sleuth: initialization-order-fiasco on address [[ADDR:0x[0-9a-f]+]] at pc
// STRICT-NEXT: READ of size 4 at [[ADDR]] thread T0
// STRICT-NEXT: #0 0x{{[0-9a-f]+}} in wait_for_poller() {{.*}}init-order-strict-thread-b.cpp:11
// STRICT: [[ADDR]] is located 0 bytes inside of global variable 'a_value' defined in '{{.*}}init-order-strict-thread.cpp:21:5' ({{0x[0-9a-f]+}}) of size 4
// STRICT: SUMMARY: Sleuth: initialization-order-fiasco
