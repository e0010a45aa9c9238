//===- PluginArgs.h - arguments of the sleuth clang plugin ----*- C++ -*-===//
//
// The -fplugin-arg-sleuth-<arg> arguments that more than one of the plugin's
// actions reads: SleuthClang.cpp accepts and checks the whole list,
// AsanFeature.cpp acts on its own.
//
//===----------------------------------------------------------------------===//
#ifndef SLEUTH_CLANG_PLUGIN_ARGS_H
#define SLEUTH_CLANG_PLUGIN_ARGS_H

namespace sleuth {

/// sleuth-cc --no-sanitize-address-macro: leave
/// __has_feature(address_sanitizer) at 0 (AsanFeature.cpp).
inline constexpr const char NoAsanFeatureArg[] = "no-asan-feature";

} // namespace sleuth

#endif
