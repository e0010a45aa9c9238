/* Raw system calls and libc-free helpers (see sys.h). */
#include "sys.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>

extern char **environ;

long sys_call6(long n, long a, long b, long c, long d, long e, long f) {
  long ret;
  register long r10 __asm__("r10") = d;
  register long r8 __asm__("r8") = e;
  register long r9 __asm__("r9") = f;
  __asm__ volatile("syscall"
                   : "=a"(ret)
                   : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
                   : "rcx", "r11", "memory");
  return ret;
}

#define SC0(n) sys_call6((n), 0, 0, 0, 0, 0, 0)
#define SC1(n, a) sys_call6((n), (long)(a), 0, 0, 0, 0, 0)
#define SC2(n, a, b) sys_call6((n), (long)(a), (long)(b), 0, 0, 0, 0)
#define SC3(n, a, b, c) sys_call6((n), (long)(a), (long)(b), (long)(c), 0, 0, 0)
#define SC4(n, a, b, c, d)                                                     \
  sys_call6((n), (long)(a), (long)(b), (long)(c), (long)(d), 0, 0)

void *sys_mmap(void *addr, size_t len, int prot, int flags, int fd, long off) {
  return (void *)sys_call6(SYS_mmap, (long)addr, (long)len, prot, flags, fd,
                           off);
}

unsigned long sl_map_fail_from;
static unsigned long maps_made;

void *sys_map_anon(size_t len) {
  if (SL_UNLIKELY(sl_map_fail_from) &&
      __atomic_add_fetch(&maps_made, 1, __ATOMIC_RELAXED) >= sl_map_fail_from)
    return 0;
  long r = (long)sys_mmap(0, len, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return (r < 0 && r > -4096) ? 0 : (void *)r;
}

int sys_munmap(void *addr, size_t len) {
  return (int)SC2(SYS_munmap, addr, len);
}
int sys_mprotect(void *addr, size_t len, int prot) {
  return (int)SC3(SYS_mprotect, addr, len, prot);
}
int sys_madvise(void *addr, size_t len, int advice) {
  return (int)SC3(SYS_madvise, addr, len, advice);
}
long sys_madvise_self_ranges(const void *iov, size_t n, int advice) {
  return sys_call6(440 /* SYS_process_madvise */, -10000 /* PIDFD_SELF */,
                   (long)iov, (long)n, advice, 0, 0);
}

/* Set once process_madvise on this process is refused (kernels before
 * 6.14 have no PIDFD_SELF): then one madvise per range. */
static int ranges_unsupported;

void sys_madvise_ranges(const void *iov, size_t n, int advice,
                        unsigned char *ok) {
  const struct iovec *v = iov;
  /* How far the batched call got (it stops at the first range it fails). */
  size_t done = 0;
  long r = -1;
  if (n > 1 && !__atomic_load_n(&ranges_unsupported, __ATOMIC_RELAXED)) {
    r = sys_madvise_self_ranges(iov, n, advice);
    if (r < 0 && r != -EINTR)
      __atomic_store_n(&ranges_unsupported, 1, __ATOMIC_RELAXED);
  }
  for (size_t i = 0; i < n; i++) {
    int got;
    if (r > 0 && done + v[i].iov_len <= (size_t)r) {
      done += v[i].iov_len;
      got = 1;
    } else {
      r = 0; /* the rest one by one */
      got = sys_madvise(v[i].iov_base, v[i].iov_len, advice) == 0;
    }
    if (ok)
      ok[i] = (unsigned char)got;
  }
}

long sys_write(int fd, const void *buf, size_t n) {
  return SC3(SYS_write, fd, buf, n);
}

long sys_write_all(int fd, const void *buf, size_t n) {
  const char *p = buf;
  while (n > 0) {
    long r = sys_write(fd, p, n);
    if (r == -EINTR)
      continue;
    if (r <= 0)
      return r < 0 ? r : -ENOSPC; /* 0 bytes written: nowhere to put them */
    p += r;
    n -= (size_t)r;
  }
  return 0;
}

long sys_read(int fd, void *buf, size_t n) { return SC3(SYS_read, fd, buf, n); }
/* The runtime's own descriptors are never 0, 1 or 2: when the program
 * has closed one of them, the kernel would hand that number out next, and
 * the program (or a report meant for stderr) would then write into the
 * runtime's file or pipe. Such a descriptor is moved above 2. */
static int lift_fd(int fd) {
  if (fd < 0 || fd > 2)
    return fd;
  int up = (int)SC3(SYS_fcntl, fd, F_DUPFD_CLOEXEC, 3);
  SC1(SYS_close, fd);
  return up;
}
int sys_open(const char *path, int flags, int mode) {
  return lift_fd(
      (int)SC4(SYS_openat, AT_FDCWD, path, flags | O_CLOEXEC, mode));
}
int sys_close(int fd) { return (int)SC1(SYS_close, fd); }
int sys_pipe2(int fds[2], int flags) {
  int r = (int)SC2(SYS_pipe2, fds, flags | O_CLOEXEC);
  if (r < 0)
    return r;
  fds[0] = lift_fd(fds[0]);
  fds[1] = lift_fd(fds[1]);
  if (fds[0] < 0 || fds[1] < 0) {
    if (fds[0] >= 0)
      sys_close(fds[0]);
    if (fds[1] >= 0)
      sys_close(fds[1]);
    return -EMFILE;
  }
  return 0;
}
int sys_dup2(int from, int to) { return (int)SC3(SYS_dup3, from, to, 0); }
int sys_getpid(void) { return (int)SC0(SYS_getpid); }
int sys_gettid(void) { return (int)SC0(SYS_gettid); }
int sys_getppid(void) { return (int)SC0(SYS_getppid); }
pid_t sys_fork(void) {
  return (pid_t)sys_call6(SYS_clone, SIGCHLD, 0, 0, 0, 0, 0);
}
int sys_execve(const char *path, char *const argv[], char *const envp[]) {
  return (int)SC3(SYS_execve, path, argv, envp);
}
long sys_personality(unsigned long persona) {
  return SC1(SYS_personality, persona);
}
pid_t sys_waitpid(pid_t pid, int *status, int options) {
  return (pid_t)SC4(SYS_wait4, pid, status, options, 0);
}
int sys_kill(pid_t pid, int sig) { return (int)SC2(SYS_kill, pid, sig); }
int sys_sched_yield(void) { return (int)SC0(SYS_sched_yield); }
int sys_tgkill(int pid, int tid, int sig) {
  return (int)SC3(SYS_tgkill, pid, tid, sig);
}
void sys_futex_wait(int *w, int val) {
  SC4(SYS_futex, w, 128 /* FUTEX_WAIT_PRIVATE */, val, 0);
}
void sys_futex_wake(int *w, int n) {
  SC3(SYS_futex, w, 129 /* FUTEX_WAKE_PRIVATE */, n);
}
void sys_futex_wait_ns(int *w, int val, uint64_t timeout_ns) {
  struct timespec ts = {(time_t)(timeout_ns / 1000000000u),
                        (long)(timeout_ns % 1000000000u)};
  SC4(SYS_futex, w, 128 /* FUTEX_WAIT_PRIVATE */, val, &ts);
}
int sys_unlink(const char *path) { return (int)SC1(SYS_unlink, path); }

int sys_mapping_of(uptr addr, uptr *lo, uptr *hi, int *exec) {
  char *maps = sys_read_file("/proc/self/maps", 0);
  if (!maps)
    return -1;
  int found = 0;
  for (char *p = maps; *p && !found;) {
    uptr a = 0, b = 0;
    for (; *p && *p != '-'; p++)
      a = a * 16 + (uptr)(*p <= '9' ? *p - '0' : (*p | 32) - 'a' + 10);
    if (*p)
      p++;
    for (; *p && *p != ' '; p++)
      b = b * 16 + (uptr)(*p <= '9' ? *p - '0' : (*p | 32) - 'a' + 10);
    if (*p)
      p++; /* the permissions: rwxp */
    if (addr >= a && addr < b) {
      found = 1;
      *lo = a;
      *hi = b;
      if (exec)
        *exec = p[0] && p[1] && p[2] == 'x';
    }
    while (*p && *p != '\n')
      p++;
    if (*p)
      p++;
  }
  ifree(maps);
  return found;
}
int sys_rename(const char *from, const char *to) {
  return (int)SC2(SYS_rename, from, to);
}
int sys_access(const char *path, int mode) {
  return (int)SC4(SYS_faccessat, AT_FDCWD, path, mode, 0);
}
long sys_readlink(const char *path, char *buf, size_t n) {
  return SC4(SYS_readlinkat, AT_FDCWD, path, buf, n);
}

long sys_getcwd(char *buf, size_t n) { return SC2(SYS_getcwd, buf, n); }

int sys_isatty(int fd) {
  char termios[64]; /* struct termios is 60 bytes */
  return SC3(SYS_ioctl, fd, TCGETS, termios) == 0;
}
void sys_exit_group(int code) {
  for (;;)
    SC1(SYS_exit_group, code);
}
void sys_sleep_seconds(long secs) {
  struct timespec ts = {secs, 0};
  /* A signal the program handles interrupts the sleep: sleep the rest. */
  while (SC2(SYS_nanosleep, &ts, &ts) == -EINTR)
    ;
}
uint64_t sys_monotonic_ns(void) {
  struct timespec ts;
  /* clock_gettime goes through the vDSO and is async-signal-safe. */
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}
uint64_t sys_realtime_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int sys_pread_full(int fd, void *buf, size_t n, uint64_t off) {
  char *p = buf;
  while (n > 0) {
    long r = sys_call6(SYS_pread64, fd, (long)p, (long)n, (long)off, 0, 0);
    if (r == -EINTR)
      continue;
    if (r <= 0)
      return 0;
    p += r;
    n -= (size_t)r;
    off += (uint64_t)r;
  }
  return 1;
}

char *sys_read_file(const char *path, size_t *len_out) {
  int fd = sys_open(path, O_RDONLY, 0);
  if (fd < 0)
    return 0;
  size_t cap = 16384, len = 0;
  char *buf = ialloc(cap);
  for (;;) {
    if (len + 1 >= cap) {
      cap *= 2;
      buf = irealloc(buf, cap);
    }
    long r = sys_read(fd, buf + len, cap - len - 1);
    if (r == -EINTR)
      continue;
    if (r <= 0)
      break;
    len += (size_t)r;
  }
  sys_close(fd);
  buf[len] = 0;
  if (len_out)
    *len_out = len;
  return buf;
}

char *sys_read_text_file(const char *path, size_t max, size_t *len_out,
                         const char **problem, int *err) {
  *err = 0;
  /* O_NONBLOCK: opening a FIFO for reading would wait for a writer. */
  int fd = sys_open(path, O_RDONLY | O_NONBLOCK, 0);
  if (fd < 0) {
    *err = -fd;
    *problem = "cannot be opened";
    return 0;
  }
  struct stat st;
  long r = SC2(SYS_fstat, fd, &st);
  if (r < 0) {
    sys_close(fd);
    *err = (int)-r;
    *problem = "cannot be read";
    return 0;
  }
  if (!S_ISREG(st.st_mode)) {
    sys_close(fd);
    *problem = S_ISDIR(st.st_mode)
                   ? "is a directory, not a file"
                   : "is not a regular file (a device, FIFO or socket)";
    return 0;
  }
  if ((unsigned long long)st.st_size > max) {
    sys_close(fd);
    *err = EFBIG;
    *problem = "is larger than the limit";
    return 0;
  }
  /* Read one byte more than allowed: a file that grew is caught too. */
  size_t cap = (size_t)st.st_size < max ? (size_t)st.st_size + 2 : max + 2;
  char *buf = ialloc(cap);
  size_t len = 0;
  while (buf && len < cap - 1) {
    r = sys_read(fd, buf + len, cap - 1 - len);
    if (r == -EINTR || r == -EAGAIN)
      continue;
    if (r <= 0)
      break;
    len += (size_t)r;
  }
  sys_close(fd);
  if (!buf || r < 0) {
    ifree(buf);
    *err = buf ? (int)-r : ENOMEM;
    *problem = "cannot be read";
    return 0;
  }
  if (len > max) {
    ifree(buf);
    *err = EFBIG;
    *problem = "is larger than the limit";
    return 0;
  }
  for (size_t i = 0; i < len; i++)
    if (!buf[i]) {
      ifree(buf);
      *problem = "holds a NUL byte (not a text file)";
      return 0;
    }
  buf[len] = 0;
  if (len_out)
    *len_out = len;
  return buf;
}

/* The decimal number after "name:" in a /proc status text, or -1. */
static long long status_field(const char *text, const char *name) {
  size_t n = sl_strlen(name);
  for (const char *p = text; *p;) {
    if (!sl_strncmp(p, name, n) && p[n] == ':') {
      p += n + 1;
      while (*p == ' ' || *p == '\t')
        p++;
      long long v = 0;
      while (*p >= '0' && *p <= '9')
        v = v * 10 + (*p++ - '0');
      return v;
    }
    while (*p && *p != '\n')
      p++;
    if (*p)
      p++;
  }
  return -1;
}

int sys_read_proc_status(sys_proc_status *out) {
  /* The thread's own view: once the main thread has exited, the process's
   * status (the main thread's) has no memory lines any more. */
  char *text = sys_read_file("/proc/thread-self/status", 0);
  if (!text)
    text = sys_read_file("/proc/self/status", 0);
  if (!text)
    return -1;
  long long anon = status_field(text, "RssAnon");
  long long file = status_field(text, "RssFile");
  long long threads = status_field(text, "Threads");
  ifree(text);
  out->rss_anon = anon > 0 ? (uint64_t)anon << 10 : 0; /* kB */
  out->rss_file = file > 0 ? (uint64_t)file << 10 : 0;
  out->threads = (int)threads;
  return threads < 0 ? -1 : 0;
}

void spin_lock(spin_t *l) {
  for (unsigned spins = 0;; spins++) {
    if (!__atomic_load_n(&l->locked, __ATOMIC_RELAXED) &&
        !__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE))
      return;
    if (spins > 64)
      sys_sched_yield();
    else
      __builtin_ia32_pause();
  }
}

void spin_unlock(spin_t *l) {
  __atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
}

uptr sl_parse_hex(const char **s) {
  uptr v = 0;
  for (;; (*s)++) {
    char c = **s;
    if (c >= '0' && c <= '9')
      v = v * 16 + (uptr)(c - '0');
    else if (c >= 'a' && c <= 'f')
      v = v * 16 + (uptr)(c - 'a' + 10);
    else
      return v;
  }
}

size_t sl_strlen(const char *s) {
  size_t n = 0;
  /* The asm keeps clang from turning the loop into a call to strlen. */
  while (s[n]) {
    __asm__("" : "+r"(n));
    n++;
  }
  return n;
}

size_t sl_wcslen(const int *s) {
  size_t n = 0;
  while (s[n]) {
    __asm__("" : "+r"(n)); /* not a call to wcslen, which is intercepted */
    n++;
  }
  return n;
}

int sl_strcmp(const char *a, const char *b) {
  while (*a && *a == *b)
    a++, b++;
  return (unsigned char)*a - (unsigned char)*b;
}

int sl_strncmp(const char *a, const char *b, size_t n) {
  for (; n; n--, a++, b++) {
    if (*a != *b)
      return (unsigned char)*a - (unsigned char)*b;
    if (!*a)
      return 0;
  }
  return 0;
}

char *sl_strchr(const char *s, int c) {
  for (;; s++) {
    if (*s == (char)c)
      return (char *)s;
    if (!*s)
      return 0;
  }
}

const char *sl_path_base(const char *path) {
  const char *b = path;
  for (const char *c = path; *c; c++)
    if (*c == '/')
      b = c + 1;
  return b;
}

/* The mem* helpers must never become calls to memcpy/memset themselves
 * (this file's memcpy is sl_memcpy): fixed-size __builtin_memcpy is always
 * a plain load or store, and the empty asm in the loops keeps the loop
 * idiom recogniser from turning them back into a call. */
typedef struct {
  uint64_t lo, hi;
} sl_u128;
#define LOAD(T, p)                                                             \
  ({                                                                           \
    T v_;                                                                      \
    __builtin_memcpy(&v_, (p), sizeof(T));                                     \
    v_;                                                                        \
  })
#define STORE(T, p, v)                                                         \
  do {                                                                         \
    T v_ = (v);                                                                \
    __builtin_memcpy((p), &v_, sizeof(T));                                     \
  } while (0)
#define KEEP_LOOP(i) __asm__("" : "+r"(i))
#define REP_THRESHOLD 1024

void *sl_memmove(void *dst, const void *src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  /* Sizes below 32: every byte is loaded before any is stored, so any
   * overlap is fine. */
  if (n < 4) {
    if (n) {
      unsigned char a = s[0], b = s[n / 2], c = s[n - 1];
      d[0] = a, d[n / 2] = b, d[n - 1] = c;
    }
    return dst;
  }
  if (n < 8) {
    uint32_t a = LOAD(uint32_t, s), b = LOAD(uint32_t, s + n - 4);
    STORE(uint32_t, d, a);
    STORE(uint32_t, d + n - 4, b);
    return dst;
  }
  if (n < 16) {
    uint64_t a = LOAD(uint64_t, s), b = LOAD(uint64_t, s + n - 8);
    STORE(uint64_t, d, a);
    STORE(uint64_t, d + n - 8, b);
    return dst;
  }
  if ((uptr)d - (uptr)s >= n) {
    /* Forward: the destination starts before the source or does not
     * overlap it. The last 16 bytes are loaded first, before the loop can
     * overwrite them. */
    if (n >= REP_THRESHOLD) {
      __asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
      return dst;
    }
    sl_u128 tail = LOAD(sl_u128, s + n - 16);
    for (size_t i = 0; i < n - 16; i += 16) {
      KEEP_LOOP(i);
      STORE(sl_u128, d + i, LOAD(sl_u128, s + i));
    }
    STORE(sl_u128, d + n - 16, tail);
  } else {
    /* Backward: the destination overlaps the source's end. */
    sl_u128 head = LOAD(sl_u128, s);
    for (size_t i = n; i > 16; i -= 16) {
      KEEP_LOOP(i);
      STORE(sl_u128, d + i - 16, LOAD(sl_u128, s + i - 16));
    }
    STORE(sl_u128, d, head);
  }
  return dst;
}

void *sl_memcpy(void *dst, const void *src, size_t n) {
  return sl_memmove(dst, src, n);
}

void *sl_memset(void *dst, int c, size_t n) {
  unsigned char *d = dst;
  uint64_t v = 0x0101010101010101ull * (uint8_t)c;
  if (n >= REP_THRESHOLD) {
    __asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(c) : "memory");
  } else if (n >= 16) {
    sl_u128 w = {v, v};
    for (size_t i = 0; i < n - 16; i += 16) {
      KEEP_LOOP(i);
      STORE(sl_u128, d + i, w);
    }
    STORE(sl_u128, d + n - 16, w);
  } else if (n >= 8) {
    STORE(uint64_t, d, v);
    STORE(uint64_t, d + n - 8, v);
  } else if (n >= 4) {
    STORE(uint32_t, d, (uint32_t)v);
    STORE(uint32_t, d + n - 4, (uint32_t)v);
  } else if (n) {
    d[0] = d[n / 2] = d[n - 1] = (unsigned char)c;
  }
  return dst;
}

char **sl_initial_environ;
char **sl_initial_argv;

static char *find_env(char **env, const char *name, size_t n) {
  for (char **e = env; e && *e; e++)
    if (sl_strncmp(*e, name, n) == 0 && (*e)[n] == '=')
      return *e + n + 1;
  return 0;
}

/* At .preinit_array time libc's environ may not be set up yet (the
 * executable's copy of it is filled later), so the envp that ld.so passes
 * to initialisers is the first source. */
char *sl_getenv(const char *name) {
  size_t n = sl_strlen(name);
  char *v = find_env(environ, name, n);
  return v ? v : find_env(sl_initial_environ, name, n);
}
