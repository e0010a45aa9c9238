//===- SleuthClang.cpp - source-level facts for the Sleuth pass -----------===//
//
// clang -fplugin=SleuthClang.so (sleuth-cc adds it). The pass plugin sees
// only IR, and clang writes what the source says about sanitizers into IR
// only under -fsanitize=address, which a Sleuth build does not use. This
// plugin runs before code generation and writes those facts as annotations
// (`llvm.global.annotations`), which the pass reads and removes at the
// start of the pipeline (pass/SourceFacts.cpp):
//
//   "sleuth.no_check"   on a function: no_sanitize_address,
//                       no_sanitize("address"), no_sanitize("kernel-address"),
//                       disable_sanitizer_instrumentation; on a global: the
//                       same spellings (no redzone)
//   "sleuth.global" US name US file:line:column US flags
//                       on every global variable definition: its qualified
//                       name (`ns::Class::member`, `f()::local_static`), its
//                       definition's presumed location, and flags: `d` when
//                       it has a dynamic initialiser (C++ globals whose
//                       initial value is computed at start-up)
//   "sleuth.literal" US file:line:column US hex bytes
//                       on a function or global variable definition, once
//                       per string literal in its body or initialiser (up
//                       to 256 bytes long): where the literal is written,
//                       which the pass gives the literal's global (reports
//                       say `defined in 'file.c:LINE:COL'`, as ASan's)
//
// (US is the ASCII unit separator, 0x1f, which no name or path contains.)
// `SLEUTH_NO_CHECK` in <sleuth/sleuth.h> is the annotation itself, so it
// works without this plugin too.
//
// Declarations are annotated as the parser hands them over, before code
// generation sees them (this consumer runs first); a last walk over the
// whole translation unit catches template instantiations and static data
// members that code generation emits at its end.
//
//===----------------------------------------------------------------------===//
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include "PluginArgs.h"

#include <memory>
#include <string>
#include <vector>

using namespace clang;

namespace {

constexpr const char *NoCheck = "sleuth.no_check";
constexpr const char *GlobalPrefix = "sleuth.global\x1f";
constexpr const char *LiteralPrefix = "sleuth.literal\x1f";
/// Longer literals (help texts, tables) are left undescribed: their
/// annotation would cost more than the location is worth.
constexpr unsigned MaxLiteralBytes = 256;

/// The string literals written in a body or an initialiser (not inside
/// nested lambdas' or blocks' own declarations, which are visited as
/// functions of their own).
class LiteralCollector : public RecursiveASTVisitor<LiteralCollector> {
public:
  std::vector<const StringLiteral *> Found;
  bool VisitStringLiteral(StringLiteral *SL) {
    if (SL->getByteLength() <= MaxLiteralBytes)
      Found.push_back(SL);
    return true;
  }
};

bool hasSleuthAnnotation(const Decl *D, llvm::StringRef Prefix) {
  for (const auto *A : D->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation().substr(0, Prefix.size()) == Prefix)
      return true;
  return false;
}

/// Whether the source asks that D not be checked by an address sanitizer.
bool optsOut(const Decl *D) {
  if (D->hasAttr<DisableSanitizerInstrumentationAttr>())
    return true;
  for (const auto *A : D->specific_attrs<NoSanitizeAttr>())
    if (A->getMask() & (SanitizerKind::Address | SanitizerKind::KernelAddress))
      return true;
  return false;
}

class FactsVisitor : public RecursiveASTVisitor<FactsVisitor> {
public:
  explicit FactsVisitor(ASTContext &Ctx) : Ctx(Ctx) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && optsOut(FD) &&
        !hasSleuthAnnotation(FD, NoCheck))
      FD->addAttr(AnnotateAttr::CreateImplicit(Ctx, NoCheck, nullptr, 0));
    if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext())
      annotateLiterals(FD, FD->getBody());
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (!VD->hasGlobalStorage() || isa<ParmVarDecl>(VD) ||
        VD->isThisDeclarationADefinition() == VarDecl::DeclarationOnly ||
        VD->getDeclContext()->isDependentContext())
      return true;
    if (optsOut(VD) && !hasSleuthAnnotation(VD, NoCheck))
      VD->addAttr(AnnotateAttr::CreateImplicit(Ctx, NoCheck, nullptr, 0));
    if (hasSleuthAnnotation(VD, GlobalPrefix))
      return true;
    std::string Facts = GlobalPrefix;
    Facts += VD->getQualifiedNameAsString();
    Facts += '\x1f';
    const SourceManager &SM = Ctx.getSourceManager();
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(VD->getLocation()));
    if (P.isValid()) {
      Facts += P.getFilename();
      Facts += ':' + std::to_string(P.getLine()) + ':' +
               std::to_string(P.getColumn());
    }
    Facts += '\x1f';
    if (hasDynamicInit(VD))
      Facts += 'd';
    VD->addAttr(AnnotateAttr::CreateImplicit(Ctx, Facts, nullptr, 0));
    annotateLiterals(VD, VD->getInit());
    return true;
  }

private:
  /// One "sleuth.literal" annotation on D per string literal in Body, once
  /// (a declaration can be visited twice: as it is parsed and at the end).
  void annotateLiterals(Decl *D, Stmt *Body) {
    if (!Body || hasSleuthAnnotation(D, LiteralPrefix))
      return;
    LiteralCollector Collect;
    Collect.TraverseStmt(Body);
    const SourceManager &SM = Ctx.getSourceManager();
    static const char Hex[] = "0123456789abcdef";
    for (const StringLiteral *SL : Collect.Found) {
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(SL->getBeginLoc()));
      if (!P.isValid())
        continue;
      std::string Facts = LiteralPrefix;
      Facts += P.getFilename();
      Facts += ':' + std::to_string(P.getLine()) + ':' +
               std::to_string(P.getColumn()) + '\x1f';
      for (unsigned char B : SL->getBytes()) {
        Facts += Hex[B >> 4];
        Facts += Hex[B & 15];
      }
      D->addAttr(AnnotateAttr::CreateImplicit(Ctx, Facts, nullptr, 0));
    }
  }

  /// A namespace-scope or static-member C++ variable whose initial value is
  /// computed by code at start-up (what init-order checking watches).
  bool hasDynamicInit(const VarDecl *VD) const {
    if (!Ctx.getLangOpts().CPlusPlus || VD->isStaticLocal() ||
        VD->getTLSKind() != VarDecl::TLS_None)
      return false;
    const Expr *Init = VD->getInit();
    if (!Init || Init->isValueDependent() || Init->containsErrors())
      return false;
    return !VD->hasConstantInitialization();
  }

  ASTContext &Ctx;
};

class FactsConsumer : public ASTConsumer {
public:
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    if (!Visitor)
      return true;
    for (Decl *D : DG)
      Visitor->TraverseDecl(D);
    return true;
  }

  void HandleInlineFunctionDefinition(FunctionDecl *FD) override {
    if (Visitor)
      Visitor->TraverseDecl(FD);
  }

  void HandleCXXStaticMemberVarInstantiation(VarDecl *VD) override {
    if (Visitor)
      Visitor->TraverseDecl(VD);
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Visitor && !Ctx.getDiagnostics().hasErrorOccurred())
      Visitor->TraverseDecl(Ctx.getTranslationUnitDecl());
  }

  void Initialize(ASTContext &Ctx) override {
    Visitor = std::make_unique<FactsVisitor>(Ctx);
  }

private:
  std::unique_ptr<FactsVisitor> Visitor;
};

class SleuthFactsAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<FactsConsumer>();
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    for (const std::string &A : Args) {
      // Read by AsanFeature.cpp: leave __has_feature(address_sanitizer) off.
      if (A == sleuth::NoAsanFeatureArg)
        continue;
      DiagnosticsEngine &D = CI.getDiagnostics();
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                 "sleuth plugin: unknown argument '%0'"))
          << A;
      return false;
    }
    return true;
  }

  // Runs on its own before the main action (code generation), whatever
  // the command line says.
  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<SleuthFactsAction>
    X("sleuth", "Sleuth: source-level facts (opt-outs, global names) for the pass");
