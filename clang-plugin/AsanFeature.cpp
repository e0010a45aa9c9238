//===- AsanFeature.cpp - __has_feature(address_sanitizer) under Sleuth ----===//
//
// Code written for ASan often tests only `__has_feature(address_sanitizer)`
// before it annotates an allocator or skips a deliberate over-read (a hash
// that reads a key's tail a word at a time). clang answers that test from
// LangOptions::Sanitize, which only -fsanitize=address sets, and the same
// bit makes code generation emit ASan's own instrumentation and calls into
// ASan's runtime. A Sleuth build needs the first without the second.
//
// So the bit is on while clang parses and off while it generates code:
//
//   "sleuthasanoff"  runs before the main action (code generation): turns
//                    the bit on when the consumers are made, and off at the
//                    start of every consumer call (the calls in which code
//                    generation emits a declaration it has been handed)
//   "sleuthasanon"   runs after the main action: turns it back on at the
//                    end of each of those calls, before the parser goes on
//                    (not at the end of the translation unit: it stays off)
//
// The preprocessor, parser and Sema see what -fsanitize=address gives them;
// code generation and the backend never do (no ASan pass, no __asan_*
// calls, no sanitizer metadata). Actions that write an AST file (a PCH or
// a module) keep the bit on throughout: the file records it, and a Sleuth
// compile that reads the file must match it; a compile that reads a
// precompiled header written by the plain clang (bit off) leaves the bit
// off. `-fplugin-arg-sleuth-no-asan-feature` (sleuth-cc
// --no-sanitize-address-macro) leaves the bit alone.
//
//===----------------------------------------------------------------------===//
#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/Sanitizers.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/ASTReader.h"
#include "llvm/Config/llvm-config.h"

#include "PluginArgs.h"

#include <memory>
#include <string>
#include <vector>

using namespace clang;

namespace {

/// The compile's LangOptions while this plugin holds the bit, else null.
/// One compile at a time per process: clang runs the jobs of one command
/// line (several sources) one after another.
LangOptions *Switched;

void setAsan(bool On) {
  if (Switched)
    Switched->Sanitize.set(SanitizerKind::Address, On);
}

bool writesASTFile(const CompilerInstance &CI) {
  switch (CI.getFrontendOpts().ProgramAction) {
  case frontend::GeneratePCH:
  case frontend::GenerateModule:
  case frontend::GenerateModuleInterface:
#if LLVM_VERSION_MAJOR >= 19
  case frontend::GenerateReducedModuleInterface:
#endif
#if LLVM_VERSION_MAJOR >= 15
  case frontend::GenerateHeaderUnit:
#else
  case frontend::GenerateHeaderModule:
#endif
    return true;
  default:
    return false;
  }
}

/// Reads whether an AST file was written with the bit on.
class SanitizeListener : public ASTReaderListener {
public:
#if LLVM_VERSION_MAJOR >= 20
  bool ReadLanguageOptions(const LangOptions &LO, StringRef, bool,
                           bool) override {
#else
  bool ReadLanguageOptions(const LangOptions &LO, bool, bool) override {
#endif
    Asan = LO.Sanitize.has(SanitizerKind::Address);
    return false;
  }
  bool Asan = true;
};

/// A precompiled header written without the bit (by the plain clang) is
/// read as it is: with the bit on this compile would refuse it. Such a
/// compile sees no feature; one written by a Sleuth compile, or one that
/// cannot be read here (clang will say why), leaves the bit on.
bool pchWithoutAsan(CompilerInstance &CI) {
  const std::string &PCH = CI.getPreprocessorOpts().ImplicitPCHInclude;
  if (PCH.empty() || !CI.hasFileManager())
    return false;
  SanitizeListener L;
  if (ASTReader::readASTFileControlBlock(PCH, CI.getFileManager(),
#if LLVM_VERSION_MAJOR >= 17
                                         CI.getModuleCache(),
#endif
                                         CI.getPCHContainerReader(),
                                         /*FindModuleFileExtensions=*/false, L,
                                         /*ValidateDiagnosticOptions=*/false))
    return false;
  return !L.Asan;
}

bool featureWanted(const CompilerInstance &CI) {
  const auto &Args = CI.getFrontendOpts().PluginArgs;
  auto It = Args.find("sleuth");
  if (It != Args.end())
    for (const std::string &A : It->second)
      if (A == sleuth::NoAsanFeatureArg)
        return false;
  return true;
}

/// Sets the bit to On in every consumer call in which code generation may
/// emit code: the consumer before code generation's clears it (On false),
/// the one after it sets it again (On true).
class AsanBitConsumer : public ASTConsumer {
public:
  explicit AsanBitConsumer(bool On) : On(On) {}

  bool HandleTopLevelDecl(DeclGroupRef) override { return flip(); }
  void HandleInlineFunctionDefinition(FunctionDecl *) override { flip(); }
  void HandleInterestingDecl(DeclGroupRef) override { flip(); }
  void HandleTagDeclDefinition(TagDecl *) override { flip(); }
  void HandleTagDeclRequiredDefinition(const TagDecl *) override { flip(); }
  void HandleCXXImplicitFunctionInstantiation(FunctionDecl *) override {
    flip();
  }
  void HandleTopLevelDeclInObjCContainer(DeclGroupRef) override { flip(); }
  void HandleImplicitImportDecl(ImportDecl *) override { flip(); }
  void CompleteTentativeDefinition(VarDecl *) override { flip(); }
#if LLVM_VERSION_MAJOR >= 19
  void CompleteExternalDeclaration(DeclaratorDecl *) override { flip(); }
#else
  void CompleteExternalDeclaration(VarDecl *) override { flip(); }
#endif
  void AssignInheritanceModel(CXXRecordDecl *) override { flip(); }
  void HandleCXXStaticMemberVarInstantiation(VarDecl *) override { flip(); }
  void HandleVTable(CXXRecordDecl *) override { flip(); }

  // The end: the consumer before code generation clears the bit, code
  // generation emits what it deferred and the backend runs; the one after
  // it leaves the bit off (nothing parses any more) and lets go of the
  // compile, so the next compile of this process starts over.
  void HandleTranslationUnit(ASTContext &) override {
    if (On)
      Switched = nullptr;
    else
      flip();
  }

private:
  bool flip() {
    setAsan(On);
    return true;
  }

  bool On;
};

class AsanOffAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    Switched = nullptr;
    LangOptions &LO = CI.getLangOpts();
    // Under clang's own -fsanitize=address (sleuth-cc refuses it) the bit
    // is not ours to clear.
    if (featureWanted(CI) && !LO.Sanitize.has(SanitizerKind::Address) &&
        !pchWithoutAsan(CI)) {
      LO.Sanitize.set(SanitizerKind::Address, true);
      if (!writesASTFile(CI))
        Switched = &LO;
    }
    return std::make_unique<AsanBitConsumer>(false);
  }

  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

class AsanOnAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<AsanBitConsumer>(true);
  }

  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }

  ActionType getActionType() override { return AddAfterMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<AsanOffAction>
    Off("sleuthasanoff",
        "Sleuth: __has_feature(address_sanitizer) while parsing; off for code generation");
static FrontendPluginRegistry::Add<AsanOnAction>
    On("sleuthasanon", "Sleuth: __has_feature(address_sanitizer) back on after each code generation call");
