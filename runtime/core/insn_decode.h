/* Just enough of the x86-64 instruction set to tell how many bytes an
 * instruction reads or writes through its memory operand: for reports of
 * faults that the hardware, not a shadow check, caught (an access to a
 * protected quarantined block by uninstrumented code), where the access
 * size is not otherwise known. */
#ifndef SLEUTH_INSN_DECODE_H
#define SLEUTH_INSN_DECODE_H

#include "sys.h"

/* The memory operand's size of the instruction at pc (integer moves and
 * arithmetic, zero/sign extension, SSE/AVX moves), or 0 when the
 * instruction is not one of those. */
unsigned insn_access_size(uptr pc);
#endif
