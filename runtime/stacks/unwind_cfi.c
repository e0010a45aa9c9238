/* The walk itself: per frame one cache lookup and one or two loads from
 * the stack. Rules come from eh_frame.c on a miss and are cached, the
 * unsupported ones too, so a call site that needs the full unwinder costs
 * one lookup to find that out. */
#include "unwind_cfi.h"

#include "cfi_cache.h"
#include "eh_frame.h"

/* x86-64 Linux's rt_sigreturn: mov $15, %rax; syscall. */
static const uint8_t sigreturn_code[9] = {0x48, 0xc7, 0xc0, 0x0f, 0x00,
                                          0x00, 0x00, 0x0f, 0x05};

static cfi_rule rule_for(uptr pc) {
  uint64_t w = cfi_cache_get(pc);
  if (SL_LIKELY(w))
    return cfi_rule_unpack(w);
  /* pc - 1: a return address may be the first byte of the next function
   * (after a call that does not return); the call itself is the frame's. */
  cfi_rule r = eh_frame_rule(pc - 1);
  /* A signal handler returns to a sigreturn stub, which may have no FDE:
   * libgcc recognises its code and unwinds through the signal frame. */
  if (r.kind == CFI_NO_FDE) {
    const uint8_t *code = (const uint8_t *)pc;
    int stub = 1;
    for (int i = 0; i < 9 && stub; i++)
      stub = code[i] == sigreturn_code[i];
    if (stub)
      r.kind = CFI_UNSUPPORTED;
  }
  if (r.kind != CFI_NO_MODULE) /* code may be mapped there later */
    cfi_cache_put(pc, cfi_rule_pack(r));
  return r;
}

static int inside(uptr addr, uptr lo, uptr hi) {
  return addr >= lo && addr <= hi - 8 && !(addr & 7);
}

int unwind_cfi(uptr *pcs, int max, cfi_frame f, uptr lo, uptr hi,
               uptr *outer_sp) {
  int n = 0;
  uptr outer = 0;
  if (hi < lo + 8)
    return -1;
  while (n < max) {
    pcs[n++] = f.pc;
    outer = f.sp;
    cfi_rule r = rule_for(f.pc);
    if (r.kind == CFI_END || r.kind == CFI_NO_MODULE || r.kind == CFI_NO_FDE)
      break; /* libgcc ends here too, after this frame */
    if (r.kind != CFI_STEP)
      return -1;
    uptr cfa = (r.cfa_is_rbp ? f.bp : f.sp) + (uptr)(intptr_t)r.cfa_off;
    uptr ra_at = cfa - 8;
    if (!inside(ra_at, lo, hi) || cfa <= f.sp)
      return -1;
    uptr bp = f.bp;
    if (r.rbp == CFI_RBP_SAVED) {
      uptr bp_at = cfa + (uptr)(intptr_t)r.rbp_off;
      if (!inside(bp_at, lo, hi))
        return -1;
      bp = *(const uptr *)bp_at;
    } else if (r.rbp == CFI_RBP_UNKNOWN) {
      bp = 0;
    }
    f.pc = *(const uptr *)ra_at;
    f.sp = cfa;
    f.bp = bp;
    if (f.pc == 0) /* a thread's outermost frame may end with 0 */
      break;
  }
  if (outer_sp)
    *outer_sp = outer;
  return n;
}
