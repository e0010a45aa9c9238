// RUN: %sleuth_cxx -O0 -DLIB -fPIC -shared %s -o %t-lib.so
// RUN: %sleuth_cxx -O0 -c %s -o %t-main.o
// RUN: %sleuth_cxx -O0 -DREADER -c %s -o %t-reader.o
// RUN: %sleuth_cxx %t-main.o -o %t -ldl -Wl,--export-dynamic
// RUN: env SLEUTH_OPTIONS=check_initialization_order=1:strict_init_order=1 %run %t %t-lib.so 2>&1 | FileCheck %s --check-prefix=DLOPEN
// RUN: %sleuth_cxx %t-main.o %t-reader.o -o %t-two -ldl -Wl,--export-dynamic
// RUN: env SLEUTH_OPTIONS=check_initialization_order=1:strict_init_order=1 not %run %t-two %t-lib.so 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: env SLEUTH_OPTIONS=check_initialization_order=1 %run %t-two %t-lib.so 2>&1 | FileCheck %s --check-prefix=DLOPEN
#include <cstdio>

int get_limit();
#if defined(LIB)
struct Reader {
  int seen;
  Reader() : seen(get_limit()) { std::printf("library saw %d\n", seen); }
};
Reader reader;
#elif defined(READER)
int doubled = get_limit() * 2;
#else
#include <dlfcn.h>
struct Limit {
  int value;
  Limit() : value(42) {}
};
Limit limit;
int get_limit() {
  return limit.value;
  // STRICT: ERROR: Sleuth: initialization-order-fiasco on address
  // STRICT-NEXT: READ of size 4 at
  // STRICT-NEXT: {{#0 0x[0-9a-f]+ in get_limit\(\) .*}}init-order-strict-dlopen.cpp:[[@LINE-3]]
  // STRICT: is located 0 bytes inside of global variable 'limit'
}

int main(int argc, char **argv) {
  if (!dlopen(argv[1], RTLD_NOW)) {
    std::printf("dlopen: %s\n", dlerror());
    return 1;
  }
  // DLOPEN: library saw 42
  // DLOPEN-NOT: ERROR
  return 0;
}
#endif

// strict_init_order=1: a library dlopen'ed from main runs its initialisers
// after every module loaded at start-up was initialised, so reading the
// executable's dynamically initialised global from there is no error (ASan
// stops strict checking at dlopen). At start-up strict checking stays on:
// the second object's initialiser reads 'limit' of the first object, which
// was initialised already (its object comes first in the link), and only
// strict mode reports that.
