/* Growth checks from a runtime-owned background thread (as the service
 * thread makes them, contract E): a thread the runtime does not know (made
 * with libc's own pthread_create, so it has no thread record) runs
 * leak_growth_check() three times while the main thread, blocked in read,
 * holds a growing list whose only root is its own stack. The main thread
 * must be stopped and scanned (else the list is lost, not growing), the
 * checker must get no thread record, and the third check (of
 * leak_growth_checks=3) must report growth, which leak_kinds_fail=growth
 * turns into a failing exit status. Run with
 * SLEUTH_OPTIONS=leak_growth_checks=3:heap_profile_interval_s=3600:
 * leak_kinds_fail=growth:log_path=<dir>/growth. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "leak.h"
#include "threads.h"

static int request[2], done[2];
static int checker_had_record;

static void *checker(void *arg) {
  (void)arg;
  char c;
  while (read(request[0], &c, 1) == 1) {
    leak_growth_check();
    checker_had_record |= thread_current_or_null() != NULL;
    if (write(done[1], &c, 1) != 1)
      abort();
  }
  return NULL;
}

struct node {
  struct node *next;
  char pad[40];
};

int main(void) {
  CHECK(pipe(request) == 0 && pipe(done) == 0);
  int (*real_create)(pthread_t *, const pthread_attr_t *, void *(*)(void *),
                     void *) = dlsym(RTLD_NEXT, "pthread_create");
  CHECK(real_create != NULL);
  pthread_t t;
  CHECK(real_create(&t, NULL, checker, NULL) == 0);
  struct node *volatile head = NULL; /* the list's only root */
  for (int check = 0; check < 3; check++) {
    for (int i = 0; i < 10; i++) {
      struct node *n = malloc(sizeof *n);
      memset(n->pad, i, sizeof n->pad);
      n->next = head;
      head = n;
    }
    char c = 'c';
    CHECK(write(request[1], &c, 1) == 1);
    CHECK(read(done[0], &c, 1) == 1);
  }
  CHECK(!checker_had_record);
  CHECK(leak_growth_at_exit() == 1); /* reported at the third check */
  close(request[1]);
  pthread_join(t, NULL);
  CHECK(head != NULL);
  if (check_failures) {
    CHECK_DONE("leak_growth_test");
  }
  printf("leak_growth_test: OK\n");
  fflush(stdout);
  _exit(0); /* the growth found above would make exit()'s status 1 */
}
