/* System interfaces that read and write caller-owned structures: poll's
 * descriptor array, select's descriptor sets and timeout, getaddrinfo's
 * arguments and result pointer, and the pthread attribute and key getters'
 * out-parameters. Inputs are checked before the call, what the call
 * stored after it succeeded. */
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <sys/select.h>

#include "interceptors.h"

DECLARE_REAL(int, poll, struct pollfd *, nfds_t, int)
DECLARE_REAL(int, select, int, fd_set *, fd_set *, fd_set *, struct timeval *)
DECLARE_REAL(int, getaddrinfo, const char *, const char *,
             const struct addrinfo *, struct addrinfo **)
DECLARE_REAL(int, pthread_key_create, pthread_key_t *, void (*)(void *))
DECLARE_REAL(int, pthread_attr_getstacksize, const pthread_attr_t *,
             size_t *)
DECLARE_REAL(int, pthread_attr_getguardsize, const pthread_attr_t *, size_t *)
DECLARE_REAL(int, pthread_attr_getdetachstate, const pthread_attr_t *, int *)
DECLARE_REAL(int, pthread_attr_getstack, const pthread_attr_t *, void **,
             size_t *)
DECLARE_REAL(int, pthread_mutexattr_gettype, const pthread_mutexattr_t *,
             int *)
DECLARE_REAL(int, pthread_getschedparam, pthread_t, int *,
             struct sched_param *)

void interceptors_sys_init(void) {
  RESOLVE(poll), RESOLVE(select), RESOLVE(getaddrinfo);
  RESOLVE(pthread_key_create), RESOLVE(pthread_attr_getstacksize);
  RESOLVE(pthread_attr_getguardsize), RESOLVE(pthread_attr_getdetachstate);
  RESOLVE(pthread_attr_getstack), RESOLVE(pthread_mutexattr_gettype);
  RESOLVE(pthread_getschedparam);
}

/* ---- poll and select -------------------------------------------------- */

/* Each entry's fd and events are inputs, its revents the output: checked
 * field by field, as ASan does, so a short array names the field. */
SL_INTERCEPTOR int poll(struct pollfd *fds, nfds_t n, int timeout) {
  RESOLVE(poll);
  if (CHECKS_ON())
    for (nfds_t i = 0; i < n; i++) {
      CHECK_READ(&fds[i].fd, sizeof fds[i].fd);
      CHECK_READ(&fds[i].events, sizeof fds[i].events);
    }
  int r = REAL(poll)(fds, n, timeout);
  if (CHECKS_ON() && r >= 0)
    for (nfds_t i = 0; i < n; i++)
      CHECK_WRITE(&fds[i].revents, sizeof fds[i].revents);
  return r;
}

/* The kernel copies the sets in and out in whole longs covering the first
 * nfds bits (fs/select.c's FDS_BYTES), not the whole fd_set. */
static size_t fd_set_bytes(int nfds) {
  if (nfds <= 0)
    return 0;
  return ((size_t)nfds + 63) / 64 * 8;
}

SL_INTERCEPTOR int select(int nfds, fd_set *r, fd_set *w, fd_set *e,
                        struct timeval *timeout) {
  RESOLVE(select);
  size_t n = fd_set_bytes(nfds);
  if (CHECKS_ON()) {
    if (r)
      CHECK_READ(r, n);
    if (w)
      CHECK_READ(w, n);
    if (e)
      CHECK_READ(e, n);
    if (timeout)
      CHECK_READ(timeout, sizeof *timeout);
  }
  int res = REAL(select)(nfds, r, w, e, timeout);
  if (CHECKS_ON() && res >= 0) {
    if (r)
      CHECK_WRITE(r, n);
    if (w)
      CHECK_WRITE(w, n);
    if (e)
      CHECK_WRITE(e, n);
  }
  return res;
}

/* ---- getaddrinfo ------------------------------------------------------ */

/* The result list is the runtime's own malloc'd memory; only the pointer
 * stored into *res is the caller's. */
SL_INTERCEPTOR int getaddrinfo(const char *node, const char *service,
                             const struct addrinfo *hints,
                             struct addrinfo **res) {
  RESOLVE(getaddrinfo);
  if (CHECKS_ON()) {
    if (node)
      CHECK_READ(node, sl_real_strlen(node) + 1);
    if (service)
      CHECK_READ(service, sl_real_strlen(service) + 1);
    if (hints)
      CHECK_READ(hints, sizeof *hints);
  }
  int r = REAL(getaddrinfo)(node, service, hints, res);
  if (CHECKS_ON() && r == 0)
    CHECK_WRITE(res, sizeof *res);
  return r;
}

/* ---- pthread out-parameters ------------------------------------------- */

SL_INTERCEPTOR int pthread_key_create(pthread_key_t *key,
                                    void (*dtor)(void *)) {
  RESOLVE(pthread_key_create);
  int r = REAL(pthread_key_create)(key, dtor);
  if (CHECKS_ON() && r == 0)
    CHECK_WRITE(key, sizeof *key);
  return r;
}

/* The attribute getters read the attribute object and store one value. */
#define ATTR_GETTER(name, A, T)                                                \
  SL_INTERCEPTOR int name(const A *attr, T *out) {                               \
    RESOLVE(name);                                                             \
    if (CHECKS_ON())                                                           \
      CHECK_READ(attr, sizeof *attr);                                          \
    int r = REAL(name)(attr, out);                                             \
    if (CHECKS_ON() && r == 0)                                                 \
      CHECK_WRITE(out, sizeof *out);                                           \
    return r;                                                                  \
  }

ATTR_GETTER(pthread_attr_getstacksize, pthread_attr_t, size_t)
ATTR_GETTER(pthread_attr_getguardsize, pthread_attr_t, size_t)
ATTR_GETTER(pthread_attr_getdetachstate, pthread_attr_t, int)
ATTR_GETTER(pthread_mutexattr_gettype, pthread_mutexattr_t, int)

SL_INTERCEPTOR int pthread_attr_getstack(const pthread_attr_t *attr,
                                       void **addr, size_t *size) {
  RESOLVE(pthread_attr_getstack);
  if (CHECKS_ON())
    CHECK_READ(attr, sizeof *attr);
  int r = REAL(pthread_attr_getstack)(attr, addr, size);
  if (CHECKS_ON() && r == 0) {
    CHECK_WRITE(addr, sizeof *addr);
    CHECK_WRITE(size, sizeof *size);
  }
  return r;
}

SL_INTERCEPTOR int pthread_getschedparam(pthread_t th, int *policy,
                                       struct sched_param *param) {
  RESOLVE(pthread_getschedparam);
  int r = REAL(pthread_getschedparam)(th, policy, param);
  if (CHECKS_ON() && r == 0) {
    CHECK_WRITE(policy, sizeof *policy);
    CHECK_WRITE(param, sizeof *param);
  }
  return r;
}
