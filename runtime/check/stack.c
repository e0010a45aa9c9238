/* Stack redzones (abi.h): describing an address inside an instrumented
 * frame, and __sleuth_handle_no_return, which unpoisons the frames a
 * noreturn call (longjmp, throw, exit) is about to abandon without running
 * their epilogues. */
#include "abi.h"

#include "fake_stack.h"
#include "stack_switch.h"
#include "interception.h"

#include "globals.h"
#include "heap.h"
#include "shadow.h"
#include "symbolize.h"
#include "threads.h"

/* Unpoisons [sp - a page, top of the stack sp is on): the current frame
 * and every caller, whose epilogues may never run. Live callers lose their
 * redzones until they are re-entered (no false reports, possibly missed
 * ones), as in ASan. On a coroutine or signal stack (stack_switch.c), that
 * stack; on a stack the runtime does not know, nothing. */
void stack_unpoison_from_sp(uptr sp) {
  if (!sleuth_checking) /* profile-only mode has no shadow */
    return;
  sl_thread *t = thread_current_or_null();
  if (!t)
    return;
  uptr lo = t->stack_lo, hi = t->stack_hi;
  if ((!hi || sp < lo || sp >= hi) && !stack_bounds_other(t, sp, 1, &lo, &hi))
    return;
  uptr bottom = (sp - 4096) & ~(uptr)4095;
  if (bottom < lo)
    bottom = lo & ~(uptr)7;
  if (hi - bottom > ((uptr)256 << 20))
    return;
  shadow_poison(bottom, hi - bottom, 0);
}

/* A longjmp made on another stack (out of a signal handler on the signal
 * stack, or out of a coroutine) lands somewhere up the thread's own stack,
 * below which abandoned frames may still be poisoned: that stack is
 * cleared as deep as it can have grown. */
void stack_unpoison_for_jump(uptr sp) {
  /* Profile-only mode maps no shadow (and a program's handler may jump out
   * of Sleuth's signal stack there too, with guard_pages). */
  if (heap_is_system())
    return;
  stack_unpoison_from_sp(sp);
  sl_thread *t = thread_current_or_null();
  if (!t || !t->stack_hi || (sp >= t->stack_lo && sp < t->stack_hi))
    return;
  uptr lo = t->stack_lo & ~(uptr)7;
  shadow_clear_release(lo, t->stack_hi - lo);
}

SL_INTERFACE void __sleuth_set_shadow(uintptr_t shadow_addr, uintptr_t n,
                                      uintptr_t value) {
  sl_memset((void *)shadow_addr, (int)(uint8_t)value, n);
}

SL_INTERFACE void __sleuth_handle_no_return(void) {
  stack_unpoison_from_sp((uptr)__builtin_frame_address(0));
}

/* Dynamic allocas (pass/DynamicAllocas.cpp): [addr-32, addr) is the left
 * redzone; from the end of the object up to the next multiple of 32, and
 * 32 bytes more, the right one. addr is 32-byte aligned. */
SL_INTERFACE void __sleuth_alloca_poison(uintptr_t addr, uintptr_t size) {
  shadow_poison(addr - 32, 32, SH_ALLOCA_LEFT);
  uptr end = addr + size, rz = (end + 31) & ~(uptr)31;
  shadow_unpoison(addr, size);
  uptr g = (end + 7) & ~(uptr)7; /* after a partial granule, if any */
  shadow_poison(g, rz + 32 - g, SH_ALLOCA_RIGHT);
}

/* The dynamic allocas in [top, bottom) are gone (function exit, end of a
 * VLA's scope). top is 0 when none was made. */
SL_INTERFACE void __sleuth_allocas_unpoison(uintptr_t top, uintptr_t bottom) {
  if (!top || top > bottom)
    return;
  sl_memset((void *)MEM_TO_SHADOW(top), 0, (bottom - top) / 8);
}

static uint8_t shadow_at(uptr a) { return *(uint8_t *)MEM_TO_SHADOW(a); }

/* An address in a dynamic alloca's redzone: the object's bounds, read back
 * from the shadow (ca before it, 0s and a partial granule in it, cb after). */
static int dynamic_alloca_describe(sbuf_t *b, uptr addr, uptr lo, uptr hi,
                                   unsigned tid) {
  uint8_t s = shadow_at(addr);
  uptr g = addr & ~(uptr)7, beg = 0;
  if (s == SH_ALLOCA_LEFT) {
    for (int i = 0; i < 8 && g + 8 < hi; i++) {
      g += 8;
      if (shadow_at(g) != SH_ALLOCA_LEFT) {
        beg = g;
        break;
      }
    }
  } else if (s == SH_ALLOCA_RIGHT || (s >= 1 && s <= 7)) {
    for (uptr n = 0; g >= lo + 8 && n < ((uptr)1 << 24); n++) {
      g -= 8;
      if (shadow_at(g) == SH_ALLOCA_LEFT) {
        beg = g + 8;
        break;
      }
    }
  }
  if (!beg)
    return 0;
  uptr end = beg;
  while (end < hi && shadow_at(end) == 0)
    end += 8;
  if (end < hi && shadow_at(end) >= 1 && shadow_at(end) <= 7)
    end += shadow_at(end);
  sbuf_printf(b, "Address %p is located in stack of thread T%u, ", (void *)addr,
              tid);
  if (addr < beg)
    sbuf_printf(b, "%lu bytes before", (unsigned long)(beg - addr));
  else
    sbuf_printf(b, "%lu bytes after", (unsigned long)(addr - end));
  sbuf_printf(b,
              " a %lu-byte dynamic stack allocation (VLA or alloca) "
              "[%p,%p)\n\n",
              (unsigned long)(end - beg), (void *)beg, (void *)end);
  return 1;
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

/* The thread whose fake stack holds addr, and the frame slot. */
static sl_thread *fake_stack_owner(uptr addr, uptr *frame) {
  sl_thread *found = 0;
  uint32_t cap;
  threads_lock();
  sl_thread **tab = threads_table_locked(&cap);
  for (uint32_t i = 0; i < cap && !found; i++)
    if (tab[i] && fake_stack_frame_of(tab[i], addr, frame))
      found = tab[i];
  threads_unlock();
  return found;
}

static int describe_frame(sbuf_t *b, uptr addr, uptr access, uptr size,
                          uptr base, unsigned tid);

/* The frame record (abi.h) holding addr: a fake-stack frame (its owner's
 * tid in *tid), or the nearest frame magic below addr in the thread's stack
 * [lo, hi). 0 if none. A dynamic alloca holding addr is not a frame: those
 * are described by dynamic_alloca_describe first. */
static uptr frame_base(uptr addr, uptr lo, uptr hi, unsigned *tid) {
  uptr fake;
  sl_thread *owner;
  if ((!hi || addr < lo || addr >= hi) &&
      (owner = fake_stack_owner(addr, &fake)) &&
      *(uint64_t *)fake == SLEUTH_FRAME_MAGIC) {
    *tid = owner->tid;
    return fake;
  }
  if (!hi || addr < lo || addr >= hi)
    return 0;
  for (uptr p = addr & ~(uptr)31; p >= lo && addr - p < ((uptr)1 << 22);
       p -= 32) {
    if (*(uint8_t *)MEM_TO_SHADOW(p) == SH_STACK_LEFT &&
        *(uint64_t *)p == SLEUTH_FRAME_MAGIC)
      return p;
    if (p < 32)
      break;
  }
  return 0;
}

int stack_describe(sbuf_t *b, uptr addr, uptr access, uptr size, uptr lo,
                   uptr hi, unsigned tid) {
  if (!access)
    access = addr;
  int in_stack = hi && addr >= lo && addr < hi;
  if (in_stack && dynamic_alloca_describe(b, addr, lo, hi, tid))
    return 1;
  uptr base = frame_base(addr, lo, hi, &tid);
  if (!base)
    return 0;
  return describe_frame(b, addr, access, size, base, tid);
}

/* One variable of a frame descriptor, "OFFSET SIZE LEN NAME": its offset
 * and size, and where its LEN-byte name starts (cut short at the string's
 * end). Returns what follows it, or NULL when the descriptor is malformed. */
static const char *next_var(const char *q, uptr *off, uptr *size,
                            const char **name, uptr *len) {
  if (!(q = parse_num(q, off)) || !(q = parse_num(q, size)) ||
      !(q = parse_num(q, len)))
    return 0;
  q++;
  *name = q;
  uptr k = 0;
  while (k < *len && q[k])
    k++;
  *len = k;
  return q + k;
}

/* Where an access at offset off of `size` bytes lies against the variable
 * [vo, vo + vs): ASan's words, "partially" when it straddles an edge. */
static const char *access_position(uptr off, uptr size, uptr vo, uptr vs) {
  uptr end = off + (size ? size : 1);
  if (off < vo)
    return end > vo ? "partially underflows" : "underflows";
  if (end <= vo + vs)
    return "is inside";
  return off < vo + vs ? "partially overflows" : "overflows";
}

/* The frame at base (its header: abi.h) and its variables. addr is the
 * first bad byte; the marker gives the whole access's position. */
static int describe_frame(sbuf_t *b, uptr addr, uptr access, uptr size,
                          uptr base, unsigned tid) {
  const char *desc = ((const char **)base)[1];
  uptr fn = ((uptr *)base)[2];
  uptr off = addr - base;
  /* The access's own offset, when it starts in this frame at or before
   * the first bad byte (a single load or store; a range names its bad
   * byte). */
  uptr aoff = access >= base && access <= addr ? access - base : off;
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
    const char *name;
    if (!(q = next_var(q, &vo, &vs, &name, &len)))
      break;
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
    const char *src;
    if (!(q = next_var(q, &vo, &vs, &src, &len)))
      break;
    char name[256];
    uptr k = 0;
    for (; k < len && k < sizeof name - 1; k++)
      name[k] = src[k];
    name[k] = 0;
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
                  (unsigned long)aoff, access_position(aoff, size, vo, vs));
    }
    sbuf_putc(b, '\n');
  }
  sbuf_putc(b, '\n');
  return 1;
}

int stack_locate(uptr addr, uptr lo, uptr hi, char *name, size_t cap,
                 uptr *beg, uptr *size) {
  unsigned tid = 0;
  uptr base = frame_base(addr, lo, hi, &tid);
  if (!base)
    return 0;
  if (name && cap)
    name[0] = 0;
  *beg = *size = 0;
  uptr nvars, off = addr - base;
  const char *q = parse_num(((const char **)base)[1], &nvars);
  for (uptr i = 0; q && i < nvars; i++) {
    uptr vo, vs, len;
    const char *src;
    if (!(q = next_var(q, &vo, &vs, &src, &len)))
      break;
    if (off < vo || off >= vo + vs)
      continue;
    /* The descriptor's name is "x:LINE": the variable's name is "x". */
    uptr k = len;
    while (k > 0 && src[k - 1] != ':')
      k--;
    if (k == 0)
      k = len + 1;
    if (name && cap) {
      uptr n = 0;
      for (; n < k - 1 && n < cap - 1; n++)
        name[n] = src[n];
      name[n] = 0;
    }
    *beg = base + vo;
    *size = vs;
    return 1;
  }
  return 1;
}
