/* The runtime's only door to the kernel: raw system calls that never touch
 * libc's malloc, stdio, errno-dependent locale or interceptable entry points.
 * Everything else in the runtime goes through here (see STYLE: mimalloc's
 * prim layer). Failures are returned as negative errno values. */
#ifndef SLEUTH_SYS_H
#define SLEUTH_SYS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef uintptr_t uptr;

#define SL_LIKELY(x) __builtin_expect(!!(x), 1)
#define SL_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define SL_NOINLINE __attribute__((noinline))
/* GCC moves unlikely blocks into a separate `name.cold` part; a function
 * whose own frame is frame #0 of a report (a mem intrinsic entry point)
 * keeps them, so that the frame is named as the function. */
#if defined(__GNUC__) && !defined(__clang__)
#define SL_NO_COLD_PART __attribute__((optimize("no-reorder-blocks-and-partition")))
#else
#define SL_NO_COLD_PART
#endif
#define SL_INTERFACE __attribute__((visibility("default")))
/* A libc function the runtime replaces (runtime/intercept/): weak, as ASan's
 * interceptors are, so that a program defining its own version of the same
 * function (a compat memmem or strtol, a replacement operator new) links
 * and keeps it, unchecked, instead of failing with "multiple definition". */
#define SL_INTERCEPTOR SL_INTERFACE __attribute__((weak))

long sys_call6(long n, long a, long b, long c, long d, long e, long f);

void *sys_mmap(void *addr, size_t len, int prot, int flags, int fd, long off);
int sys_munmap(void *addr, size_t len);
int sys_mprotect(void *addr, size_t len, int prot);
int sys_madvise(void *addr, size_t len, int advice);
/* process_madvise(2) on the calling process (PIDFD_SELF, Linux 6.14+;
 * MADV_DONTNEED there needs 6.13): n ranges of iov (struct iovec) in one
 * call, one TLB flush for all. The bytes advised, or a negative errno. */
long sys_madvise_self_ranges(const void *iov, size_t n, int advice);
/* advice on n ranges of iov (struct iovec): in one process_madvise call
 * where the kernel takes it (one TLB flush for all the ranges instead of
 * one per range: on a VM each flush that reaches other CPUs is dear), else
 * (or past a range the call failed on) one madvise each. ok[i], if ok is
 * not NULL, says whether range i got the advice. */
void sys_madvise_ranges(const void *iov, size_t n, int advice,
                        unsigned char *ok);
/* Guard markers (Linux 6.13): a range advised MADV_GUARD_INSTALL gives its
 * pages back and faults on access without splitting its mapping;
 * MADV_GUARD_REMOVE makes it read zeros again. Older headers lack them. */
#ifndef MADV_GUARD_INSTALL
#define MADV_GUARD_INSTALL 102
#define MADV_GUARD_REMOVE 103
#endif
/* mmap that returns NULL on failure (and never MAP_FAILED). */
/* A private anonymous read-write mapping, or NULL. Every caller must
 * cope with NULL (memory or vm.max_map_count exhausted): an out-of-memory
 * report or a NULL to the program, never a crash. */
void *sys_map_anon(size_t len);
/* fail_internal_mmap (testing): sys_map_anon fails from this call on
 * (counted from when it is set, at the end of start-up); 0 = never. */
extern unsigned long sl_map_fail_from;

long sys_write(int fd, const void *buf, size_t n);
/* Writes all n bytes (restarting after signals); 0, or -errno of the
 * write that failed (some bytes may have been written before it). */
long sys_write_all(int fd, const void *buf, size_t n);
long sys_read(int fd, void *buf, size_t n);
int sys_open(const char *path, int flags, int mode);
int sys_close(int fd);
int sys_pipe2(int fds[2], int flags);
int sys_dup2(int from, int to);
int sys_getpid(void);
int sys_gettid(void);
int sys_getppid(void);
pid_t sys_fork(void);
int sys_execve(const char *path, char *const argv[], char *const envp[]);
/* personality(2): persona 0xffffffff only queries. Returns the previous
 * persona or a negative errno (seccomp filters return -EPERM). */
long sys_personality(unsigned long persona);
pid_t sys_waitpid(pid_t pid, int *status, int options);
int sys_kill(pid_t pid, int sig);
int sys_sched_yield(void);
int sys_tgkill(int pid, int tid, int sig);
/* futex on a private word: wait while *w == val / wake up to n waiters. */
void sys_futex_wait(int *w, int val);
void sys_futex_wake(int *w, int n);
/* futex wait that gives up after timeout_ns. */
void sys_futex_wait_ns(int *w, int val, uint64_t timeout_ns);
int sys_access(const char *path, int mode);
int sys_unlink(const char *path);
/* The mapping holding addr, from /proc/self/maps: [*lo, *hi) and, if exec
 * is not NULL, whether it is executable. 1 found, 0 not mapped, -1 the
 * file could not be read. */
int sys_mapping_of(uptr addr, uptr *lo, uptr *hi, int *exec);
int sys_rename(const char *from, const char *to);
long sys_readlink(const char *path, char *buf, size_t n);
/* The working directory into buf (NUL-terminated); its length with the
 * NUL, or a negative errno. Needs no /proc. */
long sys_getcwd(char *buf, size_t n);
/* Whether fd is a terminal (ioctl TCGETS succeeds). */
int sys_isatty(int fd);
__attribute__((noreturn)) void sys_exit_group(int code);
/* Sleeps secs seconds whatever signals arrive meanwhile. */
void sys_sleep_seconds(long secs);
uint64_t sys_monotonic_ns(void);
/* Wall-clock time since the epoch (for time stamps in files). */
uint64_t sys_realtime_ns(void);

/* Reads a whole (small, /proc-like) file into a buffer from the internal
 * allocator; NUL-terminated. Returns NULL on error. Free with ifree. */
char *sys_read_file(const char *path, size_t *len_out);
/* Reads exactly n bytes at off (retrying short reads and EINTR): 1 on
 * success, 0 on an error or end of file first. */
int sys_pread_full(int fd, void *buf, size_t n, uint64_t off);
/* Reads a file a user names (suppressions): it must be a regular file of
 * at most max bytes without NUL bytes. Opening never waits (a FIFO with
 * no writer), a device is never read. Returns the NUL-terminated text
 * (ifree it), or NULL with *problem set to a phrase for "'<path>' ..."
 * ("is a directory", ...) and *err to the errno, if any, else 0 (EFBIG:
 * larger than max). */
char *sys_read_text_file(const char *path, size_t max, size_t *len_out,
                         const char **problem, int *err);

/* From /proc/self/status: resident anonymous and file-backed bytes and the
 * number of threads. Returns 0, or -1 if it cannot be read. */
typedef struct {
  uint64_t rss_anon, rss_file;
  int threads;
} sys_proc_status;
int sys_read_proc_status(sys_proc_status *out);

/* Spin lock for short critical sections; yields under contention. */
typedef struct {
  int locked;
} spin_t;
void spin_lock(spin_t *l);
void spin_unlock(spin_t *l);

/* libc-free string helpers. */
size_t sl_strlen(const char *s);
/* The same for wide strings (wchar_t is 4 bytes here). */
size_t sl_wcslen(const int *s);
int sl_strcmp(const char *a, const char *b);
int sl_strncmp(const char *a, const char *b, size_t n);
char *sl_strchr(const char *s, int c);
/* The last component of a path (what follows its last '/'; all of it
 * when it has none). */
const char *sl_path_base(const char *path);
/* Lower-case hex digits at *s (as /proc/self/maps writes them), *s moved
 * past them. */
uptr sl_parse_hex(const char **s);
/* libc-free memcpy/memmove/memset: 16-byte moves for small sizes, `rep
 * movsb`/`rep stosb` for large ones. Every runtime file but the
 * interceptors is compiled with redirect_builtins.h, which binds its
 * memcpy/memmove/memset calls (explicit or compiler-made) to these. */
void *sl_memcpy(void *dst, const void *src, size_t n);
void *sl_memmove(void *dst, const void *src, size_t n);
void *sl_memset(void *dst, int c, size_t n);
char *sl_getenv(const char *name);
/* envp as passed to the runtime's initialiser (see sl_getenv). */
extern char **sl_initial_environ;
/* argv as passed to the runtime's initialiser (print_cmdline), or NULL. */
extern char **sl_initial_argv;

/* Formatting into buffers: %s %c %d %i %u %x %p %%, with l/ll/z length
 * modifiers, '-' and '0' flags, a width, and ' (thousands separators, for
 * byte counts). Always NUL-terminates; returns length. A fixed buffer
 * truncates; a growable one (sbuf_init_grow) doubles from the internal
 * allocator and truncates only if that fails. */
typedef struct {
  char *buf;
  size_t cap;
  size_t len;
  int grow; /* 0: fixed; 1: ours, growable; -1: ours, growing failed */
} sbuf_t;
void sbuf_init(sbuf_t *b, char *mem, size_t cap);
/* Returns 0 (and leaves an empty fixed buffer) if no memory. */
int sbuf_init_grow(sbuf_t *b, size_t cap);
void sbuf_free(sbuf_t *b);
void sbuf_puts(sbuf_t *b, const char *s);
void sbuf_putc(sbuf_t *b, char c);
void sbuf_printf(sbuf_t *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void sbuf_vprintf(sbuf_t *b, const char *fmt, va_list ap);
size_t sl_snprintf(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Internal allocator: for the runtime's own data structures only. */
void *ialloc(size_t n); /* zeroed */
void ifree(void *p);
void *irealloc(void *p, size_t n);
char *istrdup(const char *s);
/* Maps ialloc's reserve (address space only) now, at start-up, while the
 * kernel still has mappings to give: ialloc falls back to it when a new
 * mapping is refused, so an out-of-memory report can still be written. */
void ialloc_init_reserve(void);
/* fork(): held across it (process/init.c, before_fork). */
void ialloc_lock_all(void);
void ialloc_unlock_all(void);

#endif
