/* Which file descriptor 2 is stderr (DESIGN.md §3, where a report goes).
 * Reports go to fd 2 only while it is still the file it was when the
 * process started, or one the program put there on purpose (dup2/dup3
 * onto 2, freopen of stderr: daemons pointing stderr at a log, libFuzzer's
 * -close_fd_mask). A file that merely got number 2 because the program
 * closed stderr and then opened something (its data file, a pipe to a
 * child, the symbolizer's pipe) is not stderr: a report written there
 * would corrupt the program's own output. The identity is the device and
 * inode fstat gives, so nothing has to watch close or open. */
#include "stderr_identity.h"

#include <sys/stat.h>
#include <sys/syscall.h>

static struct {
  int noted; /* stderr_note_identity ran: before it, fd 2 is stderr */
  int valid; /* fd 2 was open (at start, or after a redirection) */
  dev_t dev;
  ino_t ino;
} id;

static int identity_of_fd2(dev_t *dev, ino_t *ino) {
  struct stat st;
  if (sys_call6(SYS_fstat, 2, (long)&st, 0, 0, 0, 0) < 0)
    return 0;
  *dev = st.st_dev;
  *ino = st.st_ino;
  return 1;
}

void stderr_note_identity(void) {
  dev_t dev;
  ino_t ino;
  int ok = identity_of_fd2(&dev, &ino);
  id.dev = ok ? dev : 0;
  id.ino = ok ? ino : 0;
  __atomic_store_n(&id.valid, ok, __ATOMIC_RELEASE);
  __atomic_store_n(&id.noted, 1, __ATOMIC_RELEASE);
}

int stderr_still_stderr(void) {
  dev_t dev;
  ino_t ino;
  if (!__atomic_load_n(&id.noted, __ATOMIC_ACQUIRE))
    return 1; /* a message from before start-up got this far */
  return __atomic_load_n(&id.valid, __ATOMIC_ACQUIRE) &&
         identity_of_fd2(&dev, &ino) && dev == id.dev && ino == id.ino;
}
