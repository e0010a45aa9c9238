# Debian packages: `cpack -G DEB` in a build tree makes sleuth-cc-<llvm>
# (sleuth-cc-14 from build/, sleuth-cc-22 from build-llvm22/). Packages of
# different LLVM majors install side by side, as Debian's own llvm-<N> do:
#   /usr/lib/sleuth-<N>/          the whole install tree (DESIGN.md §7)
#   /usr/bin/sleuth-cc-<N>, sleuth-c++-<N>, sleuth-run-<N>, sleuth-report-<N>
#   /usr/lib/pkgconfig/sleuth-<N>.pc
# and the plain names (sleuth-cc, sleuth-c++, sleuth-run, sleuth-report,
# sleuth.pc, /usr/lib/cmake/Sleuth, /usr/include/sleuth) are alternatives
# (postinst), the highest LLVM major by default:
#   update-alternatives --config sleuth-cc
# Everything read at run time names /usr paths only: the wrappers and the
# CMake package find their prefix relative to their real file, sleuth-<N>.pc
# carries the absolute prefix, the symbolizer is llvm-<N>'s; debug info
# keeps source paths, and build-tree paths are mapped out (runtime/).
set(SLEUTH_DEB_NAME "sleuth-cc-${SLEUTH_LLVM_MAJOR}")
set(SLEUTH_DEB_PREFIX "/usr/lib/sleuth-${SLEUTH_LLVM_MAJOR}")
set(SLEUTH_DEB_PRIORITY "${SLEUTH_LLVM_MAJOR}")

# Maintainer scripts and the extra files of the package's /usr, made at
# configure time into the build tree.
set(_deb_dir "${CMAKE_BINARY_DIR}/debian")
foreach(_s postinst prerm)
  configure_file("${CMAKE_CURRENT_LIST_DIR}/debian/${_s}.in" "${_deb_dir}/${_s}"
    @ONLY FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
    GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
endforeach()
set(SLEUTH_PC_PREFIX "${SLEUTH_DEB_PREFIX}")
configure_file("${CMAKE_CURRENT_LIST_DIR}/sleuth.pc.in"
  "${_deb_dir}/sleuth-${SLEUTH_LLVM_MAJOR}.pc" @ONLY)
configure_file("${CMAKE_CURRENT_LIST_DIR}/debian/add-usr-files.cmake.in"
  "${_deb_dir}/add-usr-files.cmake" @ONLY)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME "${SLEUTH_DEB_NAME}")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "Sleuth developers <dev@sleuth.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "memory-error detector for C and C++ (LLVM ${SLEUTH_LLVM_MAJOR})")
set(CPACK_PACKAGE_DESCRIPTION
  "Sleuth puts inline shadow-memory checks on every load and store (an LLVM
pass plugin) and links a runtime with a redzoned, quarantining allocator
that reports heap overflows, use after free, double and invalid frees,
leaks and wild accesses with symbolized stacks, in ASan's report format.
This package is built for clang ${SLEUTH_LLVM_MAJOR}: sleuth-cc-${SLEUTH_LLVM_MAJOR},
sleuth-c++-${SLEUTH_LLVM_MAJOR}, sleuth-run-${SLEUTH_LLVM_MAJOR} (LD_PRELOAD mode) and
sleuth-report-${SLEUTH_LLVM_MAJOR}; the plain names are alternatives.")
set(CPACK_PACKAGING_INSTALL_PREFIX "${SLEUTH_DEB_PREFIX}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# clang-N is what sleuth-cc wraps; llvm-N has llvm-symbolizer (the path the
# runtime and sleuth-report record); the plugins take LLVM's and clang's
# symbols from the clang process that loads them and link only libc and
# libstdc++; sleuth-report links zlib (gzipped pprof). Listed by hand rather than by dpkg-shlibdeps, which is in
# dpkg-dev, not on a machine with only the README's packages.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "clang-${SLEUTH_LLVM_MAJOR}, llvm-${SLEUTH_LLVM_MAJOR}, libc6 (>= 2.34), libstdc++6, zlib1g")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA "${_deb_dir}/postinst;${_deb_dir}/prerm")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_PRE_BUILD_SCRIPTS "${_deb_dir}/add-usr-files.cmake")
include(CPack)
