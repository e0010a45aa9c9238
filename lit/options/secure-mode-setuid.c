// Secure mode: a setuid-root program run by an unprivileged user ignores
// the options that name a file or a command (log_path would create a
// root-owned file where the user says, heap_profile_alert_cmd would run as
// root), says so in one line and reports to stderr; no file appears. The
// same options from root itself (no privilege gained) still apply.
// REQUIRES: root-setuid
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: chown root %t && chmod 4755 %t && chmod o+rx %T
// RUN: rm -rf %t.logs && mkdir -m 777 %t.logs
// RUN: env SLEUTH_OPTIONS=log_path=%t.logs/x:heap_profile=1:heap_profile_prefix=%t.logs/p:suppressions=/etc/shadow setpriv --reuid=nobody --regid=nogroup --clear-groups %t > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s < %t.out
// RUN: ls %t.logs | count 0
// RUN: env SLEUTH_OPTIONS=log_path=%t.logs/x not %t
// RUN: ls %t.logs | FileCheck %s --check-prefix=ROOT
// CHECK: WARNING: Sleuth: secure mode (a setuid, setgid or capability-raising program): ignoring log_path, suppressions, heap_profile (options that name a file or a command); reports go to stderr
// CHECK: ERROR: Sleuth: heap-buffer-overflow
// CHECK-NEXT: WRITE of size 1
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}secure-mode-setuid.c:[[@LINE+6]]
// ROOT: x.{{[0-9]+}}
#include <stdlib.h>

int main(void) {
  char *volatile p = malloc(8);
  p[8] = 1;
  return 0;
}
