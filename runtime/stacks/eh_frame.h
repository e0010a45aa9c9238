/* x86-64 call-frame information (.eh_frame): the rule that takes a frame
 * stopped at a code address to its caller's frame. Only what a walk of
 * return addresses needs: where the CFA is (rsp or rbp plus an offset),
 * where the caller's rbp was saved, and that the return address sits just
 * below the CFA, as every x86-64 compiler lays it out. Anything else
 * (DWARF expressions, signal frames, other CFA registers) is reported as
 * unsupported, and the caller falls back to a full unwinder. */
#ifndef SLEUTH_EH_FRAME_H
#define SLEUTH_EH_FRAME_H

#include "sys.h"

typedef enum {
  CFI_EMPTY = 0,   /* never a computed rule: marks a free cache slot */
  CFI_STEP,        /* the caller is found with the fields below */
  CFI_END,         /* return address undefined: the outermost frame */
  CFI_UNSUPPORTED, /* the rules cannot say: use a full unwinder */
  CFI_NO_MODULE,   /* the address is in no loaded module */
  CFI_NO_FDE,      /* in a module, but no FDE covers it (e.g. ld.so's
                      _dl_start_user, which calls the constructors) */
} cfi_kind;

typedef enum {
  CFI_RBP_SAME = 0, /* the caller's rbp is this frame's rbp */
  CFI_RBP_SAVED,    /* saved at CFA + rbp_off */
  CFI_RBP_UNKNOWN,  /* undefined: the caller's rbp is not known */
} cfi_rbp_rule;

typedef struct {
  cfi_kind kind;
  int cfa_is_rbp; /* CFA = rbp + cfa_off, else rsp + cfa_off */
  cfi_rbp_rule rbp;
  int32_t cfa_off;
  int16_t rbp_off;
} cfi_rule;

/* The rule for the frame executing the instruction at pc (for a return
 * address, pass the address of the call: return address - 1). Reads only
 * the loaded modules' .eh_frame_hdr and .eh_frame; never allocates. */
cfi_rule eh_frame_rule(uptr pc);

/* Rules as one word, for the lock-free cache (CFI_EMPTY packs to 0). */
static inline uint64_t cfi_rule_pack(cfi_rule r) {
  return (uint64_t)r.kind | (uint64_t)(r.cfa_is_rbp != 0) << 3 |
         (uint64_t)r.rbp << 4 | (uint64_t)(uint16_t)r.rbp_off << 16 |
         (uint64_t)(uint32_t)r.cfa_off << 32;
}

static inline cfi_rule cfi_rule_unpack(uint64_t w) {
  cfi_rule r;
  r.kind = (cfi_kind)(w & 7);
  r.cfa_is_rbp = (int)(w >> 3) & 1;
  r.rbp = (cfi_rbp_rule)((w >> 4) & 3);
  r.rbp_off = (int16_t)(uint16_t)(w >> 16);
  r.cfa_off = (int32_t)(uint32_t)(w >> 32);
  return r;
}

#endif
