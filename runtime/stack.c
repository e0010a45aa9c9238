/* Stack redzones (abi.h): describing an address inside an instrumented
 * frame, and __sleuth_handle_no_return, which unpoisons the frames a
 * noreturn call (longjmp, throw, exit) is about to abandon without running
 * their epilogues. */
#include "abi.h"

#include "interception.h"

#include "globals.h"
#include "shadow.h"
#include "symbolize.h"
#include "threads.h"

/* Unpoisons [sp - a page, top of the stack): the current frame and every
 * caller, whose epilogues may never run. Live callers lose their redzones
 * until they are re-entered (no false reports, possibly missed ones), as in
 * ASan. Does nothing on a stack the runtime does not know (sigaltstack,
 * coroutines). */
void stack_unpoison_from_sp(uptr sp) {
  if (!sleuth_checking) /* profile-only mode has no shadow */
    return;
  sl_thread *t = thread_current_or_null();
  if (!t || !t->stack_hi || sp < t->stack_lo || sp >= t->stack_hi)
    return;
  uptr bottom = (sp - 4096) & ~(uptr)4095;
  if (bottom < t->stack_lo)
    bottom = t->stack_lo & ~(uptr)7;
  uptr top = t->stack_hi;
  if (top - bottom > ((uptr)256 << 20))
    return;
  shadow_poison(bottom, top - bottom, 0);
}

SL_INTERFACE void __sleuth_set_shadow(uintptr_t shadow_addr, uintptr_t n,
                                      uintptr_t value) {
  sl_memset((void *)shadow_addr, (int)(uint8_t)value, n);
}

SL_INTERFACE void __sleuth_handle_no_return(void) {
  stack_unpoison_from_sp((uptr)__builtin_frame_address(0));
}

static const char *parse_num(const char *s, uptr *out) {
  uptr v = 0;
  while (*s == ' ')
    s++;
  if (*s < '0' || *s > '9')
    return 0;
  while (*s >= '0' && *s <= '9')
    v = v * 10 + (uptr)(*s++ - '0');
  *out = v;
  return s;
}

int stack_describe(sbuf_t *b, uptr addr, uptr lo, uptr hi, unsigned tid) {
  if (!hi || addr < lo || addr >= hi)
    return 0;
  uptr base = 0;
  for (uptr p = addr & ~(uptr)31; p >= lo && addr - p < ((uptr)1 << 22);
       p -= 32) {
    if (*(uint8_t *)MEM_TO_SHADOW(p) == SH_STACK_LEFT &&
        *(uint64_t *)p == SLEUTH_FRAME_MAGIC) {
      base = p;
      break;
    }
    if (p < 32)
      break;
  }
  if (!base)
    return 0;
  const char *desc = ((const char **)base)[1];
  uptr fn = ((uptr *)base)[2];
  uptr off = addr - base;
  sbuf_printf(b,
              "Address %p is located in stack of thread T%u at offset %lu "
              "in frame\n",
              (void *)addr, tid, (unsigned long)off);
  sl_frame_info fi[8];
  int n = symbolize_pc(fn, fi, 8);
  sbuf_printf(b, "    #0 %p in %s", (void *)fn,
              n > 0 && fi[n - 1].function ? fi[n - 1].function : "<unknown>");
  if (n > 0 && fi[n - 1].file)
    sbuf_printf(b, " %s:%d", fi[n - 1].file, fi[n - 1].line);
  sbuf_puts(b, "\n\n");
  uptr nvars;
  const char *s = parse_num(desc, &nvars);
  if (!s)
    return 1;
  /* The variable the access is closest to gets the marker. */
  uptr best = ~(uptr)0, best_dist = ~(uptr)0;
  const char *q = s;
  for (uptr i = 0; i < nvars; i++) {
    uptr vo, vs, len;
    if (!(q = parse_num(q, &vo)) || !(q = parse_num(q, &vs)) ||
        !(q = parse_num(q, &len)))
      break;
    q++;
    for (uptr k = 0; k < len && *q; k++)
      q++;
    uptr d = off < vo ? vo - off : off >= vo + vs ? off - (vo + vs) + 1 : 0;
    if (d < best_dist) {
      best_dist = d;
      best = i;
    }
  }
  sbuf_printf(b, "  This frame has %lu object(s):\n", (unsigned long)nvars);
  q = s;
  for (uptr i = 0; i < nvars; i++) {
    uptr vo, vs, len;
    if (!(q = parse_num(q, &vo)) || !(q = parse_num(q, &vs)) ||
        !(q = parse_num(q, &len)))
      break;
    q++;
    char name[256];
    uptr k = 0;
    for (; k < len && *q; k++, q++)
      if (k < sizeof name - 1)
        name[k] = *q;
    name[k < sizeof name ? k : sizeof name - 1] = 0;
    /* name may be "x:LINE" */
    char *colon = 0;
    for (char *c = name; *c; c++)
      if (*c == ':')
        colon = c;
    if (colon)
      *colon = 0;
    sbuf_printf(b, "    [%lu, %lu) '%s'", (unsigned long)vo,
                (unsigned long)(vo + vs), name);
    if (colon)
      sbuf_printf(b, " (line %s)", colon + 1);
    if (i == best) {
      sbuf_printf(b, " <== Memory access at offset %lu %s this variable",
                  (unsigned long)off,
                  off < vo            ? "underflows"
                  : off >= vo + vs    ? "overflows"
                                      : "is inside");
    }
    sbuf_putc(b, '\n');
  }
  sbuf_putc(b, '\n');
  return 1;
}
