/* ioctl with handle_ioctl=1 (off by default, as in ASan): the argument of
 * a known request is checked for the bytes the kernel reads from it
 * (before the call) and writes into it (after a call that succeeded, as
 * ASan does: a request number another driver also uses may fail there
 * without touching the argument). Known: a small table of common
 * requests, then any request whose number encodes its direction and size
 * (_IOR/_IOW/_IOWR), decoded as ASan decodes it. */
#include <net/if.h>
#include <stdarg.h>
#include <sys/ioctl.h>
#include <termios.h>

#include "interceptors.h"

DECLARE_REAL(int, ioctl, int, unsigned long, void *)

enum { IOCTL_NONE, IOCTL_IN, IOCTL_OUT, IOCTL_INOUT, IOCTL_IFCONF };

typedef struct {
  unsigned long req;
  unsigned char dir; /* IOCTL_*: IN is read by the kernel, OUT written */
  unsigned short size;
} ioctl_desc;

/* The legacy requests, whose numbers say nothing about their argument.
 * TCGETS/TCSETS are left out: glibc's struct termios is larger than the
 * kernel's, and a program may pass either. */
static const ioctl_desc known[] = {
    {FIONBIO, IOCTL_IN, sizeof(int)},
    {FIOASYNC, IOCTL_IN, sizeof(int)},
    {FIONREAD, IOCTL_OUT, sizeof(int)},
    {TIOCOUTQ, IOCTL_OUT, sizeof(int)},
    {TIOCGWINSZ, IOCTL_OUT, sizeof(struct winsize)},
    {TIOCSWINSZ, IOCTL_IN, sizeof(struct winsize)},
    {TIOCGPGRP, IOCTL_OUT, sizeof(pid_t)},
    {TIOCSPGRP, IOCTL_IN, sizeof(pid_t)},
    {SIOCGIFCONF, IOCTL_IFCONF, sizeof(struct ifconf)},
    {SIOCGIFFLAGS, IOCTL_OUT, sizeof(struct ifreq)},
    {SIOCGIFINDEX, IOCTL_OUT, sizeof(struct ifreq)},
    {SIOCGIFMTU, IOCTL_OUT, sizeof(struct ifreq)},
    {SIOCGIFADDR, IOCTL_OUT, sizeof(struct ifreq)},
    {SIOCGIFHWADDR, IOCTL_OUT, sizeof(struct ifreq)},
};

/* _IOC's fields (asm-generic/ioctl.h): a request with a type byte and a
 * direction says how many bytes go which way. */
static int decode(unsigned long req, ioctl_desc *d) {
  unsigned long dir = _IOC_DIR(req), size = _IOC_SIZE(req);
  d->req = req;
  d->size = (unsigned short)size;
  if (dir == (_IOC_READ | _IOC_WRITE))
    d->dir = IOCTL_INOUT;
  else if (dir == _IOC_READ)
    d->dir = IOCTL_OUT;
  else if (dir == _IOC_WRITE)
    d->dir = IOCTL_IN;
  else
    d->dir = IOCTL_NONE;
  return _IOC_TYPE(req) != 0 && (d->dir == IOCTL_NONE) == (size == 0);
}

static const ioctl_desc *lookup(unsigned long req, ioctl_desc *decoded) {
  /* The kernel compares the low 32 bits (the request is an unsigned int
   * in its entry point). */
  req &= 0xffffffffUL;
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (known[i].req == req)
      return &known[i];
  return decode(req, decoded) ? decoded : 0;
}

SL_INTERCEPTOR int ioctl(int fd, unsigned long req, ...) {
  va_list ap;
  va_start(ap, req);
  void *arg = va_arg(ap, void *);
  va_end(ap);
  RESOLVE(ioctl);
  ioctl_desc decoded;
  const ioctl_desc *d =
      CHECKS_ON_FOR(handle_ioctl) ? lookup(req, &decoded) : 0;
  if (!d)
    return REAL(ioctl)(fd, req, arg);
  if (d->dir == IOCTL_IN || d->dir == IOCTL_INOUT)
    CHECK_READ(arg, d->size);
  else if (d->dir == IOCTL_IFCONF)
    CHECK_READ(&((struct ifconf *)arg)->ifc_len, sizeof(int));
  int r = REAL(ioctl)(fd, req, arg);
  if (r == -1)
    return r;
  if (d->dir == IOCTL_OUT || d->dir == IOCTL_INOUT)
    CHECK_WRITE(arg, d->size);
  else if (d->dir == IOCTL_IFCONF) {
    /* The kernel fills ifc_len bytes of the buffer and says how many. */
    struct ifconf *c = arg;
    CHECK_WRITE(&c->ifc_len, sizeof c->ifc_len);
    if (c->ifc_req && c->ifc_len > 0)
      CHECK_WRITE(c->ifc_req, (size_t)c->ifc_len);
  }
  return r;
}
