// A program that installs its own SIGSEGV handler keeps it: Sleuth does not
// report, the program's handler runs.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
#include <signal.h>
#include <string.h>
#include <unistd.h>

static void on_segv(int sig) {
  static const char msg[] = "caught SIGSEGV\n";
  write(1, msg, sizeof msg - 1);
  _exit(0);
}

int *volatile ptr;

int main(int argc, char **argv) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_segv;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGSEGV, &sa, 0) != 0)
    return 2;
  return *ptr;
}
// CHECK-NOT: Sleuth
// CHECK: caught SIGSEGV
// CHECK-NOT: Sleuth
