// Functions that store results through pointers, each given a heap block
// of exactly the size it stores: nothing is reported, instrumented or
// preloaded.
// RUN: rm -f %t.link && ln -s 0123456789 %t.link
// RUN: %sleuth_cc -O0 %s -o %t -lm -fno-builtin-modf -fno-builtin-frexp && %run %t %t.link 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t -lm -fno-builtin-modf -fno-builtin-frexp && %run %t %t.link 2>&1 | count 0
// RUN: %clang -O2 -g %s -o %t.plain -lm -fno-builtin-modf -fno-builtin-frexp && %sleuth_run %t.plain %t.link 2>&1 | count 0
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NEW(T) ((T *)malloc(sizeof(T)))

// Run with one argument: argc is 2 (the frexp and modf inputs use it so
// they are not folded).
int main(int argc, char **argv) {
  int bad = 0;
  int *status = NEW(int);
  for (int i = 0; i < 4; i++) {
    pid_t child = fork();
    if (child == 0)
      _exit(3);
    pid_t got = i == 0   ? wait(status)
                : i == 1 ? waitpid(child, status, 0)
                : i == 2 ? wait3(status, 0, 0)
                         : wait4(child, status, 0, 0);
    bad |= got != child || WEXITSTATUS(*status) != 3;
  }
  int *fds = (int *)malloc(2 * sizeof(int));
  bad |= pipe(fds) != 0;
  close(fds[0]), close(fds[1]);
  bad |= socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0;
  close(fds[0]), close(fds[1]);
  int *exp = NEW(int);
  double *ipart = NEW(double);
  bad |= frexp(argc * 4.0, exp) != 0.5 || *exp != 4;
  bad |= modf(argc * 1.25, ipart) != 0.5 || *ipart != 2.0;
  time_t *now = NEW(time_t);
  struct timeval *tv = NEW(struct timeval);
  struct tm *tm = NEW(struct tm);
  bad |= time(now) == (time_t)-1 || gettimeofday(tv, 0) != 0;
  bad |= localtime_r(now, tm) == 0 || gmtime_r(now, tm) == 0;
  struct stat *st = NEW(struct stat);
  bad |= stat("/", st) != 0 || fstat(0, st) != 0 || lstat(argv[1], st) != 0;
  char *cwd = (char *)malloc(2);
  bad |= chdir("/") != 0 || getcwd(cwd, 2) == 0;
  char *target = (char *)malloc(10); // readlink stores no NUL
  bad |= readlink(argv[1], target, 10) != 10;
  free(status), free(fds), free(exp), free(ipart), free(now), free(tv);
  free(tm), free(st), free(cwd), free(target);
  return bad;
}
