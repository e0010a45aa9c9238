//===- ModuleCtor.cpp - the constructor that initialises the runtime ------===//
//
// Every instrumented module gets an internal, comdat-free constructor of
// priority 1 that calls __sleuth_module_init(SLEUTH_ABI_VERSION), so a
// plugin/runtime pair built from different ABI versions fails with one line.
//
//===----------------------------------------------------------------------===//
#include "SleuthPass.h"

#include "abi.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace sleuth {

void addModuleCtor(Module &M) {
  LLVMContext &C = M.getContext();
  Type *VoidTy = Type::getVoidTy(C);
  Function *Ctor =
      Function::Create(FunctionType::get(VoidTy, /*isVarArg=*/false),
                       GlobalValue::InternalLinkage, "sleuth.module_ctor", M);
  Ctor->addFnAttr(Attribute::NoUnwind);
  FunctionCallee Init = M.getOrInsertFunction("__sleuth_module_init", VoidTy,
                                              Type::getInt32Ty(C));
  IRBuilder<> IRB(BasicBlock::Create(C, "", Ctor));
  IRB.CreateCall(Init, {IRB.getInt32(SLEUTH_ABI_VERSION)});
  IRB.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, /*Priority=*/1);
}

} // namespace sleuth
