// sleuth_instrument() refuses, at configure time and in one message, a
// compiler the plugin cannot load into (another LLVM major, or gcc), naming
// the clang to use; and it refuses to stack on top of CC=sleuth-cc.
// REQUIRES: other-cc
// RUN: rm -rf %t && mkdir -p %t
// RUN: env CC=%other_cc not %cmake -S %inputs/package-project -B %t/other \
// RUN:     -DSLEUTH_WAY=package -DSleuth_DIR=%sleuth_build/lib/cmake/Sleuth > %t/other.log 2>&1
// CMake wraps messages: join the lines before checking.
// RUN: tr -s '\n ' '  ' < %t/other.log | FileCheck %s --check-prefix=OTHER
// OTHER: sleuth_instrument: the C compiler {{.*}} is {{GNU|Clang}} {{[0-9.]+}}, but Sleuth's plugin was built for clang {{[0-9]+}}; configure with -DCMAKE_C_COMPILER={{.*}}/clang
// RUN: env CC=%sleuth_cc not %cmake -S %inputs/package-project -B %t/both \
// RUN:     -DSLEUTH_WAY=package -DSleuth_DIR=%sleuth_build/lib/cmake/Sleuth > %t/both.log 2>&1
// RUN: tr -s '\n ' '  ' < %t/both.log | FileCheck %s --check-prefix=BOTH
// BOTH: sleuth_instrument: the C compiler is already sleuth-cc, which instruments everything; use either CC=sleuth-cc or sleuth_instrument(), not both
