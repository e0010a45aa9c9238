// sleuth-cc finds its prefix (plugin, runtime, headers) from the path it was
// started by, without starting a process for it where it need not: through
// a symlink in another directory and a chain of them (as the package's
// alternatives), by a relative path with "." and "..", and from PATH. Each
// build must carry the runtime and report the overflow, and the plugin
// paths it hands clang must be the installed ones, with no "." or "..".
// RUN: rm -rf %t && %cmake --install %sleuth_build --prefix %t/prefix > /dev/null
// RUN: mkdir -p %t/links %t/work/sub && ln -s %t/prefix/bin/sleuth-cc %t/links/cc1
// RUN: ln -s %t/links/cc1 %t/links/cc2
// RUN: %t/links/cc1 -O1 %s -o %t/p1 && not %t/p1 2>&1 | FileCheck %s
// RUN: %t/links/cc2 -O1 %s -o %t/p2 && not %t/p2 2>&1 | FileCheck %s
// RUN: cd %t/work/sub && sh -c '../../prefix/bin/./sleuth-cc -O1 %s -o %t/p3' && not %t/p3 2>&1 | FileCheck %s
// RUN: cd %t/prefix/bin && sh -c './sleuth-cc -O1 %s -o %t/p4' && not %t/p4 2>&1 | FileCheck %s
// RUN: cd %t/work && env PATH=%t/prefix/bin:/usr/bin:/bin sh -c 'sleuth-cc -O1 %s -o %t/p5' && not %t/p5 2>&1 | FileCheck %s
// RUN: cd %t/work/sub && sh -c '../../links/cc2 -O1 -c %s -o %t/p6.o -### 2>&1' | FileCheck %s --check-prefix=PATHS -DPREFIX=%t/prefix
// RUN: cd %t/work/sub && sh -c '../../prefix/bin/../bin/sleuth-cc -O1 -c %s -o %t/p7.o -### 2>&1' | FileCheck %s --check-prefix=PATHS -DPREFIX=%t/prefix
#include <stdlib.h>

int main(int argc, char **argv) {
  (void)argv;
  char *p = malloc(16);
  int c = p[15 + argc];
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address
  // CHECK-NEXT: READ of size 1
  // CHECK-NEXT: {{#0 .* in main .*}}invoked-by-any-path.c:[[@LINE-3]]
  free(p);
  return c;
}
// PATHS: "-fpass-plugin=[[PREFIX]]/lib/sleuth/SleuthPass.so"
// PATHS-NOT: /./
// PATHS-NOT: /../
