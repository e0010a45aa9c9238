//===- DominatedChecks.h - drop checks an earlier check made --------------===//
#ifndef SLEUTH_DOMINATED_CHECKS_H
#define SLEUTH_DOMINATED_CHECKS_H

#include "AccessInstrumenter.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

namespace sleuth {

/// In a function whose shadow cannot change while it runs (no calls, no
/// dynamic allocas; DominatedChecks.cpp), removes from Accesses each access
/// whose bytes another access at the same address, dominating it, already
/// checks. Returns the number removed.
unsigned dropDominatedChecks(llvm::Function &F,
                             llvm::FunctionAnalysisManager &FAM,
                             llvm::SmallVectorImpl<MemAccess> &Accesses);

} // namespace sleuth

#endif
