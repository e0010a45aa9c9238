/* System interfaces that read and write caller-owned structures: poll's
 * descriptor array, select's descriptor sets and timeout, getaddrinfo's
 * arguments and result pointer, the pthread attribute and key getters'
 * out-parameters, and the register and siginfo buffers of ptrace. Inputs are checked before the call, what the call
 * stored after it succeeded. */
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/ptrace.h>
#include <sys/select.h>
#include <sys/uio.h>
#include <sys/user.h>

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
DECLARE_REAL(long, ptrace, int, pid_t, void *, void *)

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

/* ---- ptrace ------------------------------------------------------------ */

/* The requests whose data argument is a buffer of a fixed size the kernel
 * reads (SET*) or fills (GET*), as ASan checks them; PTRACE_GETREGSET and
 * SETREGSET pass an iovec naming the buffer. The PEEK requests are left
 * alone: glibc returns the word and does not store through data. */
static size_t ptrace_out_size(int req) {
  switch (req) {
  case PTRACE_GETREGS:
    return sizeof(struct user_regs_struct);
  case PTRACE_GETFPREGS:
    return sizeof(struct user_fpregs_struct);
  case PTRACE_GETSIGINFO:
    return sizeof(siginfo_t);
  case PTRACE_GETEVENTMSG:
    return sizeof(unsigned long);
  }
  return 0;
}

static size_t ptrace_in_size(int req) {
  switch (req) {
  case PTRACE_SETREGS:
    return sizeof(struct user_regs_struct);
  case PTRACE_SETFPREGS:
    return sizeof(struct user_fpregs_struct);
  case PTRACE_SETSIGINFO:
    return sizeof(siginfo_t);
  }
  return 0;
}

SL_INTERCEPTOR long ptrace(enum __ptrace_request request, ...) {
  va_list ap;
  va_start(ap, request);
  pid_t pid = va_arg(ap, pid_t);
  void *addr = va_arg(ap, void *);
  void *data = va_arg(ap, void *);
  va_end(ap);
  RESOLVE(ptrace);
  int req = (int)request;
  if (!CHECKS_ON() || !data)
    return REAL(ptrace)(req, pid, addr, data);
  struct iovec *io = 0;
  size_t out = ptrace_out_size(req), in = ptrace_in_size(req);
  if (in)
    CHECK_READ(data, in);
  if (req == PTRACE_GETREGSET || req == PTRACE_SETREGSET) {
    io = data;
    CHECK_READ(io, sizeof *io);
    if (req == PTRACE_SETREGSET)
      CHECK_READ(io->iov_base, io->iov_len);
    else
      REVEAL_FOR_KERNEL(io->iov_base, io->iov_len);
  }
  if (out)
    REVEAL_FOR_KERNEL(data, out);
  long r = REAL(ptrace)(req, pid, addr, data);
  if (r != 0)
    return r;
  if (out)
    CHECK_WRITE(data, out);
  else if (req == PTRACE_GETREGSET && io->iov_base)
    CHECK_WRITE(io->iov_base, io->iov_len); /* the length the kernel set */
  return r;
}
