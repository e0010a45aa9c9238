# The CMake package (lib/cmake/Sleuth) and the pkg-config file
# (lib/pkgconfig/sleuth.pc), written into the build tree (which mirrors the
# install tree, so both work from build/ too) and installed.
include(CMakePackageConfigHelpers)

set(_sleuth_cmakedir "${SLEUTH_STAGE}/lib/cmake/Sleuth")
configure_file("${CMAKE_CURRENT_LIST_DIR}/SleuthConfig.cmake.in"
  "${_sleuth_cmakedir}/SleuthConfig.cmake" @ONLY)
# 0.x: minor versions may break the interface.
write_basic_package_version_file("${_sleuth_cmakedir}/SleuthConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}" COMPATIBILITY SameMinorVersion)
install(FILES "${_sleuth_cmakedir}/SleuthConfig.cmake"
  "${_sleuth_cmakedir}/SleuthConfigVersion.cmake" DESTINATION lib/cmake/Sleuth)

if(SLEUTH_LLVM_MAJOR LESS 19)
  set(SLEUTH_PC_CXXFLAGS "-fsized-deallocation -fno-assume-sane-operator-new -D_GLIBCXX_SANITIZE_VECTOR=1")
else()
  set(SLEUTH_PC_CXXFLAGS "-fno-assume-sane-operator-new -D_GLIBCXX_SANITIZE_VECTOR=1")
endif()
# libFuzzer's engine of the clang Sleuth is built for (sleuth.pc's
# fuzzer_libs; SleuthConfig.cmake finds it again where it is used).
execute_process(COMMAND "${SLEUTH_CLANG}" -print-runtime-dir
  OUTPUT_VARIABLE _sleuth_rtdir OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
set(SLEUTH_FUZZER_ARCHIVE "${_sleuth_rtdir}/libclang_rt.fuzzer-x86_64.a")
# Relative to the file itself, so build tree and any prefix work alike; the
# Debian package adds a copy with its absolute prefix (cmake/Debian.cmake).
set(SLEUTH_PC_PREFIX "\${pcfiledir}/../..")
configure_file("${CMAKE_CURRENT_LIST_DIR}/sleuth.pc.in"
  "${SLEUTH_STAGE}/lib/pkgconfig/sleuth.pc" @ONLY)
install(FILES "${SLEUTH_STAGE}/lib/pkgconfig/sleuth.pc" DESTINATION lib/pkgconfig)
