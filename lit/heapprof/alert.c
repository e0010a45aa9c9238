// heap_profile_alert_mb=4 on a program that holds ten 1 MiB blocks: one log
// line each time the heap in use passes 4 and 8 MiB (not at 10), each with
// the dump written for it, whose totals are the heap at that level.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_alert_mb=4:heap_profile_prefix=%t.d/p %run %t %t.d/p 2> %t.d/err
// RUN: FileCheck %s --check-prefix=TEXT < %t.d/err
// TEXT: =={{[0-9]+}}==WARNING: Sleuth: heap in use passed 4 MiB (heap_profile_alert_mb=4): {{4194[3-9][0-9][0-9]}} bytes; heap profile {{.*}}/p.[[PID:[0-9]+]].0.heap
// TEXT-NEXT: =={{[0-9]+}}==WARNING: Sleuth: heap in use passed 8 MiB (heap_profile_alert_mb=4): {{83[89][0-9][0-9][0-9][0-9]}} bytes; heap profile {{.*}}/p.[[PID]].1.heap
// TEXT-NOT: passed
// RUN: sed -n 2p %t.d/p.*.0.heap | FileCheck %s --check-prefix=DUMP0
// DUMP0: t*: 4: 4194304 [
// RUN: sed -n 2p %t.d/p.*.1.heap | FileCheck %s --check-prefix=DUMP1
// DUMP1: t*: 8: 8388608 [
//
// log_format=json: a heap-alert object per alert in the log file.
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_alert_mb=4:heap_profile_prefix=%t.d/p:log_format=json:log_path=%t.d/log %run %t %t.d/p
// RUN: FileCheck %s --check-prefix=JSON < %t.d/log.$(ls %t.d | sed -n 's/^p\.\([0-9]*\)\.timeline$/\1/p')
// JSON: {"sleuth":1,"pid":[[PID:[0-9]+]],"kind":"heap-alert","inuse_bytes":{{4194[3-9][0-9][0-9]}},"threshold_bytes":4194304,"alert_mb":4,"dump":"{{.*}}/p.[[PID]].0.heap"}
// JSON-NEXT: {"sleuth":1,"pid":[[PID]],"kind":"heap-alert","inuse_bytes":{{83[89][0-9][0-9][0-9][0-9]}},"threshold_bytes":8388608,"alert_mb":4,"dump":"{{.*}}/p.[[PID]].1.heap"}
// JSON-NOT: heap-alert
// sleuth-report --sarif keeps alerts out of the results (they are not code
// findings) and lists them in the run's properties.
// RUN: %sleuth_build/bin/sleuth-report --sarif %t.d/log.* | FileCheck %s --check-prefix=SARIF
// SARIF: "heapAlerts": [{"sleuth":1,{{.*}}"threshold_bytes":4194304
// SARIF: "results": []
//
// heap_profile_alert_cmd runs for each alert with the SLEUTH_ALERT_*
// variables, in the background; the program's own wait() never sees it.
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_alert_mb=4:heap_profile_prefix=%t.d/p:heap_profile_alert_cmd='echo "$SLEUTH_ALERT_PID $SLEUTH_ALERT_THRESHOLD $SLEUTH_ALERT_INUSE $SLEUTH_ALERT_DUMP" >> %t.d/cmd.log' %run %t %t.d/p %t.d/cmd.log > %t.d/out 2>&1
// RUN: FileCheck %s --check-prefix=CMD < %t.d/out
// CMD: wait: no child
// RUN: sort %t.d/cmd.log | FileCheck %s --check-prefix=CMDLOG
// CMDLOG: [[PID:[0-9]+]] 4194304 {{4194[3-9][0-9][0-9]}} {{.*}}/p.[[PID]].0.heap
// CMDLOG-NEXT: [[PID]] 8388608 {{83[89][0-9][0-9][0-9][0-9]}} {{.*}}/p.[[PID]].1.heap
//
// fork: the child has its parent's 5 MiB in use but its own alerts: not
// 4 MiB again (the parent's), only 8 MiB, in its own log and dump files.
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_alert_mb=4:heap_profile_prefix=%t.d/p:log_path=%t.d/log %run %t %t.d/p fork > %t.d/out
// RUN: FileCheck %s --check-prefix=PARENT < %t.d/log.$(sed -n 's/^parent //p' %t.d/out)
// PARENT: WARNING: Sleuth: heap in use passed 4 MiB (heap_profile_alert_mb=4): {{(4194[3-9][0-9][0-9]|419[5-9][0-9][0-9][0-9])}} bytes; heap profile {{.*}}/p.[[PID:[0-9]+]].0.heap
// PARENT-NOT: passed
// RUN: FileCheck %s --check-prefix=CHILD < %t.d/log.$(sed -n 's/^child //p' %t.d/out)
// CHILD-NOT: passed 4 MiB
// CHILD: WARNING: Sleuth: heap in use passed 8 MiB (heap_profile_alert_mb=4): {{83[89][0-9][0-9][0-9][0-9]}} bytes; heap profile {{.*}}/p.[[CPID:[0-9]+]].0.heap
// CHILD-NOT: passed
// RUN: sed -n 2p %t.d/p.$(sed -n 's/^child //p' %t.d/out).0.heap | FileCheck %s --check-prefix=CHILDDUMP
// CHILDDUMP: t*: 8: 8388608 [
#include <errno.h>
#include <fcntl.h>
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char want[4096], buf[1 << 16];

// Waits (however long it takes) until file holds `needle`. With open and
// read, not stdio: a FILE is a heap block, and the runtime's service thread
// writes the dump at any moment of this wait, so it would count one open.
static void wait_for(const char *file, const char *needle) {
  for (;;) {
    int fd = open(file, O_RDONLY);
    ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : 0;
    if (fd >= 0)
      close(fd);
    buf[n > 0 ? n : 0] = 0;
    if (strstr(buf, needle))
      return;
    usleep(10000);
  }
}

// "<who> <pid>" without stdio's buffer (a block the dumps would count).
static void say(const char *who) {
  char line[64];
  int n = snprintf(line, sizeof line, "%s %d\n", who, getpid());
  if (write(1, line, (size_t)n) != n)
    exit(3);
}

// Allocates 1 MiB blocks b[from..to) and waits for dump `seq` of this
// process once block `at` is in.
static void blocks(void **b, int from, int to, int at, int seq,
                   const char *prefix) {
  char tl[4096];
  snprintf(tl, sizeof tl, "%s.%d.timeline", prefix, getpid());
  for (int i = from; i < to; i++) {
    b[i] = malloc(1 << 20);
    memset(b[i], 1, 1 << 20);
    if (i + 1 == at) {
      snprintf(want, sizeof want, "/p.%d.%d.heap\n", getpid(), seq);
      wait_for(tl, want);
    }
  }
}

int main(int argc, char **argv) {
  char tl[4096];
  snprintf(tl, sizeof tl, "%s.%d.timeline", argv[1], getpid());
  void *b[10];
  if (argc > 2 && !strcmp(argv[2], "fork")) {
    say("parent");
    blocks(b, 0, 5, 4, 0, argv[1]);
    pid_t child = fork();
    if (child == 0) {
      say("child");
      blocks(b, 5, 9, 8, 0, argv[1]);
      for (int i = 0; i < 9; i++)
        free(b[i]);
      exit(0);
    }
    int st;
    waitpid(child, &st, 0);
    for (int i = 0; i < 5; i++)
      free(b[i]);
    return WEXITSTATUS(st);
  }
  for (int i = 1; i <= 10; i++) {
    b[i - 1] = malloc(1 << 20);
    memset(b[i - 1], 1, 1 << 20);
    if (i % 4 == 0) {
      snprintf(want, sizeof want, "/p.%d.%d.heap\n", getpid(), i / 4 - 1);
      wait_for(tl, want);
    }
  }
  if (argc > 2) { // argv[2]: the alert command's log
    int st;
    pid_t r = waitpid(-1, &st, WNOHANG);
    printf("wait: %s\n", r < 0 && errno == ECHILD ? "no child" : "a child!");
    snprintf(want, sizeof want, "/p.%d.1.heap\n", getpid());
    wait_for(argv[2], want);
  }
  for (int i = 0; i < 10; i++)
    free(b[i]);
  return 0;
}
