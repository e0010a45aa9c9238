//===- InitOrder.cpp - bracket a module's dynamic initialisers -------------===//
//
// Init-order checking (check_initialization_order, runtime/check/globals.c):
// while one module's dynamic initialisers run, the dynamically initialised
// globals of modules whose initialisers have not started yet are poisoned,
// so reading one (the "static initialisation order fiasco") is reported.
// clang puts a translation unit's dynamic initialisers into one function,
// _GLOBAL__sub_I_<file>, listed in llvm.global_ctors; its start and every
// return get the runtime calls. Initialisers with init_priority go to other
// functions and are left alone, as in ASan. When the optimiser evaluated
// the initialisers at compile time (GlobalOpt folds a constructor whose
// result it can compute), the function is gone and the module's globals are
// no longer dynamically initialised: they must not be flagged.
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "SleuthPass.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace sleuth {

namespace {

/// The module's _GLOBAL__sub_I_* functions (normally one).
SmallVector<Function *, 1> dynamicInitFunctions(Module &M) {
  SmallVector<Function *, 1> Out;
  GlobalVariable *Ctors = M.getGlobalVariable("llvm.global_ctors");
  if (!Ctors || !Ctors->hasInitializer())
    return Out;
  auto *List = dyn_cast<ConstantArray>(Ctors->getInitializer());
  if (!List)
    return Out;
  for (Value *Op : List->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op);
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    auto *F = dyn_cast<Function>(Entry->getOperand(1)->stripPointerCasts());
    if (F && !F->isDeclaration() &&
        startsWith(F->getName(), "_GLOBAL__sub_I_"))
      Out.push_back(F);
  }
  return Out;
}

} // namespace

bool hasDynamicInitFunction(Module &M) {
  return !dynamicInitFunctions(M).empty();
}

void bracketDynamicInit(Module &M, Constant *ModuleId) {
  LLVMContext &C = M.getContext();
  IntegerType *IntptrTy = M.getDataLayout().getIntPtrType(C);
  Type *VoidTy = Type::getVoidTy(C);
  MDNode *NoSanitize = MDNode::get(C, {});
  for (Function *F : dynamicInitFunctions(M)) {
    IRBuilder<> IRB(&*F->getEntryBlock().getFirstInsertionPt());
    FunctionCallee Before = M.getOrInsertFunction(
        "__sleuth_before_dynamic_init", VoidTy, IntptrTy);
    IRB.CreateCall(Before, {ConstantExpr::getPtrToInt(ModuleId, IntptrTy)})
        ->setMetadata("nosanitize", NoSanitize);
    FunctionCallee After =
        M.getOrInsertFunction("__sleuth_after_dynamic_init", VoidTy);
    for (BasicBlock &BB : *F)
      if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
        IRBuilder<> R(Ret);
        R.CreateCall(After, {})->setMetadata("nosanitize", NoSanitize);
      }
  }
}

} // namespace sleuth
