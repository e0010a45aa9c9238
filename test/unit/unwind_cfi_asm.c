/* Two builds of one library function (FRAME = 24 or 56), with the same
 * code size and call site but different frame sizes: loaded one after the
 * other at the same address, a stale cached rule for the call site would
 * be wrong. Assembly, so that nothing but FRAME differs. lib_call_no_cfi
 * has no call-frame information at all: walks end in it. */
#include "unwind_cfi_test.h"

#define STR2(x) #x
#define STR(x) STR2(x)

/* clang-format off */
__asm__(".text\n"
        ".globl lib_call\n"
        ".type lib_call, @function\n"
        "lib_call:\n"
        ".cfi_startproc\n"
        "sub $" STR(FRAME) ", %rsp\n"
        ".cfi_adjust_cfa_offset " STR(FRAME) "\n"
        "call *%rdi\n"
        "add $" STR(FRAME) ", %rsp\n"
        ".cfi_adjust_cfa_offset -" STR(FRAME) "\n"
        "ret\n"
        ".cfi_endproc\n"
        ".size lib_call, .-lib_call\n"
        ".globl lib_call_no_cfi\n"
        ".type lib_call_no_cfi, @function\n"
        "lib_call_no_cfi:\n"
        "sub $" STR(FRAME) ", %rsp\n"
        "call *%rdi\n"
        "add $" STR(FRAME) ", %rsp\n"
        "ret\n"
        ".size lib_call_no_cfi, .-lib_call_no_cfi\n");
/* clang-format on */
