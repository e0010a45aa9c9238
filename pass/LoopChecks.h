//===- LoopChecks.h - loop versioning: a fast copy and a checked copy -----===//
#ifndef SLEUTH_LOOP_CHECKS_H
#define SLEUTH_LOOP_CHECKS_H

#include "AccessInstrumenter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

namespace sleuth {

/// Versions each innermost counted loop without calls that has accesses on
/// every iteration whose addresses advance densely by a constant stride or
/// stay put (LoopChecks.cpp): one query of their whole range in the
/// preheader picks the original loop, whose checks of those accesses are
/// removed from Accesses, or a clone, all of whose accesses are added to
/// Accesses. BeforeChange is called once before F is first changed.
/// Returns the number of loops versioned; NumHoisted is the number of
/// checks removed from the fast copies.
unsigned versionLoopChecks(llvm::Function &F,
                           llvm::FunctionAnalysisManager &FAM,
                           AccessInstrumenter &AI,
                           llvm::SmallVectorImpl<MemAccess> &Accesses,
                           llvm::function_ref<void()> BeforeChange,
                           unsigned &NumHoisted);

} // namespace sleuth

#endif
