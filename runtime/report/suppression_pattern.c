/* ASan-compatible suppression patterns (see suppression_pattern.h).
 *
 * sanitizer_common's matcher finds each literal piece at its first
 * occurrence and does not backtrack; this one does, so it matches every
 * name ASan's matches and also the few ASan misses by taking an early
 * occurrence (such as `^a*b$` on "abab"). */
#include "suppression_pattern.h"

#include "sys.h"

/* Whether p[0..pn) matches s[0..sn) as a whole, `*` being any run. The
 * usual iterative glob: on a mismatch retry from the last `*`, one
 * character further; linear in practice, never exponential. */
static int glob_whole(const char *p, size_t pn, const char *s, size_t sn) {
  size_t pi = 0, si = 0, star = (size_t)-1, back = 0;
  while (si < sn) {
    if (pi < pn && p[pi] == '*') {
      star = ++pi;
      back = si;
    } else if (pi < pn && p[pi] == s[si]) {
      pi++, si++;
    } else if (star != (size_t)-1) {
      pi = star;
      si = ++back;
    } else {
      return 0;
    }
  }
  while (pi < pn && p[pi] == '*')
    pi++;
  return pi == pn;
}

int suppression_pattern_match(const char *pattern, const char *name) {
  if (!name || !*name)
    return 0;
  size_t pn = sl_strlen(pattern);
  int at_start = pn && pattern[0] == '^';
  if (at_start)
    pattern++, pn--;
  int at_end = pn && pattern[pn - 1] == '$';
  if (at_end)
    pn--;
  /* An unanchored side behaves as if the pattern had a `*` there. */
  char local[256];
  size_t need = pn + 2;
  char *full = need <= sizeof local ? local : ialloc(need);
  if (!full)
    return 0;
  size_t n = 0;
  if (!at_start)
    full[n++] = '*';
  sl_memcpy(full + n, pattern, pn);
  n += pn;
  if (!at_end)
    full[n++] = '*';
  int hit = glob_whole(full, n, name, sl_strlen(name));
  if (full != local)
    ifree(full);
  return hit;
}
