// The initialization-order fiasco of init-order-fiasco.cpp, with the read
// global exempted by an ignore-list entry with ASan's `=init` category: by
// its name (global:), by its file (src:), or, for a global of class type,
// by the type (type:). An exempt global is not poisoned while its module
// waits, so the early read sees 0 and nothing is reported; an entry for
// another global changes nothing.
// RUN: echo 'global:*config_limit*=init' > %t.global
// RUN: echo 'src:*init-order-config.cpp=init' > %t.src
// RUN: echo 'global:*unrelated*=init' > %t.other
// RUN: %sleuth_cxx -O0 %s %S/Inputs/init-order-config.cpp -fsanitize-ignorelist=%t.global -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=EXEMPT
// RUN: %sleuth_cxx -O2 %s %S/Inputs/init-order-config.cpp -fsanitize-ignorelist=%t.src -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=EXEMPT
// RUN: %sleuth_cxx -O0 %s %S/Inputs/init-order-config.cpp -fsanitize-ignorelist=%t.other -o %t && not %run %t 2>&1 | FileCheck %s --check-prefix=FIASCO
// RUN: echo 'type:*Settings*=init' > %t.type
// RUN: %sleuth_cxx -O0 -DCLASS_TYPE %s %S/Inputs/init-order-settings.cpp -fsanitize-ignorelist=%t.type -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=EXEMPT
// RUN: %sleuth_cxx -O0 -DCLASS_TYPE %s %S/Inputs/init-order-settings.cpp -o %t && not %run %t 2>&1 | FileCheck %s --check-prefix=FIASCO
#include <cstdio>

#ifdef CLASS_TYPE
namespace app {
struct Settings {
  int limit;
  Settings();
};
} // namespace app
extern app::Settings settings;
int buffer_size = settings.limit * 2;
#else
extern int config_limit;
int buffer_size = config_limit * 2;
#endif
// EXEMPT-NOT: ERROR
// EXEMPT: buffer_size 0
// FIASCO: ERROR: Sleuth: initialization-order-fiasco on address [[ADDR:0x[0-9a-f]+]] at pc
// FIASCO-NEXT: READ of size 4 at [[ADDR]] thread T0
// FIASCO-NEXT: #0 0x{{[0-9a-f]+}} in {{.*}}init-order-ignorelist.cpp:{{26|29}}

int main() {
  std::printf("buffer_size %d\n", buffer_size);
  return 0;
}
