/* The call-frame program (DW_CFA_* instructions): a CIE's initial
 * instructions, then an FDE's, run up to a code address, build the row of
 * rules for that address. Only the CFA, rbp and the return address are
 * tracked; rules for other registers are read and dropped, since a walk
 * of return addresses never needs them. */
#include "eh_frame_internal.h"

enum {
  CFA_NOP = 0x00,
  CFA_SET_LOC = 0x01,
  CFA_ADVANCE_LOC1 = 0x02,
  CFA_ADVANCE_LOC2 = 0x03,
  CFA_ADVANCE_LOC4 = 0x04,
  CFA_OFFSET_EXTENDED = 0x05,
  CFA_RESTORE_EXTENDED = 0x06,
  CFA_UNDEFINED = 0x07,
  CFA_SAME_VALUE = 0x08,
  CFA_REGISTER = 0x09,
  CFA_REMEMBER_STATE = 0x0a,
  CFA_RESTORE_STATE = 0x0b,
  CFA_DEF_CFA = 0x0c,
  CFA_DEF_CFA_REGISTER = 0x0d,
  CFA_DEF_CFA_OFFSET = 0x0e,
  CFA_DEF_CFA_EXPRESSION = 0x0f,
  CFA_EXPRESSION = 0x10,
  CFA_OFFSET_EXTENDED_SF = 0x11,
  CFA_DEF_CFA_SF = 0x12,
  CFA_DEF_CFA_OFFSET_SF = 0x13,
  CFA_VAL_OFFSET = 0x14,
  CFA_VAL_OFFSET_SF = 0x15,
  CFA_VAL_EXPRESSION = 0x16,
  CFA_GNU_ARGS_SIZE = 0x2e,
  CFA_GNU_NEGATIVE_OFFSET_EXTENDED = 0x2f,
  /* In the top two bits, with an operand in the low six. */
  CFA_ADVANCE_LOC = 0x40,
  CFA_OFFSET = 0x80,
  CFA_RESTORE = 0xc0,
};

typedef enum { REG_SAME, REG_UNDEFINED, REG_AT_CFA, REG_UNSET } reg_how;

typedef struct {
  reg_how how;
  int64_t off; /* REG_AT_CFA: saved at CFA + off */
} reg_rule;

typedef struct {
  uint64_t cfa_reg;
  int64_t cfa_off;
  reg_rule rbp, ra;
} row;

/* remember_state nests this deep at most (compilers use one level). */
#define STATE_DEPTH 8

typedef struct {
  row cur;
  const row *initial; /* the row after the CIE (for restore); NULL in it */
  row saved[STATE_DEPTH];
  int depth;
  uptr loc, target;
  const cie_info *cie;
} machine;

/* Sets a register's rule; 0 if the walk could not follow it. */
static int set_rule(machine *m, uint64_t reg, reg_how how, int64_t off) {
  reg_rule r = {how, off};
  if (reg == DWARF_RBP)
    m->cur.rbp = r;
  else if (reg == DWARF_RA)
    m->cur.ra = r;
  else if (reg == DWARF_RSP)
    return 0; /* x86-64's rsp is the CFA; a rule for it is not expected */
  return 1;
}

/* A rule the walk cannot follow: fine for another register, not for the
 * ones it needs. */
static int other_register_only(uint64_t reg) {
  return reg != DWARF_RBP && reg != DWARF_RA && reg != DWARF_RSP;
}

static int restore(machine *m, uint64_t reg) {
  static const row before_cie = {DWARF_RSP, 0, {REG_SAME, 0}, {REG_UNSET, 0}};
  const row *from = m->initial ? m->initial : &before_cie;
  if (reg == DWARF_RBP)
    m->cur.rbp = from->rbp;
  else if (reg == DWARF_RA)
    m->cur.ra = from->ra;
  return 1;
}

/* Moves the location on; 1 when it passes the target (the row is done). */
static int advance(machine *m, uint64_t delta) {
  uptr next = m->loc + delta * m->cie->code_align;
  if (next > m->target || next < m->loc)
    return 1;
  m->loc = next;
  return 0;
}

typedef enum { RUN_DONE, RUN_UNSUPPORTED } run_result;

static run_result run(machine *m, const uint8_t *p, const uint8_t *end) {
  cursor c = {p, end, 0};
  int64_t da = m->cie->data_align;
  while (c.p < c.end) {
    uint8_t op = cur_u8(&c);
    uint64_t reg, u;
    int ok = 1;
    switch (op & 0xc0) {
    case CFA_ADVANCE_LOC:
      if (advance(m, op & 0x3f))
        return RUN_DONE;
      continue;
    case CFA_OFFSET:
      u = cur_uleb(&c);
      ok = set_rule(m, op & 0x3f, REG_AT_CFA, (int64_t)u * da);
      break;
    case CFA_RESTORE:
      ok = restore(m, op & 0x3f);
      break;
    default:
      switch (op) {
      case CFA_NOP:
        break;
      case CFA_GNU_ARGS_SIZE: /* stack arguments pushed: the CFA says it */
        cur_uleb(&c);
        break;
      case CFA_SET_LOC: {
        uptr to;
        if (!cur_encoded(&c, m->cie->fde_enc, 0, &to))
          return RUN_UNSUPPORTED;
        if (to > m->target)
          return RUN_DONE;
        m->loc = to;
        break;
      }
      case CFA_ADVANCE_LOC1:
        if (advance(m, cur_u8(&c)))
          return RUN_DONE;
        break;
      case CFA_ADVANCE_LOC2: {
        uint64_t d = cur_u8(&c);
        d |= (uint64_t)cur_u8(&c) << 8;
        if (advance(m, d))
          return RUN_DONE;
        break;
      }
      case CFA_ADVANCE_LOC4: {
        uint64_t d = 0;
        for (int i = 0; i < 4; i++)
          d |= (uint64_t)cur_u8(&c) << (8 * i);
        if (advance(m, d))
          return RUN_DONE;
        break;
      }
      case CFA_OFFSET_EXTENDED:
        reg = cur_uleb(&c);
        u = cur_uleb(&c);
        ok = set_rule(m, reg, REG_AT_CFA, (int64_t)u * da);
        break;
      case CFA_OFFSET_EXTENDED_SF:
        reg = cur_uleb(&c);
        ok = set_rule(m, reg, REG_AT_CFA, cur_sleb(&c) * da);
        break;
      case CFA_GNU_NEGATIVE_OFFSET_EXTENDED:
        reg = cur_uleb(&c);
        u = cur_uleb(&c);
        ok = set_rule(m, reg, REG_AT_CFA, -(int64_t)u * da);
        break;
      case CFA_RESTORE_EXTENDED:
        ok = restore(m, cur_uleb(&c));
        break;
      case CFA_UNDEFINED:
        ok = set_rule(m, cur_uleb(&c), REG_UNDEFINED, 0);
        break;
      case CFA_SAME_VALUE:
        ok = set_rule(m, cur_uleb(&c), REG_SAME, 0);
        break;
      case CFA_REGISTER:
        reg = cur_uleb(&c);
        cur_uleb(&c);
        ok = other_register_only(reg);
        break;
      case CFA_VAL_OFFSET:
      case CFA_VAL_OFFSET_SF:
        reg = cur_uleb(&c);
        if (op == CFA_VAL_OFFSET)
          cur_uleb(&c);
        else
          cur_sleb(&c);
        ok = other_register_only(reg);
        break;
      case CFA_REMEMBER_STATE:
        if (m->depth == STATE_DEPTH)
          return RUN_UNSUPPORTED;
        m->saved[m->depth++] = m->cur;
        break;
      case CFA_RESTORE_STATE:
        /* The whole row comes back, the CFA rule included: compilers
         * rely on that after an early return in an epilogue. */
        if (m->depth == 0)
          return RUN_UNSUPPORTED;
        m->cur = m->saved[--m->depth];
        break;
      case CFA_DEF_CFA:
        m->cur.cfa_reg = cur_uleb(&c);
        m->cur.cfa_off = (int64_t)cur_uleb(&c);
        break;
      case CFA_DEF_CFA_SF:
        m->cur.cfa_reg = cur_uleb(&c);
        m->cur.cfa_off = cur_sleb(&c) * da;
        break;
      case CFA_DEF_CFA_REGISTER:
        m->cur.cfa_reg = cur_uleb(&c);
        break;
      case CFA_DEF_CFA_OFFSET:
        m->cur.cfa_off = (int64_t)cur_uleb(&c);
        break;
      case CFA_DEF_CFA_OFFSET_SF:
        m->cur.cfa_off = cur_sleb(&c) * da;
        break;
      default: /* DWARF expressions (PLT entries, realigned stacks, signal
                  trampolines) and anything unknown */
        return RUN_UNSUPPORTED;
      }
    }
    if (!ok || c.bad)
      return RUN_UNSUPPORTED;
  }
  return c.bad ? RUN_UNSUPPORTED : RUN_DONE;
}

/* The row as the walk's rule: CFA from rsp or rbp, return address at
 * CFA - 8 (or undefined: the outermost frame). */
static cfi_rule to_rule(const row *r) {
  cfi_rule out = {CFI_UNSUPPORTED, 0, CFI_RBP_SAME, 0, 0};
  if (r->ra.how == REG_UNDEFINED) {
    out.kind = CFI_END;
    return out;
  }
  if (r->ra.how != REG_AT_CFA || r->ra.off != -8)
    return out;
  if ((r->cfa_reg != DWARF_RSP && r->cfa_reg != DWARF_RBP) ||
      r->cfa_off != (int32_t)r->cfa_off)
    return out;
  out.cfa_is_rbp = r->cfa_reg == DWARF_RBP;
  out.cfa_off = (int32_t)r->cfa_off;
  switch (r->rbp.how) {
  case REG_SAME:
    out.rbp = CFI_RBP_SAME;
    break;
  case REG_UNDEFINED:
    out.rbp = CFI_RBP_UNKNOWN;
    break;
  case REG_AT_CFA:
    if (r->rbp.off != (int16_t)r->rbp.off)
      return out;
    out.rbp = CFI_RBP_SAVED;
    out.rbp_off = (int16_t)r->rbp.off;
    break;
  default:
    return out;
  }
  out.kind = CFI_STEP;
  return out;
}

cfi_rule eh_frame_run(const cie_info *cie, const fde_info *fde, uptr pc) {
  static const cfi_rule unsupported = {CFI_UNSUPPORTED, 0, CFI_RBP_SAME, 0, 0};
  machine m;
  m.cur = (row){DWARF_RSP, 0, {REG_SAME, 0}, {REG_UNSET, 0}};
  m.initial = 0;
  m.depth = 0;
  m.cie = cie;
  m.loc = 0;
  m.target = ~(uptr)0; /* a CIE does not advance */
  if (run(&m, cie->insns, cie->insns_end) != RUN_DONE)
    return unsupported;
  row initial = m.cur;
  m.initial = &initial;
  m.depth = 0;
  m.loc = fde->pc_begin;
  m.target = pc;
  if (run(&m, fde->insns, fde->insns_end) != RUN_DONE)
    return unsupported;
  return to_rule(&m.cur);
}
