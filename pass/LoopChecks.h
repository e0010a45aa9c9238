//===- LoopChecks.h - one range check per loop instead of per iteration ---===//
#ifndef SLEUTH_LOOP_CHECKS_H
#define SLEUTH_LOOP_CHECKS_H

#include "AccessInstrumenter.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

namespace sleuth {

/// For each access in Accesses that runs on every iteration of an innermost
/// counted loop without calls, whose address advances by a constant stride
/// no larger than the access (dense) or stays put, emits one
/// __sleuth_check_*_range over all iterations in the loop preheader and
/// removes the access from Accesses. Returns the number removed.
unsigned hoistLoopChecks(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                         AccessInstrumenter &AI,
                         llvm::SmallVectorImpl<MemAccess> &Accesses);

} // namespace sleuth

#endif
