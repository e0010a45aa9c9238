//===- Compat.h - small shims over LLVM 14..22 API differences --*- C++ -*-===//
#ifndef SLEUTH_COMPAT_H
#define SLEUTH_COMPAT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/LLVMContext.h"

namespace sleuth {

/// Pointer (address space 0) to values of type Elt: a typed pointer before
/// LLVM 17, the opaque `ptr` from then on (typed pointers are gone in 17).
inline llvm::PointerType *pointerTo(llvm::Type *Elt) {
#if LLVM_VERSION_MAJOR >= 17
  return llvm::PointerType::get(Elt->getContext(), 0);
#else
  return llvm::PointerType::get(Elt, 0);
#endif
}

/// Whether S begins with P: StringRef spells it `startswith` up to LLVM 15
/// and `starts_with` from LLVM 16 on (the old name is gone by 22).
inline bool startsWith(llvm::StringRef S, llvm::StringRef P) {
  return S.size() >= P.size() && S.substr(0, P.size()) == P;
}

} // namespace sleuth

#endif
