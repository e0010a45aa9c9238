//===- DominatedChecks.h - drop checks an earlier check made --------------===//
#ifndef SLEUTH_DOMINATED_CHECKS_H
#define SLEUTH_DOMINATED_CHECKS_H

#include "AccessInstrumenter.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/PassManager.h"

namespace sleuth {

/// Removes from Accesses each access whose bytes another access from the
/// same base, dominating it with nothing on any path between them that can
/// change the shadow (no call, lifetime marker, dynamic alloca;
/// DominatedChecks.cpp), already checks. Returns the number removed.
/// Whether I may change the shadow of memory the function can reach: a
/// call (not an intrinsic, nor `nofree` and `nosync`: it frees nothing and
/// no other thread can between), a lifetime marker (use-after-scope), a dynamic
/// alloca or stacksave/stackrestore (the runtime re-poisons the stack
/// there). A check before I makes no check after it redundant.
bool mayChangeShadow(const llvm::Instruction &I);

unsigned dropDominatedChecks(llvm::Function &F,
                             llvm::FunctionAnalysisManager &FAM,
                             llvm::SmallVectorImpl<MemAccess> &Accesses);

} // namespace sleuth

#endif
