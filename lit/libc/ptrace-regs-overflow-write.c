// ptrace's GETREGS, GETFPREGS, GETSIGINFO and GETREGSET store a fixed-size
// structure through their data argument: a heap block too small for it is
// reported as the kernel's WRITE of the structure's size, with ptrace as
// frame #0 and the call as #1, as ASan reports it. Buffers of the right
// size are no error, and PEEKUSER (which returns the word) is left alone.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: %run %t ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: not %run %t regs 2>&1 | FileCheck %s -DSIZE=216 -DBLOCK=208
// RUN: not %run %t fpregs 2>&1 | FileCheck %s -DSIZE=512 -DBLOCK=500
// RUN: not %run %t siginfo 2>&1 | FileCheck %s -DSIZE=128 -DBLOCK=120
// RUN: not %run %t regset 2>&1 | FileCheck %s -DSIZE=216 -DBLOCK=200
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: not %run %t regs 2>&1 | FileCheck %s -DSIZE=216 -DBLOCK=208
#include <elf.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

static long get(const char *what, pid_t pid, size_t size, size_t full) {
  char *buf = (char *)malloc(size);
  /* GETREGSET's iovec claims the whole structure: the kernel fills it. */
  struct iovec io = {buf, full};
  enum __ptrace_request req = !strcmp(what, "regs")     ? PTRACE_GETREGS
                              : !strcmp(what, "fpregs") ? PTRACE_GETFPREGS
                              : !strcmp(what, "siginfo") ? PTRACE_GETSIGINFO
                                                         : PTRACE_GETREGSET;
  int regset = req == PTRACE_GETREGSET;
  long r = ptrace(req, pid, regset ? (void *)NT_PRSTATUS : NULL,
                  regset ? (void *)&io : buf);
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size [[SIZE]] at {{0x[0-9a-f]+}} thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in ptrace }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in get .*}}ptrace-regs-overflow-write.c:[[@LINE-5]]
  // CHECK: [[ADDR]] is located 0 bytes after [[BLOCK]]-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in get .*}}ptrace-regs-overflow-write.c:[[@LINE-17]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in ptrace
  free(buf);
  return r;
}

int main(int argc, char **argv) {
  pid_t pid = fork();
  if (pid == 0) {
    ptrace(PTRACE_TRACEME, 0, NULL, NULL);
    raise(SIGSTOP);
    _exit(0);
  }
  int status;
  if (waitpid(pid, &status, 0) != pid || !WIFSTOPPED(status))
    return 2;
  /* The child dies with this process, whatever happens here. */
  ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)PTRACE_O_EXITKILL);
  const char *what = argv[1];
  if (!strcmp(what, "ok")) {
    struct user_regs_struct regs;
    struct user_fpregs_struct fpregs;
    siginfo_t si;
    struct iovec io = {&regs, sizeof regs};
    long word = 0;
    if (ptrace(PTRACE_GETREGS, pid, NULL, &regs) ||
        ptrace(PTRACE_GETFPREGS, pid, NULL, &fpregs) ||
        ptrace(PTRACE_GETSIGINFO, pid, NULL, &si) ||
        ptrace(PTRACE_GETREGSET, pid, (void *)NT_PRSTATUS, &io) ||
        ptrace(PTRACE_SETREGS, pid, NULL, &regs))
      return 3;
    word = ptrace(PTRACE_PEEKUSER, pid, (void *)0, &word);
    printf("signal %d, regset %zu bytes\n", si.si_signo, io.iov_len);
  } else {
    size_t full = !strcmp(what, "regs") || !strcmp(what, "regset")
                      ? sizeof(struct user_regs_struct)
                  : !strcmp(what, "fpregs") ? sizeof(struct user_fpregs_struct)
                                            : sizeof(siginfo_t);
    size_t size = !strcmp(what, "regset") ? full - 16
                  : !strcmp(what, "fpregs") ? full - 12
                                            : full - 8;
    get(what, pid, size, full);
  }
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  return 0;
}
// OK-NOT: Sleuth
// OK: signal 19, regset 216 bytes
// OK-NOT: Sleuth
