/* insn_access_size against the assembler: each instruction below is
 * assembled by the compiler (never run), and the decoder must name the
 * size of its memory operand, or 0 for an instruction it does not know. */
#include <stdint.h>

#include "check.h"
#include "insn_decode.h"

/* One labelled instruction per line, after the size the decoder must give. */
#define INSNS(X)                                                               \
  X(1, movzb, "movzbl (%rax), %eax")                                           \
  X(1, movsb, "movsbq 3(%rdi), %rcx")                                          \
  X(2, movzw, "movzwl (%rax,%rbx,2), %eax")                                    \
  X(2, movsw, "movswl (%rax), %eax")                                           \
  X(1, load8, "movb (%rax), %cl")                                              \
  X(2, load16, "movw (%rax), %cx")                                             \
  X(4, load32, "movl 8(%rsp), %r9d")                                           \
  X(8, load64, "movq -8(%rbp), %r12")                                          \
  X(1, store8, "movb %al, (%rdx)")                                             \
  X(4, store32, "movl %eax, (%r13)")                                           \
  X(8, store64, "movq %rax, 16(%rdx)")                                         \
  X(1, storeimm8, "movb $7, (%rax)")                                           \
  X(4, storeimm32, "movl $7, (%rax)")                                          \
  X(8, storeimm64, "movq $7, (%rax)")                                          \
  X(4, movsxd, "movslq (%rax), %rax")                                          \
  X(1, cmp8, "cmpb $0, (%rax)")                                                \
  X(4, cmp32, "cmpl (%rdi), %eax")                                             \
  X(8, add64, "addq %rax, (%rdi)")                                             \
  X(4, addimm, "addl $1, 4(%rdi)")                                             \
  X(1, test8, "testb $1, (%rdi)")                                              \
  X(4, movss, "movss (%rax), %xmm0")                                           \
  X(8, movsd, "movsd %xmm1, (%rax)")                                           \
  X(16, movups, "movups (%rax), %xmm2")                                        \
  X(16, movdqu, "movdqu (%rax), %xmm2")                                        \
  X(16, movdqa, "movdqa %xmm3, (%rax)")                                        \
  X(8, movq, "movq (%rax), %xmm0")                                             \
  X(4, movd, "movd (%rax), %xmm0")                                             \
  X(16, vmovdqu, "vmovdqu (%rax), %xmm0")                                      \
  X(32, vmovdqu256, "vmovdqu (%rax), %ymm0")                                   \
  X(32, vmovups256, "vmovups %ymm1, (%r10)")                                   \
  X(4, vmovss, "vmovss (%rax), %xmm0")                                         \
  X(8, vmovsd, "vmovsd (%r9), %xmm0")                                          \
  X(4, cmov, "cmovel (%rax), %ecx")                                            \
  X(0, nop, "nop")                                                             \
  X(0, rep_movsb, "rep movsb")

#define ASM(size, name, text) ".globl insn_" #name "\ninsn_" #name ": " text "\n"
__asm__(".text\n" INSNS(ASM));

#define DECL(size, name, text) extern const uint8_t insn_##name[];
INSNS(DECL)

int main(void) {
#define TEST(size, name, text)                                                 \
  if (insn_access_size((uptr)insn_##name) != size) {                           \
    fprintf(stderr, "%s: got %u, want %u\n", text,                             \
            insn_access_size((uptr)insn_##name), size);                        \
    check_failures++;                                                          \
  }
  INSNS(TEST)
  CHECK_DONE("insn_decode_test");
}
