# The compile flags of sleuth-cc -fsanitize=fuzzer and fuzzer-no-link, one
# list for the wrapper (wrapper/sleuth-cc.in), the CMake package
# (SleuthConfig.cmake.in: SLEUTH_FUZZER_CFLAGS) and sleuth.pc
# (fuzzer_cflags). LLVM's coverage for libFuzzer: edge counters with
# indirect calls (level 4), the PC table, comparison tracing and stack
# depth, asked for as LLVM's own options, not clang's flag: then Sleuth's
# plugin runs the coverage pass before its checks are added
# (pass/Plugin.cpp), as clang runs it before ASan's, and no check gets a
# counter or a traced comparison. And the comparison functions kept as
# calls (-fno-builtin-*), so that Sleuth's interceptors see them and pass
# them to libFuzzer's hooks. Space-separated; no flag contains a space.
set(SLEUTH_FUZZER_FLAGS
  "-mllvm -sanitizer-coverage-level=4 -mllvm -sanitizer-coverage-inline-8bit-counters -mllvm -sanitizer-coverage-pc-table -mllvm -sanitizer-coverage-trace-compares -mllvm -sanitizer-coverage-stack-depth -fno-builtin-bcmp -fno-builtin-memcmp -fno-builtin-strncmp -fno-builtin-strcmp -fno-builtin-strncasecmp -fno-builtin-strcasecmp -fno-builtin-strstr -fno-builtin-strcasestr -fno-builtin-memmem")
