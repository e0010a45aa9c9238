// After fork the child allocates and frees, including blocks the parent
// allocated before the fork; the parent waits and goes on allocating. No
// report from either process, both exit 0.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int churn(int rounds) {
  void *keep[32] = {0};
  for (int i = 0; i < rounds; i++) {
    int k = i % 32;
    free(keep[k]);
    keep[k] = malloc(1 + (i * 37) % 5000);
    memset(keep[k], i, 1 + (i * 37) % 5000);
  }
  for (int k = 0; k < 32; k++)
    free(keep[k]);
  return 0;
}

int main(void) {
  char *before = strdup("allocated before fork");
  churn(1000);
  pid_t pid = fork();
  if (pid < 0)
    return 1;
  if (pid == 0) {
    churn(20000);
    int ok = strcmp(before, "allocated before fork") == 0;
    free(before);
    _exit(ok ? 0 : 3);
  }
  churn(20000);
  int status = 0;
  if (waitpid(pid, &status, 0) != pid)
    return 2;
  free(before);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    printf("child status %d\n", status);
    return 1;
  }
  return 0;
}
