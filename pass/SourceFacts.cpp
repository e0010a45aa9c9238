//===- SourceFacts.cpp - what the source says, turned into IR facts -------===//
//
// Runs at the start of the pipeline, before any inlining or dead-code
// removal. It gathers what the source and the user said about checking and
// writes it where the rest of the pass looks:
//
// - annotations from the clang plugin (clang-plugin/SleuthClang.cpp) and
//   from SLEUTH_NO_CHECK (`annotate("sleuth.no_check")`): a function opted
//   out gets the attribute `sleuth-no-check`; a global opted out gets
//   `!sleuth.no_redzone`; a global's qualified name, `file:line:column` and
//   flags become `!sleuth.source !{name, location, flags}`. The entries are
//   then removed from llvm.global.annotations, so they neither keep dead
//   functions alive nor reach the object file; a `sleuth.literal` entry
//   (where a string literal is written, and its bytes) gives the literal's
//   private global (clang's `.str`, found by its contents) the metadata
//   `!{"<string literal>", file:line:column, ""}`;
// - the ignore-list (SLEUTH_IGNORELIST, clang's -fsanitize-ignorelist
//   syntax, read by LLVM's own SpecialCaseList so the two agree): `fun:`
//   matches a function's IR (mangled) name, `global:` a global's, `src:`
//   the file of a function's or global's debug info (else the module's
//   source file), `mainfile:` the module's source file; sections other than
//   `[address]` (or a pattern matching it) are not ours, and of the
//   entries with a `=category` only `=init` is (the global is exempt from
//   the initialization-order check, as with ASan);
// - `sanitize_address` on every function that will be checked. The
//   optimiser reads it as "accesses will be checked" and then refrains from
//   what would become false reports (widening loads past an object's end,
//   speculating loads); the inliner never merges a function that carries
//   it with one that does not, so an opted-out function neither loses its
//   opt-out by being inlined into checked code nor gains checks. Only the
//   attribute is set: clang's own ASan pass is not in the pipeline.
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "SleuthPass.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SpecialCaseList.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

namespace sleuth {

namespace {

/// The ignore-list of this process: SLEUTH_IGNORELIST (files separated by
/// commas) parsed once; a missing or malformed file stops the compiler with
/// one line.
const SpecialCaseList *ignoreList() {
  static const std::unique_ptr<SpecialCaseList> List =
      []() -> std::unique_ptr<SpecialCaseList> {
    const char *Env = std::getenv("SLEUTH_IGNORELIST");
    if (!Env || !*Env)
      return nullptr;
    std::vector<std::string> Paths;
    SmallVector<StringRef, 4> Parts;
    StringRef(Env).split(Parts, ',', -1, false);
    for (StringRef P : Parts)
      Paths.push_back(P.str());
    std::string Error;
    auto L = SpecialCaseList::create(Paths, *vfs::getRealFileSystem(), Error);
    if (!L) {
      errs() << "sleuth: error: SLEUTH_IGNORELIST: " << Error << "\n";
      errs().flush();
      std::exit(1);
    }
    return L;
  }();
  return List.get();
}

bool ignored(const SpecialCaseList &L, StringRef Prefix, StringRef Query) {
  return !Query.empty() && L.inSection("address", Prefix, Query);
}

StringRef fileOf(const Function &F, const Module &M) {
  if (const DISubprogram *SP = F.getSubprogram())
    if (!SP->getFilename().empty())
      return SP->getFilename();
  return M.getSourceFileName();
}

StringRef fileOf(const GlobalVariable &G, const Module &M) {
  SmallVector<DIGlobalVariableExpression *, 1> DIs;
  G.getDebugInfo(DIs);
  if (!DIs.empty() && DIs[0]->getVariable() &&
      !DIs[0]->getVariable()->getFilename().empty())
    return DIs[0]->getVariable()->getFilename();
  return M.getSourceFileName();
}

StringRef annotationString(Constant *C) {
  auto *GV = dyn_cast<GlobalVariable>(C->stripPointerCasts());
  if (!GV || !GV->hasInitializer())
    return "";
  auto *Data = dyn_cast<ConstantDataArray>(GV->getInitializer());
  if (!Data || !Data->isCString())
    return "";
  return Data->getAsCString();
}

void markNoRedzone(GlobalVariable &G) {
  G.setMetadata(NoRedzoneMD, MDNode::get(G.getContext(), {}));
}

/// The location of each `sleuth.literal` entry (US file:line:column US hex
/// bytes) on the private constant global holding those bytes and their
/// terminator, unless it has one (the first written wins, as with ASan,
/// which describes a merged literal by its first use).
void locateLiterals(Module &M, ArrayRef<StringRef> Literals) {
  if (Literals.empty())
    return;
  StringMap<GlobalVariable *> ByBytes;
  for (GlobalVariable &G : M.globals()) {
    if (!G.hasPrivateLinkage() || !G.isConstant() || !G.hasInitializer() ||
        G.getMetadata(SourceMD) || G.getSection() == "llvm.metadata")
      continue; // (llvm.metadata: the annotations' own strings)
    auto *Data = dyn_cast<ConstantDataSequential>(G.getInitializer());
    if (!Data || Data->getNumElements() == 0)
      continue;
    StringRef Raw = Data->getRawDataValues();
    unsigned Width = Data->getElementByteSize();
    StringRef Tail = Raw.take_back(Width);
    if (Tail.find_first_not_of('\0') != StringRef::npos)
      continue; // not terminated: not a string literal's global
    ByBytes.try_emplace(Raw.drop_back(Width), &G);
  }
  LLVMContext &C = M.getContext();
  for (StringRef Text : Literals) {
    SmallVector<StringRef, 3> Fields;
    Text.split(Fields, '\x1f');
    if (Fields.size() != 3 || Fields[2].size() % 2)
      continue;
    std::string Bytes;
    for (size_t i = 0; i < Fields[2].size(); i += 2) {
      unsigned V;
      if (Fields[2].substr(i, 2).getAsInteger(16, V))
        break;
      Bytes += char(V);
    }
    auto It = ByBytes.find(Bytes);
    if (It == ByBytes.end() || It->second->getMetadata(SourceMD))
      continue;
    It->second->setMetadata(
        SourceMD, MDNode::get(C, {MDString::get(C, "<string literal>"),
                                  MDString::get(C, Fields[1]),
                                  MDString::get(C, "")}));
  }
}

/// Applies and removes the `sleuth.*` entries of llvm.global.annotations.
void takeAnnotations(Module &M) {
  GlobalVariable *Ann = M.getGlobalVariable("llvm.global.annotations");
  if (!Ann || !Ann->hasInitializer())
    return;
  auto *Arr = dyn_cast<ConstantArray>(Ann->getInitializer());
  if (!Arr)
    return;
  LLVMContext &C = M.getContext();
  SmallVector<Constant *, 16> Keep;
  SmallVector<GlobalVariable *, 16> Strings;
  SmallVector<StringRef, 16> Literals;
  for (Value *Op : Arr->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op);
    if (!Entry || Entry->getNumOperands() < 2) {
      Keep.push_back(cast<Constant>(Op));
      continue;
    }
    StringRef Text = annotationString(Entry->getOperand(1));
    if (!startsWith(Text, "sleuth.")) {
      Keep.push_back(Entry);
      continue;
    }
    for (unsigned i = 1; i < Entry->getNumOperands() && i < 3; ++i)
      if (auto *S = dyn_cast<GlobalVariable>(
              Entry->getOperand(i)->stripPointerCasts()))
        Strings.push_back(S); // the annotation and its file name
    auto *Target = dyn_cast<GlobalValue>(Entry->getOperand(0)->stripPointerCasts());
    if (!Target)
      continue;
    if (Text == "sleuth.no_check") {
      if (auto *F = dyn_cast<Function>(Target))
        F->addFnAttr(NoCheckAttr);
      else if (auto *G = dyn_cast<GlobalVariable>(Target))
        markNoRedzone(*G);
    } else if (startsWith(Text, "sleuth.literal\x1f")) {
      Literals.push_back(Text);
    } else if (startsWith(Text, "sleuth.global\x1f")) {
      auto *G = dyn_cast<GlobalVariable>(Target);
      SmallVector<StringRef, 4> Fields;
      Text.split(Fields, '\x1f');
      if (G && Fields.size() == 4 && !G->getMetadata(SourceMD))
        G->setMetadata(SourceMD,
                       MDNode::get(C, {MDString::get(C, Fields[1]),
                                       MDString::get(C, Fields[2]),
                                       MDString::get(C, Fields[3])}));
    }
  }
  locateLiterals(M, Literals);
  if (Keep.size() == Arr->getNumOperands())
    return;
  if (Keep.empty()) {
    Ann->eraseFromParent();
  } else {
    ArrayType *Ty = ArrayType::get(Arr->getType()->getElementType(), Keep.size());
    auto *New = new GlobalVariable(M, Ty, Ann->isConstant(), Ann->getLinkage(),
                                   ConstantArray::get(Ty, Keep), "", Ann);
    New->setSection(Ann->getSection());
    New->takeName(Ann);
    Ann->eraseFromParent();
  }
  SmallPtrSet<GlobalVariable *, 16> Erased;
  for (GlobalVariable *S : Strings) {
    if (Erased.count(S))
      continue;
    S->removeDeadConstantUsers();
    if (S->use_empty()) {
      Erased.insert(S);
      S->eraseFromParent();
    }
  }
}

/// A global the ignore-list exempts from the initialization-order check
/// (`global:`, `type:` or `src:` with `=init`, as for ASan): it loses its
/// "dynamically initialised" flag, so it is neither poisoned while other
/// modules initialise nor reported.
bool initExempt(const SpecialCaseList &L, const GlobalVariable &G,
                const Module &M) {
  auto In = [&](StringRef Prefix, StringRef Query) {
    return !Query.empty() && L.inSection("address", Prefix, Query, "init");
  };
  StringRef Type;
  if (auto *ST = dyn_cast<StructType>(G.getValueType()))
    if (ST->hasName()) {
      Type = ST->getName();
      // clang names record types "class.NS::Name" / "struct.NS::Name".
      if (!Type.consume_front("class."))
        Type.consume_front("struct.");
    }
  return In("global", G.getName()) || In("src", fileOf(G, M)) ||
         In("type", Type);
}

void clearDynamicInit(GlobalVariable &G) {
  MDNode *Source = G.getMetadata(SourceMD);
  if (!Source || Source->getNumOperands() != 3)
    return;
  auto *Flags = dyn_cast<MDString>(Source->getOperand(2));
  if (!Flags || !Flags->getString().contains('d'))
    return;
  std::string Kept;
  for (char Ch : Flags->getString())
    if (Ch != 'd')
      Kept += Ch;
  LLVMContext &C = G.getContext();
  G.setMetadata(SourceMD, MDNode::get(C, {Source->getOperand(0),
                                          Source->getOperand(1),
                                          MDString::get(C, Kept)}));
}

void applyIgnoreList(Module &M, const SpecialCaseList &L) {
  for (GlobalVariable &G : M.globals())
    if (!G.isDeclaration() && initExempt(L, G, M))
      clearDynamicInit(G);
  bool WholeModule = ignored(L, "mainfile", M.getSourceFileName());
  for (Function &F : M)
    if (!F.isDeclaration() &&
        (WholeModule || ignored(L, "fun", F.getName()) ||
         ignored(L, "src", fileOf(F, M))))
      F.addFnAttr(NoCheckAttr);
  for (GlobalVariable &G : M.globals())
    if (!G.isDeclaration() &&
        (WholeModule || ignored(L, "global", G.getName()) ||
         ignored(L, "src", fileOf(G, M))))
      markNoRedzone(G);
}

} // namespace

void applySourceFacts(Module &M) {
  takeAnnotations(M);
  if (const SpecialCaseList *L = ignoreList())
    applyIgnoreList(M, *L);
  for (Function &F : M)
    if (!F.isDeclaration() && !F.hasFnAttribute(NoCheckAttr) &&
        !F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation))
      F.addFnAttr(Attribute::SanitizeAddress);
}

bool hasDynamicInit(const GlobalVariable &G) {
  MDNode *Source = G.getMetadata(SourceMD);
  if (!Source || Source->getNumOperands() != 3)
    return false;
  auto *Flags = dyn_cast<MDString>(Source->getOperand(2));
  return Flags && Flags->getString().contains('d');
}

} // namespace sleuth
