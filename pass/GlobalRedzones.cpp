//===- GlobalRedzones.cpp - redzones after global variables ---------------===//
//
// Every global definition we can safely change becomes a private-layout
// struct { original, [RZ x i8] } with the same name, linkage, visibility and
// (at least 32-byte) alignment; uses are redirected to field 0. The right
// redzone is at least 32 bytes, grows with the size (a quarter, capped), and
// pads the whole to a multiple of 32. The first such global of each section
// (.bss, .data, .rodata) gets a 32-byte poisoned left guard in front of it. A descriptor array
// {beg, size, size_with_redzone, name, location, flags} is registered by the
// module constructor (__sleuth_register_globals) and unregistered by a
// destructor (dlclose, exit), which clears the shadow.
//
// Left alone (conservatively): declarations, available_externally, weak,
// linkonce and common definitions (the linker may pick another module's
// copy), comdat members, thread-locals, globals in an explicit section,
// opted out (!sleuth.no_redzone: no_sanitize("address") or the ignore-list),
// externally initialised ones, unsized or empty ones, alignment above 4096,
// and compiler-internal names.
// Globals in llvm.used / llvm.compiler.used (__attribute__((used))) are
// redzoned as ASan redzones them: the list then names the new global
// through a zero-index GEP, which it strips as it strips casts.
//
// This runs after the accesses of every function were instrumented: the
// access instrumenter's "provably in bounds" test then sees the original
// sizes, not the padded ones.
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "SleuthPass.h"

#include "abi.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <string>

using namespace llvm;

namespace sleuth {

namespace {

bool shouldInstrumentGlobal(GlobalVariable &G, const DataLayout &DL) {
  if (G.isDeclaration() || !G.hasInitializer() ||
      G.hasAvailableExternallyLinkage())
    return false;
  if (!(G.hasExternalLinkage() || G.hasLocalLinkage()))
    return false; // weak, linkonce, common, extern_weak, appending
  if (G.hasComdat() || G.isThreadLocal() || G.hasSection() ||
      G.isExternallyInitialized() || G.getAddressSpace() != 0)
    return false;
  if (G.getMetadata(NoRedzoneMD))
    return false;
  StringRef Name = G.getName();
  if (startsWith(Name, "llvm.") || startsWith(Name, "__llvm") ||
      startsWith(Name, "__prof") || startsWith(Name, "__sleuth") ||
      startsWith(Name, "sleuth.") || startsWith(Name, "__start_") ||
      startsWith(Name, "__stop_") ||
      // Vtables are instrumented (a vtable defined in two modules is an ODR
      // violation the runtime reports), but not those whole-program
      // devirtualisation or CFI lay out by their !type metadata.
      (startsWith(Name, "_ZTV") && G.hasMetadata(LLVMContext::MD_type)) ||
      startsWith(Name, "_ZTI") || startsWith(Name, "_ZTS") ||
      startsWith(Name, "__cxx_global") || startsWith(Name, "__dso_handle"))
    return false;
  Type *Ty = G.getValueType();
  if (!Ty->isSized())
    return false;
  TypeSize TS = DL.getTypeAllocSize(Ty);
  if (TS.isScalable() || TS.getFixedValue() == 0 ||
      TS.getFixedValue() > (uint64_t(1) << 40))
    return false;
  if (G.getAlign() && G.getAlign()->value() > 4096)
    return false;
  return true;
}

uint64_t rightRedzone(uint64_t Size) {
  const uint64_t MinRZ = 32, MaxRZ = 1 << 18;
  uint64_t RZ = (Size / 4) & ~(MinRZ - 1);
  RZ = RZ < MinRZ ? MinRZ : RZ > MaxRZ ? MaxRZ : RZ;
  if (Size % MinRZ)
    RZ += MinRZ - Size % MinRZ;
  return RZ;
}

Constant *privateString(Module &M, StringRef S, const Twine &Name) {
  Constant *Init = ConstantDataArray::getString(M.getContext(), S);
  auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                GlobalValue::PrivateLinkage, Init, Name);
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  GV->setAlignment(Align(1));
  return ConstantExpr::getPointerCast(GV, pointerTo(Type::getInt8Ty(M.getContext())));
}

/// Where the code generator puts a global (only the kinds a guard can go
/// to; Count: elsewhere, e.g. constants with relocations in .data.rel.ro).
enum class GuardSection { Bss, Data, ReadOnly, Count };

bool hasRelocations(const Constant *C) {
  if (isa<GlobalValue>(C) || isa<BlockAddress>(C))
    return true;
  for (const Value *Op : C->operands())
    if (hasRelocations(cast<Constant>(Op)))
      return true;
  return false;
}

GuardSection sectionKindOf(const GlobalVariable &G) {
  const Constant *Init = G.getInitializer();
  if (hasRelocations(Init))
    return G.isConstant() ? GuardSection::Count : GuardSection::Data;
  if (G.isConstant())
    return GuardSection::ReadOnly;
  return Init->isNullValue() ? GuardSection::Bss : GuardSection::Data;
}

/// The address this module registers must be its own copy of the global. A
/// default-visibility global of a shared library is reached through the GOT,
/// which the dynamic linker may bind to a same-named global of another module
/// (the executable or an earlier library, instrumented or not): registering
/// that address poisons a redzone after someone else's variable. A private
/// alias always names this module's definition. A comdat member (an inline
/// or template variable) is one variable by the ODR: it keeps the symbol.
GlobalValue *ownDefinition(GlobalVariable &G) {
  if (G.hasLocalLinkage() || G.isDSOLocal() || G.hasComdat())
    return &G;
  return GlobalAlias::create(G.getValueType(), G.getAddressSpace(),
                             GlobalValue::PrivateLinkage,
                             G.getName() + ".sleuth.own", &G, G.getParent());
}

constexpr uint64_t LeftGuardSize = 32;

/// A 32-byte, 32-aligned private global of the given section kind placed
/// just before First in the module (and so in the object file's section).
/// .data and .rodata need a non-zero initialiser to stay out of .bss.
GlobalVariable *makeLeftGuard(Module &M, GlobalVariable &First,
                              GuardSection K) {
  LLVMContext &C = M.getContext();
  auto *Ty = ArrayType::get(Type::getInt8Ty(C), LeftGuardSize);
  SmallVector<uint8_t, 32> Fill(LeftGuardSize, 0xf9);
  Constant *Init = K == GuardSection::Bss
                       ? Constant::getNullValue(Ty)
                       : ConstantDataArray::get(C, Fill);
  auto *Guard = new GlobalVariable(M, Ty, K == GuardSection::ReadOnly,
                                   GlobalValue::PrivateLinkage, Init,
                                   "sleuth.left_guard", &First);
  Guard->setAlignment(Align(32));
  return Guard;
}

} // namespace

unsigned instrumentGlobals(Module &M) {
  const DataLayout &DL = M.getDataLayout();
  LLVMContext &C = M.getContext();

  SmallVector<GlobalVariable *, 32> Work;
  for (GlobalVariable &G : M.globals())
    if (shouldInstrumentGlobal(G, DL))
      Work.push_back(&G);
  if (Work.empty()) {
    // Still bracket this module's initialisers: they may read other
    // modules' globals. Any address unique to the module names it.
    auto *Id = new GlobalVariable(M, Type::getInt8Ty(C), /*isConstant=*/true,
                                  GlobalValue::PrivateLinkage,
                                  ConstantInt::get(Type::getInt8Ty(C), 0),
                                  "sleuth.module_id");
    bracketDynamicInit(M, Id);
    return 0;
  }

  IntegerType *IntptrTy = DL.getIntPtrType(C);
  Type *BytePtrTy = pointerTo(Type::getInt8Ty(C));
  StructType *DescTy = StructType::get(IntptrTy, IntptrTy, IntptrTy, BytePtrTy,
                                       BytePtrTy, IntptrTy);
  std::string ModuleFile = M.getSourceFileName();
  if (ModuleFile.empty())
    ModuleFile = M.getModuleIdentifier();

  SmallVector<Constant *, 32> Descs;
  SmallVector<std::pair<GlobalValue *, GlobalValue *>, 8> OdrPairs;
  auto Describe = [&](GlobalValue *GV, uint64_t Size, uint64_t Total,
                      StringRef Name, StringRef Where, uint64_t Flags) {
    Descs.push_back(ConstantStruct::get(
        DescTy, {ConstantExpr::getPtrToInt(GV, IntptrTy),
                 ConstantInt::get(IntptrTy, Size),
                 ConstantInt::get(IntptrTy, Total),
                 privateString(M, Name, "sleuth.global_name"),
                 privateString(M, Where, "sleuth.global_loc"),
                 ConstantInt::get(IntptrTy, Flags)}));
  };
  // Initialisers the optimiser evaluated at compile time are gone: then no
  // global here is dynamically initialised any more.
  const bool DynamicInitRuns = hasDynamicInitFunction(M);
  // The first redzoned global of each section kind, which gets a guard.
  GlobalVariable *FirstOf[unsigned(GuardSection::Count)] = {};
  for (GlobalVariable *G : Work) {
    Type *Ty = G->getValueType();
    uint64_t Size = DL.getTypeAllocSize(Ty).getFixedValue();
    uint64_t RZ = rightRedzone(Size);
    StructType *NewTy =
        StructType::get(Ty, ArrayType::get(Type::getInt8Ty(C), RZ));
    Constant *NewInit = ConstantStruct::get(
        NewTy, {G->getInitializer(),
                Constant::getNullValue(NewTy->getElementType(1))});
    auto *NewG = new GlobalVariable(M, NewTy, G->isConstant(), G->getLinkage(),
                                    NewInit, "", G, G->getThreadLocalMode(),
                                    G->getAddressSpace());
    NewG->copyAttributesFrom(G);
    NewG->setComdat(G->getComdat());
    uint64_t A = G->getAlign() ? G->getAlign()->value() : 1;
    NewG->setAlignment(Align(A > 32 ? A : 32));
    // Debug info keeps pointing at the variable (it is at offset 0).
    NewG->copyMetadata(G, 0);

    Constant *Zero = ConstantInt::get(Type::getInt32Ty(C), 0);
    Constant *Indices[] = {Zero, Zero};
    Constant *Field0 =
        ConstantExpr::getGetElementPtr(NewTy, NewG, Indices, /*InBounds=*/true);
    Constant *Repl = ConstantExpr::getPointerCast(Field0, G->getType());
    G->replaceAllUsesWith(Repl);
    NewG->takeName(G);
    G->eraseFromParent();

    // Name and definition site, for reports: the clang plugin's qualified
    // name and file:line:column, else the debug info's.
    std::string Name, Where = ModuleFile;
    uint64_t Flags = 0;
    SmallVector<DIGlobalVariableExpression *, 1> DIs;
    NewG->getDebugInfo(DIs);
    MDNode *Source = NewG->getMetadata(SourceMD);
    if (Source && Source->getNumOperands() == 3) {
      auto Field = [&](unsigned i) {
        auto *S = dyn_cast<MDString>(Source->getOperand(i));
        return S ? S->getString() : StringRef();
      };
      Name = Field(0).str();
      if (!Field(1).empty())
        Where = Field(1).str();
      if (DynamicInitRuns && hasDynamicInit(*NewG))
        Flags |= SLEUTH_GLOBAL_DYNAMIC_INIT;
    } else if (!DIs.empty() && DIs[0]->getVariable()) {
      DIGlobalVariable *V = DIs[0]->getVariable();
      Name = V->getName().str();
      if (!V->getFilename().empty()) {
        Where = V->getFilename().str();
        if (V->getLine())
          Where += ":" + std::to_string(V->getLine());
      }
    }
    if (Name.empty()) {
      StringRef N = NewG->getName();
      Name = (NewG->hasPrivateLinkage() && startsWith(N, ".str")) ||
                     N.empty()
                 ? std::string("<string literal>")
             : startsWith(N, "_Z") ? demangle(N.str()) // "vtable for X"
                                   : N.str();
    }
    // A vtable by its C++ name ("vtable for Shape"), also where the debug
    // info describes it (clang 20 on: an artificial "_vtable$").
    if (startsWith(NewG->getName(), "_ZTV"))
      Name = demangle(NewG->getName().str());
    GlobalValue *Own = ownDefinition(*NewG);
    Describe(Own, Size, Size + RZ, Name, Where, Flags);
    // A symbol another module may define too: the runtime compares this
    // module's copy with the one the dynamic linker bound the symbol to.
    if (Own != NewG)
      OdrPairs.push_back({Own, NewG});
    GuardSection K = sectionKindOf(*NewG);
    if (K != GuardSection::Count && !FirstOf[unsigned(K)])
      FirstOf[unsigned(K)] = NewG;
  }

  // Each global's redzone guards the next one's start; the first of each
  // section has a poisoned guard of its own in front of it, so a read just
  // before a global defined in another file is caught wherever the linker
  // puts this module's globals.
  for (unsigned K = 0; K < unsigned(GuardSection::Count); ++K) {
    if (GlobalVariable *First = FirstOf[K])
      Describe(makeLeftGuard(M, *First, GuardSection(K)), 0, LeftGuardSize,
               "<left guard>", ModuleFile, SLEUTH_GLOBAL_LEFT_GUARD);
  }

  ArrayType *ArrTy = ArrayType::get(DescTy, Descs.size());
  auto *Table = new GlobalVariable(M, ArrTy, /*isConstant=*/false,
                                   GlobalValue::PrivateLinkage,
                                   ConstantArray::get(ArrTy, Descs),
                                   "sleuth.globals");
  bracketDynamicInit(M, Table);
  Type *VoidTy = Type::getVoidTy(C);
  Type *TablePtrTy = pointerTo(DescTy);
  Constant *TablePtr = ConstantExpr::getPointerCast(Table, TablePtrTy);
  Constant *N = ConstantInt::get(IntptrTy, Descs.size());

  auto MakeFn = [&](const char *FnName, const char *Callee) {
    Function *F =
        Function::Create(FunctionType::get(VoidTy, false),
                         GlobalValue::InternalLinkage, FnName, M);
    F->addFnAttr(Attribute::NoUnwind);
    IRBuilder<> IRB(BasicBlock::Create(C, "", F));
    FunctionCallee Fn =
        M.getOrInsertFunction(Callee, VoidTy, TablePtrTy, IntptrTy);
    IRB.CreateCall(Fn, {TablePtr, N});
    IRB.CreateRetVoid();
    return F;
  };
  // Priority 1 like sleuth.module_ctor, added after it: runs after the
  // runtime is initialised.
  Function *Register =
      MakeFn("sleuth.register_globals", "__sleuth_register_globals");
  if (!OdrPairs.empty()) {
    // {own copy, the symbol as bound} per preemptible global, checked for
    // ODR violations once the globals are registered.
    SmallVector<Constant *, 16> Words;
    for (auto &P : OdrPairs) {
      Words.push_back(ConstantExpr::getPtrToInt(P.first, IntptrTy));
      Words.push_back(ConstantExpr::getPtrToInt(P.second, IntptrTy));
    }
    ArrayType *PairsTy = ArrayType::get(IntptrTy, Words.size());
    auto *Pairs = new GlobalVariable(M, PairsTy, /*isConstant=*/false,
                                     GlobalValue::PrivateLinkage,
                                     ConstantArray::get(PairsTy, Words),
                                     "sleuth.odr_pairs");
    IRBuilder<> IRB(Register->getEntryBlock().getTerminator());
    FunctionCallee Fn = M.getOrInsertFunction(
        "__sleuth_register_odr", VoidTy, pointerTo(IntptrTy), IntptrTy);
    IRB.CreateCall(Fn, {ConstantExpr::getPointerCast(Pairs, pointerTo(IntptrTy)),
                        ConstantInt::get(IntptrTy, OdrPairs.size())});
  }
  appendToGlobalCtors(M, Register, /*Priority=*/1);
  appendToGlobalDtors(M, MakeFn("sleuth.unregister_globals",
                                "__sleuth_unregister_globals"),
                      /*Priority=*/1);
  return Descs.size();
}

} // namespace sleuth
