/* libsleuth_stubs.so: the runtime's entry points as stubs, for linking
 * instrumented shared libraries. sleuth-cc links every -shared output
 * against it (as-needed, with a run path to it), so a library that calls
 * __sleuth_* links under -Wl,--no-undefined (Meson's default) and records
 * where its runtime interface lives. At run time the real runtime comes
 * first in symbol lookup, the executable's (exported by its dynamic list)
 * or a preloaded libsleuth.so (sleuth-run), and these are never called. A
 * program that has neither gets one line naming the way out instead of a
 * dynamic linker's "undefined symbol", or a crash. */
#include <string.h>
#include <unistd.h>

static void say(const char *s) {
  size_t n = strlen(s);
  while (n > 0) {
    ssize_t w = write(2, s, n);
    if (w <= 0)
      return;
    s += w;
    n -= (size_t)w;
  }
}

__attribute__((visibility("default"), noreturn)) void
sleuth_stub_called(const char *name) {
  say("Sleuth: ");
  say(name);
  say(" called from a library built with sleuth-cc, but this program has no "
      "Sleuth runtime: build the executable with sleuth-cc, or run it with "
      "sleuth-run\n");
  _exit(1);
}
