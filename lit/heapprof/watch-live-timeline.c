// sleuth-report --watch reads a timeline its process is still writing: a
// file created but still empty is waited for (not "empty file, not a
// timeline", status 1, as when the view started between the runtime's open
// and its first write), and a last line without its newline is left out
// until it is complete. This program plays the runtime: it creates its
// timeline empty, writes the header and one sample plus half of a second,
// and ends once the view has shown the first.
// RUN: %clang -O1 %s -o %t
// RUN: rm -rf %t.d %t.out && mkdir %t.d
// RUN: %t %t.d/p %t.out & \
// RUN:   %sleuth_build/bin/sleuth-report --watch %t.d/p --interval 0.2 > %t.out; echo "watch status $?" >> %t.out; wait
// RUN: FileCheck %s < %t.out
// CHECK: sleuth-report --watch: pid [[PID:[0-9]+]] ({{.*}}p.[[PID]].timeline), running
// CHECK-NEXT: at 0.1s: heap in use 4.0 KiB, 9 allocations/s
// CHECK: sleuth-report --watch: pid [[PID]] ({{.*}}), exited
// CHECK-NEXT: at 0.1s: heap in use 4.0 KiB, 9 allocations/s
// CHECK: watch status 0
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int has_line(const char *path, const char *what) {
  char buf[1 << 16];
  int fd = open(path, O_RDONLY);
  ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : 0;
  if (fd >= 0)
    close(fd);
  buf[n > 0 ? n : 0] = 0;
  return strstr(buf, what) != NULL;
}

int main(int argc, char **argv) {
  (void)argc;
  char path[4096], text[256];
  snprintf(path, sizeof path, "%s.%d.timeline", argv[1], getpid());
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  // Empty for a while: the view finds it and must wait.
  usleep(1500000);
  int n = snprintf(text, sizeof text,
                   "# sleuth-timeline 1 pid=%d sample=1\n"
                   "sample 100 4096 8192 0 1 9\n"
                   "sample 2",
                   getpid());
  if (write(fd, text, n) != n)
    return 1;
  while (!has_line(argv[2], "running") && !has_line(argv[2], "watch status"))
    usleep(20000);
  close(fd);
  return 0;
}
