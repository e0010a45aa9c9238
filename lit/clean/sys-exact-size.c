// poll, select, getaddrinfo, the pthread getters and the multibyte
// conversions, each given a heap block of exactly what it reads or
// stores: nothing is reported, instrumented or preloaded.
// RUN: %sleuth_cc -O0 %s -o %t -pthread && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t -pthread && %run %t 2>&1 | count 0
// RUN: %clang -O2 -g %s -o %t.plain -pthread && %sleuth_run %t.plain 2>&1 | count 0
#define _GNU_SOURCE
#include <locale.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>
#include <wchar.h>

#define NEW(T) ((T *)calloc(1, sizeof(T)))

int main(void) {
  int bad = !setlocale(LC_ALL, "C.UTF-8");
  int fds[2];
  bad |= pipe(fds) != 0 || write(fds[1], "x", 1) != 1;
  struct pollfd *pfd = NEW(struct pollfd);
  pfd->fd = fds[0];
  pfd->events = POLLIN;
  bad |= poll(pfd, 1, 0) != 1 || !(pfd->revents & POLLIN);
  // select copies the sets in whole longs covering nfds bits.
  fd_set *set = (fd_set *)calloc(1, ((size_t)fds[0] + 64) / 64 * 8);
  FD_SET(fds[0], set);
  struct timeval *tv = NEW(struct timeval);
  bad |= select(fds[0] + 1, set, 0, 0, tv) != 1;
  struct addrinfo *hints = NEW(struct addrinfo), **res = NEW(struct addrinfo *);
  hints->ai_flags = AI_NUMERICHOST;
  bad |= getaddrinfo("127.0.0.1", "80", hints, res) != 0;
  freeaddrinfo(*res);
  pthread_attr_t *attr = NEW(pthread_attr_t);
  size_t *sz = NEW(size_t);
  int *state = NEW(int);
  void **stk = NEW(void *);
  pthread_attr_init(attr);
  bad |= pthread_attr_getstacksize(attr, sz) || pthread_attr_getguardsize(attr, sz);
  bad |= pthread_attr_getdetachstate(attr, state) || pthread_attr_getstack(attr, stk, sz);
  pthread_key_t *key = NEW(pthread_key_t);
  bad |= pthread_key_create(key, 0) != 0;
  pthread_mutexattr_t *mattr = NEW(pthread_mutexattr_t);
  pthread_mutexattr_init(mattr);
  bad |= pthread_mutexattr_gettype(mattr, state) != 0;
  struct sched_param *sp = NEW(struct sched_param);
  bad |= pthread_getschedparam(pthread_self(), state, sp) != 0;
  char *mb = (char *)malloc(2);
  bad |= wcrtomb(mb, L'\u00e9', 0) != 2;
  wchar_t *wide = (wchar_t *)malloc(4 * sizeof(wchar_t));
  bad |= mbstowcs(wide, "abc", 4) != 3;
  char *narrow = (char *)malloc(4);
  bad |= wcstombs(narrow, wide, 4) != 3 || strcmp(narrow, "abc") != 0;
  const char *from = "xyz";
  mbstate_t *st = NEW(mbstate_t);
  bad |= mbsrtowcs(wide, &from, 4, st) != 3 || from != 0;
  wchar_t *one = NEW(wchar_t);
  bad |= mbrtowc(one, "q", 1, st) != 1 || *one != L'q';
  free(pfd), free(set), free(tv), free(hints), free(res), free(attr);
  free(sz), free(state), free(stk), free(key), free(mattr), free(sp);
  free(mb), free(wide), free(narrow), free(st), free(one);
  return bad;
}
