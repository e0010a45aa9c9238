/* insn_decode.h: legacy prefixes, REX, then the opcode. Only the forms
 * compilers emit for plain loads and stores are known; anything else is 0
 * (the report then gives no size), never a guess. */
#include "insn_decode.h"

/* SSE opcodes after 0F whose size follows the mandatory prefix: none or
 * 66 a full 16-byte vector, F3 a float (4), F2 a double (8). */
static unsigned sse_size(uint8_t op, int f3, int f2) {
  switch (op) {
  case 0x10: case 0x11: /* movups/movss/movsd */
  case 0x51: case 0x58: case 0x59: case 0x5c: case 0x5d: case 0x5e:
  case 0x5f:
    return f3 ? 4 : f2 ? 8 : 16;
  default:
    return 0;
  }
}

static unsigned vex_size(const uint8_t *p) {
  unsigned map, w, l, pp;
  uint8_t op;
  if (p[0] == 0xc5) {
    map = 1;
    w = 0;
    l = (p[1] >> 2) & 1;
    pp = p[1] & 3;
    op = p[2];
  } else {
    map = p[1] & 31;
    w = p[2] >> 7;
    l = (p[2] >> 2) & 1;
    pp = p[2] & 3;
    op = p[3];
  }
  if (map != 1)
    return 0;
  unsigned vec = l ? 32 : 16;
  switch (op) {
  case 0x10: case 0x11: /* vmovups/vmovss/vmovsd */
    return pp == 2 ? 4 : pp == 3 ? 8 : vec;
  case 0x28: case 0x29: case 0x6f: case 0x7f: case 0xe7:
    return vec;
  case 0x6e:
    return w ? 8 : 4;
  case 0x7e:
    return pp == 2 ? 8 : w ? 8 : 4;
  case 0xd6:
    return 8;
  default:
    return 0;
  }
}

unsigned insn_access_size(uptr pc) {
  const uint8_t *p = (const uint8_t *)pc;
  int op16 = 0, f3 = 0, f2 = 0, rex_w = 0;
  for (int i = 0; i < 14; i++, p++) {
    uint8_t b = *p;
    if (b == 0x66)
      op16 = 1;
    else if (b == 0xf3)
      f3 = 1;
    else if (b == 0xf2)
      f2 = 1;
    else if (b != 0xf0 && b != 0x2e && b != 0x36 && b != 0x3e && b != 0x26 &&
             b != 0x64 && b != 0x65 && b != 0x67)
      break;
  }
  if ((*p & 0xf0) == 0x40) {
    rex_w = (*p >> 3) & 1;
    p++;
  }
  if (p[0] == 0xc4 || p[0] == 0xc5)
    return vex_size(p);
  unsigned v = rex_w ? 8 : op16 ? 2 : 4; /* the operand size */
  uint8_t op = p[0];
  if (op == 0x0f) {
    uint8_t op2 = p[1];
    switch (op2) {
    case 0xb6: case 0xbe: /* movzx/movsx from a byte */
      return 1;
    case 0xb7: case 0xbf: /* from a word */
      return 2;
    case 0x28: case 0x29: case 0x2b: case 0xe7: /* movaps/movntps/movntdq */
      return 16;
    case 0x6f: case 0x7f: /* movdqa/movdqu, or an MMX movq */
      return op16 || f3 ? 16 : 8;
    case 0x12: case 0x13: case 0x16: case 0x17: /* movlps/movhps */
    case 0xd6:                                  /* movq from xmm */
      return 8;
    case 0x6e:
      return rex_w ? 8 : 4;
    case 0x7e:
      return f3 || rex_w ? 8 : 4;
    case 0x2e: case 0x2f: /* ucomiss/comiss, ucomisd/comisd */
      return op16 ? 8 : 4;
    case 0xaf: /* imul */
      return v;
    default:
      if (op2 >= 0x40 && op2 <= 0x4f) /* cmovcc */
        return v;
      return sse_size(op2, f3, f2);
    }
  }
  /* add/or/adc/sbb/and/sub/xor/cmp with a memory operand: r/m8 forms are
   * the even opcodes, the others the operand size. */
  if (op < 0x40 && (op & 7) < 4)
    return (op & 1) ? v : 1;
  switch (op) {
  case 0x88: case 0x8a: case 0xc6: case 0x80: case 0x84: case 0x86:
  case 0xf6: case 0xfe: case 0xc0: case 0xd0: case 0xd2:
    return 1;
  case 0x89: case 0x8b: case 0xc7: case 0x81: case 0x83: case 0x85:
  case 0x87: case 0xf7: case 0xc1: case 0xd1: case 0xd3:
    return v;
  case 0x63: /* movsxd */
    return 4;
  case 0xff: /* inc/dec/call/jmp/push through memory */
    return ((p[1] >> 3) & 7) >= 2 ? 8 : v;
  default:
    return 0;
  }
}
